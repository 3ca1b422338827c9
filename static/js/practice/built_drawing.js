// The drawing of a built exercise's tree (ordering, make-it-prune): the exercise's own layout and shapes
// (exercise_layout.js), its edges, and a layer of HTML over it for what the student types; then what the real
// search did with the student's build, once checked: the leaves it evaluated and the branches it pruned. A tree a
// little wider than its box is drawn smaller to fit (down to MIN_FIT), so the student sees the whole tree they order
// or fill; a wider one (a phone) scrolls, and a callout brings its node into view with it.

import { calloutSpot, scrollToShow } from "./callout_spot.js";
import { layoutTree, drawingLayers, svgEl, RISE } from "./exercise_layout.js";

const BOTTOM_ROOM = 96; // under the leaves: a leaf's box and the callout that explains it
const MIN_FIT = 0.7; // the smallest zoom a tree is drawn at to fit its box (0.85rem text stays about 10 px, boxes 18 px)
const PAD = 3; // room kept around each node and box when placing a callout

export class BuiltDrawing {
  // box: the scrollable element; tree: the copy's tree (as the student's order has it); bottom: the room under the
  // leaves (more where a leaf's box and a long callout under it must fit without scrolling the root out of view).
  constructor(box, tree, { dx = 64, dy = 96, bottom = BOTTOM_ROOM } = {}) {
    this.layout = layoutTree(tree, { dx, dy });
    const height = Math.max(...this.layout.nodes.map((n) => n.y)) + RISE + bottom;
    Object.assign(this, drawingLayers(this.layout, this.layout.width, height, "exercise-canvas built-canvas"));
    this.edges = new Map(); // child id -> its edge
    for (const n of this.layout.nodes) {
      for (const c of n.children) {
        const line = svgEl("line", { class: "edge", x1: n.x, y1: n.y + RISE + 4, x2: c.x, y2: c.y - RISE - 4, "data-child": c.id }, this.edgeLayer);
        this.edges.set(c.id, line);
      }
    }
    this.box = box;
    box.replaceChildren(this.canvas);
    if (!box.builtDrawing) new ResizeObserver(() => box.builtDrawing.fit()).observe(box); // one per box: its drawing now
    box.builtDrawing = this;
    this.fit();
    box.scrollLeft = Math.max(0, this.layout.nodes[0].x * this.zoom - box.clientWidth / 2);
  }

  // Draw the tree at the zoom that fits the box's width, if that is at least MIN_FIT; else at its own size.
  // A browser without CSS zoom draws at full size (and scrolls). A callout shown is placed again for the new zoom.
  fit() {
    const zoomFor = () => {
      const scale = (this.box.clientWidth - 2) / this.layout.width;
      return scale < 1 && scale >= MIN_FIT && CSS.supports("zoom", "1") ? scale : 1;
    };
    const before = this.zoom;
    for (let pass = 0; pass < 2; pass += 1) { // a second pass when the first showed or hid a scroll bar
      const zoom = zoomFor();
      if (zoom === this.zoom) break;
      this.zoom = zoom;
      this.canvas.style.zoom = zoom === 1 ? "" : String(zoom);
    }
    if (before !== undefined && before !== this.zoom && this.explained && !this.callout.hidden) this.explain(...this.explained);
  }

  // The middle of the edge into child `id` (where its ✂ sits).
  edgeMiddle(id) {
    const c = this.layout.byId.get(id);
    const p = c.parent;
    return { x: (p.x + c.x) / 2, y: (p.y + RISE + 4 + c.y - RISE - 4) / 2 };
  }

  // What the search did: `visited` leaves (their shapes filled), `pruned` children (their edges cut, their
  // subtrees greyed). Cleared by the next call.
  showSearch(visited, pruned) {
    const seen = new Set(visited);
    const cut = new Set(pruned);
    const off = new Set();
    for (const n of this.layout.nodes) {
      if (cut.has(n.id) || (n.parent && off.has(n.parent.id))) off.add(n.id);
    }
    for (const n of this.layout.nodes) {
      this.groups[n.id].classList.toggle("evaluated", seen.has(n.id));
      this.groups[n.id].classList.toggle("cut-off", off.has(n.id));
      const edge = this.edges.get(n.id);
      if (edge) {
        edge.classList.toggle("cut-off", off.has(n.id) && !cut.has(n.id));
        edge.classList.toggle("search-cut", cut.has(n.id));
      }
    }
  }

  // The rectangle (drawing coordinates) an element of the HTML layer takes, transforms and zoom undone.
  rectOf(el) {
    const c = this.canvas.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    const z = c.width / this.layout.width || 1;
    return { x1: (r.left - c.left) / z - PAD, y1: (r.top - c.top) / z - PAD, x2: (r.right - c.left) / z + PAD, y2: (r.bottom - c.top) / z + PAD };
  }

  // What the drawing shows that a callout must not hide: each node's shape, label and value, and each box or mark
  // of the HTML layer.
  obstacles() {
    const out = [];
    for (const n of this.layout.nodes) {
      const b = this.groups[n.id].getBBox();
      out.push({ x1: b.x - PAD, y1: b.y - PAD, x2: b.x + b.width + PAD, y2: b.y + b.height + PAD });
    }
    for (const el of this.fields.children) out.push(this.rectOf(el));
    return out;
  }

  // Node `id`'s centre and the rectangle it takes with its label and, for a leaf, the box the student types in.
  nodeBox(id) {
    const n = this.layout.byId.get(id);
    const b = this.groups[id].getBBox();
    const box = { x: n.x, y: n.y, leaf: n.leaf, left: b.x, right: b.x + b.width, top: b.y, bottom: b.y + b.height };
    const field = this.fields.querySelector(`.field [data-node="${CSS.escape(id)}"]`); // its box, not an edge's ✂ mark
    if (field) {
      const r = this.rectOf(field.closest(".field") || field);
      Object.assign(box, { left: Math.min(box.left, r.x1), right: Math.max(box.right, r.x2), bottom: Math.max(box.bottom, r.y2) });
    }
    return box;
  }

  // The explanation beside node `id`, clear of every node and box (callout_spot.js), with the node and the
  // explanation brought into view together.
  explain(id, text, style) {
    const n = this.layout.byId.get(id);
    if (!n) return;
    for (const el of this.canvas.querySelectorAll(".first, .hinted")) el.classList.remove("first", "hinted");
    this.groups[id].classList.add(style);
    this.explained = [id, text, style];
    // A drawing shrunk to fit keeps its callout at the page's size: it is read, not placed.
    const width = Math.min(260 / this.zoom, this.layout.width - 16);
    this.callout.className = `callout ${style}`;
    this.callout.textContent = text;
    this.callout.dataset.node = id;
    this.callout.hidden = false;
    this.callout.style.width = `${width}px`;
    this.callout.style.fontSize = this.zoom === 1 ? "" : `${0.85 / this.zoom}rem`;
    const size = { w: width, h: this.callout.offsetHeight };
    const node = this.nodeBox(id);
    const spot = calloutSpot(node, size, this.obstacles(), this.layout.width);
    this.callout.style.left = `${spot.x}px`;
    this.callout.style.top = `${spot.y}px`;
    this.growTo(spot.y + size.h + 8);
    this.reveal({ x1: Math.min(node.left, spot.x), x2: Math.max(node.right, spot.x + size.w) }, id);
  }

  // A drawing at least `height` tall (a callout under everything must not be cut off).
  growTo(height) {
    if (height <= parseFloat(this.canvas.style.height)) return;
    this.canvas.style.height = `${height}px`;
    this.svg.setAttribute("height", height);
  }

  // Scroll the box so that `span` (x1..x2, drawing coordinates) is in view, then the page so that the callout and
  // node `id` are.
  reveal(span, id) {
    this.box.scrollLeft = scrollToShow(span, this.box.clientWidth, this.zoom, this.box.scrollWidth);
    this.callout.scrollIntoView({ block: "nearest", inline: "nearest" });
    this.groups[id].scrollIntoView({ block: "nearest", inline: "nearest" });
  }

  clearMarks() {
    for (const el of this.canvas.querySelectorAll(".wrong, .first, .hinted")) el.classList.remove("wrong", "first", "hinted");
    this.callout.hidden = true;
  }
}
