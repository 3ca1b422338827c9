// The "Edit tree" panel: an outline of the tree (click a node to select it), a small form
// for the selected node (label, player, value, eval), buttons to add a child, delete a
// subtree and reorder children, undo/redo, and the tree as text both ways. The tree is
// changed only by editable_tree.js, which keeps it well-formed; text typed in the box
// goes through the server's validator (POST /api/trees/check). Labels are text only.

import {
  DEFAULT_LIMITS, EditError, addChild, deleteSubtree, index, moveNode, newTree, normalise,
  parseNumber, setFields, toShorthand, treeText, walk,
} from "./editable_tree.js";
import { EditorHistory } from "./editor_history.js";
import { checkTree } from "./rest_client.js";

const $ = (id) => document.getElementById(id);

const ROW = 20; // px: the height of an outline row (.outline button in app.css)
const OVERSCAN = 150; // rows drawn above and below the visible ones

function spacer(height) {
  const li = document.createElement("li");
  li.className = "spacer";
  li.setAttribute("aria-hidden", "true");
  li.style.height = `${height}px`;
  return li;
}

function span(cls, text) {
  const s = document.createElement("span");
  s.className = cls;
  s.textContent = text;
  return s;
}

// The tree as JSON text, one node per line, indented: readable, and still plain JSON.
export function formatTree(tree) {
  const line = (node, indent) => {
    if (!node.children || !node.children.length) return indent + JSON.stringify(node);
    const { children, ...head } = node;
    const kids = children.map((c) => line(c, indent + " ")).join(",\n");
    return `${indent}${JSON.stringify(head).slice(0, -1)},"children":[\n${kids}\n${indent}]}`;
  };
  return line(tree, "");
}

export class TreeEditor {
  // onRun(tree): run the search on the edited tree.
  constructor({ onRun }) {
    this.onRun = onRun;
    this.limits = { ...DEFAULT_LIMITS };
    this.history = new EditorHistory();
    this.tree = newTree();
    this.selected = this.tree.id;
    this.pristine = true; // nothing edited yet: a search's tree may replace it without an undo step
    this.els = {
      outline: $("editor-outline"),
      heading: $("node-heading"),
      form: $("node-form"),
      hint: $("node-hint"),
      error: $("editor-error"),
      status: $("editor-status"),
      undo: $("editor-undo"),
      redo: $("editor-redo"),
      del: $("editor-delete"),
      left: $("editor-left"),
      right: $("editor-right"),
      text: $("editor-text"),
      textError: $("text-error"),
      textStatus: $("text-status"),
    };
    const f = this.els.form.elements;
    this.fields = { label: f.node_label, player: f.node_player, value: f.node_value, eval: f.node_eval };

    let scrollQueued = false;
    this.els.outline.addEventListener("scroll", () => {
      if (scrollQueued) return;
      scrollQueued = true;
      requestAnimationFrame(() => {
        scrollQueued = false;
        this.renderRows(false);
      });
    });
    // Ctrl+Z / Ctrl+Shift+Z (or Ctrl+Y) anywhere in the panel but its text fields.
    this.els.form.closest('[role="tabpanel"]').addEventListener("keydown", (ev) => {
      if (!(ev.ctrlKey || ev.metaKey) || ev.altKey) return;
      if (["INPUT", "TEXTAREA", "SELECT"].includes(ev.target.tagName)) return;
      const key = ev.key.toLowerCase();
      if (key === "z" && !ev.shiftKey) this.undo();
      else if ((key === "z" && ev.shiftKey) || key === "y") this.redo();
      else return;
      ev.preventDefault();
    });
    // ↑ / ↓ move the selection along the outline (←/→ stay the player's steps).
    this.els.outline.addEventListener("keydown", (ev) => {
      const by = { ArrowUp: -1, ArrowDown: 1 }[ev.key];
      if (!by) return;
      ev.preventDefault();
      const next = this.entries[this.rowOf.get(this.selected) + by];
      if (!next) return;
      this.select(next.node.id);
      const row = this.els.outline.querySelector(`[data-edit-id="${CSS.escape(next.node.id)}"]`);
      if (row) row.focus();
    });
    this.els.outline.addEventListener("click", (ev) => {
      const row = ev.target.closest("[data-edit-id]");
      if (row) this.select(row.dataset.editId);
    });
    this.els.form.addEventListener("submit", (ev) => ev.preventDefault());
    this.els.form.addEventListener("change", (ev) => {
      const name = ev.target.name.replace(/^node_/, "");
      if (name in this.fields) this.applyField(name);
    });
    this.els.form.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" && ev.target.tagName === "INPUT") {
        ev.preventDefault();
        this.applyField(ev.target.name.replace(/^node_/, ""));
      }
    });
    $("editor-add").addEventListener("click", () => this.edit(() => {
      const r = addChild(this.tree, this.selected, this.limits);
      const parent = index(r.tree).get(this.selected).node;
      return { tree: r.tree, note: [`Added ${r.id} under ${parent.label}`, r.note].filter(Boolean).join(". ") };
    }));
    this.els.del.addEventListener("click", () => this.edit(() => {
      const gone = index(this.tree).get(this.selected).node.label;
      const r = deleteSubtree(this.tree, this.selected);
      return { tree: r.tree, select: r.parentId, note: [`Deleted ${gone} and its subtree`, r.note].filter(Boolean).join(". ") };
    }));
    this.els.left.addEventListener("click", () => this.edit(() => moveNode(this.tree, this.selected, -1)));
    this.els.right.addEventListener("click", () => this.edit(() => moveNode(this.tree, this.selected, +1)));
    this.els.undo.addEventListener("click", () => this.undo());
    this.els.redo.addEventListener("click", () => this.redo());
    $("editor-new").addEventListener("click", () => this.load(newTree(), "A new tree: one MAX node A. Select it and add children."));
    $("editor-run").addEventListener("click", () => {
      if (!this.applyPending()) return; // the refused field's message stays on screen
      this.clearMessages();
      this.onRun(this.tree);
    });
    $("text-load").addEventListener("click", () => this.loadText());
    $("text-json").addEventListener("click", () => this.showJson());
    $("text-shorthand").addEventListener("click", () => this.showShorthand());
    this.render();
  }

  setLimits(limits) {
    this.limits = { ...this.limits, ...limits };
    this.fields.label.maxLength = this.limits.max_label_length;
  }

  get text() {
    return treeText(this.tree);
  }

  get size() {
    return walk(this.tree).length;
  }

  // ---- changing the tree ----

  // Run an edit: fn() returns {tree, select?, note?} or throws an EditError to show.
  edit(fn) {
    this.clearMessages();
    let r;
    try {
      r = fn();
    } catch (err) {
      if (!(err instanceof EditError)) throw err;
      this.showError(err.message);
      return;
    }
    this.commit(r.tree, r.select, r.note);
  }

  commit(tree, select, note) {
    const next = normalise(tree);
    const before = this.text;
    if (treeText(next) === before) {
      if (select) this.select(select);
      return;
    }
    this.history.record(before);
    this.tree = next;
    this.pristine = false;
    if (select) this.selected = select;
    this.render();
    if (note) this.say(note);
  }

  // Replace the whole tree (new, loaded from text, random, shared); undo brings the old one back.
  load(tree, note) {
    this.clearMessages();
    this.commit(tree, null, note);
  }

  // A search started on a tree: the editor shows that tree (edits stay one Undo away).
  follow(tree) {
    const next = normalise(tree);
    if (treeText(next) === this.text) return;
    if (this.pristine) {
      this.tree = next;
      this.selected = this.tree.id;
      this.render();
      return;
    }
    this.history.record(this.text);
    this.tree = next;
    this.render();
    this.say("The editor now holds the tree of the search shown; Undo brings back the tree before it.");
  }

  undo() {
    this.clearMessages();
    const text = this.history.undo(this.text);
    if (text === null) {
      this.say("Nothing to undo");
      return;
    }
    this.restore(text, "Undone");
  }

  redo() {
    this.clearMessages();
    const text = this.history.redo(this.text);
    if (text === null) {
      this.say("Nothing to redo");
      return;
    }
    this.restore(text, "Redone");
  }

  restore(text, note) {
    this.tree = JSON.parse(text);
    this.pristine = false;
    this.render();
    this.say(note);
  }

  applyField(name) {
    const field = this.fields[name];
    this.edit(() => {
      const fields = {};
      if (name === "label") fields.label = field.value;
      if (name === "player") fields.player = field.value;
      if (name === "value") fields.value = parseNumber(field.value, "value", { limits: this.limits });
      if (name === "eval") {
        const n = parseNumber(field.value, "eval", { optional: true, limits: this.limits });
        fields.eval = n === undefined ? null : n;
      }
      return setFields(this.tree, this.selected, fields, this.limits);
    });
  }

  // Fields typed but not (successfully) applied: apply them now. False when one is
  // refused, so Run never searches a tree other than the one the form shows.
  applyPending() {
    const entry = index(this.tree).get(this.selected);
    if (!entry) return true;
    const { node } = entry;
    const leaf = !node.children || !node.children.length;
    const shown = {
      label: node.label,
      player: node.player,
      value: leaf ? String(node.value) : "",
      eval: node.eval === undefined || node.eval === null ? "" : String(node.eval),
    };
    for (const name of Object.keys(shown)) {
      if (this.fields[name].value === shown[name]) continue;
      this.applyField(name);
      if (this.els.error.textContent) return false;
    }
    return true;
  }

  select(id) {
    if (!this.rowOf.has(id)) return;
    this.selected = id;
    this.showSelection();
  }

  // ---- the text box: one validator (the server's) for text coming in ----

  async loadText() {
    this.clearMessages();
    const text = this.els.text.value.trim();
    if (!text) {
      this.els.textError.textContent = "tree: type a tree as JSON or nested lists, e.g. [[3,12,8],[2,4,6]]";
      return;
    }
    try {
      const tree = await checkTree(text);
      this.load(tree, "Loaded the tree from the text box");
      this.els.textStatus.textContent = `Loaded: ${walk(this.tree).length} nodes.`;
    } catch (err) {
      this.els.textError.textContent = err.message;
    }
  }

  showJson() {
    this.clearMessages();
    this.els.text.value = formatTree(this.tree);
  }

  showShorthand() {
    this.clearMessages();
    const r = toShorthand(this.tree);
    if (r.reason) {
      this.els.textError.textContent = `No shorthand: ${r.reason}. Use Show as JSON.`;
      return;
    }
    this.els.text.value = r.text;
    if (r.renamed.length) {
      const some = r.renamed.slice(0, 4).join(", ") + (r.renamed.length > 4 ? ", …" : "");
      this.els.textStatus.textContent = `The shorthand names nodes itself: ${some}.`;
    }
  }

  // ---- messages ----

  showError(text) {
    this.els.error.textContent = text;
  }

  say(text) {
    this.els.status.textContent = text;
  }

  clearMessages() {
    this.els.error.textContent = "";
    this.els.status.textContent = "";
    this.els.textError.textContent = "";
    this.els.textStatus.textContent = "";
  }

  // ---- drawing the panel ----

  // The tree changed: list its nodes again and redraw.
  render() {
    this.entries = walk(this.tree);
    this.rowOf = new Map(this.entries.map((e, i) => [e.node.id, i]));
    if (!this.rowOf.has(this.selected)) this.selected = this.tree.id;
    this.renderRows(true);
    this.renderForm(this.entries[this.rowOf.get(this.selected)]);
    // Dimmed, not disabled: disabling the focused button would drop keyboard focus, and a
    // press says why nothing happens ("Nothing to undo", "already the first child").
    this.els.undo.classList.toggle("idle", !this.history.canUndo);
    this.els.redo.classList.toggle("idle", !this.history.canRedo);
    this.keepSelectedInView();
  }

  // The outline's rows around what is scrolled into view: all of a tree of a few hundred
  // nodes, a window of a 10,000-node one (each row is ROW px high; spacers stand in for
  // the rest, so the scroll bar is true).
  renderRows(force) {
    const box = this.els.outline;
    const n = this.entries.length;
    const first = Math.floor(box.scrollTop / ROW);
    const shown = Math.ceil(box.clientHeight / ROW);
    if (!force && this.window) {
      // Still drawn with room to scroll on either side: nothing to do.
      const [w0, w1] = this.window;
      const roomAbove = w0 === 0 || first - w0 >= OVERSCAN / 3;
      const roomBelow = w1 === n || w1 - (first + shown) >= OVERSCAN / 3;
      if (roomAbove && roomBelow) return;
    }
    const start = Math.max(0, first - OVERSCAN);
    const end = Math.min(n, first + shown + OVERSCAN);
    this.window = [start, end];
    // Keyboard focus on a row survives the redraw (Ctrl+Z twice from the outline).
    const focused = box.contains(document.activeElement) ? document.activeElement.dataset.editId : undefined;
    const rows = [];
    if (start > 0) rows.push(spacer(start * ROW));
    for (let r = start; r < end; r++) rows.push(this.row(this.entries[r]));
    if (end < n) rows.push(spacer((n - end) * ROW));
    box.replaceChildren(...rows);
    if (focused !== undefined) {
      const id = this.rowOf.has(focused) ? focused : this.selected;
      const row = box.querySelector(`[data-edit-id="${CSS.escape(id)}"]`);
      if (row) row.focus({ preventScroll: true });
    }
  }

  row({ node, depth }) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.editId = node.id;
    b.style.setProperty("--depth", String(depth));
    const glyph = span(`glyph ${node.player}`, node.player === "max" ? "▲" : "▼");
    glyph.setAttribute("aria-hidden", "true");
    b.append(glyph, span("visually-hidden", node.player === "max" ? "MAX " : "MIN "));
    b.append(span("name", node.label === node.id ? node.id : `${node.label} (${node.id})`));
    const leaf = !node.children || !node.children.length;
    const num = leaf ? `= ${node.value}` : node.eval !== undefined ? `eval ${node.eval}` : "";
    if (num) b.append(" ", span("num", num));
    if (node.id === this.selected) b.setAttribute("aria-current", "true");
    li.append(b);
    return li;
  }

  // Another node selected: move the highlight and fill the form; the tree is the same.
  showSelection() {
    const box = this.els.outline;
    const old = box.querySelector('[aria-current="true"]');
    if (old) old.removeAttribute("aria-current");
    this.keepSelectedInView();
    const row = box.querySelector(`[data-edit-id="${CSS.escape(this.selected)}"]`);
    if (row) row.setAttribute("aria-current", "true");
    this.renderForm(this.entries[this.rowOf.get(this.selected)]);
  }

  // The panel became visible: it now has a height to fill.
  shown() {
    this.renderRows(true);
    this.keepSelectedInView();
  }

  renderForm(entry) {
    const { node, parent, index: at } = entry;
    const leaf = !node.children || !node.children.length;
    const role = node.player === "max" ? "MAX" : "MIN";
    const where = parent ? `child ${at + 1} of ${parent.children.length} of ${parent.label}` : "the root";
    this.els.heading.textContent = `${node.label} (id ${node.id}): ${role}, ${where}`;
    this.fields.label.value = node.label;
    this.fields.player.value = node.player;
    this.fields.value.value = leaf ? String(node.value) : "";
    this.fields.value.disabled = !leaf;
    this.fields.value.placeholder = leaf ? "" : "computed";
    this.fields.eval.value = node.eval === undefined ? "" : String(node.eval);
    this.els.hint.textContent = leaf
      ? ""
      : "Internal node: the search computes its value. Eval is its estimate when a depth limit cuts it off.";
    this.els.del.classList.toggle("idle", !parent);
    this.els.left.classList.toggle("idle", !parent || at === 0);
    this.els.right.classList.toggle("idle", !parent || at === parent.children.length - 1);
  }

  keepSelectedInView() {
    const box = this.els.outline;
    if (!box.clientHeight) return;
    const top = this.rowOf.get(this.selected) * ROW;
    if (top < box.scrollTop || top + ROW > box.scrollTop + box.clientHeight) {
      box.scrollTop = Math.max(0, top - box.clientHeight / 3);
    }
    this.renderRows(false);
  }

}
