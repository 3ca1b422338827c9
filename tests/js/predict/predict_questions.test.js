// Predict mode's questions (static/js/predict/predict_questions.js) on the engine's own traces: which
// events ask, what, the answer and the narration's words that explain it; the tie rules; and
// the searches that ask less (minimax: values only; max^n: nothing to type).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { childrenLeft, judge, parseValue, questionAt, questionsBetween, scoreWords } from "../../../static/js/predict/predict_questions.js";
import { goldenEvents, replayOf, stepWhere } from "../golden_traces.js";

const lectureEvents = goldenEvents("lecture");
const lecture = replayOf(lectureEvents);
const asked = (replay) => questionsBetween(replay, 0, replay.last);
const at = (match, events = lectureEvents, replay = lecture) => questionAt(replay, stepWhere(events, match));

// tests/engine/test_predict_goldens.py pins these to the engine: the lecture tree with C1 = 3.
function tieEvents(ties) {
  const text = readFileSync(new URL(`../../golden/predict/tie_${ties}.jsonl`, import.meta.url), "utf8");
  return text.split("\n").filter((line) => line.trim()).map((line) => JSON.parse(line));
}

test("the lecture example with alpha-beta: which events ask, in the order the search meets them", () => {
  const qs = asked(lecture);
  const kinds = qs.map((q) => `${q.kind}@${q.node}`);
  assert.deepEqual(kinds, [
    "prune@B", "bound@B", "window@B2", "prune@B", "window@B3", "value@B",
    "prune@A", "bound@A", "window@C", "prune@C", "value@C",
    "prune@A", "window@D", "prune@D", "bound@D", "window@D2", "prune@D", "bound@D", "window@D3", "value@D",
    "value@A",
  ]);
  for (const q of qs) assert.equal(lectureEvents[q.event].node, q.node); // each asks about its own event's node
  // At most one question per event, and only before a return, test, bound or visit.
  assert.equal(new Set(qs.map((q) => q.event)).size, qs.length);
  for (const q of qs) assert.ok(["return", "test", "bound", "visit"].includes(lectureEvents[q.event].type));
});

test("value: before a return, the value the node returns, with the children's values and the narration", () => {
  const b = at((e) => e.type === "return" && e.node === "B");
  assert.deepEqual({ kind: b.kind, prompt: b.prompt, answer: b.answer }, { kind: "value", prompt: "Which value does B return?", answer: 3 });
  assert.equal(b.explain, "MIN(3, 12, 8) = 3: B returns v = 3 to A");
  // C returns after its prune: only C1 came back.
  assert.equal(at((e) => e.type === "return" && e.node === "C").explain, "MIN(2) = 2: C returns v = 2 to A: a bound, not its value: C is at most 2 (C2 and C3 were not looked at)");
  const a = at((e) => e.type === "return" && e.node === "A");
  assert.equal(a.answer, 3);
  assert.equal(a.explain, "MAX(3, 2, 2) = 3: A returns v = 3: the value of the root");
  // A leaf returns at its leaf event: nothing to ask there.
  assert.equal(at((e) => e.type === "leaf" && e.node === "B1"), null);
});

test("prune: before a test with children left, prune or keep looking, in the slides' words", () => {
  const c = at((e) => e.type === "test" && e.node === "C");
  assert.equal(c.kind, "prune");
  assert.equal(c.prompt, "v = 2 and α = 3 at C (test: v ≤ α): prune C's remaining children or keep looking?");
  assert.equal(c.answer, "prune");
  assert.equal(c.explain,
    "C is MIN with v = 2 ≤ α = 3. MAX at A can already get 3 (through B), so MAX will never choose C: C2 and C3 are not looked at (α cut)");
  const b = at((e) => e.type === "test" && e.node === "B");
  assert.equal(b.answer, "keep");
  assert.equal(b.explain, "B: 3 ≤ α = −∞? No: keep looking");
  const a = at((e) => e.type === "test" && e.node === "A");
  assert.equal(a.prompt, "v = 3 and β = +∞ at A (test: v ≥ β): prune A's remaining children or keep looking?");
});

test("prune: a test after the last child asks nothing (D's prune skips nothing; B and A have no child left)", () => {
  const last = [
    stepWhere(lectureEvents, (e) => e.type === "test" && e.node === "D" && e.holds), // D after D3: holds, nothing to skip
    stepWhere(lectureEvents, (e) => e.type === "test" && e.node === "B" && e.seq > 15), // B after B3
    lectureEvents.findLastIndex((e) => e.type === "test" && e.node === "A"), // A after D
  ];
  for (const k of last) {
    assert.equal(childrenLeft(lecture, k), false);
    assert.equal(questionAt(lecture, k), null);
  }
  // While the events after a test have not arrived, it is not known: no question yet.
  const partial = replayOf(lectureEvents.slice(0, 9));
  assert.equal(childrenLeft(partial, 8), null);
  assert.equal(questionAt(partial, 8), null);
});

test("bound: only a bound line that moves α or β asks, and its answer is the new bound", () => {
  const a = at((e) => e.type === "bound" && e.node === "A");
  assert.deepEqual({ prompt: a.prompt, answer: a.answer }, { prompt: "What is α at A now?", answer: 3 });
  assert.equal(a.explain, "A: α ← MAX(−∞, 3) = 3: MAX at A can now get at least 3");
  const d = at((e) => e.type === "bound" && e.node === "D" && e.new === 5);
  assert.deepEqual({ prompt: d.prompt, answer: d.answer }, { prompt: "What is β at D now?", answer: 5 });
  const unchanged = at((e) => e.type === "bound" && e.changed === false);
  assert.equal(unchanged, null);
});

test("window: a visit asks only when the parent's own bound moved since the parent's start", () => {
  const c = at((e) => e.type === "visit" && e.node === "C");
  assert.equal(c.prompt, "What window [α, β] does C receive?");
  assert.deepEqual(c.answer, [3, Infinity]);
  assert.equal(c.explain, "Visit C (MIN), window [α = 3, β = +∞]. α: MAX at A can already get 3 (through B)");
  assert.deepEqual(at((e) => e.type === "visit" && e.node === "D3").answer, [3, 5]);
  for (const id of ["A", "B", "B1", "C1", "D1"]) assert.equal(at((e) => e.type === "visit" && e.node === id), null, id);
});

test("ties: v = α at C prunes with ties prune (v ≤ α) and keeps looking with ties explore (v < α)", () => {
  const pruneEvents = tieEvents("prune");
  const p = at((e) => e.type === "test" && e.node === "C", pruneEvents, replayOf(pruneEvents));
  assert.equal(p.answer, "prune");
  assert.equal(p.prompt, "v = 3 and α = 3 at C (test: v ≤ α): prune C's remaining children or keep looking?");
  assert.match(p.explain, /C2 and C3 are not looked at \(α cut\)\. A tie: with ties "prune" \(as the slides\) the test is v ≤ α, so v = α prunes$/);
  const exploreEvents = tieEvents("explore");
  const e = at((ev) => ev.type === "test" && ev.node === "C", exploreEvents, replayOf(exploreEvents));
  assert.equal(e.answer, "keep");
  assert.equal(e.prompt, "v = 3 and α = 3 at C (test: v < α): prune C's remaining children or keep looking?");
  assert.equal(e.explain, 'C: 3 < α = 3? No: keep looking. A tie: with ties "explore" the test is v < α, so v = α keeps looking');
  // No tie, no words about the rule.
  assert.doesNotMatch(at((ev) => ev.type === "test" && ev.node === "B").explain, /tie/);
});

test("minimax asks only which value each node returns: no prune, bound or window questions", () => {
  const events = goldenEvents("lectureMinimax");
  const qs = asked(replayOf(events));
  assert.deepEqual(qs.map((q) => `${q.kind}@${q.node}=${q.answer}`), ["value@B=3", "value@C=2", "value@D=2", "value@A=3"]);
});

test("other searches: expectiminimax's sums, chance tests ask nothing, max^n's vectors ask nothing, games ask all kinds", () => {
  const chance = asked(replayOf(goldenEvents("chance")));
  assert.ok(chance.every((q) => q.kind === "value"));
  const d = chance.find((q) => q.node === "D");
  assert.equal(d.answer, 2.5);
  assert.equal(d.explain, "D returns v = 2.5 to A"); // a weighted sum: no MAX(...) reason
  const boundedEvents = goldenEvents("chanceBounded");
  const bounded = replayOf(boundedEvents);
  for (let k = 0; k <= bounded.last; k++) {
    if (boundedEvents[k].type === "test" && boundedEvents[k].rest !== undefined) assert.equal(questionAt(bounded, k), null);
  }
  assert.deepEqual(asked(replayOf(goldenEvents("threePlayers"))), []);
  const ttt = asked(replayOf(goldenEvents("tictactoe")));
  assert.deepEqual(new Set(ttt.map((q) => q.kind)), new Set(["value", "prune", "bound", "window"]));
  assert.ok(ttt.some((q) => q.kind === "prune" && q.answer === "prune"));
});

test("key steps: one step passes a test and a return; the questions between two key steps are those events'", () => {
  const keys = Array.from(lecture.keys.subarray(0, lecture.keyCount));
  // From the backup of B3 into B to the backup of B into A: B's last test asks nothing, its return asks.
  const from = stepWhere(lectureEvents, (e) => e.type === "backup" && e.child === "B3");
  const to = stepWhere(lectureEvents, (e) => e.type === "backup" && e.child === "B");
  assert.ok(keys.includes(from) && keys.includes(to) && keys.indexOf(to) === keys.indexOf(from) + 1);
  assert.deepEqual(questionsBetween(lecture, from, to).map((q) => q.kind), ["value"]);
  // Stepping to where the drawing already is, or back, asks nothing.
  assert.deepEqual(questionsBetween(lecture, to, to), []);
  assert.deepEqual(questionsBetween(lecture, to, from), []);
});

test("answers as typed: numbers, the slides' minus, infinities; nonsense is no number", () => {
  assert.equal(parseValue(" 3 "), 3);
  assert.equal(parseValue("−2"), -2);
  assert.equal(parseValue("2.5"), 2.5);
  assert.equal(parseValue("inf"), Infinity);
  assert.equal(parseValue("+∞"), Infinity);
  assert.equal(parseValue("−∞"), -Infinity);
  assert.equal(parseValue("-inf"), -Infinity);
  for (const bad of ["", "three", "3-", "1,5", "NaN", null]) assert.equal(parseValue(bad), null, String(bad));
});

test("judge: right and wrong in the slides' words, sums to the digits shown, windows both ends", () => {
  const b = at((e) => e.type === "return" && e.node === "B");
  assert.deepEqual(judge(b, 3), { right: true, said: "3", feedback: "Right: 3. MIN(3, 12, 8) = 3: B returns v = 3 to A" });
  assert.deepEqual(judge(b, 8), { right: false, said: "8", feedback: "Not quite: you said 8. MIN(3, 12, 8) = 3: B returns v = 3 to A" });
  const c = at((e) => e.type === "test" && e.node === "C");
  assert.equal(judge(c, "prune").right, true);
  assert.match(judge(c, "keep").feedback, /^Not quite: you said keep looking\. C is MIN with v = 2 ≤ α = 3/);
  const w = at((e) => e.type === "visit" && e.node === "C");
  assert.equal(judge(w, [3, Infinity]).right, true);
  assert.equal(judge(w, [3, 5]).right, false);
  assert.equal(judge(w, [3, 5]).said, "[3, 5]");
  const chance = asked(replayOf(goldenEvents("chance")));
  const sum = { ...chance[0], answer: 2 / 3 };
  assert.equal(judge(sum, 0.666667).right, true);
  assert.equal(judge(sum, 0.67).right, false);
  assert.equal(scoreWords({ right: 3, asked: 4 }), "3 of 4 right");
});

// What each misconception answers (POST /api/misconceptions/answers), pinned to the engine by
// tests/engine/test_misconception_questions.py.
function readingsOf(name) {
  return JSON.parse(readFileSync(new URL(`../../golden/predict/${name}.json`, import.meta.url), "utf8")).misconceptions;
}

test("misconceptions: a wrong answer one of them gives is named in the slides' words, the sentence after it kept", () => {
  const readings = readingsOf("misconceptions_lecture");
  const b = at((e) => e.type === "return" && e.node === "B");
  const swapped = judge(b, 12, readings);
  assert.equal(swapped.right, false);
  assert.equal(swapped.misconception.id, "max-min-swapped");
  assert.match(swapped.feedback, /^Not quite: you said 12\. That answer follows the search with MAX and MIN swapped\. MAX nodes take the largest/);
  assert.ok(swapped.feedback.endsWith(` ${b.explain}`));
  // A wrong answer no misconception gives, and a right one, name none.
  assert.equal(judge(b, 7, readings).misconception, undefined);
  assert.equal(judge(b, 3, readings).misconception, undefined);
  assert.equal(judge(b, 7, readings).feedback, judge(b, 7).feedback);
  // Keep looking at C (v = 2 < α = 3): no pruning, a slip told by prune questions, before the
  // slips that keep looking there too and change more of the search (α not updated, then the window).
  const c = at((e) => e.type === "test" && e.node === "C");
  assert.equal(c.after, "C1");
  assert.equal(judge(c, "keep", readings).misconception.id, "no-pruning");
  assert.equal(judge(c, "keep", readings.filter((m) => m.id !== "no-pruning")).misconception.id, "alpha-not-updated");
  // The window C receives, with α not passed: α never raised at A gives it too, and changes less of the
  // search (12 things against 14: the readings come fewest changes first), so it is named first.
  const w = at((e) => e.type === "visit" && e.node === "C");
  assert.equal(judge(w, [-Infinity, Infinity], readings).misconception.id, "alpha-not-updated");
  assert.equal(judge(w, [-Infinity, Infinity], readings.filter((m) => m.id !== "alpha-not-updated")).misconception.id, "window-not-passed");
  assert.equal(judge(w, [3, Infinity], readings).misconception, undefined);
  // α at A after B, never raised.
  const bound = at((e) => e.type === "bound" && e.node === "A" && e.changed);
  assert.deepEqual([bound.after, bound.bound], ["B", "alpha"]);
  assert.equal(judge(bound, -Infinity, readings).misconception.id, "alpha-not-updated");
});

test("misconceptions: the strict test keeps looking at C on the tie; the fail-hard form is told as the other form", () => {
  const events = tieEvents("prune");
  const replay = replayOf(events);
  const readings = readingsOf("misconceptions_tie_prune");
  const c = questionAt(replay, stepWhere(events, (e) => e.type === "test" && e.node === "C"));
  const verdict = judge(c, "keep", readings);
  assert.equal(verdict.misconception.id, "strict-test");
  assert.match(verdict.feedback, /^Not quite: you said keep looking\. That answer follows alpha-beta that prunes only on v > β and v < α\. The slides prune on ties/);
  // C returns α = 3 in the fail-hard form: said once, as the other form, not twice.
  const ret = at((e) => e.type === "return" && e.node === "C");
  const hard = judge(ret, 3, readingsOf("misconceptions_lecture"));
  assert.equal(hard.misconception, undefined);
  assert.match(hard.feedback, /fail-hard form/);
  // Node ids that are Object's own names are no keys of the readings.
  assert.equal(judge({ ...ret, node: "constructor" }, 4, readings).misconception, undefined);
});
