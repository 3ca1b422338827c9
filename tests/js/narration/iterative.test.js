// Iterative deepening in the player (replay_state.js, narration.js): each iteration's visit of the
// root starts the drawing over, a seek lands on the same state as a forward replay, and the
// narration at an iteration's end says what it found and how the next one orders the root.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Replay, Status } from "../../../static/js/replay/replay_state.js";
import { narrate, iterativeWords } from "../../../static/js/narration/narration.js";
import { plainState } from "../golden_traces.js";

const events = readFileSync(new URL("../../golden/lecture_estimates_iterative_depth2.jsonl", import.meta.url), "utf8")
  .split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));

function replayOf(evts, options) {
  const r = new Replay(evts[0], options);
  r.append(evts.slice(1));
  return r;
}

test("every event carries its iteration; the iteration events close 1 and 2", () => {
  assert.ok(events.every((e) => Number.isInteger(e.iteration)));
  assert.deepEqual(events.filter((e) => e.type === "iteration").map((e) => [e.iteration, e.depth]), [[1, 1], [2, 2]]);
});

test("the second iteration's root visit starts the drawing over; the counts go on", () => {
  const replay = replayOf(events);
  const end1 = events.findIndex((e) => e.type === "iteration");
  const t = replay.tree;
  const before = replay.stateAt(end1);
  assert.equal(before.statusOf(t.idx("B")), Status.DONE);
  const leaves = before.leaves;
  const after = replay.stateAt(end1 + 1);
  assert.equal(events[end1 + 1].type, "visit");
  assert.equal(after.statusOf(t.idx("B")), Status.UNVISITED); // unvisited again
  assert.equal(after.leaves, leaves);
  assert.ok(replay.touches(end1 + 1).includes(t.idx("B3"))); // the view redraws every node
  assert.equal(replay.stateAt(replay.last).leaves, 10);
});

test("visit numbers restart at 1 for each iteration, the root being 1 again", () => {
  const replay = replayOf(events, { every: 4 });
  const t = replay.tree;
  const end1 = events.findIndex((e) => e.type === "iteration");
  const first = replay.stateAt(end1);
  const visitsIn1 = first.visits;
  assert.equal(first.orderOf(t.idx("A")), 1);
  const second = replay.stateAt(end1 + 1);
  assert.equal(second.orderOf(t.idx("A")), 1);
  const next = events.findIndex((e, k) => k > end1 + 1 && e.type === "visit");
  const child = replay.stateAt(next);
  assert.equal(child.orderOf(t.idx(events[next].node)), 2);
  const last = replay.stateAt(replay.last);
  const numbers = t.ids.map((_, i) => last.orderOf(i)).filter((n) => n !== undefined).sort((a, b) => a - b);
  assert.deepEqual(numbers, numbers.map((_, j) => j + 1)); // 1..n, each once, in iteration 2
  assert.equal(last.visits, visitsIn1 + numbers.length); // the counts still add up over both
});

test("seeking back and forth gives the forward replay's state (small snapshot spacing)", () => {
  const replay = replayOf(events, { every: 4 });
  const order = [77, 3, 40, 19, 20, 21, 0, 60, 18];
  for (const k of order) {
    const got = JSON.stringify(plainState(replay.stateAt(k)));
    const fresh = JSON.stringify(plainState(replayOf(events.slice(0, k + 1)).stateAt(k)));
    assert.equal(got, fresh, `step ${k}`);
  }
});

test("the narration at an iteration's end, at the start and at the result", () => {
  const replay = replayOf(events);
  const k = events.findIndex((e) => e.type === "iteration");
  assert.equal(narrate(events[k], replay, replay.stateAt(k)),
    "Iteration 1 (depth limit 1) found A = 8, best move B (3 leaves, 4 nodes). Iteration 2 searches the root's children best first for MAX by these values: B (8), D (7), C (4)");
  assert.match(narrate(events[0], replay), /^Iterative deepening starts at A: alpha-beta with depth limit 1, then 2, … up to 2/);
  const result = events[events.length - 1];
  assert.equal(iterativeWords(result), "all 2 iterations: 10 leaves; one alpha-beta search at depth 2: 7");
  assert.match(narrate(result, replay), /^Result: A = 3, best move B \(the last iteration's\)\. All 2 iterations: 10 leaves/);
});
