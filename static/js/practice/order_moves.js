// The ordering exercise's state, kept apart from the page so it can be tested alone: each internal node's
// children in the order the student chose, the tree drawn in that order, and a move of one child.

// {node id: [child ids]} for every internal node, in the tree's own order.
export function givenOrder(tree) {
  const out = {};
  const walk = (n) => {
    if (!n.children || n.children.length === 0) return;
    out[n.id] = n.children.map((c) => c.id);
    n.children.forEach(walk);
  };
  walk(tree);
  return out;
}

// The order `saved` (a reload's), keeping only what still fits the tree: each node's list a permutation of its children.
export function restoredOrder(tree, saved) {
  const order = givenOrder(tree);
  for (const [id, children] of Object.entries(saved || {})) {
    const own = order[id];
    if (own && Array.isArray(children) && children.length === own.length && own.every((c) => children.includes(c))) {
      order[id] = [...children];
    }
  }
  return order;
}

// A copy of `tree` with each node's children in `order`.
export function orderedTree(tree, order) {
  const copy = (n) => {
    if (!n.children || n.children.length === 0) return { ...n };
    const byId = new Map(n.children.map((c) => [c.id, c]));
    const ids = order[n.id] || n.children.map((c) => c.id);
    return { ...n, children: ids.map((id) => copy(byId.get(id))) };
  };
  return copy(tree);
}

// `list` with the item at `from` moved to `to` (clamped): the new array, or the same one when nothing moves.
export function moved(list, from, to) {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from === target || from < 0 || from >= list.length) return list;
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(target, 0, item);
  return out;
}

// Where a key moves the focused child: Arrow Left/Up one earlier, Right/Down one later, Home first, End last; null for any other key.
export function keyTarget(key, index, length) {
  if (key === "ArrowLeft" || key === "ArrowUp") return index - 1;
  if (key === "ArrowRight" || key === "ArrowDown") return index + 1;
  if (key === "Home") return 0;
  if (key === "End") return length - 1;
  return null;
}
