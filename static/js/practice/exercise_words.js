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

const ALGORITHM_WORDS = { alphabeta: "alpha-beta", minimax: "minimax", expectiminimax: "expectiminimax", maxn: "max^n" };

// Which of the slides' two forms of alpha-beta the exercise asks for: they differ in what a cut node returns.
export const RETURNS_WORDS = {
  v: "A node returns v, as the slides' pseudocode (a cut node returns the v it was cut with, a bound on its value).",
  bound: "A node returns as the slides' figure does (fail-hard): α or β when it is cut, and α (MAX) or β (MIN) at its end.",
};

// The settings sentence at the top of the page. Player names come from the tree: the page sets them as text.
export function settingsWords(copy) {
  const alg = ALGORITHM_WORDS[copy.algorithm] || copy.algorithm;
  if (copy.algorithm === "maxn") {
    return `Search this tree with ${alg}: players ${(copy.players || []).join(", ")} take turns, ${copy.root_player} to move at ` +
      "the root, children left to right. Each node keeps the child vector whose component for the player to move there is " +
      "highest (a tie keeps the first).";
  }
  if (copy.algorithm === "expectiminimax") {
    const start = copy.root_player === "chance" ? "chance at the root" : `${copy.root_player === "min" ? "MIN" : "MAX"} to move at the root`;
    return `Search this tree with ${alg}, ${start}, children left to right. A chance node (a circle) is worth its outcomes' ` +
      "values weighted by their probabilities (on its edges); a value is right within 1e-9.";
  }
  const root = copy.root_player === "min" ? "MIN" : "MAX";
  const ties = copy.algorithm === "alphabeta" ? `; ties: ${TIE_WORDS[copy.ties] || copy.ties}` : "";
  return `Search this tree with ${alg}, ${root} to move at the root, children left to right${ties}.` +
    (copy.algorithm === "alphabeta" ? ` ${RETURNS_WORDS[copy.returns === "bound" ? "bound" : "v"]}` : "");
}

// `copy` (optional): a max^n exercise asks for vectors.
export function askedWords(ask, copy = {}) {
  const words = (a) => (a === "values" && copy.players
    ? `the vector each internal node returns (one value for each of ${copy.players.join(", ")})` : ASK_WORDS[a] || a);
  return `Fill in ${ask.map(words).join("; and ")}.`;
}

// One line on how to do it, for what is asked (`copy`, optional: a max^n exercise types vectors, an
// expectiminimax one may type fractions).
export function howToWords(ask, copy = {}) {
  const parts = [];
  if (ask.includes("values") && copy.players) {
    parts.push(`type each internal node's vector in the box under it, ${copy.players.length} numbers in the players' order, ` +
      `e.g. ${vectorExample(copy.players.length)}`);
  } else if (ask.includes("values") && copy.algorithm === "expectiminimax") {
    parts.push("type each internal node's value in the box under it (a fraction such as 10/3, or 9 decimals)");
  } else if (ask.includes("values")) parts.push("type each internal node's value in the box under it");
  if (ask.includes("bounds")) parts.push("type α and β (numbers, -inf or inf) under every node the search visits");
  if (ask.includes("pruned")) parts.push("click an edge's ✂ (or Tab to it and press Space) to mark that child pruned");
  const text = parts.join("; ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}. Tab moves in the order the search meets each box; then press Check.`;
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const FRACTION = /^([+-]?\d{1,15})\/(\d{1,15})$/;
const INFINITIES = { inf: "inf", "+inf": "inf", "∞": "inf", "+∞": "inf", infinity: "inf", "+infinity": "inf",
  "-inf": "-inf", "-∞": "-inf", "-infinity": "-inf" };

// Typed text -> a finite number (or "inf" / "-inf"), or null when empty; "10/3" is a fraction (a chance node's sum is often one).
// Throws an Error saying what it expected.
export function readValue(text) {
  const t = normalise(text);
  if (t === "") return null;
  if (t.toLowerCase() in INFINITIES) return INFINITIES[t.toLowerCase()]; // never right, but a slip can give it (fail-hard, α never raised)
  const fraction = FRACTION.exec(t);
  if (fraction) {
    if (Number(fraction[2]) === 0) throw new Error("a fraction's denominator cannot be 0");
    return Number(fraction[1]) / Number(fraction[2]);
  }
  if (!NUMBER.test(t)) throw new Error("expected a number");
  return finite(t, "expected a finite number");
}

const ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"];

// e.g. "1, 5, 2" for three players.
function vectorExample(n) {
  return [1, 5, 2, 4, 3, 6, 8, 7].slice(0, n).join(", ");
}

// Typed text -> a max^n vector of n finite numbers, or null when empty. Takes "1, 5, 2", "(1, 5, 2)",
// "⟨1,5,2⟩", "<1, 5, 2>", "[1 5 2]": commas or spaces between the numbers.
export function readVector(text, n) {
  let t = String(text).trim().replace(/\u2212/g, "-");
  if (t === "") return null;
  const open = t[0];
  const close = { "(": ")", "⟨": "⟩", "<": ">", "[": "]", "〈": "〉" }[open];
  if (close) {
    if (t[t.length - 1] !== close) throw new Error(`expected ${n} numbers, e.g. ${vectorExample(n)}: "${open}" is not closed`);
    t = t.slice(1, -1).trim();
  }
  const parts = t.split(/\s*,\s*|\s+/).filter((part) => part !== "");
  if (parts.length !== n) {
    throw new Error(`expected a vector of ${n} numbers (one for each player), e.g. ${vectorExample(n)}: you typed ${parts.length}`);
  }
  return parts.map((part, k) => {
    if (!NUMBER.test(part)) throw new Error(`expected a vector of ${n} numbers, e.g. ${vectorExample(n)}: the ${ORDINALS[k]} is "${part}"`);
    return finite(part, `expected a vector of ${n} finite numbers`);
  });
}

// A chance outcome's probability as the feedback writes it (search/practice/wording.py probability): a short
// decimal (0.5, 0.25), else a fraction with a small denominator (1/3), else six significant digits.
export function showProbability(p) {
  const text = String(p);
  if (text.length <= 8) return text;
  for (let d = 2; d <= 12; d += 1) {
    const k = Math.round(p * d);
    if (Math.abs(k / d - p) < 1e-12) return `${k}/${d}`;
  }
  return String(Number(p.toPrecision(6)));
}

// A max^n vector as the drawing writes it: ⟨1, 5, 2⟩.
export function showVector(value) {
  return `⟨${value.join(", ")}⟩`;
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
// field, message}; otherwise (Hint) it is left out, and the server counts it missing. `players`: in a
// max^n exercise their number, and each value is then a vector of that many numbers.
export function answerFrom(typed, ask, under, strict, players = 0) {
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
      const v = read(players ? (t) => readVector(t, players) : readValue, text, node, "value");
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
  order: "order",
  not_pruned: "not pruned",
  line: "line out of place",
  distractor: "a line that does not belong",
  indent: "indent",
  missing: "missing line",
};

const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

// The score line of a built exercise's check (issue 50): what the real search did with the student's build.
export function builtScoreWords(result, kind) {
  const score = percent(result.score);
  if (kind === "ordering") {
    const range = `the fewest any order reaches is ${result.fewest}, the most ${result.most}`;
    return result.correct
      ? `Correct! Score ${score}: on your order alpha-beta evaluates ${plural(result.visited, "leaf", "leaves")}, the fewest any order reaches.`
      : `Score ${score}: on your order alpha-beta evaluates ${plural(result.visited, "leaf", "leaves")}; ${range}.`;
  }
  if (kind === "make-it-prune" && typeof result.asked_visited === "number") { // the "exactly K leaves" form
    const count = plural(result.visited, "leaf", "leaves");
    return result.correct ? `Correct! Score ${score}: with your leaves alpha-beta evaluates exactly ${count}.`
      : `Score ${score}: with your leaves alpha-beta evaluates ${count}, not ${result.asked_visited}.`;
  }
  if (kind === "make-it-prune") {
    if (result.correct) return `Correct! Score ${score}: with your leaves alpha-beta prunes exactly the branches asked.`;
    const extra = result.extra ? `, and it prunes ${plural(result.extra, "branch", "branches")} not asked` : "";
    return `Score ${score}: ${result.right} of ${plural(result.asked, "asked prune happens", "asked prunes happen")}${extra}.`;
  }
  if (result.correct && result.same_search) {
    return `Correct! Score ${score}: some lines stand elsewhere than the slides put them, but your program searches exactly as ` +
      "the slides' does on every tree.";
  }
  if (result.correct) return `Correct! Score ${score}: every line is in place, and your program searches as the slides' does.`;
  const extra = result.extra ? `, and ${plural(result.extra, "line that does", "lines that do")} not belong` : "";
  return `Score ${score}: ${result.right} of ${plural(result.asked, "line", "lines")} in place${extra}.`;
}

// What a built exercise asks, in the settings sentence's place for parsons.
export function builtSettingsWords(copy) {
  const alg = ALGORITHM_WORDS[copy.algorithm] || copy.algorithm;
  if (copy.kind === "parsons") {
    return `Build ${alg}'s pseudocode as the lecture slides write it (AIMA 4th ed. §5.2${copy.algorithm === "expectiminimax" ? ", §5.5" : ""}). ` +
      "Your program is run on the exercise's trees and checked against the real search.";
  }
  return settingsWords(copy);
}

// A score in [0, 1] as a percentage, e.g. "85%".
export function percent(score) {
  return `${Math.round(score * 100)}%`;
}

// The check's score in words: the share of marks right, with the counts it is made of (issue 46: every
// asked mark once, a blank wrong, an extra prune one more wrong mark), so the number can be checked by hand.
// "Score 67%: 4 of 6 marks right." / "Score 40%: 4 of 10 marks right (4 asked marks wrong, and 2 extra prune
// marks)." An answer from before the counts existed says only its score. `weighted`: the exercise weighs
// its kinds of marks (the score is then not the plain ratio of the counts, and says so).
export function scoreWords(result, weighted = false) {
  const score = `${percent(result.score)}${weighted && !result.correct ? " (weighted)" : ""}`;
  if (result.correct) return `Correct! Score ${score}: every answer matches the search.`;
  if (typeof result.asked !== "number") return `Score ${score}.`;
  const marks = result.asked + result.extra;
  const wrongAsked = result.asked - result.right;
  const extra = result.extra
    ? ` (${wrongAsked} asked mark${wrongAsked === 1 ? "" : "s"} wrong, and ${result.extra} extra mark${result.extra === 1 ? "" : "s"} where the search has none)`
    : "";
  return `Score ${score}: ${result.right} of ${marks} mark${marks === 1 ? "" : "s"} right${extra}.`;
}
