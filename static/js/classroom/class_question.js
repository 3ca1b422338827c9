// The question an instructor asks the class (docs/classroom.md "The question an instructor
// asks"): predict mode's question at the next step after the one shown, in the contract's
// shape, answers as strings everybody's page writes the same way ("3", "-inf", "[3, inf]",
// "prune"), so the server's tally counts equal answers together. Pure: node's tests run it.

import { questionAt, parseValue } from "../predict/predict_questions.js";

export const PRUNE_CHOICES = ["prune", "keep looking"];
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

// The first question after event k (the step shown), or null: {kind, prompt, node, step, choices, answer}.
export function nextQuestion(replay, k) {
  const last = Math.min(replay.last, k + LOOKAHEAD);
  for (let j = Math.max(1, k + 1); j <= last; j++) {
    const q = questionAt(replay, j);
    if (q) return contractQuestion(q);
  }
  return null;
}

export function contractQuestion(q) {
  const prompt = q.prompt.length > MAX_PROMPT ? `${q.prompt.slice(0, MAX_PROMPT - 1)}…` : q.prompt;
  const base = { kind: q.kind, prompt, node: q.node ?? null, step: q.event };
  if (q.kind === "prune") return { ...base, choices: PRUNE_CHOICES, answer: q.answer === "prune" ? PRUNE_CHOICES[0] : PRUNE_CHOICES[1] };
  if (q.kind === "window") return { ...base, choices: null, answer: windowText(q.answer[0], q.answer[1]) };
  return { ...base, choices: null, answer: answerText(q.answer) };
}

// The answers as bars: [{answer, count, share}], most given first (ties in the order given).
export function spread(counts, answered) {
  const total = Math.max(1, answered || 0, ...Object.values(counts || {}));
  return Object.entries(counts || {})
    .map(([answer, count]) => ({ answer, count, share: count / total }))
    .sort((a, b) => b.count - a.count);
}
