// Trace values are JSON numbers or the strings "inf" / "-inf" (strict JSON has no
// Infinity). These two functions are the only place that knows that.

export function toNumber(x) {
  if (x === "inf") return Infinity;
  if (x === "-inf") return -Infinity;
  return x;
}

// Text for a value as the slides write it: +∞ and −∞, nothing for "not known yet"; a max^n
// vector as ⟨1, 2, 6⟩; a weighted sum to six significant digits (0.1 + 0.2 shows 0.3).
export function showValue(x) {
  if (x === null || x === undefined) return "";
  if (Array.isArray(x)) return `⟨${x.map(showValue).join(", ")}⟩`;
  const n = toNumber(x);
  if (n === Infinity) return "+∞";
  if (n === -Infinity) return "−∞";
  if (typeof n === "number" && !Number.isInteger(n)) return String(Number(n.toPrecision(6)));
  return String(n);
}

// A returned value as what it is: "≤ 2" when it is an upper bound on the node's value (a MIN
// node cut by α), "≥ 5" a lower bound (a MAX node cut by β), else the value itself.
export const BOUND_SIGN = { upper: "≤", lower: "≥" };
export function showReturned(x, bound) {
  const sign = BOUND_SIGN[bound];
  return sign ? `${sign} ${showValue(x)}` : showValue(x);
}

// "at most 2" / "at least 5": a bound in words (the slides: "C ... has a value of at most 2").
export function boundWords(x, bound) {
  return `${bound === "upper" ? "at most" : "at least"} ${showValue(x)}`;
}

// Two values the same (numbers, or max^n vectors component by component)?
export function sameValue(a, b) {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, k) => x === b[k]);
  }
  return toNumber(a) === toNumber(b);
}

// A game move as the trace gives it: a cell number (tic-tac-toe) or [x, y] (Isolation).
export function showMove(move) {
  if (move === null || move === undefined) return "";
  if (Array.isArray(move)) return `(${move.join(", ")})`;
  return String(move);
}
