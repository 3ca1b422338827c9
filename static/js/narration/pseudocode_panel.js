// The algorithm's listing (sent by the server, written as the slides write it: ←, ≥, α,
// ∞), the line of the current event highlighted, and v, α, β at the current node underneath.

import { showValue } from "../view/value_format.js";

export class PseudocodePanel {
  constructor({ list, vars }) {
    this.list = list; // <ol>
    this.vars = vars; // { node, v, alpha, beta }: elements holding the current values
    this.byId = new Map();
    this.lit = [];
    // When the list's box changes size (Present mode, a phone turned, the window resized)
    // its lines move: keep the lit one in view.
    new ResizeObserver(() => this.keepLitInView()).observe(list);
  }

  // lines: [{id, text, indent, depth_only}]; depth-only lines (CUTOFF-TEST) are shown
  // only when the search has a depth limit.
  setListing(lines, hasDepth) {
    this.list.replaceChildren();
    this.byId = new Map();
    this.lit = [];
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
      this.list.appendChild(li);
    }
  }

  highlight(lineId) {
    for (const li of this.lit) {
      li.classList.remove("current");
      li.removeAttribute("aria-current");
    }
    this.lit = this.byId.get(lineId) || [];
    for (const li of this.lit) {
      li.classList.add("current");
      li.setAttribute("aria-current", "step");
    }
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
  showVars(name, v, alpha, beta) {
    const set = (e, text) => {
      if (e.textContent !== text) e.textContent = text;
    };
    set(this.vars.node, name || "—");
    this.vars.node.title = name || ""; // the full name, where a long one is cut short
    set(this.vars.v, v === undefined ? "—" : showValue(v));
    set(this.vars.alpha, alpha === undefined ? "—" : showValue(alpha));
    set(this.vars.beta, beta === undefined ? "—" : showValue(beta));
  }
}
