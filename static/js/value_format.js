// Trace values are JSON numbers or the strings "inf" / "-inf" (strict JSON has no
// Infinity). These two functions are the only place that knows that.

export function toNumber(x) {
  if (x === "inf") return Infinity;
  if (x === "-inf") return -Infinity;
  return x;
}

// Text for a value as the slides write it: +∞ and −∞, nothing for "not known yet".
export function showValue(x) {
  if (x === null || x === undefined) return "";
  const n = toNumber(x);
  if (n === Infinity) return "+∞";
  if (n === -Infinity) return "−∞";
  return String(n);
}

// A game move as the trace gives it: a cell number (tic-tac-toe) or [x, y] (Isolation).
export function showMove(move) {
  if (move === null || move === undefined) return "";
  if (Array.isArray(move)) return `(${move.join(", ")})`;
  return String(move);
}
