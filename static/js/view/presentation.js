// What each node of the drawing shows at a step: its status, value, [α, β] window, and the
// edge into it (on the path, pruned, cut, chosen, the "α cut" words). One pure function
// of (replay state, trace tree, node), read by the SVG view and the LaTeX export alike;
// the SVG and PNG exports copy the drawn view. So no picture can disagree with another.
// No DOM and no d3 here: Node's tests import it.

import { Status, hasReturned } from "../replay/node_state.js";
import { showReturned, showValue } from "./value_format.js";

export { Status };

// The words on the first skipped child's edge of a prune.
export const CUT_WORDS = { alpha: "α cut", beta: "β cut" };

// What every node of one step shares: the path from the root to the current node (whose
// windows show, with those of the nodes done) and the root's chosen child once the result is in.
export function stepContext(state, tree) {
  const path = state.current >= 0 ? tree.pathTo(state.current) : [];
  const child = state.result ? state.result.child : null;
  const chosen = child === null || child === undefined ? undefined : tree.idx(child);
  // The step is at a transposition hit: the node whose search filled the entry is highlighted.
  const hit = state.current >= 0 ? state.ttOf(state.current) : null;
  const ttSource = hit && hit.source ? tree.idx(hit.source) : undefined;
  return { path, onPath: new Set(path), chosen, ttSource };
}

// Node i at the step `state` is at:
//   status      Status.*: CURRENT for the node the step is at, else where the search stands
//   value       the number written in the shape (undefined: none yet), as text in valueText;
//               given: it is the problem's own leaf value, not read by the search yet;
//               final: the search is done with the node; estimate: an eval at the depth limit;
//               bound: "upper" / "lower" when what it returned is only a bound ("≤ 2" in valueText)
//   order       when the search first entered the node ("" if not yet), as text
//   window      {alpha, beta} on the path to the current node, and kept on a node the search is
//               done with, as the slides keep it (the view dims it there); else null (unvisited,
//               pruned, or minimax: no window); as text in windowText
//   onPath, chosen (the result's move)
//   board       a game node's position is shown (it has one and was visited)
//   edge        the edge from the parent (null at the root), see presentEdge
// `context` is stepContext(state, tree), passed in when drawing many nodes of one step.
export function presentNode(state, tree, i, context = stepContext(state, tree)) {
  const kept = state.statusOf(i);
  const status = i === state.current ? Status.CURRENT : kept;
  const searched = state.vOf(i);
  const given = searched === undefined && tree.given[i] !== undefined;
  const value = given ? tree.given[i] : searched;
  const onPath = context.onPath.has(i);
  const alpha = onPath || hasReturned(kept) ? state.alphaOf(i) : undefined;
  const bound = kept === Status.BOUNDED ? state.boundOf(i) : undefined;
  const window = alpha !== undefined ? { alpha, beta: state.betaOf(i) } : null;
  return {
    status,
    value,
    valueText: showReturned(value, bound),
    given,
    final: kept === Status.DONE && !given,
    bound,
    estimate: state.leafKindOf(i) === "estimate",
    order: state.orderOf(i) ? String(state.orderOf(i)) : "",
    window,
    windowText: window ? `[${showValue(window.alpha)}, ${showValue(window.beta)}]` : "",
    onPath,
    chosen: i === context.chosen,
    board: tree.board[i] !== undefined && status !== Status.UNVISITED && status !== Status.PRUNED,
    // the enhancements (AIMA 4th ed. §5.2.4, §5.3.2): answered from the transposition table ({flag, source: the index of
    // the node that filled the entry}), searched past the depth limit (quiescence), not quiet there.
    ttHit: ttHit(state, tree, i),
    pastLimit: tree.pastLimit ? tree.pastLimit(i) : false,
    noisy: Boolean(state.noisyOf(i)),
    ttSource: i === context.ttSource,
    edge: presentEdge(state, tree, i, kept, onPath, i === context.chosen),
  };
}

// {flag, source: the index of the node that filled the entry} of a transposition hit at i, or null.
function ttHit(state, tree, i) {
  const hit = state.ttOf(i);
  return hit ? { flag: hit.flag, source: tree.idx(hit.source) } : null;
}

// The edge into node i: on the path, into a pruned subtree, the cut edge ("alpha" or
// "beta": the edge into a child a prune skipped), into the chosen move; `cutWords` names
// the cut once per prune, on the first skipped child's edge ("" elsewhere).
function presentEdge(state, tree, i, kept, onPath, chosen) {
  const parent = tree.parent[i];
  if (parent < 0) return null;
  const cut = state.cutOf(i) || null;
  const prune = state.pruneOf(parent);
  const first = cut !== null && prune && prune.pruned && prune.pruned[0] === tree.ids[i];
  return { onPath, pruned: kept === Status.PRUNED, dropped: kept === Status.DROPPED, cut, chosen, cutWords: first ? CUT_WORDS[cut] : "" };
}
