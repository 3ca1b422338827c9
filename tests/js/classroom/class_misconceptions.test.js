// A class question's misconceptions (static/js/classroom/class_question.js): each wrong answer a
// misconception gives, as the students send it, named as predict mode names it; never the right answer.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { nextQuestion } from "../../../static/js/classroom/class_question.js";
import { goldenEvents, replayOf, stepWhere } from "../golden_traces.js";

const readings = JSON.parse(readFileSync(new URL("../../golden/predict/misconceptions_lecture.json", import.meta.url), "utf8")).misconceptions;
const events = goldenEvents("lecture");
const replay = replayOf(events);
const before = (match) => stepWhere(events, match) - 1;

test("a value question names 12 at B as MAX and MIN swapped", () => {
  const q = nextQuestion(replay, before((e) => e.type === "return" && e.node === "B"), readings);
  assert.equal(q.answer, "3");
  assert.equal(q.misconceptions["12"], "max-min-swapped");
  assert.ok(!("3" in q.misconceptions));
});

test("a prune question names the choice, a window question the window as sent", () => {
  const prune = nextQuestion(replay, before((e) => e.type === "test" && e.node === "C"), readings);
  assert.deepEqual(prune.misconceptions, { "keep looking": "no-pruning" });
  const window = nextQuestion(replay, before((e) => e.type === "visit" && e.node === "C"), readings);
  assert.equal(window.answer, "[3, inf]");
  assert.equal(window.misconceptions["[-inf, inf]"], "alpha-not-updated"); // the fewest changes of the two that give it
  assert.deepEqual(nextQuestion(replay, before((e) => e.type === "return" && e.node === "B")).misconceptions, {});
});
