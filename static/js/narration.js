// One sentence per event, telling the student what just happened and why, and the
// aria-live region that reads it out. Names and labels come from the trace and are
// only ever inserted as text.

import { showMove, showValue } from "./value_format.js";

const TEST_SIGN = { "v >= beta": "≥", "v > beta": ">", "v <= alpha": "≤", "v < alpha": "<" };
const BOUND_NAME = { alpha: "α", beta: "β" };

function listWords(names) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

// A sentence may begin with a node's name: "move 6" becomes "Move 6" there.
function capitalized(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function narrate(event, replay) {
  const t = replay.tree;
  const name = (id) => t.nameOf(id);
  const role = (id) => {
    const i = t.idx(id);
    return i !== undefined && t.player[i] === "min" ? "MIN" : "MAX";
  };
  const n = name(event.node);
  const N = t.kind === "game" ? capitalized(n) : n; // a tree's labels are the instructor's, as typed
  switch (event.type) {
    case "start": {
      const alg = event.algorithm === "alphabeta" ? "Alpha-beta" : "Minimax";
      const depth = event.options && event.options.depth !== null && event.options.depth !== undefined
        ? `, depth limit ${event.options.depth}` : "";
      return `${alg} search starts at ${n}${depth}`;
    }
    case "visit": {
      const window = event.alpha !== undefined
        ? `, window [α = ${showValue(event.alpha)}, β = ${showValue(event.beta)}]` : "";
      return `Visit ${n} (${event.player === "min" ? "MIN" : "MAX"})${window}`;
    }
    case "leaf":
      return event.kind === "estimate"
        ? `${N} is at the depth limit: estimate ${showValue(event.value)}`
        : `${N} is a leaf: utility ${showValue(event.value)}`;
    case "backup": // op: which update the engine made, v <- MAX(v, ...) or MIN(v, ...)
      return `${N}: v = ${event.op}(${showValue(event.v_before)}, ${showValue(event.child_value)}) = ${showValue(event.v_after)}`;
    case "bound":
      return `${N}: ${BOUND_NAME[event.bound] || event.bound} = ${showValue(event.new)} (was ${showValue(event.old)})`;
    case "prune": {
      const bound = event.cut === "beta" ? "β" : "α";
      const against = event.cut === "beta" ? event.beta : event.alpha;
      const sign = TEST_SIGN[event.test] || event.test;
      const pruned = (event.pruned || []).map(name);
      const what = pruned.length === 0
        ? `${n} returns at once (no children left to prune)`
        : `${listWords(pruned)} ${pruned.length === 1 ? "is" : "are"} pruned`;
      return `${N} is ${role(event.node)}: v = ${showValue(event.v)} ${sign} ${bound} = ${showValue(against)}, so ${what} (${bound} cut)`;
    }
    case "result": {
      if (event.complete === false) {
        return `Search stopped early (${event.reason || "stopped"}): no result`;
      }
      const move = t.kind === "tree" ? name(event.child) : showMove(event.move);
      return `Result: ${n} = ${showValue(event.value)}, best move ${move}`;
    }
    default:
      return `${event.type} at ${n}`;
  }
}

// The narration line is itself the aria-live="polite" region: what the student reads
// is what a screen reader announces, once per step.
export function say(line, text) {
  if (line.textContent !== text) line.textContent = text;
}
