// The make-it-prune exercise's work area (issue 50): the tree's shape with a box under each leaf, in the order the
// search meets them (Tab follows it), and the branches alpha-beta must prune marked ✂ on their edges; or, in the
// form that asks for a count (`copy.visited`), a line above the tree: "Make alpha-beta evaluate exactly 5 leaves".
// After Check the drawing shows what alpha-beta did with the student's leaves: the leaves it evaluated, the branches
// it cut; the count form says how many it evaluated.

import { BuiltDrawing } from "./built_drawing.js";
import { RISE } from "./exercise_layout.js";
import { readValue } from "./exercise_words.js";

const BOX_W = 46;
const CALLOUT_ROOM = 140; // under the leaves: a leaf's box and a four-line callout under it (a reason quotes a test)

const leaves = (n) => `${n} ${n === 1 ? "leaf" : "leaves"}`;

export class PruneBuilder {
  constructor(box, copy, onChange) {
    this.copy = copy;
    this.onChange = onChange;
    this.drawing = new BuiltDrawing(box, copy.tree, { dx: 64, bottom: CALLOUT_ROOM });
    this.canvas = this.drawing.canvas;
    this.groups = this.drawing.groups;
    this.fields = this.drawing.fields;
    this.inputs = {};
    this.asked = new Set(copy.prune || []);
    this.counting = typeof copy.visited === "number";
    const goal = this.counting ? `evaluates exactly ${leaves(copy.visited)}` : "prunes exactly the branches marked ✂";
    this.howTo = `Type a number in the box under each leaf (Tab follows the search's order), so that alpha-beta ${goal}; ` +
      "a leaf the search skips still needs a number, any will do. Then press Check.";
    box.classList.toggle("count-box", this.counting); // the count form: exercise_page.js's legend says what ✂ means then
    if (this.counting) this.countPanel(box);
    for (const n of this.drawing.layout.nodes) {
      if (this.asked.has(n.id)) this.markAsked(n);
      if (n.leaf) this.inputs[n.id] = { value: this.leafBox(n) };
    }
  }

  // The count form's goal, above the tree, and after a check how many leaves alpha-beta evaluated (text only).
  countPanel(box) {
    this.total = this.drawing.layout.nodes.filter((n) => n.leaf).length;
    const panel = document.createElement("section");
    panel.className = "built-panel count-panel";
    panel.setAttribute("aria-label", "How many leaves alpha-beta must evaluate");
    const heading = document.createElement("h3");
    heading.textContent = `Make alpha-beta evaluate exactly ${leaves(this.copy.visited)}`;
    this.countLine = document.createElement("p");
    this.countLine.className = "count-line";
    this.countLine.setAttribute("aria-live", "polite");
    this.countKey = document.createElement("p");
    this.countKey.className = "hint";
    this.countKey.textContent = "In the tree: filled leaves are the ones alpha-beta evaluated; a dashed edge, a branch it pruned.";
    panel.append(heading, this.countLine, this.countKey);
    box.before(panel);
    this.showCount(null);
  }

  // `result`: a check's answer, or null before one and whenever the marks are cleared (a hint, Reset).
  showCount(result) {
    if (!this.countLine) return;
    const line = this.countLine;
    line.classList.toggle("right", Boolean(result && result.correct));
    line.classList.toggle("wrong", Boolean(result && !result.correct));
    this.countKey.hidden = !result;
    if (!result || typeof result.visited !== "number") {
      line.textContent = `The tree has ${this.total} leaves. After Check: how many your leaves make it evaluate.`;
      delete line.dataset.visited;
      return;
    }
    line.dataset.visited = String(result.visited);
    line.textContent = `Leaves evaluated: ${result.visited} of ${this.total} (asked: ${result.asked_visited}).`;
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
    this.showCount(result);
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

  // The explanation beside its node; the count form's callout leaves out "alpha-beta evaluates 7 leaves, not 5: ",
  // which the line above the tree says (a shorter callout keeps the tree in view).
  point(item, style, focus = true) {
    const text = this.counting ? item.explanation.replace(/^alpha-beta evaluates \d+ leaves?, not \d+: /, "") : item.explanation;
    this.drawing.explain(item.node, text, style);
    if (focus) this.drawing.callout.focus({ preventScroll: true });
  }

  clearMarks() {
    this.drawing.clearMarks();
    this.drawing.showSearch([], []);
    this.showCount(null);
    for (const el of this.fields.querySelectorAll(".asked-mark")) el.classList.remove("happened", "missed");
    for (const edge of this.drawing.edges.values()) edge.classList.remove("extra-cut");
  }
}
