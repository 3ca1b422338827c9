// The code lab's words for a report (static/js/code/report_words.js): moves of each game, the facts of a
// search, the problem, the time limit, where a divergence or an error shows, and the misconception.
import "../catalogue_fixture.js";
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  alsoWords, divergenceWhere, errorWhere, leftOutWords, limitWords, misconceptionWords, problemWords, quizRow, sameSearchWords, searchFacts, moveWords,
  verdictWords,
} from "../../../static/js/code/report_words.js";

test("a move is a child's id, a cell or an Isolation square; a search's facts read as the tally does", () => {
  assert.equal(moveWords("B"), "B");
  assert.equal(moveWords(4), "4");
  assert.equal(moveWords([1, 0]), "(1, 0)");
  assert.equal(moveWords(null), "none");
  assert.equal(searchFacts({ visited: 1, value: "-inf", move: null }), "visited 1 node · value −∞ · move none");
  assert.equal(searchFacts({ visited: 549946, value: 0, move: 4 }), "visited 549,946 nodes · value 0 · move 4");
  assert.equal(searchFacts({ visited: 21, value: 100, move: 6, child: "root.6", name: "X 6" }), "visited 21 nodes · value 100 · move X 6");
});

test("the problem says what to write and on what", () => {
  const q = (text) => new URLSearchParams(text);
  assert.equal(problemWords(q("example=lecture"), { entry: "alphabeta_search", problem: { algorithm: "alphabeta", depth: null, ties: "prune" } }),
    "Write alphabeta_search(game, state): alpha-beta on the example “lecture”, ties prune.");
  assert.equal(problemWords(q("game=tictactoe"), { entry: "minimax_search", game_name: "tic-tac-toe", problem: { algorithm: "minimax", game: "tictactoe", state: "X........", depth: 2 } }),
    "Write minimax_search(game, state): minimax on tic-tac-toe from X........, depth limit 2.");
  assert.equal(problemWords(q("tree=[1]"), { entry: "alphabeta_search", problem: { algorithm: "alphabeta", ties: "explore", returns: "bound" } }),
    "Write alphabeta_search(game, state): alpha-beta on the tree given, ties explore, returning the bound.");
  assert.equal(problemWords(q("example=three-players"), { entry: "maxn_search", problem: { algorithm: "maxn", depth: null } }),
    "Write maxn_search(game, state): max^n on the example “three-players”.");
  assert.equal(problemWords(q("game=connect4"), { entry: "minimax_search", game_name: "Connect Four", problem: { algorithm: "minimax", game: "connect4", state: "X".padEnd(42, "."), depth: 4 } }),
    `Write minimax_search(game, state): minimax on Connect Four from ${"X".padEnd(42, ".")}, depth limit 4.`);
  assert.equal(problemWords(q(""), { entry: "minimax_search", problem: { algorithm: "minimax", course_game: { class: "Nim", file: "nim.py" } } }),
    "Write minimax_search(game, state): minimax on the course's game Nim (nim.py).");
});

test("the time limit, a divergence and an error say where", () => {
  assert.match(limitWords(10), /^Error: the time limit \(10 s\) stopped your search/);
  assert.equal(divergenceWhere({ node: "C2", name: "C2", student_seq: 17, reference_seq: 35 }),
    "The first divergence at C2: your search at step 17, the reference at step 35, ringed in both drawings.");
  // A game's node by its moves from the root, never its id.
  assert.equal(divergenceWhere({ node: "root.2.5", name: "X 2 · O 5", student_seq: 9, reference_seq: 9 }),
    "The first divergence at X 2 · O 5: your search at step 9, the reference at step 9, ringed in both drawings.");
  assert.equal(divergenceWhere({ node: "root.2.5", student_seq: 9, reference_seq: null }),
    "The first divergence: your search at step 9, ringed in both drawings.");
  assert.equal(divergenceWhere({ kind: "move", node: null, student_seq: null, reference_seq: 57 }),
    "The first divergence: the reference at step 57, shown below.");
  assert.equal(divergenceWhere(null), "");
  assert.equal(errorWhere({ kind: "syntax", line: 4 }), "Line 4 is marked in the editor.");
  assert.equal(errorWhere({ kind: "entry", line: null }), "");
});

test("the verdict is the report's headline; the misconception and the others by name", () => {
  assert.equal(verdictWords({ verdict: "match", headline: "Your search matches." }), "Your search matches.");
  assert.equal(verdictWords({ verdict: "differs" }), "Your search differs from the reference.");
  assert.deepEqual(misconceptionWords({ id: "no-pruning", name: "no pruning", idea: "alpha-beta stops looking" }),
    { name: "It follows a misconception: no pruning", idea: "The slides: Alpha-beta stops looking." });
  assert.equal(misconceptionWords(null), null);
  const catalogue = { "window-not-passed": { name: "the window not passed down" } };
  assert.equal(alsoWords(["window-not-passed", "new-one"], catalogue), "The same search also follows: the window not passed down; new-one.");
  assert.equal(alsoWords([], catalogue), "");
  assert.equal(sameSearchWords(["window-not-passed"], catalogue),
    "On this problem one slip searches exactly as the right search does (the window not passed down): a problem where they differ tells them apart.");
  assert.equal(sameSearchWords([], catalogue), "");
});

test("a search too long to carry is said to be left out of the drawing, not of the verdict", () => {
  assert.equal(leftOutWords({ student_events_left_out: true }),
    "Too many steps to draw your search here; the verdict is judged on the whole search all the same.");
  assert.equal(leftOutWords({ student_events_left_out: true, reference_events_left_out: true }),
    "Too many steps to draw your search or the reference here; the verdict is judged on the whole search all the same.");
  assert.equal(leftOutWords({}), "");
});

test("a quiz's row: the counts and moves side by side, an error by its line", () => {
  assert.deepEqual(quizRow({ depth: 1, tested: 5, reference: 5, move: [0, 0], reference_move: [0, 0], matches: true, error: null }),
    ["1", "5", "5", "(0, 0)", "(0, 0)", "✓"]);
  assert.deepEqual(quizRow({ depth: 2, tested: 0, reference: 25, move: null, reference_move: [0, 0], matches: false,
    error: { kind: "exception", message: "TypeError: ...", line: 27 } }), ["2", "error (line 27)", "25", "—", "(0, 0)", "✗"]);
});
