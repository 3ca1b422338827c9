// The drawing of a built exercise's tree (ordering, make-it-prune): the exercise's own layout and shapes
// (exercise_layout.js), its edges, and a layer of HTML over it for what the student types; then what the real
// search did with the student's build, once checked: the leaves it evaluated and the branches it pruned. It fits
// its box and places its callout as every exercise drawing does (drawing_fit.js).

import { fitWhileShown, placeCallout } from "./drawing_fit.js";
import { layoutTree, drawingLayers, svgEl, RISE } from "./exercise_layout.js";

const BOTTOM_ROOM = 96; // under the leaves: a leaf's box and the callout that explains it

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
    fitWhileShown(this);
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

  // The explanation beside node `id`, clear of every node and box, with the node and the explanation brought into
  // view together (drawing_fit.js). A leaf's own box is part of it (not an edge's ✂ mark).
  explain(id, text, style) {
    if (!this.layout.byId.get(id)) return;
    for (const el of this.canvas.querySelectorAll(".first, .hinted")) el.classList.remove("first", "hinted");
    this.groups[id].classList.add(style);
    this.callout.className = `callout ${style}`;
    this.callout.textContent = text;
    this.callout.dataset.node = id;
    this.callout.hidden = false;
    const field = this.fields.querySelector(`.field [data-node="${CSS.escape(id)}"]`);
    placeCallout(this, id, field ? [field.closest(".field")] : []);
  }

  clearMarks() {
    for (const el of this.canvas.querySelectorAll(".wrong, .first, .hinted")) el.classList.remove("wrong", "first", "hinted");
    this.callout.hidden = true;
  }
}
