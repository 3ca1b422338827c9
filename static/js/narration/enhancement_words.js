// The narration of the search enhancements (AIMA 4th ed. §5.2.4, §5.3.2, §5.3.3): a
// transposition-table hit or store, a position that is not quiet at the depth limit (quiescence),
// a beam that drops children. Node ids are used where a move name would be ambiguous ("root.0.4":
// the same position by another path).

import { showMove, showValue } from "../view/value_format.js";

const BOUND_WORDS = {
  exact: "",
  lower: "a lower bound: the true value is at least",
  upper: "an upper bound: the true value is at most",
};
const REASON = {
  win: (moves) => `the side to move can win at once (${moves})`,
  block: (moves) => `the side to move must block a win (${moves})`,
};

function movesText(moves) {
  return (moves || []).map(showMove).join(", ");
}

// The node a sentence names that the page links to ({id, after: the words before it}), or null:
// a transposition hit's source, "already searched at root.0.4".
export function narrationLink(event) {
  return event.type === "tt_hit" && event.source ? { id: event.source, after: "already searched at " } : null;
}

// One sentence, or null when `event` is none of ours. visit: the node's visit event (its window).
export function narrateEnhancement(event, visit) {
  switch (event.type) {
    case "tt_hit": {
      const from = event.source ? `at ${event.source}` : "before";
      if (event.flag === "exact") {
        return `${event.node}: this position was already searched ${from} — value ${showValue(event.value)} from the table`;
      }
      const side = event.flag === "lower" ? "β" : "α";
      const edge = visit ? showValue(event.flag === "lower" ? visit.beta : visit.alpha) : "";
      const test = event.flag === "lower" ? "≥" : "≤";
      return `${event.node}: this position was already searched ${from} — ${BOUND_WORDS[event.flag]} `
        + `${showValue(event.value)}, and ${showValue(event.value)} ${test} ${side}${edge ? ` = ${edge}` : ""} decides the window: `
        + `return ${showValue(event.value)} from the table`;
    }
    case "tt_store": {
      const what = event.flag === "exact" ? `value ${showValue(event.value)}` : `${BOUND_WORDS[event.flag]} ${showValue(event.value)}`;
      const depth = event.remaining === null || event.remaining === undefined ? "" : ` (searched ${event.remaining} deeper)`;
      return `${event.node}: store ${what} in the transposition table${depth}`;
    }
    case "quiescence": {
      const reason = (REASON[event.reason] || REASON.win)(movesText(event.moves));
      const where = event.past_limit === 0 ? "at the depth limit" : `${event.past_limit} past the depth limit`;
      return `${event.node} is ${where} but not quiet: ${reason}. Keep searching instead of trusting EVAL`;
    }
    case "beam": {
      const kept = event.kept.map((k) => `${showMove(k.move)} (${showValue(k.estimate)})`).join(", ");
      const dropped = event.dropped.map((d) => `${showMove(d.move)} (${showValue(d.estimate)})`).join(", ");
      return `${event.node}: the beam keeps the ${event.kept.length} best by estimate — ${kept}; `
        + `never considered: ${dropped}`;
    }
    default:
      return null;
  }
}
