// Undo and redo for the tree editor, as snapshots: each entry is the whole tree as
// JSON text, so undoing never has to reverse an operation, only put back a tree.

export class EditorHistory {
  constructor(limit = 100) {
    this.limit = limit; // snapshots kept on each side
    this.past = [];
    this.future = [];
  }

  // Before a change: remember the tree it changes (text), forget what was undone.
  record(text) {
    this.past.push(text);
    if (this.past.length > this.limit) this.past.shift();
    this.future = [];
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
