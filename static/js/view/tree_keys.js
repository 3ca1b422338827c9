// Walking the drawn tree with the keyboard, as it is drawn (root at the top): ↑ the parent,
// ↓ the first child, ← and → the previous and next sibling, Home the root, End the node the
// search visited last. Only nodes with elements can take the focus: in a big tree's drawing a
// folded subtree's children are not there (Enter opens it). No DOM here: Node's tests import it.

export const WALK_KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End"]);

// The node a key moves to from node i, or undefined (no such node drawn: stay).
// tree: a TraceTree; isDrawn(j): whether j has elements; lastVisited: End's node.
export function walkTarget(tree, i, key, isDrawn, lastVisited) {
  const pick = (j) => (j !== undefined && j >= 0 && isDrawn(j) ? j : undefined);
  if (key === "Home") return pick(tree.root);
  if (key === "End") return pick(lastVisited);
  const parent = tree.parent[i];
  if (key === "ArrowUp") return pick(parent);
  if (key === "ArrowDown") return tree.childrenOf(i).find((j) => isDrawn(j));
  if (parent < 0) return undefined; // the root has no siblings
  const siblings = tree.childrenOf(parent).filter((j) => isDrawn(j));
  const at = siblings.indexOf(i);
  if (key === "ArrowLeft") return at > 0 ? siblings[at - 1] : undefined;
  if (key === "ArrowRight") return at >= 0 && at < siblings.length - 1 ? siblings[at + 1] : undefined;
  return undefined;
}

// Node i's place for a screen reader: aria-level (the root is 1), aria-posinset and aria-setsize
// among all its parent's children (drawn or not: a folded sibling still counts).
export function itemPlace(tree, i) {
  let level = 1;
  for (let j = tree.parent[i]; j >= 0; j = tree.parent[j]) level++;
  const parent = tree.parent[i];
  if (parent < 0) return { level, position: 1, size: 1 };
  const siblings = tree.childrenOf(parent);
  return { level, position: siblings.indexOf(i) + 1, size: siblings.length };
}

// The node End goes to: the node the step is at, or at the result (no node current) the one
// the search entered last.
export function lastVisitedNode(state, drawnNodes) {
  if (state.current >= 0) return state.current;
  let last;
  let most = 0;
  for (const i of drawnNodes) {
    const order = state.orderOf(i) || 0;
    if (order > most) {
      most = order;
      last = i;
    }
  }
  return last;
}
