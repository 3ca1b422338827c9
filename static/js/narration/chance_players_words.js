// The narration's sentences for chance nodes (expectiminimax, and alpha-beta over a tree with
// bounds) and for several players (max^n): "C: v ← 2.5 + 0.5 × 4 = 4.5 (outcome C2, probability
// 0.5)", "R1a: C picks ⟨6, 1, 2⟩ (from R1b1): its component 2 beats 1". Each function returns ""
// for an event it has no words for, so narration.js falls back to its own.

import { showValue } from "../view/value_format.js";
import { EVENT } from "../replay/event_types.js";

const ORDINAL = ["1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th"];

// Does the tree have a chance node (so alpha-beta's baseline is expectiminimax)?
export function hasChance(t) {
  return !t.players && t.player.includes("chance");
}

function bounds(t) {
  return t.bounds || [undefined, undefined];
}

// n: narration.js's namer ({t, name, start, idx}); state: the replay's state after the event.
export function chanceSentence(event, n, state) {
  const { t } = n;
  const N = n.start(event.node);
  const i = n.idx(event.node);
  const chance = i !== undefined && t.role(i) === "chance";
  switch (event.type) {
    case EVENT.start:
      if (event.algorithm === "expectiminimax") {
        return `Expectiminimax search starts at ${n.name(event.node)}: v ← EMINIMAX(${n.name(event.node)})`;
      }
      if (event.algorithm === "alphabeta" && t.root !== undefined && t.role(t.root) === "chance") {
        return `Alpha-beta search starts at ${n.name(event.node)}: v ← CHANCE-VALUE(${n.name(event.node)}, −∞, +∞)`;
      }
      return "";
    case EVENT.visit: {
      const parent = i === undefined ? -1 : t.parent[i];
      if (!chance && parent >= 0 && t.role(parent) === "chance" && event.alpha !== undefined) {
        const role = { max: "MAX", min: "MIN" }[event.player] || event.player;
        return `Visit ${n.name(event.node)} (${role}), window [α = ${showValue(event.alpha)}, β = ${showValue(event.beta)}]: ` +
          `the bounds [lo, hi], since any value of this outcome can still move ${n.name(t.ids[parent])}'s sum`;
      }
      if (!chance) return "";
      const head = `Visit ${n.name(event.node)} (a chance node: chance picks the outcome)`;
      return event.alpha === undefined ? head
        : `${head}, window [α = ${showValue(event.alpha)}, β = ${showValue(event.beta)}]`;
    }
    case EVENT.init:
      return event.v === 0 ? `${N} is a chance node: v ← 0 (the weighted sum of its outcomes so far)` : "";
    case EVENT.backup: {
      const p = showValue(event.probability);
      return `${N}: v ← ${showValue(event.v_before)} + ${p} × ${showValue(event.child_value)} = ${showValue(event.v_after)}` +
        ` (outcome ${n.name(event.child)}, probability ${p})`;
    }
    case EVENT.test: {
      const [lo, hi] = bounds(t);
      const high = event.test.includes("hi");
      const sign = event.test.includes("<=") ? "≤" : event.test.includes(">=") ? "≥" : high ? "<" : ">";
      const greek = high ? "α" : "β";
      const against = high ? event.alpha : event.beta;
      const at = high ? `hi = ${showValue(hi)}` : `lo = ${showValue(lo)}`;
      const text = `${N}: v + rest × ${high ? "hi" : "lo"} = ${showValue(event.v)} + ${showValue(event.rest)} × ${showValue(high ? hi : lo)}` +
        ` = ${showValue(event.reach)} ${sign} ${greek} = ${showValue(against)}?`;
      if (event.holds) return `${text} Yes: return ${showValue(event.reach)} now`;
      return `${text} No: keep looking (the outcomes left, at ${at}, could still ${high ? "lift" : "lower"} the sum past ${greek})`;
    }
    case EVENT.prune: {
      const [lo, hi] = bounds(t);
      const high = event.cut === "alpha";
      const pruned = (event.pruned || []).map(n.name);
      const head = high
        ? `${N} is a chance node whose sum can reach at most ${showValue(event.v)} ≤ α = ${showValue(event.alpha)}, even if every outcome left is worth hi = ${showValue(hi)}: MAX above already has better`
        : `${N} is a chance node whose sum is at least ${showValue(event.v)} ≥ β = ${showValue(event.beta)}, even if every outcome left is worth lo = ${showValue(lo)}: MIN above already has better`;
      if (!pruned.length) return `${head}; it was the last outcome: nothing is left to prune`;
      const words = pruned.length === 1 ? `${pruned[0]} is` : `${pruned.slice(0, -1).join(", ")} and ${pruned[pruned.length - 1]} are`;
      return `${head}: ${words} not looked at (${high ? "α" : "β"} cut)`;
    }
    default:
      return "";
  }
}

export function maxnSentence(event, n) {
  const { t } = n;
  if (!t.players) return "";
  const N = n.start(event.node);
  const i = n.idx(event.node);
  switch (event.type) {
    case EVENT.start:
      return `Max^n search starts at ${n.name(event.node)} with players ${t.players.join(", ")}: ` +
        `v ← MAXN-VALUE(${n.name(event.node)}); each player maximises its own component`;
    case EVENT.visit: {
      if (i !== undefined && !t.childCount(i)) return `Visit ${n.name(event.node)} (a leaf)`;
      const k = t.players.indexOf(event.player);
      return `Visit ${n.name(event.node)} (${event.player} moves here and maximises the ${ORDINAL[k] || `#${k + 1}`} component)`;
    }
    case EVENT.init:
      return `${N} is ${t.player[i]}'s move: v ← none (no vector yet)`;
    case EVENT.backup: {
      const mover = event.mover;
      const k = t.players.indexOf(mover);
      const u = event.child_value;
      const child = n.name(event.child);
      if (event.v_before === null) return `${N}: ${mover} takes ${showValue(u)} (from ${child}): the first vector`;
      const before = event.v_before;
      if (u[k] > before[k]) {
        return `${N}: ${mover} picks ${showValue(u)} (from ${child}): its component ${showValue(u[k])} beats ${showValue(before[k])}`;
      }
      const why = u[k] === before[k] ? `ties with ${showValue(u[k])}, and the first stays` : `beats ${showValue(u[k])}`;
      return `${N}: ${mover} keeps ${showValue(before)}: its component ${showValue(before[k])} ${why} (${child} has ${showValue(u)})`;
    }
    default:
      return "";
  }
}
