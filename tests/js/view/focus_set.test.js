// The focus set (static/js/view/focus_set.js): which nodes a big tree's drawing shows. A small fake
// tree speaks the TraceTree API the module reads; a counting fake checks it never walks the tree.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FULL_DRAWING_MAX, drawsWhole, focusNote, focusOf, focusSet, reveal, sizeWords, toggled } from "../../../static/js/view/focus_set.js";

// A complete tree of `branching` and `depth` (the root at depth 0), ids "r", "r.0", "r.0.2", ...
// in depth-first order, as a game search finds them.
function fakeTree(branching, depth, kind = "game") {
  const ids = [], parent = [], children = [];
  const add = (id, p, d) => {
    const i = ids.length;
    ids.push(id);
    parent.push(p);
    children.push([]);
    if (p >= 0) children[p].push(i);
    if (d < depth) for (let c = 0; c < branching; c++) add(`${id}.${c}`, i, d + 1);
    return i;
  };
  add("r", -1, 0);
  const sizes = ids.map(() => 1);
  // Children come after their parent: adding from the last node up sums each subtree.
  for (let i = ids.length - 1; i > 0; i--) sizes[parent[i]] += sizes[i];
  const index = new Map(ids.map((id, i) => [id, i]));
  const tree = {
    kind, ids, parent, root: 0, version: 1, calls: 0,
    get size() { return ids.length; },
    idx: (id) => index.get(id),
    childrenOf(i) { this.calls++; return children[i].slice(); },
    childCount(i) { this.calls++; return children[i].length; },
    sizeOf: (i) => sizes[i],
    pathTo(i) { const p = []; for (let j = i; j >= 0; j = parent[j]) p.push(j); return p.reverse(); },
  };
  return tree;
}

const names = (t, list) => [...list].map((i) => t.ids[i]);

test("the threshold: trees up to the input limits and games up to 500 positions are drawn whole; 100 while streaming", () => {
  assert.deepEqual(FULL_DRAWING_MAX, { tree: 10000, game: 500 });
  assert.equal(drawsWhole({ kind: "tree", size: 10000 }), true);
  assert.equal(drawsWhole({ kind: "tree", size: 10000 }, true), true);
  assert.equal(drawsWhole({ kind: "game", size: 500 }), true);
  assert.equal(drawsWhole({ kind: "game", size: 501 }), false);
  assert.equal(drawsWhole({ kind: "game", size: 100 }, true), true);
  assert.equal(drawsWhole({ kind: "game", size: 101 }, true), false);
});

test("the path, each path node's children and the focus's children are shown; the rest is folded", () => {
  const t = fakeTree(3, 4);
  const focus = t.idx("r.1.2");
  const f = focusSet(t, focus, new Set());
  assert.deepEqual(names(t, f.path), ["r", "r.1", "r.1.2"]);
  assert.deepEqual(names(t, f.nodes), [
    "r", "r.0", "r.1", "r.1.0", "r.1.1", "r.1.2", "r.1.2.0", "r.1.2.1", "r.1.2.2", "r.2",
  ]);
  // Every shown node off the path that has children stands for its subtree.
  assert.deepEqual(names(t, f.collapsed).sort(), ["r.0", "r.1.0", "r.1.1", "r.1.2.0", "r.1.2.1", "r.1.2.2", "r.2"]);
  assert.deepEqual(names(t, f.kids.get(t.idx("r.1"))), ["r.1.0", "r.1.1", "r.1.2"]);
  assert.equal(f.kids.has(t.idx("r.0")), false);
  assert.equal(f.opened.size, 0);
});

test("a leaf is never a collapsed mark", () => {
  const t = fakeTree(2, 2);
  const f = focusSet(t, t.idx("r.0"), new Set());
  assert.deepEqual(names(t, f.collapsed).sort(), ["r.1"]); // r.0.0 and r.0.1 are leaves
});

test("at the result (no current node) the focus is the root", () => {
  const t = fakeTree(2, 3);
  assert.equal(focusOf(t, -1), t.root);
  assert.equal(focusOf(t, 5), 5);
  const f = focusSet(t, focusOf(t, -1), new Set());
  assert.deepEqual(names(t, f.nodes), ["r", "r.0", "r.1"]);
  assert.deepEqual(names(t, f.collapsed).sort(), ["r.0", "r.1"]);
});

test("an opened node shows its children, each folded the same way; toggling closes it", () => {
  const t = fakeTree(2, 3);
  const opened = toggled(new Set(), t.idx("r.1"));
  const f = focusSet(t, t.idx("r.0"), opened);
  assert.deepEqual(names(t, f.kids.get(t.idx("r.1"))), ["r.1.0", "r.1.1"]);
  assert.ok(f.collapsed.has(t.idx("r.1.0")) && !f.collapsed.has(t.idx("r.1")));
  assert.deepEqual(names(t, f.opened), ["r.1"]);
  const closed = focusSet(t, t.idx("r.0"), toggled(opened, t.idx("r.1")));
  assert.ok(closed.collapsed.has(t.idx("r.1")) && !closed.nodes.includes(t.idx("r.1.0")));
  assert.equal(opened.size, 1, "toggled returns a new set");
});

test("an opened node under a folded one stays opened for later, but is not shown", () => {
  const t = fakeTree(2, 3);
  const f = focusSet(t, t.idx("r.0"), new Set([t.idx("r.1.0")]));
  assert.ok(!f.nodes.includes(t.idx("r.1.0")));
  assert.equal(f.opened.size, 0);
});

test("reveal opens every ancestor of a node, so it is shown", () => {
  const t = fakeTree(2, 4);
  const j = t.idx("r.1.0.1.1");
  const opened = reveal(t, new Set(), j);
  assert.deepEqual(names(t, opened).sort(), ["r", "r.1", "r.1.0", "r.1.0.1"]);
  const f = focusSet(t, t.idx("r.0"), opened);
  assert.ok(f.nodes.includes(j));
  assert.ok(!f.collapsed.has(j), "a leaf");
});

test("the cost follows what is shown, not the tree's size", () => {
  const t = fakeTree(4, 8); // 87,381 nodes
  t.calls = 0;
  const f = focusSet(t, t.idx("r.3.2.1.0.3.2.1.0"), new Set());
  assert.equal(f.nodes.length, 1 + 8 * 4);
  assert.ok(t.calls <= 3 * f.nodes.length, `${t.calls} calls`);
});

test("the words on a mark and over the drawing", () => {
  assert.equal(sizeWords(12345), "▸ 12,345 nodes");
  assert.equal(sizeWords(1), "▸ 1 node");
  assert.match(focusNote(549946), /^549,946 nodes: .*path to the current node.*▸.*click/);
});
