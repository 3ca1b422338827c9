// The trace tree (static/js/replay/trace_tree.js): a tree's shape from its start event; a game's
// nodes as the trace reveals them, each pruned child's player and move taken from the
// prune event (never guessed from its parent or its id).
import { test } from "node:test";
import assert from "node:assert/strict";
import { TraceTree } from "../../../static/js/replay/trace_tree.js";
import { gameStart } from "../game_starts.js";
import { goldenEvents, replayOf } from "../golden_traces.js";

test("a tree search knows the whole tree from its start event", () => {
  const t = replayOf(goldenEvents("lecture").slice(0, 1)).tree;
  assert.equal(t.kind, "tree");
  assert.deepEqual(t.ids, ["A", "B", "B1", "B2", "B3", "C", "C1", "C2", "C3", "D", "D1", "D2", "D3"]);
  assert.deepEqual(t.childrenOf(t.idx("C")).map((i) => t.ids[i]), ["C1", "C2", "C3"]);
  assert.equal(t.player[t.idx("C")], "min");
  assert.equal(t.given[t.idx("C2")], 4);
  assert.equal(t.nameOf("C2"), "C2");
  assert.deepEqual(t.pathTo(t.idx("D3")).map((i) => t.ids[i]), ["A", "D", "D3"]);
});

test("a game's pruned children take their player and move from the prune event", () => {
  const t = new TraceTree(gameStart("tictactoe", { game: "tictactoe", state: "X...O...." }));
  t.observe({ type: "visit", node: "root", parent: null, player: "max", state: "X...O....", move: null });
  t.observe({ type: "visit", node: "root.1", parent: "root", player: "min", state: "XX..O....", move: 1 });
  // A game where a player may move twice: the event's players are the truth, not "the opposite".
  t.observe({ type: "prune", node: "root.1", pruned: ["root.1.5", "root.1.8"], players: ["min", "max"], moves: [5, 8] });
  assert.equal(t.player[t.idx("root.1.5")], "min");
  assert.equal(t.player[t.idx("root.1.8")], "max");
  // Named by the moves from the root, each by who makes it (the player to move at its parent).
  assert.equal(t.nameOf("root.1.5"), "X 1 · O 5");
  assert.equal(t.nameOf("root.1.8"), "X 1 · O 8");
  // Unlabelled in the drawing (never played out), named by their move in words.
  assert.equal(t.label[t.idx("root.1.8")], "");
  assert.equal(t.nameOf("root.1"), "X 1");
  assert.equal(t.label[t.idx("root.1")], "1");
  assert.equal(t.nameOf("root"), "the root");
  assert.deepEqual(t.childrenOf(t.idx("root.1")).map((i) => t.ids[i]), ["root.1.5", "root.1.8"]);
});

test("a node's name does not depend on how its id is written", () => {
  const t = new TraceTree(gameStart("isolation3", { game: "isolation", state: ".....#" }, { node: "s" }));
  t.observe({ type: "visit", node: "s", parent: null, player: "max", state: "1....#", move: null });
  t.observe({ type: "visit", node: "n7", parent: "s", player: "min", state: "1.2..#", move: [2, 0] });
  t.observe({ type: "prune", node: "n7", pruned: ["n9"], players: ["max"], moves: [[1, 1]] });
  assert.equal(t.nameOf("n7"), "P1 (2, 0)");
  assert.equal(t.nameOf("n9"), "P1 (2, 0) · P2 (1, 1)");
  assert.equal(t.nameOf("not-in-the-trace"), "not-in-the-trace");
});

test("Isolation's golden trace: every pruned position is named by the moves to it, P1 and P2 with their [x, y]", () => {
  const events = goldenEvents("isolation");
  const t = replayOf(events).tree;
  let pruned = 0;
  for (const e of events.filter((e) => e.type === "prune")) {
    e.pruned.forEach((id, j) => {
      pruned++;
      const parent = t.nameOf(e.node);
      const mover = t.player[t.idx(e.node)] === "min" ? "P2" : "P1";
      const move = `${mover} (${e.moves[j].join(", ")})`;
      assert.equal(t.nameOf(id), e.node === t.ids[t.root] ? move : `${parent} · ${move}`);
      assert.equal(t.player[t.idx(id)], e.players[j]);
    });
  }
  assert.ok(pruned > 0);
});
