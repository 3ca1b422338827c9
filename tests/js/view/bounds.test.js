// Bounds are bounds: a node cut short returned a bound on its value, not its value, and every
// picture and sentence says so ("≤ 2", "at most 2"); the fail-hard form returns α or β; a chance
// node cut short returns v + rest × hi, which the drawing then shows. Traces: tests/golden/.
import { test } from "node:test";
import assert from "node:assert/strict";
import { goldenEvents, replayOf, stepWhere } from "../golden_traces.js";
import { narrate } from "../../../static/js/narration/narration.js";
import { presentNode } from "../../../static/js/view/presentation.js";
import { Status } from "../../../static/js/replay/node_state.js";
import { showReturned } from "../../../static/js/view/value_format.js";

function at(name, match) {
  const events = goldenEvents(name);
  const replay = replayOf(events);
  const k = stepWhere(events, match);
  const state = replay.stateAt(k);
  return { events, replay, k, state, said: narrate(events[k], replay, state) };
}

const shown = (replay, state, id) => presentNode(state, replay.tree, replay.tree.idx(id));

test("a bound reads as one: ≤ for at most, ≥ for at least, a value as itself", () => {
  assert.equal(showReturned(2, "upper"), "≤ 2");
  assert.equal(showReturned(5, "lower"), "≥ 5");
  assert.equal(showReturned(3, undefined), "3");
});

test("the lecture: C is drawn ≤ 2 in a state of its own from its return on; B and D are values", () => {
  const { replay, state, said } = at("lecture", (e) => e.type === "return" && e.node === "C");
  assert.equal(said, "C returns v = 2 to A: a bound, not its value: C is at most 2 (C2 and C3 were not looked at)");
  assert.equal(shown(replay, state, "C").valueText, "≤ 2", "at the return step already");
  const end = replay.stateAt(replay.last);
  const c = shown(replay, end, "C");
  assert.deepEqual([c.status, c.valueText, c.bound, c.final], [Status.BOUNDED, "≤ 2", "upper", false]);
  assert.deepEqual([shown(replay, end, "B").valueText, shown(replay, end, "D").valueText], ["3", "2"]);
  assert.equal(shown(replay, end, "D").status, Status.DONE);
});

test("the fail-hard form: C returns α = 3, drawn ≤ 3, and the words say it is the bound, not v", () => {
  const { replay, said } = at("lectureFailHard", (e) => e.type === "return" && e.node === "C");
  assert.equal(said, "C returns α = 3 (fail-hard: the bound, not v = 2) to A: a bound, not its value: " +
    "C is at most 3 (C2 and C3 were not looked at)");
  const end = replay.stateAt(replay.last);
  assert.equal(shown(replay, end, "C").valueText, "≤ 3");
  assert.equal(shown(replay, end, "A").valueText, "3");
});

test("chance-bounded: D returns v + rest × hi = 4, the drawing and the backup say 4, never D = 1.5 then", () => {
  const { events, replay, k, said } = at("chanceBounded", (e) => e.type === "return" && e.node === "D");
  assert.equal(said, "D returns v + rest × hi = 4 (v = 1.5 so far) to A: a bound, not its value: D is at most 4 (D2 was not looked at)");
  for (const step of [k, k + 1, replay.last]) {
    const d = shown(replay, replay.stateAt(step), "D");
    assert.equal(d.valueText, "≤ 4", `step ${step}`);
  }
  const backup = events[k + 1];
  assert.equal(backup.type, "backup");
  assert.equal(backup.child_value, 4);
  assert.equal(narrate(backup, replay, replay.stateAt(k + 1)),
    "A: v ← MAX(5, 4) = 5: unchanged (D is at most 4, no better for MAX)");
});

test("predict: answering the other form's value at a cut is told which form this search is", async () => {
  const { questionsBetween, judge } = await import("../../../static/js/predict/predict_questions.js");
  for (const [name, other, words] of [["lecture", 3, "3 is α, what the fail-hard form (the slides' figure) returns"],
    ["lectureFailHard", 2, "2 is v, what the pseudocode's form returns; this search is the fail-hard form"]]) {
    const events = goldenEvents(name);
    const replay = replayOf(events);
    const q = questionsBetween(replay, 0, replay.last).find((x) => x.kind === "value" && x.node === "C");
    const verdict = judge(q, other);
    assert.equal(verdict.right, false);
    assert.ok(verdict.feedback.includes(words), verdict.feedback);
    assert.ok(!judge(q, 7).feedback.includes(words), "another wrong answer is not told about the forms");
  }
});
