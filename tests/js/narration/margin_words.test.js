// The result says which root child won and by how much (static/js/narration/margin_words.js):
// minimax's values are exact, alpha-beta's cut children only bounds ("at most 2", "by at least 1").
// The traces in ./traces were written by the engine (the command in each test's comment).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { narrate } from "../../../static/js/narration/narration.js";
import { goldenEvents, replayOf } from "../golden_traces.js";

const traceEvents = (name) => readFileSync(new URL(`./traces/${name}.jsonl`, import.meta.url), "utf8")
  .split("\n").filter((line) => line.trim()).map((line) => JSON.parse(line));

// The narration at the result, with the state there, as the page says it.
function atResult(events) {
  const replay = replayOf(events);
  const k = events.length - 1;
  assert.equal(events[k].type, "result");
  return narrate(events[k], replay, replay.stateAt(k));
}

test("minimax: exact values, the best child's, the next best's and the margin", () => {
  assert.equal(atResult(goldenEvents("lectureMinimax")),
    "Result: A = 3, best move B. Why B: it is worth 3; the next best, C, is worth 2, so B wins by 1");
});

test("minimax: a tie says so, and that the first best move is kept", () => {
  // python -m search trace --algorithm minimax - <<< '[[3],[3],[1]]'
  assert.equal(atResult(traceEvents("tie_minimax")),
    "Result: A = 3, best move B. Why B: it is worth 3; so is C: a tie, and the first best move found is kept");
});

test("alpha-beta: a cut sibling is only a bound, so the margin is 'at least'", () => {
  // python -m search trace --algorithm alphabeta - <<< '[[3,12,8],[2,4,6],[1,5,9]]': C and D are both cut.
  assert.equal(atResult(traceEvents("all_cut_alphabeta")),
    "Result: A = 3, best move B. Why B: it is worth 3; the next best, C, is worth at most 2 (cut short: a bound), " +
    "so B wins by at least 1. Alpha-beta evaluated 5 of 9 leaves (4 fewer than minimax)");
});

test("alpha-beta on the lecture: D's exact 2 is the next best, not C's bound 'at most 2'; the saving still follows", () => {
  assert.equal(atResult(goldenEvents("lecture")),
    "Result: A = 3, best move B. Why B: it is worth 3; the next best, D, is worth 2, so B wins by 1. " +
    "Alpha-beta evaluated 7 of 9 leaves (2 fewer than minimax)");
});

test("fail-hard: siblings return α = 3, a bound no better than the best", () => {
  assert.match(atResult(goldenEvents("lectureFailHard")),
    /^Result: A = 3, best move B\. Why B: it is worth 3; the next best, C, is worth at most 3 \(cut short: a bound\): no better, and the first best move found is kept\. Alpha-beta/);
});

test("a game: children named by their moves, MIN's best the least", () => {
  // python -m search trace --game connect4 --state <X in column 3> --algorithm minimax --depth 1
  assert.equal(atResult(traceEvents("connect4_min_minimax_depth1")),
    "Result: the root = -3, best move: column 3. Why column 3: it is worth -3; the next best for MIN, column 2, is worth 2, so column 3 wins by 5");
  // The same at depth 2 with alpha-beta: column 4 is "at least 11", column 2 exactly 11: the exact one is said.
  assert.match(atResult(traceEvents("connect4_min_alphabeta_depth2")),
    /^Result: the root = 9, best move: column 3\. Why column 3: it is worth 9; the next best for MIN, column 2, is worth 11, so column 3 wins by 2\. Alpha-beta visited/);
  // Tic-tac-toe's squares in words.
  assert.match(atResult(goldenEvents("tictactoe")),
    /^Result: the root = 2, best move: the top-right corner, cell 2\. Why the top-right corner, cell 2: it is worth 2; the next best, the right edge, cell 5, is worth at most 2 \(cut short: a bound\)/);
});

test("iterative deepening: the last iteration's children", () => {
  // python -m search trace --game connect4 --state <X in column 3> --algorithm iterative --depth 2: the last
  // iteration searches column 3 first, and every other column is cut with a bound.
  assert.match(atResult(traceEvents("connect4_min_iterative_depth2")),
    /^Result: the root = 9, best move: column 3 \(the last iteration's\)\. Why column 3: it is worth 9; the next best for MIN, column 1, is worth at least 9 \(cut short: a bound\): no better, and the first in the game's own move order is kept\. All 2 iterations: 44 nodes/);
});

test("only one move: said so", () => {
  // python -m search trace --game tictactoe --state XOXXOOOX. --algorithm alphabeta
  assert.equal(atResult(traceEvents("one_move_tictactoe")),
    "Result: the root = 0, best move: the bottom-right corner, cell 8. The bottom-right corner, cell 8 was the only move. " +
    "Alpha-beta visited 2 of 2 nodes (as many as minimax: nothing was pruned)");
});

test("no margin for chance nodes, max^n vectors, a stopped search, or without the state", () => {
  assert.equal(atResult(goldenEvents("threePlayers")), "Result: R = ⟨1, 2, 6⟩, best move R1");
  assert.doesNotMatch(atResult(goldenEvents("chance")), /Why/);
  const lecture = goldenEvents("lecture");
  const replay = replayOf(lecture);
  assert.doesNotMatch(narrate(lecture[lecture.length - 1], replay), /Why/);
  const stopped = { type: "result", node: "A", value: null, move: null, child: null, complete: false, reason: "cancelled" };
  assert.equal(narrate(stopped, replay, replay.stateAt(replay.last)), "Search stopped early (cancelled): no result");
});
