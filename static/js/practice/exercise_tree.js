// The student's tree: the drawing (exercise_layout.js) with a box for each thing asked, laid over
// it as HTML so it is a real input: an internal node's value, every node's α and β, and a ✂ toggle
// on each edge to mark that child pruned (clicking the edge toggles it too). The boxes are in the
// document in the order the search meets them, so Tab follows the search: a node's α/β when it is
// entered, then each child (its ✂, then its subtree), then the node's value when it returns.
// A child marked pruned greys out with its whole subtree, and their boxes are disabled.
// A chance node's edges carry its outcomes' probabilities; in a max^n exercise a value box is wide
// enough for a vector ("1, 5, 2"). A box that cannot be read says why beside its node as soon as
// the student leaves it. A tree a little wider than its box is drawn smaller to fit, and an explanation sits beside
// its node clear of every other node and box (drawing_fit.js).

import { fitWhileShown, placeCallout } from "./drawing_fit.js";
import { layoutTree, drawingLayers, extendLegend, svgEl, RISE, VECTOR_H } from "./exercise_layout.js";
import { readValue, readVector, showProbability } from "./exercise_words.js";

const BOX_H = 26;
const GAP = 4;

export class ExerciseTree {
  // box: the scrollable element to draw in; copy: the student's copy; onChange(): after any edit.
  constructor(box, copy, onChange) {
    this.ask = copy.ask;
    this.onChange = onChange;
    this.players = copy.players || null;
    // A vector box holds "10, 10, 10" for three players; a leaf's ⟨10, 10, 10⟩ is written under it.
    this.valueWidth = this.players ? 14 + 21 * this.players.length : 46;
    const bounds = this.ask.includes("bounds");
    const least = this.players ? Math.max(72, this.valueWidth + 30, (this.players.length * 4 + 1) * 6.5 + 12) : bounds ? 112 : 72;
    this.layout = layoutTree(copy.tree, { dx: least, dy: bounds ? 150 : 120, players: this.players });
    Object.assign(this, drawingLayers(this.layout, this.layout.width, this.layout.height));
    box.replaceChildren(this.canvas);
    this.box = box;
    const legend = box.ownerDocument.querySelector(".exercise-legend"); // the page's legend names what this tree has
    if (legend) extendLegend(legend, copy);
    this.inputs = {}; // id -> {value?, alpha?, beta?, toggle?, edge?}
    this.marked = new Set();
    this.build(this.layout.nodes[0]);
    const bottom = Math.max(...this.layout.nodes.map((n) => this.bottomOf(n)));
    this.canvas.style.height = `${bottom + 70}px`; // room for an explanation under a leaf
    this.svg.setAttribute("height", String(bottom + 70));
    fitWhileShown(this); // a tree wider than its box opens with the root in view
    this.canvas.addEventListener("keydown", (ev) => {
      if (ev.key === "Escape" && !this.callout.hidden) this.callout.hidden = true;
    });
  }

  // The boxes a node's explanation must not hide besides the node: its value and its α and β.
  ownBoxes(id) {
    const parts = this.inputs[id] || {};
    return ["value", "alpha", "beta"].filter((key) => parts[key]).map((key) => parts[key].closest(".field"));
  }

  // Boxes below a node: its value (internal nodes), then its α/β row. Where its edges start.
  bottomOf(n) {
    let y = n.y + RISE + 6;
    if (n.leaf && Array.isArray(n.value)) y += VECTOR_H;
    if (!n.leaf && this.ask.includes("values")) y += BOX_H + GAP;
    if (this.ask.includes("bounds")) y += BOX_H + GAP;
    return y;
  }

  build(n) {
    const parts = (this.inputs[n.id] ||= {});
    const top = n.y + RISE + 8;
    const valueTop = top;
    const boundsTop = !n.leaf && this.ask.includes("values") ? top + BOX_H + GAP : top;
    if (this.ask.includes("bounds")) {
      parts.alpha = this.box_(n, "α", `α at ${n.label}`, n.x - 52, boundsTop, "bound");
      parts.beta = this.box_(n, "β", `β at ${n.label}`, n.x + 2, boundsTop, "bound");
    }
    for (const c of n.children) {
      if (this.ask.includes("pruned")) this.edgeToggle(n, c);
      else this.edge(n, c);
      this.build(c);
    }
    if (!n.leaf && this.ask.includes("values")) {
      parts.value = this.box_(n, "v", `${this.players ? "vector" : "value"} of ${n.label}`, n.x - this.valueWidth / 2 - 6, valueTop, "value");
      parts.value.style.width = `${this.valueWidth}px`;
      if (this.players) parts.value.placeholder = this.players.map(() => "·").join(", ");
      parts.value.addEventListener("change", () => this.checkBox(n, parts.value));
    }
  }

  // Read a value box as Check will; if it cannot be read, say why beside its node (inline, at once).
  checkBox(n, input) {
    try {
      if (this.players) readVector(input.value, this.players.length);
      else readValue(input.value);
    } catch (err) {
      input.setAttribute("aria-invalid", "true");
      this.point({ node: n.id, kind: "value", explanation: `${input.getAttribute("aria-label")}: ${err.message}` }, "invalid", false);
    }
  }

  // A labelled text box at (x, y); `prefix` is shown before it (v, α or β).
  box_(n, prefix, label, x, y, kind) {
    const wrap = document.createElement("label");
    wrap.className = `field field-${kind}`;
    wrap.style.left = `${x}px`;
    wrap.style.top = `${y}px`;
    const tag = document.createElement("span");
    tag.className = "field-tag";
    tag.textContent = prefix;
    tag.setAttribute("aria-hidden", "true");
    const input = document.createElement("input");
    input.type = "text";
    input.autocomplete = "off";
    input.spellcheck = false;
    input.setAttribute("aria-label", label);
    input.dataset.node = n.id;
    input.dataset.field = prefix;
    input.addEventListener("input", () => {
      input.classList.remove("wrong", "first", "hinted", "invalid");
      this.groups[n.id].classList.remove("invalid");
      this.callout.hidden = true;
      input.removeAttribute("aria-invalid");
      this.onChange();
    });
    wrap.append(tag, input);
    this.fields.appendChild(wrap);
    return input;
  }

  edge(p, c) {
    const line = svgEl("line", { class: "edge", x1: p.x, y1: this.bottomOf(p), x2: c.x, y2: c.y - RISE - 4 }, this.edgeLayer);
    if (c.probability !== undefined && c.probability !== null) this.probability(line, c);
    return line;
  }

  // A chance outcome's probability beside the middle of its edge (outside it: left of a left edge).
  probability(line, c) {
    const x1 = +line.getAttribute("x1");
    const y1 = +line.getAttribute("y1");
    const x2 = +line.getAttribute("x2");
    const y2 = +line.getAttribute("y2");
    const left = x2 < x1;
    const text = svgEl("text", { class: "probability", x: (x1 + x2) / 2 + (left ? -5 : 5), y: (y1 + y2) / 2,
      "text-anchor": left ? "end" : "start", "data-child": c.id }, this.edgeLayer);
    text.textContent = showProbability(c.probability);
  }

  // The edge into child c, clickable, and its ✂ toggle button at its middle.
  edgeToggle(p, c) {
    const line = this.edge(p, c);
    const hit = svgEl("line", { class: "edge-hit", x1: line.getAttribute("x1"), y1: line.getAttribute("y1"),
      x2: line.getAttribute("x2"), y2: line.getAttribute("y2"), "data-child": c.id }, this.edgeLayer);
    hit.addEventListener("click", () => this.toggle(c.id));
    const button = document.createElement("button");
    button.type = "button";
    button.className = "prune-toggle";
    button.textContent = "✂";
    button.setAttribute("aria-pressed", "false");
    button.setAttribute("aria-label", `${c.label} pruned (the search skips the branch from ${p.label} to ${c.label})`);
    button.title = `Mark ${c.label} pruned`;
    button.dataset.node = c.id;
    const t = 0.5;
    const y1 = this.bottomOf(p);
    button.style.left = `${p.x + (c.x - p.x) * t}px`;
    button.style.top = `${y1 + (c.y - RISE - 4 - y1) * t}px`;
    button.addEventListener("click", () => this.toggle(c.id));
    this.fields.appendChild(button);
    this.inputs[c.id] = this.inputs[c.id] || {};
    Object.assign(this.inputs[c.id], { toggle: button, edge: line });
  }

  toggle(id) {
    const parts = this.inputs[id];
    if (!parts.toggle || parts.toggle.disabled) return;
    if (this.marked.has(id)) this.marked.delete(id);
    else this.marked.add(id);
    parts.toggle.classList.remove("wrong", "first", "hinted");
    this.callout.hidden = true;
    this.refresh();
    this.onChange();
  }

  // Whether a proper ancestor of node `id` is marked pruned.
  under(id) {
    for (let n = this.layout.byId.get(id).parent; n; n = n.parent) if (this.marked.has(n.id)) return true;
    return false;
  }

  // Grey out what is pruned; disable its boxes (and the ✂ of edges below a mark).
  refresh() {
    for (const n of this.layout.nodes) {
      const parts = this.inputs[n.id];
      const above = this.under(n.id);
      const off = above || this.marked.has(n.id);
      this.groups[n.id].classList.toggle("cut-off", off);
      for (const key of ["value", "alpha", "beta"]) if (parts[key]) parts[key].disabled = off;
      if (parts.toggle) {
        const pressed = this.marked.has(n.id);
        parts.toggle.setAttribute("aria-pressed", String(pressed));
        parts.toggle.title = pressed ? `${n.label} is marked pruned: press to keep it` : `Mark ${n.label} pruned`;
        parts.toggle.disabled = above;
        parts.edge.classList.toggle("marked-pruned", pressed);
        parts.edge.classList.toggle("cut-off", above);
      }
    }
  }

  // What is typed, as exercise_words.answerFrom reads it (and localStorage keeps it).
  typed() {
    const out = { values: {}, bounds: {}, pruned: [...this.marked] };
    for (const [id, parts] of Object.entries(this.inputs)) {
      if (parts.value && parts.value.value.trim() !== "") out.values[id] = parts.value.value;
      if (parts.alpha && (parts.alpha.value.trim() !== "" || parts.beta.value.trim() !== "")) {
        out.bounds[id] = [parts.alpha.value, parts.beta.value];
      }
    }
    return out;
  }

  setTyped(typed) {
    this.marked = new Set((typed.pruned || []).filter((id) => this.inputs[id] && this.inputs[id].toggle));
    for (const [id, parts] of Object.entries(this.inputs)) {
      if (parts.value) parts.value.value = (typed.values || {})[id] || "";
      if (parts.alpha) {
        const [a, b] = (typed.bounds || {})[id] || ["", ""];
        parts.alpha.value = a;
        parts.beta.value = b;
      }
    }
    this.refresh();
  }

  // The element a mistake (or hint) of this kind at this node is about.
  target(node, kind) {
    const parts = this.inputs[node] || {};
    if (kind === "value") return parts.value;
    if (kind === "bound") return parts.alpha;
    return parts.toggle;
  }

  // Mark every mistake's element; the first (or `chosen`) gets the ring and the callout.
  showMistakes(mistakes) {
    this.clearMarks();
    for (const m of mistakes) {
      const el = this.target(m.node, m.kind);
      if (el) el.classList.add("wrong");
      if (m.kind === "bound" && this.inputs[m.node].beta) this.inputs[m.node].beta.classList.add("wrong");
      if (this.groups[m.node]) this.groups[m.node].classList.add("wrong");
    }
  }

  // Ring the node of a mistake or hint (`style`: "first" or "hinted"; "invalid" for a box that cannot
  // be read), explain it beside the node, clear of every other node and box, bring both into view and
  // give its box the focus (the explanation, if the box is disabled; none when `focus` is false: the
  // student is moving on).
  point(item, style, focus = true) {
    for (const el of this.canvas.querySelectorAll(".first, .hinted, .invalid")) el.classList.remove("first", "hinted", "invalid");
    const n = this.layout.byId.get(item.node);
    if (!n) return;
    this.groups[n.id].classList.add(style);
    const el = this.target(n.id, item.kind);
    if (el) el.classList.add(style);
    if (item.kind === "missed_prune" || item.kind === "extra_prune") this.inputs[n.id].edge?.classList.add(style);
    this.callout.className = `callout ${style}`;
    if (style === "invalid") this.callout.setAttribute("role", "alert");
    else this.callout.removeAttribute("role");
    this.callout.textContent = item.explanation;
    this.callout.dataset.node = n.id;
    this.callout.hidden = false;
    if (focus) (el && !el.disabled ? el : this.callout).focus({ preventScroll: true });
    placeCallout(this, n.id, this.ownBoxes(n.id));
    if (el) el.scrollIntoView({ block: "nearest", inline: "nearest" });
  }

  clearMarks() {
    for (const el of this.canvas.querySelectorAll(".wrong, .first, .hinted")) el.classList.remove("wrong", "first", "hinted");
    this.callout.hidden = true;
  }
}
