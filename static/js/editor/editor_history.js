// Undo and redo for the tree editor, as snapshots: each entry is the whole tree as
// JSON text, so undoing never has to reverse an operation, only put back a tree.

export class EditorHistory {
  // At most `limit` steps back, and fewer for big trees: the snapshots together stay
  // under `budget` characters (a 10,000-node tree is about 600 kB of text).
  constructor(limit = 100, budget = 40_000_000) {
    this.limit = limit;
    this.budget = budget;
    this.past = [];
    this.future = [];
  }

  // Before a change: remember the tree it changes (text), forget what was undone.
  record(text) {
    this.past.push(text);
    this.future = [];
    let size = this.past.reduce((sum, t) => sum + t.length, 0);
    while (this.past.length > 1 && (this.past.length > this.limit || size > this.budget)) {
      size -= this.past.shift().length;
    }
  }

  get canUndo() {
    return this.past.length > 0;
  }

  get canRedo() {
    return this.future.length > 0;
  }

  // The tree before the current one (current: the text shown now), or null.
  undo(current) {
    if (!this.past.length) return null;
    this.future.push(current);
    return this.past.pop();
  }

  redo(current) {
    if (!this.future.length) return null;
    this.past.push(current);
    return this.future.pop();
  }
}
