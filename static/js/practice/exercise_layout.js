// An exercise's tree laid out with d3's tree layout (global `d3`, /vendor/d3.min.js) and drawn the
// main view's way: MAX an upward triangle, MIN a downward one, the label beside it, a leaf's value
// inside. The drawing is at its natural size in a scrollable box (no zoom), so the boxes the
// student types in stay a usable size on a phone. Shared by the student's page and the results.

const SVG_NS = "http://www.w3.org/2000/svg";
export const HALF = 16; // a triangle's half width
export const RISE = 14;
const MARGIN = 56;

export function svgEl(name, attrs, parent) {
  const e = document.createElementNS(SVG_NS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

export function triangle(player, x, y) {
  return player === "min"
    ? `M${x},${y + RISE + 3}L${x + HALF},${y - RISE}L${x - HALF},${y - RISE}Z`
    : `M${x},${y - RISE - 3}L${x + HALF},${y + RISE}L${x - HALF},${y + RISE}Z`;
}

const LABEL_CHAR = 7.5; // px per character of a bold 12px label, a little generous

// {nodes: [{id, label, player, value?, leaf, x, y, parent, children, depth}] in preorder, byId,
// width, height}. dx: the room each leaf needs at least; more when a label (drawn left of its
// triangle) is long, so a label never runs into its neighbour; dy: from a node to its children.
export function layoutTree(tree, { dx: least, dy }) {
  const root = d3.hierarchy(tree, (d) => d.children);
  let longest = 0;
  root.each((d) => {
    longest = Math.max(longest, String(d.data.label === undefined ? d.data.id : d.data.label).length);
  });
  const dx = Math.max(least, Math.ceil(longest * LABEL_CHAR) + 2 * HALF + 14);
  d3.tree().nodeSize([dx, dy]).separation(() => 1)(root);
  let minX = Infinity;
  let maxX = -Infinity;
  let maxY = 0;
  root.each((d) => {
    minX = Math.min(minX, d.x);
    maxX = Math.max(maxX, d.x);
    maxY = Math.max(maxY, d.y);
  });
  const nodes = [];
  const byId = new Map();
  const place = (d, parent) => {
    const node = {
      id: d.data.id,
      label: d.data.label === undefined ? d.data.id : d.data.label,
      player: d.data.player,
      value: d.data.value,
      leaf: !d.children,
      x: d.x - minX + MARGIN + dx / 2,
      y: d.y + MARGIN - 20,
      depth: d.depth,
      parent,
      children: [],
    };
    nodes.push(node);
    byId.set(node.id, node);
    if (parent) parent.children.push(node);
    for (const c of d.children || []) place(c, node);
  };
  place(root, null);
  return { nodes, byId, width: maxX - minX + 2 * MARGIN + dx, height: maxY + 2 * MARGIN + 60 };
}

// The shapes of every node (a group per node, data-node-id) into `layer`; returns {id: group}.
export function drawNodes(layer, layout) {
  const groups = {};
  for (const n of layout.nodes) {
    const g = svgEl("g", { class: `node ${n.player === "min" ? "min" : "max"}`, "data-node-id": n.id }, layer);
    svgEl("path", { class: "shape", d: triangle(n.player, n.x, n.y) }, g);
    const label = svgEl("text", { class: "label", x: n.x - HALF - 5, y: n.y, "text-anchor": "end" }, g);
    label.textContent = n.label;
    if (n.leaf && n.value !== undefined) {
      const value = svgEl("text", { class: "value", x: n.x, y: n.y + (n.player === "min" ? -3 : 4) }, g);
      value.textContent = String(n.value);
    }
    groups[n.id] = g;
  }
  return groups;
}
