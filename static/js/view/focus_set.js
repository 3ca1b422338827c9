// Which nodes a big tree's drawing shows: the path from the root to the node the step is at,
// every child of each node on that path (so each path node's siblings show too), and the
// children of each node the student opened. Every other shown node with children stands
// for its whole subtree, drawn as one collapsed mark. Pure: no DOM, no d3 (Node tests it).
// It reads only the TraceTree API (root, parent, childrenOf, childCount, pathTo, kind, size),
// and costs the size of what it shows, never the size of the tree.

// Up to these many nodes the whole tree is drawn, node by node, as for a lecture: every tree
// the input limits allow, and a game search of up to 500 positions. Each position is a board
// of some 30 elements: laying out 300 of them took Chromium 100-300 ms here, and nobody reads
// more than a few hundred boards at once.
export const FULL_DRAWING_MAX = { tree: 10000, game: 500 };

// While a game search streams, its drawing is whole only up to this many positions: laying out
// hundreds of new boards again each time a batch arrives held the page for tenths of a second.
// Once the search is over, a game of up to FULL_DRAWING_MAX.game positions is drawn whole, once.
export const STREAMING_DRAWING_MAX = 100;

// Whether `tree` is small enough to draw whole. streaming: the search is still sending events.
export function drawsWhole(tree, streaming = false) {
  const kind = tree.kind === "game" ? "game" : "tree";
  const max = streaming && kind === "game" ? Math.min(STREAMING_DRAWING_MAX, FULL_DRAWING_MAX.game) : FULL_DRAWING_MAX[kind];
  return tree.size <= max;
}

// The focus: the node the drawing is about (the current node; the root at the result).
export function focusOf(tree, current) {
  return current >= 0 && current < tree.size ? current : tree.root;
}

// What to draw with the focus on node `focus` and `opened` (a Set of node indices the student
// expanded) -> {
//   nodes     shown node indices, each after its parent (depth first, children left to right)
//   kids      Map: shown node -> its shown children (every child, or none: a subtree is whole or closed)
//   path      the root .. focus
//   onPath    Set of the path
//   collapsed Set of shown nodes with children that are not shown (drawn as one mark)
//   opened    Set of shown nodes the student opened (off the path, children shown)
// }
export function focusSet(tree, focus, opened) {
  const path = tree.pathTo(focus);
  const onPath = new Set(path);
  const nodes = [];
  const kids = new Map();
  const collapsed = new Set();
  const open = new Set();
  const stack = [tree.root];
  while (stack.length) {
    const i = stack.pop();
    nodes.push(i);
    if (tree.childCount(i) === 0) continue;
    if (!onPath.has(i) && !opened.has(i)) {
      collapsed.add(i);
      continue;
    }
    if (!onPath.has(i)) open.add(i);
    const children = tree.childrenOf(i);
    kids.set(i, children);
    for (let c = children.length - 1; c >= 0; c--) stack.push(children[c]);
  }
  return { nodes, kids, path, onPath, collapsed, opened: open };
}

// `opened` with node j made visible: every ancestor of j opened, but those in `open` (the path,
// open anyway: opening them would keep them open once the path moves on). A new Set; j itself
// stays as it was.
export function reveal(tree, opened, j, open = new Set()) {
  const out = new Set(opened);
  for (let a = tree.parent[j]; a >= 0; a = tree.parent[a]) if (!open.has(a)) out.add(a);
  return out;
}

// `opened` with node i opened, or closed if it was open (a new Set).
export function toggled(opened, i) {
  const out = new Set(opened);
  if (out.has(i)) out.delete(i);
  else out.add(i);
  return out;
}

// The collapsed mark's words: "▸ 12,345 nodes" (the node and everything under it, so far).
export function sizeWords(size) {
  return `▸ ${size.toLocaleString("en")} ${size === 1 ? "node" : "nodes"}`;
}

// The note over a focus drawing, for a student.
export function focusNote(size) {
  return `${size.toLocaleString("en")} nodes: too many to draw at once. Showing the path to the current node and its neighbours; each ▸ mark is a subtree folded up (click it to open it).`;
}
