// The algorithm's listing (sent by the server, written as the slides write it: ←, ≥, α,
// ∞), the line of the current event highlighted, and v, α, β at the current node underneath.
// At a child's visit the loop that took the child ("for each a in ACTIONS(state) do", in the
// parent's function) is shown too, lighter: the listing names, on each loop line, the lines of
// the parent's steps after which it takes the next child (`loop_after`).

import { showReturned, showValue } from "../view/value_format.js";
import { EVENT } from "../replay/event_types.js";

export class PseudocodePanel {
  constructor({ list, vars }) {
    this.list = list; // <ol>
    this.vars = vars; // { node, v, alpha, beta }: elements holding the current values
    this.byId = new Map();
    this.loops = new Map(); // a parent's line -> the loop line that takes its next child
    this.lit = [];
    this.caller = null;
    // When the list's box changes size (Present mode, a phone turned, the window resized)
    // its lines move: keep the lit one in view.
    new ResizeObserver(() => this.keepLitInView()).observe(list);
  }

  // lines: [{id, text, indent, depth_only}]; depth-only lines (CUTOFF-TEST) are shown
  // only when the search has a depth limit.
  setListing(lines, hasDepth) {
    this.list.replaceChildren();
    this.byId = new Map();
    this.loops = new Map();
    this.lit = [];
    this.caller = null;
    for (const line of lines || []) {
      if (line.depth_only && !hasDepth) continue;
      const li = document.createElement("li");
      li.className = "code-line";
      li.style.setProperty("--indent", String(line.indent || 0));
      li.textContent = line.text || "\u00a0"; // a blank line keeps its height
      if (line.id) {
        li.dataset.lineId = line.id;
        if (!this.byId.has(line.id)) this.byId.set(line.id, []);
        this.byId.get(line.id).push(li);
      }
      for (const after of line.loop_after || []) this.loops.set(after, li);
      this.list.appendChild(li);
    }
  }

  // parentLine: at a child's visit, the line of the parent's step just before it (callerLine),
  // whose loop took the child; else null.
  highlight(lineId, parentLine = null) {
    for (const li of this.lit) {
      li.classList.remove("current");
      li.removeAttribute("aria-current");
    }
    if (this.caller) this.caller.classList.remove("caller");
    this.lit = this.byId.get(lineId) || [];
    for (const li of this.lit) {
      li.classList.add("current");
      li.setAttribute("aria-current", "step");
    }
    this.caller = (parentLine && this.loops.get(parentLine)) || null;
    if (this.caller && this.lit.includes(this.caller)) this.caller = null; // minimax's root: one line does both
    if (this.caller) this.caller.classList.add("caller");
    this.keepLitInView();
  }

  // Keep the lit line in view inside the panel, without scrolling the page.
  keepLitInView() {
    const first = this.lit[0];
    if (first) {
      const box = this.list;
      const top = first.offsetTop - box.offsetTop;
      if (top < box.scrollTop || top + first.offsetHeight > box.scrollTop + box.clientHeight) {
        box.scrollTop = Math.max(0, top - box.clientHeight / 3);
      }
    }
  }

  // A max^n search keeps no α/β window and its v is a vector, one number per player (up to
  // MAX_PLAYERS): the v box then takes the window's room and wraps, so no vector is cut short.
  setVectors(on) {
    this.vars.v.closest("dl").classList.toggle("vectors", Boolean(on));
  }

  // The values at the current node: name, v, and (alpha-beta only) its window.
  // bound: "upper" / "lower" once the node has returned a bound rather than its value: v reads "≤ 2".
  // fullName: the node's whole name, on hover, where `name` is a shortened one.
  // selected: the node is one the student selected in the drawing, not the one the step is at.
  showVars(name, v, alpha, beta, bound, fullName = name, selected = false) {
    const set = (e, text) => {
      if (e.textContent !== text) e.textContent = text;
    };
    const dl = this.vars.node.closest("dl");
    dl.classList.toggle("selected", selected);
    dl.setAttribute("aria-label", selected ? "Values at the selected node" : "Values at the current node");
    set(this.vars.node.previousElementSibling, selected ? "selected node" : "node");
    set(this.vars.node, name || "—");
    this.vars.node.title = fullName || ""; // the full name, where a long one is cut short
    set(this.vars.v, v === undefined ? "—" : showReturned(v, bound));
    set(this.vars.alpha, alpha === undefined ? "—" : showValue(alpha));
    set(this.vars.beta, beta === undefined ? "—" : showValue(beta));
  }
}

// At a child's visit, the line of its parent's step just before (the step after which the parent's loop took
// the child: its init, beam, or the last child's backup, test or bound); else null.
export function callerLine(event, before) {
  if (!event || event.type !== EVENT.visit || event.parent === null || event.parent === undefined) return null;
  return before && before.node === event.parent ? before.line : null;
}
