// A course's own game (source "custom", issue #27): the page grows its tree from the visits as for a
// built-in game, but knows no board: positions are their `state` text, players are named by the
// source's `players` (MAX's first), and no built-in game's words apply even to a game so named.
import { test } from "node:test";
import assert from "node:assert/strict";
import { narrate } from "../../../static/js/narration/narration.js";
import { moverNames, playsWords } from "../../../static/js/narration/move_words.js";
import { gameKey } from "../../../static/js/view/game_key.js";
import { replayOf } from "../golden_traces.js";

function nimStart(game = "nim", players = ["Ann", "Bob"]) {
  return {
    seq: 0, type: "start", node: "root", line: "search.call", format: 5, algorithm: "alphabeta",
    options: { depth: null, ties: "prune" }, source: { kind: "custom", game, state: "1 2", players },
  };
}

// The first steps of alpha-beta on Nim with heaps 1 and 2, as the engine writes them.
function nimEvents(game, players) {
  return [
    nimStart(game, players),
    { seq: 1, type: "visit", node: "root", line: "max.head", parent: null, depth: 0, player: "max", alpha: "-inf", beta: "inf", state: "1 2", move: null },
    { seq: 2, type: "init", node: "root", line: "max.init", v: "-inf" },
    { seq: 3, type: "visit", node: "root.1-1", line: "min.head", parent: "root", depth: 1, player: "min", alpha: "-inf", beta: "inf", state: "0 2", move: "1-1" },
    { seq: 4, type: "init", node: "root.1-1", line: "min.init", v: "inf" },
    { seq: 5, type: "visit", node: "root.1-1.4", line: "max.head", parent: "root.1-1", depth: 2, player: "max", alpha: "-inf", beta: "inf", state: "<img src=x>", move: 4 },
  ];
}

test("a custom game's tree grows from its visits, each position its state text", () => {
  const events = nimEvents();
  const t = replayOf(events).tree;
  assert.equal(t.kind, "game");
  assert.equal(t.custom, true);
  assert.equal(t.game, null, "no built-in game's board or words");
  assert.equal(t.gameName, "nim");
  assert.deepEqual(t.ids, ["root", "root.1-1", "root.1-1.4"]);
  assert.deepEqual(t.ids.map((_, i) => t.board[i]), ["1 2", "0 2", "<img src=x>"]);
  assert.deepEqual(t.ids.map((_, i) => t.move[i]), ["", "1-1", "4"]);
  assert.equal(t.nameOf("root.1-1.4"), "Ann 1-1 · Bob 4");
  assert.equal(gameKey(events[0].source), null, "no key of a built-in game's values");
});

test("a custom game's visits say who moved, by name and role", () => {
  const events = nimEvents();
  const replay = replayOf(events);
  assert.equal(narrate(events[3], replay), "Ann (MAX) plays 1-1. Visit Ann 1-1 (MIN), window [α = −∞, β = +∞]");
  assert.equal(narrate(events[5], replay), "Bob (MIN) plays 4. Visit Ann 1-1 · Bob 4 (MAX), window [α = −∞, β = +∞]");
  assert.match(narrate(events[0], replay), /^Alpha-beta search starts at the root/);
});

test("a custom game named as a built-in one gets none of its words; players default to MAX and MIN", () => {
  const events = nimEvents("tictactoe", null);
  const replay = replayOf(events);
  assert.equal(replay.tree.game, null);
  assert.equal(narrate(events[5], replay), "MIN plays 4. Visit MAX 1-1 · MIN 4 (MAX), window [α = −∞, β = +∞]");
  assert.deepEqual(moverNames(["only one"]), ["MAX", "MIN"]);
  assert.equal(playsWords(["A", "B"], "chance", 3), "Chance picks 3");
  assert.equal(playsWords(["A", "B", "C"], "C", [1, 2]), "C plays (1, 2)");
});

test("a custom game's chance outcomes take their probability from the backup that weighs them", () => {
  const start = { ...nimStart(), algorithm: "expectiminimax", options: { depth: null } };
  const visit = (node, parent, player, move) => ({ type: "visit", node, parent, player, depth: 0, state: "s", move });
  const events = [
    start,
    visit("root", null, "chance", null),
    visit("root.6", "root", "max", 6),
    { type: "leaf", node: "root.6", value: 3, kind: "utility" },
    { type: "backup", node: "root", op: "chance", child: "root.6", child_value: 3, v_before: 0, v_after: 0.5, probability: 1 / 6, term: 0.5 },
  ].map((e, seq) => ({ seq, line: "x", ...e }));
  const replay = replayOf(events);
  const t = replay.tree;
  assert.equal(t.role(t.idx("root")), "chance");
  assert.equal(t.probability[t.idx("root.6")], 1 / 6);
  assert.equal(narrate(events[2], replay), "Chance picks 6. Visit Chance 6 (MAX)");
});
