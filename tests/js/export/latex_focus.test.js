// The LaTeX export of a big tree's focus drawing (latex_export.js with `nodes` and `folded`):
// only the drawn nodes and the edges between them, and each folded node with its size.
import { test } from "node:test";
import assert from "node:assert/strict";
import { treeToTikz } from "../../../static/js/export/latex_export.js";
import { focusSet } from "../../../static/js/view/focus_set.js";
import { goldenEvents, replayOf } from "../golden_traces.js";

const count = (text, part) => text.split(part).length - 1;

test("a focus drawing exports its nodes and says how big each folded subtree is", () => {
  const replay = replayOf(goldenEvents("lecture"));
  const t = replay.tree;
  const f = focusSet(t, t.idx("B1"), new Set());
  const x = t.ids.map((_, i) => i * 40);
  const y = t.ids.map((_, i) => (t.pathTo(i).length - 1) * 108);
  const tex = treeToTikz({ tree: t, state: replay.stateAt(5), x, y, drawn: f.nodes.length, nodes: f.nodes, folded: [...f.collapsed], title: "focus" }).text;
  // A, B, B1..B3, C, D: C and D are folded (4 nodes each, themselves included).
  assert.deepEqual(f.nodes.map((i) => t.ids[i]), ["A", "B", "B1", "B2", "B3", "C", "D"]);
  assert.equal(count(tex, "\\node[node label"), 7);
  assert.equal(count(tex, "\\draw[tree edge"), 6);
  assert.equal(count(tex, "\\node[folded]"), 2);
  assert.ok(tex.includes("{4 nodes}"));
  assert.ok(!tex.includes("{C1}") && !tex.includes("{D3}"));
});

test("without a node list the export draws nodes 0 .. drawn-1, as before", () => {
  const replay = replayOf(goldenEvents("lecture"));
  const t = replay.tree;
  const x = t.ids.map((_, i) => i * 40);
  const y = t.ids.map(() => 0);
  const tex = treeToTikz({ tree: t, state: replay.stateAt(0), x, y, drawn: 5, title: "first five" }).text;
  assert.equal(count(tex, "\\node[node label"), 5);
  assert.equal(count(tex, "\\node[folded]"), 0);
});
