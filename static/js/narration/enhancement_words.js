// The narration of the search enhancements (AIMA 4th ed. §5.2.4, §5.3.2, §5.3.3): a
// transposition-table hit or store, a position that is not quiet at the depth limit (quiescence),
// a beam that drops children. Nodes are named by the moves from the root ("X 2 · O 4"), so the
// source of a transposition hit reads as the other path to the same position ("O 4 · X 2"); a
// node's moves by who makes them ("O 8").

import { showMove, showValue } from "../view/value_format.js";
import { plural } from "../view/plural.js";
import { EVENT } from "../replay/event_types.js";

const BOUND_WORDS = {
  exact: "",
  lower: "a lower bound: the true value is at least",
  upper: "an upper bound: the true value is at most",
};
const REASON = {
  win: (moves) => `the side to move can win at once (${moves})`,
  block: (moves) => `the side to move must block a win (${moves})`,
};

// Where nothing names nodes (a bare event): the id, and the move as the trace writes it.
const BARE = { start: String, name: String, moveFrom: (id, move) => showMove(move) };

function movesText(moves, node, n) {
  return (moves || []).map((m) => n.moveFrom(node, m)).join(", ");
}

// The node a sentence names that the page links to ({id, text: its name, after: the words
// before it}), or null: a transposition hit's source, "already searched at O 4 · X 2".
// name: id -> the name the narration uses (trace_tree.js nameOf).
export function narrationLink(event, name = String) {
  return event.type === EVENT.tt_hit && event.source ? { id: event.source, text: name(event.source), after: "already searched at " } : null;
}

// One sentence, or null when `event` is none of ours. visit: the node's visit event (its
// window); n: narration.js's namer ({start, name, moveFrom}).
export function narrateEnhancement(event, visit, n = BARE) {
  const N = n.start(event.node);
  switch (event.type) {
    case EVENT.tt_hit: {
      const from = event.source ? `at ${n.name(event.source)}` : "before";
      if (event.flag === "exact") {
        return `${N}: this position was already searched ${from} — value ${showValue(event.value)} from the table`;
      }
      const side = event.flag === "lower" ? "β" : "α";
      const edge = visit ? showValue(event.flag === "lower" ? visit.beta : visit.alpha) : "";
      const test = event.flag === "lower" ? "≥" : "≤";
      return `${N}: this position was already searched ${from} — ${BOUND_WORDS[event.flag]} `
        + `${showValue(event.value)}, and ${showValue(event.value)} ${test} ${side}${edge ? ` = ${edge}` : ""} decides the window: `
        + `return ${showValue(event.value)} from the table`;
    }
    case EVENT.tt_store: {
      const what = event.flag === "exact" ? `value ${showValue(event.value)}` : `${BOUND_WORDS[event.flag]} ${showValue(event.value)}`;
      const depth = event.remaining === null || event.remaining === undefined ? "" : ` (searched ${event.remaining} deeper)`;
      return `${N}: store ${what} in the transposition table${depth}`;
    }
    case EVENT.quiescence: {
      const reason = (REASON[event.reason] || REASON.win)(movesText(event.moves, event.node, n));
      const where = event.past_limit === 0 ? "at the depth limit" : `${plural(event.past_limit, "move")} past the depth limit`;
      return `${N} is ${where} but not quiet: ${reason}. Keep searching instead of trusting EVAL`;
    }
    case EVENT.beam: {
      const kept = event.kept.map((k) => `${n.moveFrom(event.node, k.move)} (${showValue(k.estimate)})`).join(", ");
      const dropped = event.dropped.map((d) => `${n.moveFrom(event.node, d.move)} (${showValue(d.estimate)})`).join(", ");
      const best = event.kept.length === 1 ? "the best one" : `the ${event.kept.length} best`;
      return `${N}: the beam keeps ${best} by estimate — ${kept}; `
        + `never considered: ${dropped}`;
    }
    default:
      return null;
  }
}
