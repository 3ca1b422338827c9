// The "Random tree" form: depth, branching range, value range and a seed go to
// POST /api/random-tree (the server checks them); the same seed gives the same tree.

import { randomTree } from "../export/rest_client.js";
import { parseJsonNumber } from "./editable_tree.js";

const OPTIONS = ["depth", "min_branching", "max_branching", "min_value", "max_value", "seed"];

export class RandomTreeForm {
  // onTree(tree, options): a tree arrived.
  constructor(form, errorEl, seedButton, onTree) {
    this.form = form;
    this.errorEl = errorEl;
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      this.make(onTree);
    });
    seedButton.addEventListener("click", () => {
      form.elements.random_seed.value = String(Math.floor(Math.random() * 1_000_000));
    });
  }

  // The fields as sent: blank means the server's default; a number written as JSON writes
  // it is sent as that number, anything else ("0x10", "12abc") as the text typed, so the
  // server names it ("depth: expected a whole number").
  options() {
    const out = {};
    for (const name of OPTIONS) {
      const text = this.form.elements[`random_${name}`].value.trim();
      if (text === "") continue;
      const n = parseJsonNumber(text);
      out[name] = Number.isFinite(n) ? n : text; // "1e999" too: JSON has no Infinity
    }
    return out;
  }

  async make(onTree) {
    this.errorEl.textContent = "";
    const options = this.options();
    try {
      const tree = await randomTree(options);
      onTree(tree, options);
    } catch (err) {
      this.errorEl.textContent = err.message;
    }
  }
}
