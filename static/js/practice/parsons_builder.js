// The Parsons exercise's work area (issue 50): the pseudocode's lines shuffled in a pool, and "Your program" to
// build from them. Drag a line (SortableJS, touch too) between the two and along the program; or by keyboard,
// Enter on a pool line adds it, and on a program line ↑/↓ move it, ←/→ indent it, Enter or Delete takes it out
// (a live line says what happened). The ⇤ ⇥ buttons indent by mouse. Lines the program should not have are in the
// pool too: leave them there. After Check each line is marked, and what the program did on each tree is listed.

import Sortable from "/vendor/sortable.esm.js";
import { applied, dragged, programKey, restoredProgram, runWords } from "./parsons_moves.js";

const INDENT_EM = 1.8;
export class ParsonsBuilder {
  constructor(box, copy, onChange) {
    this.copy = copy;
    this.onChange = onChange;
    this.text = new Map(copy.lines.map((line) => [line.id, line.text]));
    this.state = restoredProgram(copy.lines.map((line) => line.id), null);
    this.inputs = {};
    this.groups = {};
    this.howTo = "Build the program from the lines: drag them, or Tab to a line and press Enter to add it; in your program " +
      "↑/↓ move a line, ←/→ indent it, Delete takes it out. Leave out the lines that do not belong. Then press Check.";
    this.canvas = document.createElement("div");
    this.canvas.className = "parsons";
    this.pool = this.column("Lines", "parsons-pool");
    this.program = this.column("Your program", "parsons-program", "ol");
    this.live = document.createElement("p");
    this.live.className = "visually-hidden";
    this.live.setAttribute("aria-live", "polite");
    this.runs = document.createElement("div");
    this.runs.className = "parsons-runs";
    this.runs.hidden = true;
    this.canvas.append(this.pool.box, this.program.box, this.live);
    box.replaceChildren(this.canvas);
    box.classList.add("parsons-box");
    const panel = document.createElement("section");
    panel.className = "built-panel";
    panel.appendChild(this.runs);
    box.after(panel);
    this.fields = this.canvas;
    const group = `parsons-${Math.random().toString(36).slice(2)}`;
    for (const list of [this.pool.list, this.program.list]) {
      Sortable.create(list, { group, animation: 120, draggable: "li[data-line]", emptyInsertThreshold: 40, onEnd: () => this.afterDrag() });
    }
    this.render();
  }

  column(title, className, tag = "ul") {
    const box = document.createElement("section");
    box.className = `parsons-column ${className}`;
    const heading = document.createElement("h3");
    heading.textContent = title;
    heading.id = `${className}-heading`;
    const list = document.createElement(tag);
    list.className = "parsons-list";
    list.setAttribute("aria-labelledby", heading.id);
    box.append(heading, list);
    return { box, list };
  }

  labelOf(id) {
    const at = this.state.program.findIndex((p) => p.id === id);
    return at >= 0 ? `line ${at + 1}` : `"${this.text.get(id) || id}"`;
  }

  render(focusId = null) {
    this.pool.list.replaceChildren(...this.state.pool.map((id) => this.item(id, null)));
    this.program.list.replaceChildren(...this.state.program.map((p, i) => this.item(p.id, p.indent, i)));
    if (this.state.program.length === 0) {
      const empty = document.createElement("li");
      empty.className = "parsons-empty";
      empty.textContent = "Drag lines here, or press Enter on one.";
      this.program.list.appendChild(empty);
    }
    if (focusId) this.canvas.querySelector(`button.parsons-line[data-line="${CSS.escape(focusId)}"]`)?.focus();
  }

  item(id, indent, index = null) {
    const li = document.createElement("li");
    li.dataset.line = id;
    const inProgram = indent !== null;
    if (inProgram) li.style.marginLeft = `${indent * INDENT_EM}em`;
    const line = document.createElement("button");
    line.type = "button";
    line.className = "parsons-line";
    line.dataset.line = id;
    const code = document.createElement("code");
    code.textContent = this.text.get(id);
    line.appendChild(code);
    line.setAttribute("aria-label", inProgram
      ? `line ${index + 1}, indent ${indent}: ${this.text.get(id)}. Arrow keys move and indent it, Delete takes it out`
      : `${this.text.get(id)}. Enter adds it to your program`);
    line.addEventListener("keydown", (ev) => this.key(ev, id, inProgram));
    line.addEventListener("click", () => {
      if (!inProgram) this.act("add", id);
    });
    li.appendChild(line);
    if (inProgram) {
      for (const [sign, action, label] of [["⇤", "outdent", "indent less"], ["⇥", "indent", "indent more"]]) {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "parsons-indent";
        b.textContent = sign;
        b.tabIndex = -1; // the arrow keys do this for the keyboard
        b.setAttribute("aria-label", `${label}: ${this.text.get(id)}`);
        b.addEventListener("click", () => this.act(action, id));
        li.appendChild(b);
      }
    }
    return li;
  }

  key(ev, id, inProgram) {
    const action = inProgram ? programKey(ev.key) : (ev.key === "Enter" || ev.key === " " ? "add" : null);
    if (!action) return;
    ev.preventDefault();
    this.act(action, id);
  }

  act(action, id) {
    const before = this.state;
    this.state = applied(this.state, action, id);
    if (this.state === before) return;
    this.render(id);
    const at = this.state.program.findIndex((p) => p.id === id);
    this.live.textContent = at < 0 ? `Taken out: ${this.text.get(id)}` :
      `Line ${at + 1} of ${this.state.program.length}, indent ${this.state.program[at].indent}: ${this.text.get(id)}`;
    this.onChange();
  }

  afterDrag() {
    const ids = [...this.program.list.querySelectorAll("li[data-line]")].map((li) => li.dataset.line);
    this.state = dragged(this.state, ids);
    this.render();
    this.onChange();
  }

  typed() {
    return { program: this.state.program };
  }

  setTyped(typed) {
    this.state = restoredProgram(this.copy.lines.map((line) => line.id), typed);
    this.render();
  }

  answer() {
    return { lines: this.state.program.map((p) => ({ id: p.id, indent: p.indent })) };
  }

  target(id) {
    return this.canvas.querySelector(`button.parsons-line[data-line="${CSS.escape(id)}"]`);
  }

  showResult(result) {
    this.runs.hidden = !Array.isArray(result.runs) || result.runs.length === 0;
    this.runs.replaceChildren();
    if (this.runs.hidden) return;
    const heading = document.createElement("h3");
    heading.textContent = "What your program did";
    const list = document.createElement("ul");
    for (const run of result.runs) {
      const item = document.createElement("li");
      item.dataset.same = String(Boolean(run.matches));
      item.textContent = runWords(run);
      list.appendChild(item);
    }
    this.runs.append(heading, list);
  }

  showMistakes(mistakes) {
    this.clearMarks();
    for (const m of mistakes) this.target(m.node)?.closest("li").classList.add("wrong");
  }

  point(item, style, focus = true) {
    const el = this.target(item.node);
    if (!el) return;
    el.closest("li").classList.add(style);
    if (focus) el.focus({ preventScroll: true });
    el.scrollIntoView({ block: "nearest" });
  }

  clearMarks() {
    for (const el of this.canvas.querySelectorAll(".wrong, .first, .hinted")) el.classList.remove("wrong", "first", "hinted");
  }
}
