// Walking the drawn tree with the keyboard (static/js/view/tree_keys.js): ↑ parent, ↓ first child,
// ← → siblings, Home the root, End the node visited last; each item's level and place among its siblings.
import { test } from "node:test";
import assert from "node:assert/strict";
import { itemPlace, lastVisitedNode, walkTarget } from "../../../static/js/view/tree_keys.js";
import { goldenEvents, replayOf } from "../golden_traces.js";

const events = goldenEvents("lecture");
const lecture = replayOf(events);
const t = lecture.tree;
const at = (id) => t.idx(id);
const all = () => true;

// The id a key leads to from `id` (undefined: it stays).
function walk(id, key, drawn = all, last = undefined) {
  const j = walkTarget(t, at(id), key, drawn, last);
  return j === undefined ? undefined : t.ids[j];
}

test("the arrows follow the drawing: up the parent, down the first child, left and right the siblings", () => {
  assert.equal(walk("A", "ArrowDown"), "B");
  assert.equal(walk("B", "ArrowDown"), "B1");
  assert.equal(walk("B1", "ArrowRight"), "B2");
  assert.equal(walk("B3", "ArrowRight"), undefined, "the last sibling: nowhere further");
  assert.equal(walk("C", "ArrowLeft"), "B");
  assert.equal(walk("B", "ArrowLeft"), undefined);
  assert.equal(walk("C2", "ArrowUp"), "C");
  assert.equal(walk("A", "ArrowUp"), undefined, "the root has no parent");
  assert.equal(walk("A", "ArrowRight"), undefined, "nor siblings");
  assert.equal(walk("D3", "ArrowDown"), undefined, "a leaf has no children");
  assert.equal(walk("D2", "Home"), "A");
  assert.equal(walk("A", "End", all, at("C1")), "C1");
});

test("only drawn nodes take the focus: a folded subtree's children are skipped", () => {
  const drawn = (j) => !["C", "B1"].includes(t.ids[j]);
  assert.equal(walk("B", "ArrowRight", drawn), "D", "C is not drawn: D is B's next drawn sibling");
  assert.equal(walk("B", "ArrowDown", drawn), "B2");
});

test("level, position in set and set size, as aria-level, aria-posinset and aria-setsize", () => {
  assert.deepEqual(itemPlace(t, at("A")), { level: 1, position: 1, size: 1 });
  assert.deepEqual(itemPlace(t, at("C")), { level: 2, position: 2, size: 3 });
  assert.deepEqual(itemPlace(t, at("D3")), { level: 3, position: 3, size: 3 });
});

test("End: the node the step is at, or at the result the one entered last", () => {
  const middle = lecture.stateAt(20);
  assert.equal(lastVisitedNode(middle, t.ids.map((_, i) => i)), middle.current);
  const result = lecture.stateAt(events.length - 1);
  assert.equal(result.current, -1);
  assert.equal(t.ids[lastVisitedNode(result, t.ids.map((_, i) => i))], "D3");
});
