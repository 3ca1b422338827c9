// The "Edit tree" panel: an outline of the tree (click a node to select it), a small form
// for the selected node (label, player, value, eval), buttons to add a child, delete a
// subtree and reorder children, undo/redo, and the tree as text both ways. The tree is
// changed only by editable_tree.js, which keeps it well-formed, with the server's limits
// (GET /api/limits); the server names new children and writes the shorthand, and text
// typed in the box goes through its validator (POST /api/trees/check). Labels are text only.
// A UC Berkeley CS188 .test file, pasted or opened, is read by the server (cs188_import.js).

import {
  EditError, addChild, addedChild, deleteSubtree, index, moveNode, newTree, parseValue, setFields,
  treeText, valueText, walk, wellFormed,
} from "./editable_tree.js";
import { outcomeWarning, outcomesPutBack, outcomesSetAside } from "./outcome_check.js";
import { EditorHistory } from "./editor_history.js";
import { plural } from "../view/plural.js";
import { checkTree, treeShorthand } from "../export/rest_client.js";
import { importCs188, importedNote, looksLikeCs188 } from "./cs188_import.js";

// The elements a TreeEditor is given (templates/index.html's Edit tree panel): the panel,
// its outline, the node form and its heading and hint, the messages, the buttons, the text box.
export const ELEMENTS = [
  "panel", "outline", "heading", "form", "hint", "warning", "error", "status",
  "newTree", "undo", "redo", "add", "del", "left", "right", "run",
  "text", "textError", "textStatus", "textLoad", "textJson", "textShorthand", "textFile",
];

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
  // els: the panel's elements (see the list below, as in templates/index.html);
  // limits: a promise of the server's limits (GET /api/limits, rest_client.fetchLimits);
  // onRun(tree): run the search on the edited tree; onImport(imported): a CS188 test was loaded
  // (POST /api/import/cs188's answer): search it as its autograder does.
  constructor({ els, limits, onRun, onImport }) {
    const missing = ELEMENTS.filter((name) => !els[name]);
    if (missing.length) throw new Error(`TreeEditor: no element for ${missing.join(", ")}`);
    this.els = els;
    this.onRun = onRun;
    this.onImport = onImport;
    this.history = new EditorHistory();
    this.tree = newTree();
    this.selected = this.tree.id;
    this.pristine = true; // nothing edited yet: a search's tree may replace it without an undo step
    this.replaced = 0; // counts whole-tree replacements (load, follow): see act()
    this.picks = 0; // counts the user's selections: see act()
    this.queue = Promise.resolve();
    this.queued = 0;
    // Until the server's limits arrive the editor has none: an edit that needs them waits
    // for them (a click in the first milliseconds is applied then, not guessed at), and if
    // they cannot be had, edits that need them are refused with the reason.
    this.limits = null;
    this.limitsProblem = "";
    this.limitsArrived = Promise.resolve(limits).then(
      (l) => {
        this.limits = l;
        if (this.entries) this.showWarning(); // the tolerance it needs has come
      },
      (err) => {
        this.limitsProblem = `the editor cannot check edits without the server's limits (GET /api/limits: ${err.message}): reload the page`;
        this.showError(this.limitsProblem);
      },
    );
    const f = this.els.form.elements;
    this.fields = { label: f.node_label, player: f.node_player, value: f.node_value, eval: f.node_eval,
      probability: f.node_probability };

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
    this.els.panel.addEventListener("keydown", (ev) => {
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
    this.els.add.addEventListener("click", () => this.act(async (id) => {
      const limits = await this.needLimits();
      const { tree, note } = addChild(this.tree, id, limits);
      let named;
      try {
        named = wellFormed(outcomesPutBack(await checkTree(treeText(outcomesSetAside(tree))), tree));
      } catch (err) {
        throw new EditError(`Add child: ${err.message}`); // the tree stays as it was
      }
      const child = addedChild(named, id);
      const parent = index(named).get(id).node;
      return { tree: named, select: child.id, note: [`Added ${child.id} under ${parent.label}`, note].filter(Boolean).join(". ") };
    }));
    this.els.del.addEventListener("click", () => this.act((id) => {
      const gone = index(this.tree).get(id)?.node.label;
      const r = deleteSubtree(this.tree, id);
      return { tree: r.tree, select: r.parentId, note: [`Deleted ${gone} and its subtree`, r.note].filter(Boolean).join(". ") };
    }));
    this.els.left.addEventListener("click", () => this.act((id) => moveNode(this.tree, id, -1)));
    this.els.right.addEventListener("click", () => this.act((id) => moveNode(this.tree, id, +1)));
    this.els.undo.addEventListener("click", () => this.undo());
    this.els.redo.addEventListener("click", () => this.redo());
    this.els.newTree.addEventListener("click", () => this.enqueue(() => {
      this.load(newTree(), "A new tree: one MAX node A. Select it and add children.");
    }));
    this.els.run.addEventListener("click", () => this.enqueue(async () => {
      if (!(await this.applyPending())) return; // the refused field's message stays on screen
      this.clearMessages();
      this.onRun(this.tree);
    }));
    this.els.textLoad.addEventListener("click", () => this.enqueue(() => this.loadText()));
    // A file (tree JSON or a CS188 .test) goes into the text box and is loaded from there.
    this.els.textFile.addEventListener("change", () => {
      const file = this.els.textFile.files[0];
      if (!file) return;
      this.enqueue(async () => {
        this.els.text.value = await file.text();
        this.els.textFile.value = "";
        await this.loadText();
      });
    });
    this.els.textJson.addEventListener("click", () => this.enqueue(() => this.showJson()));
    this.els.textShorthand.addEventListener("click", () => this.enqueue(() => this.showShorthand()));
    this.render();
  }

  get text() {
    return treeText(this.tree);
  }

  get size() {
    return walk(this.tree).length;
  }

  // ---- one thing at a time ----

  // Every change to the tree, and everything that reads it for the user, runs here, one
  // at a time and in the order asked: Add child waits for the server, and a second click,
  // an Undo or a Show as JSON meanwhile acts on the tree after it, never beside it. A task
  // that fails shows why and changes nothing; the tasks after it still run. The panel is
  // aria-busy while any is waiting. (Selecting a node is not a change: it shows at once.)
  enqueue(task) {
    this.queued += 1;
    this.els.panel.setAttribute("aria-busy", "true");
    this.queue = this.queue.then(async () => {
      try {
        await task();
      } catch (err) {
        if (err instanceof EditError) {
          this.showError(err.message);
        } else {
          this.showError(`the editor failed: ${err.message}`);
          console.error(err);
        }
      } finally {
        this.queued -= 1;
        if (!this.queued) this.els.panel.setAttribute("aria-busy", "false");
      }
    });
    return this.queue;
  }

  // An edit of the selected node as the user saw it when asking: fn(id) gets the node
  // selected at the click (a click while an Add child is on its way acts on the node then
  // shown), and returns {tree, select?, note?} or throws an EditError to show. The edit
  // moves the selection (to a new child, to a deleted node's parent) only if the user has
  // not picked a node meanwhile. If a new tree replaced the editor's one (New,
  // loaded, random, shared, a search's) before the edit was done, it is refused rather than
  // applied to a tree it was not meant for.
  act(fn) {
    const id = this.selected;
    const { picks, replaced } = this;
    const refuse = () => {
      if (this.replaced !== replaced) throw new EditError("not applied: the editor's tree was replaced before this edit was done");
    };
    return this.enqueue(async () => {
      this.clearMessages();
      refuse();
      const r = await fn(id);
      refuse();
      this.commit(r.tree, this.picks === picks ? r.select : undefined, r.note);
    });
  }

  async needLimits() {
    await this.limitsArrived;
    if (!this.limits) throw new EditError(this.limitsProblem);
    return this.limits;
  }

  // ---- changing the tree ----

  commit(tree, select, note) {
    const next = wellFormed(tree);
    const before = this.text;
    if (treeText(next) === before) {
      if (select) this.showSelected(select);
      return;
    }
    this.history.record(before);
    this.tree = next;
    this.pristine = false;
    if (select) this.selected = select;
    this.render();
    if (note) this.say(note);
  }

  // Replace the whole tree (new, loaded from text, random, shared) at once; undo brings
  // the old one back. A tree that is not well-formed is refused with the reason.
  load(tree, note) {
    this.clearMessages();
    try {
      this.commit(tree, null, note);
      this.replaced += 1;
      return true;
    } catch (err) {
      if (!(err instanceof EditError)) throw err;
      this.showError(`not loaded: ${err.message}`);
      return false;
    }
  }

  // A search started on a tree: the editor shows that tree at once (edits stay one Undo away).
  follow(tree) {
    let next;
    try {
      next = wellFormed(tree);
    } catch (err) {
      if (!(err instanceof EditError)) throw err;
      this.showError(`The search's tree is not shown here: ${err.message}`);
      return;
    }
    if (treeText(next) === this.text) return;
    this.replaced += 1;
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
    return this.travel("undo", "Nothing to undo", "Undone");
  }

  redo() {
    return this.travel("redo", "Nothing to redo", "Redone");
  }

  // Undo or redo (`way`, an EditorHistory method) in its turn, saying `none` or `done`.
  travel(way, none, done) {
    return this.enqueue(() => {
      this.clearMessages();
      const text = this.history[way](this.text);
      if (text === null) this.say(none);
      else this.restore(text, done);
    });
  }

  restore(text, note) {
    this.tree = JSON.parse(text);
    this.pristine = false;
    this.render();
    this.say(note);
  }

  // The field as typed now, for the node selected now, applied in its turn.
  applyField(name) {
    const text = this.fields[name].value;
    return this.act(async (id) => {
      const fields = await this.typed(name, text);
      return setFields(this.tree, id, fields, this.limits);
    });
  }

  // {field: value} for setFields from the text typed in field `name`.
  async typed(name, text) {
    const limits = await this.needLimits();
    const players = Array.isArray(this.tree.players) ? this.tree.players : null;
    if (name === "value") return { value: parseValue(text, "value", limits, players) };
    if (name === "eval") {
      const n = parseValue(text, "eval", limits, players, { optional: true });
      return { eval: n === undefined ? null : n };
    }
    if (name === "probability") {
      const n = parseValue(text, "probability", limits, null, { optional: true });
      return { probability: n === undefined ? null : n };
    }
    return { [name]: text };
  }

  // Fields typed but not (successfully) applied: apply them now. False when one is
  // refused, so Run never searches a tree other than the one the form shows.
  async applyPending() {
    const entry = index(this.tree).get(this.selected);
    if (!entry) return true;
    const { node } = entry;
    const leaf = !node.children || !node.children.length;
    const shown = {
      label: node.label,
      player: node.player,
      value: leaf ? valueText(node.value) : "",
      eval: node.eval === undefined || node.eval === null ? "" : valueText(node.eval),
      probability: node.probability === undefined ? "" : String(node.probability),
    };
    for (const name of Object.keys(shown)) {
      const text = this.fields[name].value;
      if (text === shown[name]) continue;
      this.clearMessages();
      try {
        const fields = await this.typed(name, text);
        this.commit(setFields(this.tree, node.id, fields, this.limits).tree);
      } catch (err) {
        if (!(err instanceof EditError)) throw err;
        this.showError(err.message);
        return false;
      }
    }
    return true;
  }

  // Select a node (a click in the outline or the drawing): at once, even while an edit is
  // on its way (what the form shows is what the next edit acts on).
  select(id) {
    this.picks += 1;
    this.showSelected(id);
  }

  showSelected(id) {
    if (!this.rowOf.has(id)) return;
    this.selected = id;
    this.showSelection();
  }

  // ---- the text box: one validator (the server's) for text coming in ----

  async loadText() {
    this.clearMessages();
    const text = this.els.text.value.trim();
    if (!text) {
      this.els.textError.textContent = "tree: type a tree as JSON or nested lists, e.g. [[3,12,8],[2,4,6]], or paste a CS188 .test file";
      return;
    }
    if (looksLikeCs188(text)) {
      await this.loadCs188(text);
      return;
    }
    let tree;
    try {
      tree = await checkTree(text);
    } catch (err) {
      this.els.textError.textContent = err.message;
      return;
    }
    this.load(tree, "Loaded the tree from the text box");
    this.els.textStatus.textContent = `Loaded: ${plural(walk(this.tree).length, "node")}.`;
  }

  // A CS188 test: the server's tree, then the search its autograder runs (onImport).
  async loadCs188(text) {
    let imported;
    try {
      imported = await importCs188(text);
    } catch (err) {
      this.els.textError.textContent = `CS188 test: ${err.message}`;
      return;
    }
    if (!this.load(imported.tree, "Loaded the CS188 test from the text box")) return;
    this.els.textStatus.textContent = importedNote(imported, walk(this.tree).length);
    if (this.onImport) this.onImport(imported);
  }

  showJson() {
    this.clearMessages();
    this.els.text.value = formatTree(this.tree);
  }

  // The server writes the shorthand (and names its nodes), or says why the tree has none.
  async showShorthand() {
    this.clearMessages();
    let r;
    try {
      r = await treeShorthand(this.text);
    } catch (err) {
      this.els.textError.textContent = `No shorthand: ${err.message}. Use Show as JSON.`;
      return;
    }
    this.els.text.value = r.shorthand;
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
    // The same nodes in the same rows as drawn (a value, label or player edited): the rows' buttons are filled
    // again where they are. A press on a row while an edit lands (typing a value, then clicking the next node: the
    // edit is applied as the field loses focus, between the press and the release) would otherwise end on a new
    // button and the click be lost.
    const drawn = [start, end, n, ...this.entries.slice(start, end).map((e) => e.node.id)].join("\u0000");
    if (drawn === this.drawn) {
      box.querySelectorAll(":scope > li > button").forEach((b, k) => this.fillRow(b, this.entries[start + k]));
      return;
    }
    this.drawn = drawn;
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

  row(entry) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    this.fillRow(b, entry);
    li.append(b);
    return li;
  }

  fillRow(b, { node, depth }) {
    b.dataset.editId = node.id;
    b.style.setProperty("--depth", String(depth));
    b.replaceChildren();
    const mark = { max: ["▲", "MAX "], min: ["▼", "MIN "], chance: ["●", "chance "] }[node.player] || ["▲", `${node.player} `];
    const glyph = span(`glyph ${node.player in { max: 1, min: 1, chance: 1 } ? node.player : "max"}`, mark[0]);
    glyph.setAttribute("aria-hidden", "true");
    b.append(glyph, span("visually-hidden", mark[1]));
    b.append(span("name", node.label === node.id ? node.id : `${node.label} (${node.id})`));
    const leaf = !node.children || !node.children.length;
    const shown = (v) => (Array.isArray(v) ? `⟨${valueText(v)}⟩` : String(v));
    const num = leaf ? `= ${shown(node.value)}` : node.eval !== undefined ? `eval ${shown(node.eval)}` : "";
    if (num) b.append(" ", span("num", num));
    if (node.id === this.selected) b.setAttribute("aria-current", "true");
    else b.removeAttribute("aria-current");
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

  // The player select offers MAX, MIN and chance, or in a players tree (max^n) the root's names.
  syncPlayerOptions() {
    const select = this.fields.player;
    const names = Array.isArray(this.tree.players) ? this.tree.players : null;
    const wanted = names ? names.map((n) => [n, n]) : [["max", "MAX ▲"], ["min", "MIN ▼"], ["chance", "chance ●"]];
    const have = [...select.options].map((o) => o.value).join("\u0000");
    if (have !== wanted.map(([v]) => v).join("\u0000")) {
      const current = select.value;
      select.replaceChildren(...wanted.map(([value, text]) => new Option(text, value)));
      select.value = current;
    }
  }

  renderForm(entry) {
    const { node, parent, index: at } = entry;
    const leaf = !node.children || !node.children.length;
    // The field being typed in keeps its text when the same node is drawn again (an Add child answered by the
    // server meanwhile, say): the typing is applied on Enter or change, not lost to the redraw.
    const again = this.formNode === node.id;
    this.formNode = node.id;
    const show = (field, text) => {
      if (!(again && field === document.activeElement)) field.value = text;
    };
    const role = { max: "MAX", min: "MIN", chance: "chance" }[node.player] || node.player;
    const where = parent ? `child ${at + 1} of ${parent.children.length} of ${parent.label}` : "the root";
    this.els.heading.textContent = `${node.label} (id ${node.id}): ${role}, ${where}`;
    show(this.fields.label, node.label);
    this.syncPlayerOptions();
    this.fields.player.value = node.player;
    const players = Array.isArray(this.tree.players) ? this.tree.players : null;
    show(this.fields.value, leaf ? valueText(node.value) : "");
    this.fields.value.disabled = !leaf;
    this.fields.value.placeholder = leaf ? "" : "computed";
    show(this.fields.eval, node.eval === undefined ? "" : valueText(node.eval));
    // A players tree's values are vectors, typed as numbers separated by commas: a text
    // keyboard on a phone (the decimal one has no comma).
    for (const field of [this.fields.value, this.fields.eval]) field.inputMode = players ? "text" : "decimal";
    // Probability: only an outcome of a chance node has one (blank: equally likely).
    show(this.fields.probability, node.probability === undefined ? "" : String(node.probability));
    this.fields.probability.disabled = !parent || parent.player !== "chance";
    this.els.hint.textContent = leaf
      ? players ? `Value: one number for each of ${players.join(", ")}, separated by commas (e.g. ${players.map((_, k) => k + 1).join(", ")}).` : ""
      : "Internal node: the search computes its value. Eval is its estimate when a depth limit cuts it off.";
    this.showWarning();
    this.els.del.classList.toggle("idle", !parent);
    this.els.left.classList.toggle("idle", !parent || at === 0);
    this.els.right.classList.toggle("idle", !parent || at === parent.children.length - 1);
  }

  // A chance node whose probabilities do not sum to 1 (or are given for some outcomes only):
  // said under the form as it happens, without refusing the edit (outcome_check.js).
  showWarning() {
    const entry = this.entries && this.entries[this.rowOf.get(this.selected)];
    const text = entry && this.limits ? outcomeWarning(this.tree, entry, this.limits.probability_tolerance) : "";
    if (this.els.warning.textContent !== text) this.els.warning.textContent = text;
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
