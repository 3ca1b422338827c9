// The classroom's pure parts: the question an instructor asks (predict mode's, in the contract's
// shape, docs/classroom.md), answers written one way by every page, the spread's order, and
// the join code as typed and as shown.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Replay } from "../../../static/js/replay/replay_state.js";
import { answerText, nextQuestion, spread, typedAnswer, windowText } from "../../../static/js/classroom/class_question.js";
import { normalizeCode, showCode } from "../../../static/js/classroom/class_channel.js";

function lecture() {
  const url = new URL("../../golden/lecture_alphabeta.jsonl", import.meta.url);
  const events = readFileSync(url, "utf8").trim().split("\n").map((line) => JSON.parse(line));
  const replay = new Replay(events[0]);
  replay.append(events.slice(1));
  return replay;
}

test("the question at the next step, in the contract's shape, with its answer as a string", () => {
  const replay = lecture();
  const q = nextQuestion(replay, 7);
  assert.deepEqual(
    { kind: q.kind, node: q.node, step: q.step, choices: q.choices, answer: q.answer },
    { kind: "prune", node: "B", step: 8, choices: ["prune", "keep looking"], answer: "keep looking" },
  );
  assert.match(q.prompt, /prune B's remaining children or keep looking\?$/);
  for (let k = 0; k < replay.last; k++) {
    const next = nextQuestion(replay, k);
    if (!next) continue;
    assert.ok(next.step > k && next.prompt.length <= 300);
    assert.equal(typeof next.answer, "string");
    if (next.choices) assert.ok(next.choices.includes(next.answer));
  }
  assert.equal(nextQuestion(replay, replay.last), null);
});

test("answers: numbers, infinities and windows written one way, whatever was typed", () => {
  assert.equal(answerText(3), "3");
  assert.equal(answerText(-Infinity), "-inf");
  assert.equal(answerText(0.1 + 0.2), "0.3");
  assert.equal(windowText(3, Infinity), "[3, inf]");
  assert.equal(typedAnswer("value", " −3 "), "-3");
  assert.equal(typedAnswer("bound", "+∞"), "inf");
  assert.equal(typedAnswer("window", "", "-inf", "5"), "[-inf, 5]");
  assert.equal(typedAnswer("value", "three"), null);
  assert.equal(typedAnswer("window", "", "3", ""), null);
});

test("the spread: most given first, shares of those who answered", () => {
  assert.deepEqual(spread({ prune: 1, "keep looking": 3 }, 4), [
    { answer: "keep looking", count: 3, share: 0.75 },
    { answer: "prune", count: 1, share: 0.25 },
  ]);
  assert.deepEqual(spread({}, 0), []);
});

test("join codes: typed any way, shown in two groups", () => {
  assert.equal(normalizeCode("k7qm 2xwp"), "K7QM2XWP");
  assert.equal(normalizeCode("K7QM-2XWP"), "K7QM2XWP");
  assert.equal(normalizeCode("K7QM2XW0"), null); // 0 is not in the alphabet
  assert.equal(normalizeCode("K7QM2XW"), null);
  assert.equal(showCode("K7QM2XWP"), "K7QM-2XWP");
});
