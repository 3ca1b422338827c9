// At the result: which of the root's children won, and by how much ("Why B: it is worth 3; the next
// best, C, is worth at most 2 (cut short: a bound), so B wins by at least 1"). Minimax's values
// are exact; alpha-beta's cut children return bounds (AIMA 4th ed. §5.2.3: "C ... has a value of at
// most 2"), so a margin against one is only "at least". Iterative deepening: the last iteration's
// children (the replay clears the drawing when an iteration starts again at the root).

import { boundWords, showValue } from "../view/value_format.js";

// A root child as the state left it at the result: {i, v, bound} ("upper" / "lower" / undefined),
// or null when it never returned (pruned, dropped by a beam, not reached).
function childValue(state, i) {
  if (!state.returned(i)) return null;
  const v = state.vOf(i);
  if (typeof v !== "number" || Number.isNaN(v)) return null;
  let bound = state.boundOf(i);
  // A transposition hit answered with a bound from the table (its flag) is a bound too.
  const hit = state.ttOf(i);
  if (!bound && hit && (hit.flag === "upper" || hit.flag === "lower")) bound = hit.flag;
  return { i, v, bound };
}

// The sentence, or "" where it does not apply: a search stopped early, a root with no move, a
// tree with chance nodes or max^n players (their values are not one side's), no state to read.
// `n`: the narration's namer; `chance`: whether the tree has chance nodes.
export function marginWords(event, n, state, chance = false) {
  const { t } = n;
  if (!state || event.complete === false || chance || t.players) return "";
  const best = event.child === null || event.child === undefined ? undefined : t.idx(event.child);
  if (best === undefined) return "";
  const min = t.player[t.root] === "min";
  const nameOf = (i) => (t.kind === "game" ? n.bestMove(t.move[i]) : n.name(t.ids[i]));
  const B = nameOf(best);
  const all = t.childrenOf(t.root);
  const top = childValue(state, best);
  if (!top) return "";
  const others = all.filter((i) => i !== best).map((i) => childValue(state, i)).filter(Boolean);
  if (!others.length) return all.length === 1 ? `${B} was the only move` : `${B} was the only move searched`;
  // The runner-up: the best value (or bound) for the root's player; an exact value before a bound
  // that equals it, so a margin that is known exactly is said exactly.
  const better = (a, b) => (min ? a.v < b.v : a.v > b.v) || (a.v === b.v && !a.bound && b.bound);
  const next = others.reduce((a, b) => (better(b, a) ? b : a));
  const head = `Why ${B}: it is worth ${showValue(top.v)}`;
  const forWhom = min ? " for MIN" : "";
  const margin = min ? next.v - top.v : top.v - next.v;
  const R = nameOf(next.i);
  // Iterative deepening searched the root best first, then chose as one alpha-beta would: the first in the game's order.
  const kept = event.iterations ? "the first in the game's own move order is kept" : "the first best move found is kept";
  if (!next.bound) {
    if (margin === 0) return `${head}; so is ${R}: a tie, and ${kept}`;
    return `${head}; the next best${forWhom}, ${R}, is worth ${showValue(next.v)}, so ${B} wins by ${showValue(margin)}`;
  }
  const runner = `${head}; the next best${forWhom}, ${R}, is worth ${boundWords(next.v, next.bound)} (cut short: a bound)`;
  // A bound that caps the runner-up (at most, against MAX; at least, against MIN) gives a margin.
  const caps = next.bound === (min ? "lower" : "upper");
  if (!caps) return `${runner}, so the margin is not known`;
  if (margin === 0) return `${runner}: no better, and ${kept}`;
  return `${runner}, so ${B} wins by at least ${showValue(margin)}`;
}
