// An exercise's tree laid out with d3's tree layout (global `d3`, /vendor/d3.min.js) and drawn the
// main view's way: MAX an upward triangle, MIN a downward one, a chance node a circle, the label
// beside it, a leaf's value inside; in a max^n tree each node an upward triangle with the name of
// the player to move inside, in that player's colour, and a leaf's vector ⟨1, 5, 2⟩ under it. The
// drawing is at its natural size in a scrollable box (no zoom), so the boxes the student types in
// stay a usable size on a phone. Shared by the student's page and the results.

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

export const VECTOR_H = 16; // the row under a max^n leaf that holds its vector
const COLOURS = 6; // app.css colours a max^n player `mover-${k % 6}`, as the main view does

// A node's outline: a circle for a chance node, else a triangle (downward for MIN).
export function triangle(player, x, y) {
  if (player === "chance") {
    const r = HALF + 1;
    return `M${x - r},${y}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0Z`;
  }
  return player === "min"
    ? `M${x},${y + RISE + 3}L${x + HALF},${y - RISE}L${x - HALF},${y - RISE}Z`
    : `M${x},${y - RISE - 3}L${x + HALF},${y + RISE}L${x - HALF},${y + RISE}Z`;
}

const LABEL_CHAR = 7.5; // px per character of a bold 12px label, a little generous

// {nodes: [{id, label, player, value?, probability?, leaf, x, y, parent, children, depth}] in preorder,
// byId, width, height, players}. dx: the room each leaf needs at least; more when a label (drawn left
// of its triangle) is long, so a label never runs into its neighbour; dy: from a node to its children;
// players: a max^n tree's players (the student's copy has them), whose leaves hold vectors.
export function layoutTree(tree, { dx: least, dy, players = null }) {
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
      probability: d.data.probability,
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
  return { nodes, byId, width: maxX - minX + 2 * MARGIN + dx, height: maxY + 2 * MARGIN + 60, players };
}

// A drawing's layers at (width, height): the canvas (a scrollable box's content), its SVG with the edges' layer under
// the nodes' (each node drawn by drawNodes), the HTML layer over it for what the student types, and the callout that
// explains a mark. `className`: the canvas's classes. Shared by the values tree and the built exercises' drawings.
export function drawingLayers(layout, width, height, className = "exercise-canvas") {
  const canvas = document.createElement("div");
  canvas.className = className;
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  const svg = svgEl("svg", { class: "exercise-tree", width, height, "aria-hidden": "true" }, canvas);
  const edgeLayer = svgEl("g", { class: "edges" }, svg);
  const groups = drawNodes(svgEl("g", { class: "nodes" }, svg), layout);
  const fields = document.createElement("div");
  fields.className = "exercise-fields";
  const callout = document.createElement("div");
  callout.className = "callout";
  callout.tabIndex = -1;
  callout.hidden = true;
  canvas.append(fields, callout);
  return { canvas, svg, edgeLayer, groups, fields, callout };
}

// The shapes of every node (a group per node, data-node-id) into `layer`; returns {id: group}.
export function drawNodes(layer, layout) {
  const groups = {};
  const players = layout.players;
  for (const n of layout.nodes) {
    const k = players ? players.indexOf(n.player) : -1;
    const role = players ? `maxn${n.leaf ? " leaf" : ` mover-${k % COLOURS}`}` : n.player === "min" ? "min" : n.player === "chance" ? "chance" : "max";
    const g = svgEl("g", { class: `node ${role}`, "data-node-id": n.id, "data-player": n.player }, layer);
    svgEl("path", { class: "shape", d: triangle(players ? "max" : n.player, n.x, n.y) }, g);
    const label = svgEl("text", { class: "label", x: n.x - HALF - 5, y: n.y, "text-anchor": "end" }, g);
    label.textContent = n.label;
    if (players && !n.leaf) {
      const mover = svgEl("text", { class: "mover", x: n.x, y: n.y + 5 }, g);
      mover.textContent = n.player; // a tree's own text: never markup
    }
    if (n.leaf && n.value !== undefined && n.value !== null) { // a make-it-prune leaf is blank: the student's
      const vector = Array.isArray(n.value);
      const y = vector ? n.y + RISE + 4 + VECTOR_H / 2 : n.y + (n.player === "min" ? -3 : 4);
      const value = svgEl("text", { class: vector ? "value vector" : "value", x: n.x, y }, g);
      value.textContent = vector ? `⟨${n.value.join(", ")}⟩` : String(n.value);
    }
    groups[n.id] = g;
  }
  return groups;
}

// The legend's entries for what this exercise's tree has (`legend`: the page's <ul class="legend">):
// a chance node and its probabilities; a max^n tree's players, each name in its colour, in place of
// MAX and MIN; the ✂ entry only where prunes are asked. Names are the tree's own text, set as text.
export function extendLegend(legend, copy) {
  const doc = legend.ownerDocument;
  const entry = (key, className, text, words) => {
    const li = doc.createElement("li");
    li.dataset.legend = key;
    const swatch = doc.createElement("span");
    swatch.className = className;
    swatch.setAttribute("aria-hidden", "true");
    swatch.textContent = text;
    li.append(swatch, ` ${words}`);
    legend.appendChild(li);
    return li;
  };
  for (const old of legend.querySelectorAll("[data-legend]")) old.remove();
  const pruned = legend.querySelector(".key-pruned");
  if (pruned) pruned.closest("li").hidden = !copy.ask.includes("pruned");
  let chance = false;
  const stack = [copy.tree];
  while (stack.length) {
    const n = stack.pop();
    if (n.player === "chance" && n.children) chance = true;
    for (const c of n.children || []) stack.push(c);
  }
  if (chance) entry("chance", "chance-key", "", "chance node: its outcomes' probabilities are on its edges");
  if (copy.players) {
    for (const s of legend.querySelectorAll(".swatch.max, .swatch.min")) s.closest("li").hidden = true;
    const li = entry("players", "swatch", "▲", "player to move:");
    copy.players.forEach((name, k) => {
      const key = doc.createElement("span");
      key.className = `player-key mover-${k % COLOURS}`;
      key.textContent = ` ${name}`;
      li.appendChild(key);
    });
  }
}
