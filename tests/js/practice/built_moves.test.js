// The built exercises' state (static/js/practice/order_moves.js, parsons_moves.js, exercise_words.js): a move by
// key or drag never loses or repeats a child or a line, a saved state that no longer fits is dropped, and the
// score line says what the real search did with the build.
import { test } from "node:test";
import assert from "node:assert/strict";
import { givenOrder, keyTarget, moved, orderedTree, restoredOrder } from "../../../static/js/practice/order_moves.js";
import { applied, dragged, programKey, restoredProgram, runWords, MAX_INDENT } from "../../../static/js/practice/parsons_moves.js";
import { builtScoreWords } from "../../../static/js/practice/exercise_words.js";

const LECTURE = {
  id: "A", player: "max", children: ["B", "C", "D"].map((id, i) => ({
    id, player: "min", children: [[3, 12, 8], [2, 4, 6], [14, 5, 2]][i].map((value, j) => ({ id: `${id}${j + 1}`, player: "max", value })),
  })),
};

test("the given order, a move by key, and the tree drawn in the new order", () => {
  const order = givenOrder(LECTURE);
  assert.deepEqual(order, { A: ["B", "C", "D"], B: ["B1", "B2", "B3"], C: ["C1", "C2", "C3"], D: ["D1", "D2", "D3"] });
  const to = keyTarget("ArrowLeft", 2, 3);
  const d = moved(order.D, 2, to);
  assert.deepEqual(d, ["D1", "D3", "D2"]);
  assert.deepEqual(moved(d, 1, keyTarget("Home", 1, 3)), ["D3", "D1", "D2"]);
  assert.equal(moved(d, 0, keyTarget("ArrowUp", 0, 3)), d); // already first: nothing moves
  assert.equal(keyTarget("a", 0, 3), null);
  const tree = orderedTree(LECTURE, { ...order, D: ["D3", "D1", "D2"] });
  assert.deepEqual(tree.children[2].children.map((c) => c.value), [2, 14, 5]);
  assert.deepEqual(LECTURE.children[2].children.map((c) => c.value), [14, 5, 2]); // the copy's own tree is kept
});

test("a saved order is kept only where it still fits the tree", () => {
  const saved = { D: ["D3", "D2", "D1"], B: ["B1", "B9", "B2"], C: "x", Z: ["Z1"] };
  assert.deepEqual(restoredOrder(LECTURE, saved), { A: ["B", "C", "D"], B: ["B1", "B2", "B3"], C: ["C1", "C2", "C3"], D: ["D3", "D2", "D1"] });
});

test("a Parsons program: add, move, indent, take out; never a line lost or twice", () => {
  let state = restoredProgram(["a", "b", "c"], null);
  assert.deepEqual(state, { program: [], pool: ["a", "b", "c"] });
  state = applied(state, "add", "b");
  state = applied(applied(state, "indent", "b"), "add", "a"); // a new line takes the indent of the one above
  assert.deepEqual(state.program, [{ id: "b", indent: 1 }, { id: "a", indent: 1 }]);
  state = applied(state, programKey("ArrowUp"), "a");
  assert.deepEqual(state.program.map((p) => p.id), ["a", "b"]);
  assert.equal(applied(state, "up", "a"), state); // at the top already
  for (let i = 0; i < 10; i += 1) state = applied(state, "indent", "a");
  assert.equal(state.program[0].indent, MAX_INDENT);
  state = applied(state, programKey("Delete"), "a");
  assert.deepEqual(state, { program: [{ id: "b", indent: 1 }], pool: ["c", "a"] });
  const after = dragged(state, ["c", "b"]); // c dragged in above b; nothing else moves
  assert.deepEqual(after, { program: [{ id: "c", indent: 0 }, { id: "b", indent: 1 }], pool: ["a"] });
  const back = dragged(after, ["b"]); // c dragged back out
  assert.deepEqual(back, { program: [{ id: "b", indent: 1 }], pool: ["a", "c"] });
  assert.deepEqual(restoredProgram(["a", "b"], { program: [{ id: "b", indent: 2 }, { id: "b", indent: 0 }, { id: "zz", indent: 1 }] }),
    { program: [{ id: "b", indent: 2 }], pool: ["a"] });
});

test("the built kinds' score lines say what the search did", () => {
  assert.equal(builtScoreWords({ correct: false, score: 0.5, visited: 7, fewest: 5, most: 9 }, "ordering"),
    "Score 50%: on your order alpha-beta evaluates 7 leaves; the fewest any order reaches is 5, the most 9.");
  assert.equal(builtScoreWords({ correct: true, score: 1, visited: 5, fewest: 5, most: 9 }, "ordering"),
    "Correct! Score 100%: on your order alpha-beta evaluates 5 leaves, the fewest any order reaches.");
  assert.equal(builtScoreWords({ correct: false, score: 0.5, asked: 2, right: 2, extra: 2 }, "make-it-prune"),
    "Score 50%: 2 of 2 asked prunes happen, and it prunes 2 branches not asked.");
  assert.equal(builtScoreWords({ correct: false, score: 0, asked: 1, right: 0, visited: 7, asked_visited: 5 }, "make-it-prune"),
    "Score 0%: with your leaves alpha-beta evaluates 7 leaves, not 5.");
  assert.equal(builtScoreWords({ correct: true, score: 1, asked: 1, right: 1, visited: 1, asked_visited: 1 }, "make-it-prune"),
    "Correct! Score 100%: with your leaves alpha-beta evaluates exactly 1 leaf.");
  assert.equal(builtScoreWords({ correct: false, score: 0.6, asked: 10, right: 6 }, "parsons"), "Score 60%: 6 of 10 lines in place.");
});

test("a Parsons run in words: as the search does, or where it parts from it", () => {
  assert.equal(runWords({ tree: "lecture", matches: true, value: 3, leaves: 7, expected: 3, expected_leaves: 7, problem: null }),
    "On the lecture's A/B/C/D tree your program returns 3 and evaluates 7 leaves, as the search does.");
  assert.equal(runWords({ tree: "generated-1", matches: false, value: 3, leaves: 24, expected: 3, expected_leaves: 21,
    difference: "your search visits C2b after C2a returned 3 ≥ β = 3 at C2", problem: null }),
  "On generated tree 1 your program returns 3 and evaluates 24 leaves; the search returns 3 and evaluates 21: " +
    "your search visits C2b after C2a returned 3 ≥ β = 3 at C2.");
});
