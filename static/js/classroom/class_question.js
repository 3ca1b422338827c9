// The question an instructor asks the class (docs/classroom.md "The question an instructor
// asks"): predict mode's question at the next step after the one shown, in the contract's
// shape, answers as strings everybody's page writes the same way ("3", "-inf", "[3, inf]",
// "prune"), so the server's tally counts equal answers together. A question also carries the
// misconception each wrong answer follows ({"12": "max-min-swapped"}), from the readings of
// predict/misconception_readings.js, which the server reveals with the answer. Pure: node's tests run it.

import { questionAt, parseValue, misconceptionAnswer, misconceptionFor } from "../predict/predict_questions.js";

export const PRUNE_CHOICES = ["prune", "keep looking"];
const MAX_MISCONCEPTIONS = 12; // server/classroom/questions.py
const MAX_PROMPT = 300;
// Looked ahead at most this far for a question (each look reads a state; a big search's
// next question is seldom further).
const LOOKAHEAD = 5000;

// A number as an answer: "3", "-2.5", "inf", "-inf"; a weighted sum to six significant digits.
export function answerText(x) {
  if (x === Infinity) return "inf";
  if (x === -Infinity) return "-inf";
  if (typeof x !== "number" || Number.isNaN(x)) return "";
  return String(Number.isInteger(x) ? x : Number(x.toPrecision(6)));
}

export function windowText(a, b) {
  return `[${answerText(a)}, ${answerText(b)}]`;
}

// What a student typed, as the answer to send; null when it is not a number (or a window).
export function typedAnswer(kind, value, alpha, beta) {
  if (kind === "window") {
    const a = parseValue(alpha);
    const b = parseValue(beta);
    return a === null || b === null ? null : windowText(a, b);
  }
  const v = parseValue(value);
  return v === null ? null : answerText(v);
}

// The first question after event k (the step shown), or null: {kind, prompt, node, step, choices,
// answer, misconceptions}. `readings`: what each misconception answers in this search.
export function nextQuestion(replay, k, readings = []) {
  const last = Math.min(replay.last, k + LOOKAHEAD);
  for (let j = Math.max(1, k + 1); j <= last; j++) {
    const q = questionAt(replay, j);
    if (q) return contractQuestion(q, readings);
  }
  return null;
}

export function contractQuestion(q, readings = []) {
  const prompt = q.prompt.length > MAX_PROMPT ? `${q.prompt.slice(0, MAX_PROMPT - 1)}…` : q.prompt;
  const base = { kind: q.kind, prompt, node: q.node ?? null, step: q.event };
  let out;
  if (q.kind === "prune") out = { ...base, choices: PRUNE_CHOICES, answer: q.answer === "prune" ? PRUNE_CHOICES[0] : PRUNE_CHOICES[1] };
  else if (q.kind === "window") out = { ...base, choices: null, answer: windowText(q.answer[0], q.answer[1]) };
  else out = { ...base, choices: null, answer: answerText(q.answer) };
  return { ...out, misconceptions: wrongAnswersNamed(q, out.answer, readings) };
}

// {answer text: misconception id} for each wrong answer a misconception gives, named as predict
// mode names it (misconceptionFor: the one that tells by this question first).
export function wrongAnswersNamed(q, right, readings) {
  const named = {};
  for (const m of readings || []) {
    const theirs = misconceptionAnswer(m, q);
    if (theirs === undefined || theirs === null) continue;
    const given = q.kind === "prune" ? theirs : q.kind === "window" ? theirs.map(toNumberText) : toNumberText(theirs);
    const text = q.kind === "prune" ? PRUNE_CHOICES[theirs === "prune" ? 0 : 1] : q.kind === "window" ? windowText(given[0], given[1]) : answerText(given);
    if (!text || text === right || Object.hasOwn(named, text) || Object.keys(named).length >= MAX_MISCONCEPTIONS) continue;
    const chosen = misconceptionFor(q, given, readings);
    if (chosen) named[text] = chosen.id;
  }
  return named;
}

// A number as the trace writes it ("inf", 3) as a number.
function toNumberText(x) {
  if (x === "inf") return Infinity;
  if (x === "-inf") return -Infinity;
  return typeof x === "number" ? x : NaN;
}

// The answers as bars: [{answer, count, share}], most given first (ties in the order given).
export function spread(counts, answered) {
  const total = Math.max(1, answered || 0, ...Object.values(counts || {}));
  return Object.entries(counts || {})
    .map(([answer, count]) => ({ answer, count, share: count / total }))
    .sort((a, b) => b.count - a.count);
}
