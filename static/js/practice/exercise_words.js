// A practice exercise in words, and the student's typed answers read as the server wants them.
// No DOM here: Node's tests import it (tests/js/practice/exercise_words.test.js).

export const ASK_WORDS = {
  values: "the value each visited internal node returns",
  bounds: "the α/β window each visited node receives (leaves too)",
  pruned: "the branches the search never looks at (mark the edge into each skipped child)",
};

export const TIE_WORDS = {
  prune: "prune on ties (v ≥ β, v ≤ α), as the slides",
  explore: "explore ties (v > β, v < α)",
};

const ALGORITHM_WORDS = { alphabeta: "alpha-beta", minimax: "minimax" };

// Which of the slides' two forms of alpha-beta the exercise asks for: they differ in what a cut node returns.
export const RETURNS_WORDS = {
  v: "A node returns v, as the slides' pseudocode (a cut node returns the v it was cut with, a bound on its value).",
  bound: "A node returns as the slides' figure does (fail-hard): α or β when it is cut, and α (MAX) or β (MIN) at its end.",
};

// The settings sentence at the top of the page.
export function settingsWords(copy) {
  const alg = ALGORITHM_WORDS[copy.algorithm] || copy.algorithm;
  const root = copy.root_player === "min" ? "MIN" : "MAX";
  const ties = copy.algorithm === "alphabeta" ? `; ties: ${TIE_WORDS[copy.ties] || copy.ties}` : "";
  return `Search this tree with ${alg}, ${root} to move at the root, children left to right${ties}.` +
    (copy.algorithm === "alphabeta" ? ` ${RETURNS_WORDS[copy.returns === "bound" ? "bound" : "v"]}` : "");
}

export function askedWords(ask) {
  return `Fill in ${ask.map((a) => ASK_WORDS[a] || a).join("; and ")}.`;
}

// One line on how to do it, for what is asked.
export function howToWords(ask) {
  const parts = [];
  if (ask.includes("values")) parts.push("type each internal node's value in the box under it");
  if (ask.includes("bounds")) parts.push("type α and β (numbers, -inf or inf) under every node the search visits");
  if (ask.includes("pruned")) parts.push("click an edge's ✂ (or Tab to it and press Space) to mark that child pruned");
  const text = parts.join("; ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}. Tab moves in the order the search meets each box; then press Check.`;
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const INFINITIES = { inf: "inf", "+inf": "inf", "∞": "inf", "+∞": "inf", infinity: "inf", "+infinity": "inf",
  "-inf": "-inf", "-∞": "-inf", "-infinity": "-inf" };

// Typed text -> a finite number, or null when empty. Throws an Error saying what it expected.
export function readValue(text) {
  const t = normalise(text);
  if (t === "") return null;
  if (!NUMBER.test(t)) throw new Error("expected a number");
  return finite(t, "expected a finite number");
}

// Typed text -> a number or "inf"/"-inf", or null when empty (accepts ∞, −∞, +∞, -inf, inf).
export function readBound(text) {
  const t = normalise(text).toLowerCase();
  if (t === "") return null;
  if (t in INFINITIES) return INFINITIES[t];
  if (!NUMBER.test(t)) throw new Error("expected a number, -inf or inf");
  return finite(t, "expected a finite number, -inf or inf");
}

// "1e400" reads as Infinity, which JSON would send as null: refuse it here, saying so.
function finite(text, message) {
  const n = Number(text);
  if (!Number.isFinite(n)) throw new Error(message);
  return n;
}

function normalise(text) {
  return String(text).trim().replace(/\u2212/g, "-").replace(/\s+/g, "");
}

// The answer the server checks, from what the student typed: {values, bounds, pruned}.
// `typed`: {values: {id: text}, bounds: {id: [αText, βText]}, pruned: [child ids marked]};
// `under(id)`: whether a proper ancestor of the node is marked pruned. A node in a pruned branch
// (marked itself, or under a mark) has its boxes disabled and sends nothing; a mark under another
// mark is not sent either. strict (Check): an unreadable box, or half an α/β pair, throws {node,
// field, message}; otherwise (Hint) it is left out, and the server counts it missing.
export function answerFrom(typed, ask, under, strict) {
  const marked = new Set(typed.pruned || []);
  const off = (node) => marked.has(node) || under(node);
  const answer = {};
  const read = (fn, text, node, field) => {
    try {
      return fn(text);
    } catch (err) {
      if (strict) throw { node, field, message: `${field} at ${node}: ${err.message}` };
      return null;
    }
  };
  if (ask.includes("values")) {
    answer.values = {};
    for (const [node, text] of Object.entries(typed.values || {})) {
      if (off(node)) continue;
      const v = read(readValue, text, node, "value");
      if (v !== null) answer.values[node] = v;
    }
  }
  if (ask.includes("bounds")) {
    answer.bounds = {};
    for (const [node, [a, b]] of Object.entries(typed.bounds || {})) {
      if (off(node)) continue;
      const alpha = read(readBound, a, node, "α");
      const beta = read(readBound, b, node, "β");
      if (strict && (alpha === null) !== (beta === null)) {
        const field = alpha === null ? "α" : "β";
        throw { node, field, message: `${field} at ${node}: fill in both α and β, or neither` };
      }
      if (alpha !== null && beta !== null) answer.bounds[node] = [alpha, beta];
    }
  }
  if (ask.includes("pruned")) answer.pruned = [...marked].filter((node) => !under(node));
  return answer;
}

// A mistake's kind in a few words, for the list of mistakes.
export const KIND_WORDS = {
  value: "wrong value",
  bound: "wrong α/β",
  missed_prune: "missed prune",
  extra_prune: "extra prune",
};

// A score in [0, 1] as a percentage, e.g. "85%".
export function percent(score) {
  return `${Math.round(score * 100)}%`;
}
