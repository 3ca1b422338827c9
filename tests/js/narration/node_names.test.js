// Game nodes named as a player would (issue 25): by the moves from the root ("X 2 · O 4",
// "P1 (0, 1) · P2 (2, 0)"), the root "the root", a best move by its square ("the centre,
// cell 4"), never an internal id such as root.1.2; counts worded with their plural.
import { test } from "node:test";
import assert from "node:assert/strict";
import { TraceTree } from "../../../static/js/replay/trace_tree.js";
import { narrate, say } from "../../../static/js/narration/narration.js";
import { narrationLink } from "../../../static/js/narration/enhancement_words.js";
import { moveName, pathName, rootMoveWords } from "../../../static/js/narration/move_words.js";
import { questionsBetween } from "../../../static/js/predict/predict_questions.js";
import { plural, pluralOf } from "../../../static/js/view/plural.js";
import { DRAWINGS, gameStart } from "../game_starts.js";
import { goldenEvents, replayOf } from "../golden_traces.js";

// Words that give away an internal id: "root.1.2", or a bare "move 6".
const INTERNAL = /\broot\.\d|\bmove \d|\bmove \(/;
const TTT_NAME = /^[XO] \d( · [XO] \d)*$/;
const ISO_NAME = /^P[12] \(\d, \d\)( · P[12] \(\d, \d\))*$/;

test("a move by who makes it: X and O, P1 and P2, as the trace names them; a node by the moves from the root", () => {
  const short = (drawing) => [DRAWINGS[drawing].moves.short.max, DRAWINGS[drawing].moves.short.min];
  assert.equal(moveName("max", 4, short("tictactoe")), "X 4");
  assert.equal(moveName("min", "8", short("tictactoe")), "O 8");
  assert.equal(moveName("max", [0, 1], short("isolation3")), "P1 (0, 1)");
  assert.equal(moveName("min", "(2, 0)", short("isolation3")), "P2 (2, 0)");
  assert.equal(moveName("min", 3), "MIN 3", "a trace that names no sides");
  assert.equal(pathName(["X 2", "O 4"]), "X 2 · O 4");
  assert.equal(pathName([]), "the root");
  assert.equal(rootMoveWords(DRAWINGS.tictactoe.moves, 4), "the centre, cell 4");
  assert.equal(rootMoveWords(DRAWINGS.tictactoe.moves, "2"), "the top-right corner, cell 2");
  assert.equal(rootMoveWords(DRAWINGS.isolation3.moves, [1, 0]), "(1, 0), the top middle square");
  assert.equal(rootMoveWords(DRAWINGS.isolation3.moves, "(1, 0)"), "(1, 0), the top middle square");
  assert.equal(rootMoveWords(DRAWINGS.tictactoe.moves, 9), "", "not a move: no words rather than wrong ones");
  assert.equal(rootMoveWords(null, 4), "");
});

test("the trace tree names each game node by its path, whoever moves twice", () => {
  const t = new TraceTree(gameStart("tictactoe", { game: "tictactoe", state: "X...O...." }));
  t.observe({ type: "visit", node: "root", parent: null, player: "max", state: "X...O....", move: null });
  t.observe({ type: "visit", node: "root.2", parent: "root", player: "min", state: "X.X.O....", move: 2 });
  t.observe({ type: "visit", node: "root.2.1", parent: "root.2", player: "max", state: "XOX.O....", move: 1 });
  t.observe({ type: "prune", node: "root.2.1", pruned: ["root.2.1.7"], players: ["min"], moves: [7] });
  assert.equal(t.nameOf("root"), "the root");
  assert.equal(t.nameOf("root.2"), "X 2");
  assert.equal(t.nameOf("root.2.1"), "X 2 · O 1");
  assert.equal(t.nameOf("root.2.1.7"), "X 2 · O 1 · X 7");
  // A tree's labels stay as typed, even when they look like ids or moves.
  const tree = new TraceTree({ type: "start", node: "r", source: { kind: "tree", tree: { id: "r", label: "root.1", children: [{ id: "c", label: "<b>move 6</b>", value: 1 }] } } });
  assert.equal(tree.nameOf("r"), "root.1");
  assert.equal(tree.nameOf("c"), "<b>move 6</b>");
});

// Every sentence of a game trace, and every predict question's prompt, names nodes by their moves.
function checkTrace(name, form) {
  const events = goldenEvents(name);
  const replay = replayOf(events);
  const t = replay.tree;
  for (const id of t.ids) {
    const n = t.nameOf(id);
    assert.ok(id === t.ids[t.root] ? n === "the root" : form.test(n), `${name}: ${id} is named ${n}`);
  }
  let named = 0;
  for (let k = 0; k <= replay.last; k++) {
    const text = narrate(events[k], replay, replay.stateAt(k));
    assert.doesNotMatch(text, INTERNAL, `${name} step ${k}: ${text}`);
    if (t.has(events[k].node) && text.includes(t.nameOf(events[k].node))) named++;
  }
  assert.ok(named > replay.last / 2, "most sentences name their node");
  const questions = questionsBetween(replay, 0, replay.last);
  assert.ok(questions.length > 0);
  for (const q of questions) {
    assert.doesNotMatch(q.prompt, INTERNAL, q.prompt);
    assert.doesNotMatch(q.explain, INTERNAL, q.explain);
    assert.ok(q.prompt.includes(t.nameOf(q.node)), q.prompt);
  }
}

test("tic-tac-toe: every step and every question names nodes as X 2 · O 4, never root.1.2", () => {
  checkTrace("tictactoe", TTT_NAME);
});

test("Isolation: every step and every question names nodes as P1 (0, 0) · P2 (2, 0)", () => {
  checkTrace("isolation", ISO_NAME);
});

test("the result names the best move's square", () => {
  const ttt = goldenEvents("tictactoe");
  const last = ttt[ttt.length - 1];
  assert.equal(last.move, 2);
  assert.equal(narrate(last, replayOf(ttt)),
    "Result: the root = 2, best move: the top-right corner, cell 2. " +
    "Depth limit 3: estimates stood in for values, so the answer is a guess: searched to the end, the root = 0, " +
    "best move: the top edge, cell 1 (844 nodes searched by alpha-beta, against 93)");
});

// A game's iterative deepening, cut down to what the sentences read: the root, two of its
// children, and the first iteration's end.
function gameIteration() {
  const events = [
    gameStart("tictactoe", { game: "tictactoe", state: "X...O...." }, { seq: 0, algorithm: "iterative", options: { depth: 2 } }),
    { seq: 1, type: "visit", node: "root", parent: null, depth: 0, player: "max", alpha: "-inf", beta: "inf", state: "X...O....", move: null },
    { seq: 2, type: "visit", node: "root.8", parent: "root", depth: 1, player: "min", alpha: "-inf", beta: "inf", state: "X...O...X", move: 8 },
    { seq: 3, type: "visit", node: "root.1", parent: "root", depth: 1, player: "min", alpha: 1, beta: "inf", state: "XX..O....", move: 1 },
    { seq: 4, type: "iteration", node: "root", depth: 1, value: 1, move: 8, child: "root.8", visited: 1, leaves: 1,
      children: [{ child: "root.8", move: 8, value: 1 }, { child: "root.1", move: 1, value: 0 }], next_order: ["root.8", "root.1"], iteration: 1 },
  ];
  return { events, replay: replayOf(events) };
}

test("an iteration names its best move's square and orders the moves as X 8, X 1; one leaf, one node", () => {
  const { events, replay } = gameIteration();
  assert.equal(narrate(events[4], replay),
    "Iteration 1 (depth limit 1) found the root = 1, best move: the bottom-right corner, cell 8 (1 leaf, 1 node). " +
    "Iteration 2 searches the root's children best first for MAX by these values: X 8 (1), X 1 (0)");
});

test("a transposition hit links its source by name; the button keeps the node's id", () => {
  const hit = { type: "tt_hit", node: "root.2.1", source: "root.1.2", flag: "exact", value: 0 };
  const names = { "root.2.1": "X 2 · O 1", "root.1.2": "X 1 · O 2" };
  const link = narrationLink(hit, (id) => names[id]);
  assert.deepEqual(link, { id: "root.1.2", text: "X 1 · O 2", after: "already searched at " });
  // say() with a stand-in line element: the name becomes a button carrying the id.
  const made = [];
  const line = {
    textContent: "", firstElementChild: null, querySelector: () => null,
    replaceChildren(...parts) { made.push(...parts); },
  };
  globalThis.document = { createElement: () => ({ dataset: {} }) };
  try {
    say(line, "X 2 · O 1: this position was already searched at X 1 · O 2 — value 0 from the table", { ...link, pick: () => {} });
  } finally {
    delete globalThis.document;
  }
  assert.equal(made[0], "X 2 · O 1: this position was already searched at ");
  assert.equal(made[1].textContent, "X 1 · O 2");
  assert.equal(made[1].dataset.node, "root.1.2");
  assert.equal(made[2], " — value 0 from the table");
});

test("plurals: one node, one leaf, one position; else the plural", () => {
  assert.equal(plural(1, "node"), "1 node");
  assert.equal(plural(0, "node"), "0 nodes");
  assert.equal(plural(1, "leaf"), "1 leaf");
  assert.equal(plural(2, "leaf"), "2 leaves");
  assert.equal(plural(1, "child"), "1 child");
  assert.equal(plural(3, "child"), "3 children");
  assert.equal(plural(549946, "position"), "549,946 positions");
  assert.equal(plural(1, "prune"), "1 prune");
  assert.equal(pluralOf("move"), "moves");
});

test("the result's table and saving sentences count in the singular at one", () => {
  const { replay } = gameIteration();
  const result = { type: "result", node: "root", value: 1, move: 8, child: "root.8", complete: true, visited: 1, leaves: 1,
    tt_hits: 1, tt_stored: 1, baseline: { visited: 1, leaves: 1 } };
  assert.equal(narrate(result, replay),
    "Result: the root = 1, best move: the bottom-right corner, cell 8. Alpha-beta visited 1 of 1 node (as many as minimax: nothing was pruned)" +
    ". The transposition table answered 1 position and stored 1");
});
