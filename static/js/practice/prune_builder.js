// The make-it-prune exercise's work area (issue 50): the tree's shape with a box under each leaf, in the order the
// search meets them (Tab follows it), and the branches alpha-beta must prune marked ✂ on their edges. After Check
// the drawing shows what alpha-beta did with the student's leaves: the leaves it evaluated, the branches it cut.

import { BuiltDrawing } from "./built_drawing.js";
import { RISE } from "./exercise_layout.js";
import { readValue } from "./exercise_words.js";

const BOX_W = 46;

export class PruneBuilder {
  constructor(box, copy, onChange) {
    this.copy = copy;
    this.onChange = onChange;
    this.drawing = new BuiltDrawing(box, copy.tree, { dx: 64 });
    this.canvas = this.drawing.canvas;
    this.groups = this.drawing.groups;
    this.fields = this.drawing.fields;
    this.inputs = {};
    this.asked = new Set(copy.prune || []);
    this.howTo = "Type a number in the box under each leaf (Tab follows the search's order), so that alpha-beta prunes " +
      "exactly the branches marked ✂; a leaf the search skips still needs a number, any will do. Then press Check.";
    for (const n of this.drawing.layout.nodes) {
      if (this.asked.has(n.id)) this.markAsked(n);
      if (n.leaf) this.inputs[n.id] = { value: this.leafBox(n) };
    }
  }

  labelOf(id) {
    const n = this.drawing.layout.byId.get(id);
    return n ? n.label : id;
  }

  markAsked(n) {
    this.drawing.edges.get(n.id).classList.add("asked-prune");
    const { x, y } = this.drawing.edgeMiddle(n.id);
    const mark = document.createElement("span");
    mark.className = "asked-mark";
    mark.textContent = "✂";
    mark.title = `alpha-beta must prune ${n.label}`;
    mark.setAttribute("role", "img");
    mark.setAttribute("aria-label", `${n.label} must be pruned`);
    mark.style.left = `${x}px`;
    mark.style.top = `${y}px`;
    mark.dataset.node = n.id;
    this.fields.appendChild(mark);
  }

  leafBox(n) {
    const wrap = document.createElement("label");
    wrap.className = "field field-value field-leaf";
    wrap.style.left = `${n.x - BOX_W / 2 - 6}px`;
    wrap.style.top = `${n.y + RISE + 8}px`;
    const input = document.createElement("input");
    input.type = "text";
    input.inputMode = "decimal";
    input.autocomplete = "off";
    input.spellcheck = false;
    input.style.width = `${BOX_W}px`;
    input.dataset.node = n.id;
    input.setAttribute("aria-label", `value of leaf ${n.label}`);
    input.addEventListener("input", () => {
      input.classList.remove("wrong", "first", "hinted");
      input.removeAttribute("aria-invalid");
      this.drawing.callout.hidden = true;
      this.onChange();
    });
    wrap.appendChild(input);
    this.fields.appendChild(wrap);
    return input;
  }

  typed() {
    const out = { leaves: {} };
    for (const [id, parts] of Object.entries(this.inputs)) if (parts.value.value.trim() !== "") out.leaves[id] = parts.value.value;
    return out;
  }

  setTyped(typed) {
    for (const [id, parts] of Object.entries(this.inputs)) parts.value.value = ((typed && typed.leaves) || {})[id] || "";
  }

  // {"leaves": {id: number}}; strict: an empty or unreadable box stops the check, naming its leaf.
  answer(strict) {
    const leaves = {};
    for (const n of this.drawing.layout.nodes) {
      if (!n.leaf) continue;
      const input = this.inputs[n.id].value;
      let value = null;
      try {
        value = readValue(input.value);
        if (value !== null && !Number.isFinite(value)) throw new Error("expected a finite number");
      } catch (err) {
        if (strict) throw { node: n.id, input, message: `leaf ${n.label}: ${err.message}` };
        value = null;
      }
      if (value === null && strict) throw { node: n.id, input, message: `leaf ${n.label} has no value: every leaf needs one (any number where the search skips it)` };
      if (value !== null) leaves[n.id] = value;
    }
    return { leaves };
  }

  target(node) {
    const parts = this.inputs[node];
    return parts ? parts.value : null;
  }

  showResult(result) {
    this.drawing.showSearch(result.leaves || [], result.pruned || []);
    for (const mark of this.fields.querySelectorAll(".asked-mark")) {
      const id = mark.dataset.node;
      mark.classList.toggle("happened", (result.happen || []).includes(id));
      mark.classList.toggle("missed", (result.not_pruned || []).includes(id));
    }
    for (const id of result.also_pruned || []) this.drawing.edges.get(id)?.classList.add("extra-cut");
  }

  showMistakes(mistakes) {
    this.clearMarks();
    for (const m of mistakes) this.groups[m.node]?.classList.add("wrong");
  }

  point(item, style, focus = true) {
    this.drawing.explain(item.node, item.explanation, style);
    if (focus) this.drawing.callout.focus({ preventScroll: true });
  }

  clearMarks() {
    this.drawing.clearMarks();
    this.drawing.showSearch([], []);
    for (const el of this.fields.querySelectorAll(".asked-mark")) el.classList.remove("happened", "missed");
    for (const edge of this.drawing.edges.values()) edge.classList.remove("extra-cut");
  }
}
