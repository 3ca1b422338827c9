// Undo and redo as snapshots of the tree's text (static/js/editor/editor_history.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { EditorHistory } from "../../../static/js/editor/editor_history.js";

test("undo puts back the tree before, redo the one after; a new edit forgets what was undone", () => {
  const h = new EditorHistory();
  assert.equal(h.undo("t0"), null);
  h.record("t0"); // t0 -> t1
  h.record("t1"); // t1 -> t2
  assert.equal(h.undo("t2"), "t1");
  assert.equal(h.undo("t1"), "t0");
  assert.equal(h.canUndo, false);
  assert.equal(h.redo("t0"), "t1");
  h.record("t1"); // t1 -> t3: t2 can no longer be redone
  assert.equal(h.canRedo, false);
  assert.equal(h.undo("t3"), "t1");
});

test("the history keeps at most `limit` steps and `budget` characters, always the latest", () => {
  const h = new EditorHistory(3, 10);
  for (const t of ["aaaa", "bbbb", "cccc", "dddd"]) h.record(t);
  assert.deepEqual(h.past, ["cccc", "dddd"]); // 16 characters > 10: the oldest go first
  const one = new EditorHistory(3, 1);
  one.record("a very long tree");
  assert.deepEqual(one.past, ["a very long tree"]); // one step back always stays
});
