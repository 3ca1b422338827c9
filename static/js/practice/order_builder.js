// The ordering exercise's work area (issue 50): the tree drawn in the student's order, and under it a row per
// internal node with its children as chips to drag (SortableJS, touch too) or move by keyboard (focus a chip:
// ←/↑ earlier, →/↓ later, Home first, End last; a live line says where it went). Nothing of the search shows
// until Check: then the drawing fills the leaves alpha-beta evaluated on this order and cuts what it pruned.

import Sortable from "/vendor/sortable.esm.js";
import { BuiltDrawing } from "./built_drawing.js";
import { givenOrder, keyTarget, moved, orderedTree, restoredOrder } from "./order_moves.js";

export class OrderBuilder {
  constructor(box, copy, onChange) {
    this.copy = copy;
    this.box = box;
    this.onChange = onChange;
    this.order = givenOrder(copy.tree);
    this.inputs = {};
    this.nodes = new Map(); // id -> the copy's node: its label, player and (a leaf) value
    const walk = (n) => {
      this.nodes.set(n.id, n);
      (n.children || []).forEach(walk);
    };
    walk(copy.tree);
    this.panel = document.createElement("section");
    this.panel.className = "built-panel order-panel";
    this.panel.setAttribute("aria-label", "The order each node tries its children");
    box.after(this.panel);
    this.live = document.createElement("p");
    this.live.className = "visually-hidden";
    this.live.setAttribute("aria-live", "polite");
    this.fields = this.panel;
    this.howTo = "Drag a child along its row (or Tab to it and press ← or →) to change the order its parent tries it; the " +
      "drawing follows. Press Check to run alpha-beta on your order.";
    this.draw();
    this.buildRows();
  }

  labelOf(id) {
    const n = this.nodes.get(id);
    return n && n.label !== undefined ? n.label : id;
  }

  // The tree in the student's order (drawn again after every move: the search's marks go with it).
  draw() {
    const scroll = this.drawing ? { left: this.box.scrollLeft, top: this.box.scrollTop } : null;
    this.drawing = new BuiltDrawing(this.box, orderedTree(this.copy.tree, this.order));
    if (scroll) { // a move keeps the part of a wide tree in view where the student is working
      this.box.scrollLeft = scroll.left;
      this.box.scrollTop = scroll.top;
    }
    this.canvas = this.drawing.canvas;
    this.groups = this.drawing.groups;
  }

  buildRows() {
    this.panel.replaceChildren();
    const heading = document.createElement("h3");
    heading.textContent = "Your order";
    this.panel.append(heading, this.live);
    this.rows = {};
    for (const id of Object.keys(this.order)) {
      const node = this.nodes.get(id);
      const row = document.createElement("div");
      row.className = "order-row";
      row.dataset.node = id;
      const name = document.createElement("span");
      name.className = `order-node ${node.player}`;
      name.textContent = `${this.labelOf(id)} (${node.player === "min" ? "MIN" : "MAX"})`;
      name.id = `order-name-${id}`;
      const list = document.createElement("ol");
      list.className = "order-chips";
      list.dataset.node = id;
      list.setAttribute("aria-labelledby", name.id);
      row.append(name, list);
      this.panel.appendChild(row);
      this.rows[id] = list;
      this.fillRow(id);
      Sortable.create(list, {
        animation: 120,
        draggable: "li",
        onEnd: () => this.setRow(id, [...list.querySelectorAll("li")].map((li) => li.dataset.child), null),
      });
    }
  }

  fillRow(id) {
    const list = this.rows[id];
    list.replaceChildren();
    const children = this.order[id];
    children.forEach((child, i) => {
      const item = document.createElement("li");
      item.dataset.child = child;
      const chip = document.createElement("button");
      chip.type = "button";
      chip.className = "order-chip";
      chip.dataset.child = child;
      const leafValue = this.leafValue(child);
      chip.textContent = this.labelOf(child);
      if (leafValue !== null) {
        const v = document.createElement("b");
        v.textContent = ` ${leafValue}`;
        chip.appendChild(v);
      }
      chip.setAttribute("aria-label", `${this.labelOf(child)}${leafValue !== null ? ` (leaf ${leafValue})` : ""}: ` +
        `tried ${i + 1} of ${children.length} by ${this.labelOf(id)}; arrow keys move it`);
      chip.addEventListener("keydown", (ev) => {
        const to = keyTarget(ev.key, this.order[id].indexOf(child), this.order[id].length);
        if (to === null) return;
        ev.preventDefault();
        this.setRow(id, moved(this.order[id], this.order[id].indexOf(child), to), child);
      });
      item.appendChild(chip);
      list.appendChild(item);
    });
  }

  leafValue(id) {
    const n = this.nodes.get(id);
    return n && (!n.children || n.children.length === 0) ? n.value : null;
  }

  // A row's new order (from a drag, or a key with `focusChild` to keep the focus on).
  setRow(id, children, focusChild) {
    if (children.join("\u0000") === this.order[id].join("\u0000")) return;
    this.order = { ...this.order, [id]: children };
    this.fillRow(id);
    this.draw();
    if (focusChild) {
      this.rows[id].querySelector(`button[data-child="${CSS.escape(focusChild)}"]`).focus();
      this.live.textContent = `${this.labelOf(focusChild)} is now tried ${children.indexOf(focusChild) + 1} of ${children.length} by ${this.labelOf(id)}.`;
    }
    this.onChange();
  }

  typed() {
    return { order: this.order };
  }

  setTyped(typed) {
    this.order = restoredOrder(this.copy.tree, typed && typed.order);
    this.draw();
    this.buildRows();
  }

  answer() {
    return { order: this.order };
  }

  target() {
    return null;
  }

  // After Check: the leaves alpha-beta evaluated on this order, the branches it cut.
  showResult(result) {
    if (Array.isArray(result.leaves)) this.drawing.showSearch(result.leaves, result.pruned || []);
  }

  showMistakes(mistakes) {
    this.clearMarks();
    for (const m of mistakes) {
      if (this.groups[m.node]) this.groups[m.node].classList.add("wrong");
      this.rows[m.node]?.parentElement.classList.add("wrong");
    }
  }

  point(item, style, focus = true) {
    this.drawing.explain(item.node, item.explanation, style);
    const row = this.rows[item.node];
    for (const el of this.panel.querySelectorAll(".order-row.first, .order-row.hinted")) el.classList.remove("first", "hinted");
    if (!row) return;
    row.parentElement.classList.add(style);
    if (focus) row.querySelector("button").focus({ preventScroll: true });
    // The row too, when it fits in the window with the node and its callout; else those stay in view (a phone).
    const seen = [this.groups[item.node], this.drawing.callout].map((el) => el.getBoundingClientRect());
    const top = Math.min(...seen.map((r) => r.top));
    if (row.parentElement.getBoundingClientRect().bottom - top <= window.innerHeight) {
      row.parentElement.scrollIntoView({ block: "nearest" });
    }
  }

  clearMarks() {
    this.drawing.clearMarks();
    this.drawing.showSearch([], []);
    for (const el of this.panel.querySelectorAll(".wrong, .first, .hinted")) el.classList.remove("wrong", "first", "hinted");
  }
}
