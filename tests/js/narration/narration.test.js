// The narration (static/js/narration/narration.js): every step says what happened and why, in the
// slides' words, with where α and β came from; nodes named as a student reads them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { narrate, savingWords } from "../../../static/js/narration/narration.js";
import { goldenEvents, replayOf, stepWhere } from "../golden_traces.js";

const lectureEvents = goldenEvents("lecture");
const lecture = replayOf(lectureEvents);
// The sentence at the first event matching `match`, with the state at that step (where the
// bounds came from), as the page narrates it.
const said = (match, events = lectureEvents, replay = lecture) => {
  const k = stepWhere(events, match);
  return narrate(events[k], replay, replay.stateAt(k));
};

test("start: the algorithm, the root, the depth limit, and the call the slides begin with", () => {
  assert.equal(said((e) => e.type === "start"), "Alpha-beta search starts at A: v ← MAX-VALUE(A, −∞, +∞)");
  const minimax = goldenEvents("lectureMinimax");
  assert.deepEqual(minimax[0].options, { depth: null });
  assert.equal(narrate(minimax[0], replayOf(minimax)), "Minimax search starts at A: MINIMAX-DECISION(A)");
  const ttt = goldenEvents("tictactoe");
  assert.match(narrate(ttt[0], replayOf(ttt)), /^Alpha-beta search starts at the root, depth limit 3: v ← M(AX|IN)-VALUE\(the root, −∞, \+∞\)$/);
});

test("visit: the node, MAX or MIN, its window, and where α and β came from", () => {
  assert.equal(said((e) => e.type === "visit" && e.node === "B"), "Visit B (MIN), window [α = −∞, β = +∞]");
  assert.equal(said((e) => e.type === "visit" && e.node === "C"),
    "Visit C (MIN), window [α = 3, β = +∞]. α: MAX at A can already get 3 (through B)");
  assert.equal(said((e) => e.type === "visit" && e.node === "D3"),
    "Visit D3 (MAX), window [α = 3, β = 5]. α: MAX at A can already get 3 (through B); β: MIN at D can already hold MAX to 5 (through D2)");
  const minimax = goldenEvents("lectureMinimax");
  assert.equal(said((e) => e.type === "visit" && e.node === "C", minimax, replayOf(minimax)), "Visit C (MIN)");
});

test("init: v ← −∞ at MAX, v ← +∞ at MIN", () => {
  assert.equal(said((e) => e.type === "init" && e.node === "A"), "A is MAX: v ← −∞ (nothing found yet; any value is better)");
  assert.equal(said((e) => e.type === "init" && e.node === "B"), "B is MIN: v ← +∞ (nothing found yet; any value is better)");
});

test("leaf: UTILITY, or EVAL at the depth limit", () => {
  assert.equal(said((e) => e.type === "leaf" && e.node === "B2"), "B2 is a leaf: return UTILITY = 12");
  const ttt = goldenEvents("tictactoe");
  const k = stepWhere(ttt, (e) => e.type === "leaf" && e.kind === "estimate");
  assert.match(narrate(ttt[k], replayOf(ttt)), /^X \d · O \d · X \d is at the depth limit: return EVAL = -?\d+ \(an estimate\)$/);
});

test("backup: v ← MIN(v, child) as the slides write it, and when it changes nothing", () => {
  assert.equal(said((e) => e.type === "backup" && e.node === "B" && e.child === "B1"), "B: v ← MIN(+∞, 3) = 3 (from B1)");
  assert.equal(said((e) => e.type === "backup" && e.node === "B" && e.child === "B2"),
    "B: v ← MIN(3, 12) = 3: unchanged (B2 is no better for MIN)");
  assert.equal(said((e) => e.type === "backup" && e.node === "A" && e.child === "B"), "A: v ← MAX(−∞, 3) = 3 (from B)");
  // The sentence follows event.op, not the node's player.
  const backup = { type: "backup", node: "A", op: "min", child: "B", child_value: 3, v_before: "inf", v_after: 3 };
  assert.equal(narrate(backup, lecture), "A: v ← MIN(+∞, 3) = 3 (from B)");
});

test("test: every test is a step, held or not", () => {
  assert.equal(said((e) => e.type === "test" && e.node === "B"), "B: 3 ≤ α = −∞? No: keep looking");
  assert.equal(said((e) => e.type === "test" && e.node === "A"), "A: 3 ≥ β = +∞? No: keep looking");
  assert.equal(said((e) => e.type === "test" && e.node === "C"), "C: 2 ≤ α = 3? Yes: return v now");
});

test("bound: α ← MAX(α, v) and β ← MIN(β, v), changed or unchanged", () => {
  assert.equal(said((e) => e.type === "bound" && e.node === "B"), "B: β ← MIN(+∞, 3) = 3: MIN at B can now hold MAX to at most 3");
  assert.equal(said((e) => e.type === "bound" && e.node === "B" && !e.changed), "B: β ← MIN(3, 3) = 3: unchanged");
  assert.equal(said((e) => e.type === "bound" && e.node === "A"), "A: α ← MAX(−∞, 3) = 3: MAX at A can now get at least 3");
  assert.equal(said((e) => e.type === "bound" && e.node === "D" && e.new === 5), "D: β ← MIN(14, 5) = 5: MIN at D can now hold MAX to at most 5");
});

test("prune: the test, where α came from, why the choice is never made, the children skipped", () => {
  assert.equal(said((e) => e.type === "prune" && e.node === "C"),
    "C is MIN with v = 2 ≤ α = 3. MAX at A can already get 3 (through B), so MAX will never choose C: C2 and C3 are not looked at (α cut)");
  const one = { type: "prune", node: "C", pruned: ["C3"], players: ["max"], moves: ["C3"], test: "v < alpha", cut: "alpha", v: 2, alpha: 3, beta: "inf" };
  assert.equal(narrate(one, lecture), "C is MIN with v = 2 < α = 3. C3 is not looked at (α cut)");
});

test("a test that holds at the last child: nothing is left to prune, no cut", () => {
  const k = stepWhere(lectureEvents, (e) => e.type === "prune" && e.node === "D");
  assert.deepEqual(lectureEvents[k].pruned, []);
  const text = narrate(lectureEvents[k], lecture, lecture.stateAt(k));
  assert.equal(text, "D is MIN with v = 2 ≤ α = 3. MAX at A can already get 3 (through B), so MAX will never choose D; D returns at once, but it was the last child: nothing is left to prune");
  assert.doesNotMatch(text, /cut/);
});

test("a beta cut in a game names the skipped positions by their moves and where β came from", () => {
  const ttt = goldenEvents("tictactoe");
  const replay = replayOf(ttt);
  const k = stepWhere(ttt, (e) => e.type === "prune" && e.node === "root.1.3");
  assert.deepEqual(ttt[k].moves, [5, 6, 7, 8]);
  assert.match(narrate(ttt[k], replay, replay.stateAt(k)),
    /^X 1 · O 3 is MAX with v = 100 ≥ β = 0\. MIN at X 1 can already hold MAX to 0 \(through X 1 · O \d\), so MIN will never choose X 1 · O 3: its moves X 5, X 6, X 7 and X 8 are not looked at \(β cut\)$/);
});

test("return: the value goes back to the caller", () => {
  assert.equal(said((e) => e.type === "return" && e.node === "B"), "B returns v = 3 to A");
  assert.equal(said((e) => e.type === "return" && e.node === "B"), "B returns v = 3 to A");
  // C was cut short: what it returns is a bound, and the words say so (the slides: "at most 2").
  assert.equal(said((e) => e.type === "return" && e.node === "C"),
    "C returns v = 2 to A: a bound, not its value: C is at most 2 (C2 and C3 were not looked at)");
  assert.equal(said((e) => e.type === "return" && e.node === "D"), "D returns v = 2 to A");
  assert.equal(said((e) => e.type === "return" && e.node === "A"), "A returns v = 3: the value of the root");
});

test("result: the root's value, best move, and what alpha-beta saved; a stopped search has none", () => {
  assert.equal(narrate(lectureEvents[lectureEvents.length - 1], lecture),
    "Result: A = 3, best move B. Alpha-beta evaluated 7 of 9 leaves (2 fewer than minimax)");
  const iso = goldenEvents("isolation");
  // With a reference, what alpha-beta saved is left to the tally (step_display.js), which says it beside the narration.
  assert.match(narrate(iso[iso.length - 1], replayOf(iso)), /^Result: the root = 0, best move: \(0, 0\), the top left square\. Depth limit 3/);
  // The depth limit's estimates made it a guess: the same search to the end says otherwise.
  assert.match(narrate(iso[iso.length - 1], replayOf(iso)), /\. Depth limit 3: estimates stood in for values, so the answer is a guess: searched to the end, the root = 1, best move: \(0, 0\), the top left square \([\d,]+ nodes searched by alpha-beta, against 46\)$/);
  const minimax = goldenEvents("lectureMinimax");
  assert.equal(narrate(minimax[minimax.length - 1], replayOf(minimax)), "Result: A = 3, best move B");
  const stopped = { type: "result", node: "A", value: null, move: null, child: null, complete: false, reason: "cancelled" };
  assert.equal(narrate(stopped, lecture), "Search stopped early (cancelled): no result");
  assert.equal(savingWords({ visited: 25227, leaves: 1, baseline: { visited: 549946, leaves: 2 } }, "game"),
    "alpha-beta visited 25,227 of 549,946 nodes (524,719 fewer than minimax)");
});

test("every event of every golden trace reads as a sentence, with no path ids or gaps", () => {
  for (const name of ["lecture", "lectureMinimax", "tictactoe", "isolation"]) {
    const events = goldenEvents(name);
    const replay = replayOf(events);
    for (const e of events) {
      const text = narrate(e, replay, replay.stateAt(e.seq));
      assert.doesNotMatch(text, /undefined|null|NaN|root\./, `${name} step ${e.seq}: ${text}`);
    }
  }
});
