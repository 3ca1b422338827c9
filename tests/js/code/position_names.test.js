// The grader names positions as the page does (issue 47): tests/golden/position_names.json holds the
// names the page's rule gives (TraceTree.nameOf) on hand-made events and on the engine's golden traces;
// tests/engine/test_position_names.py holds the grader's rule (search/grading/position_names.py) to the same file.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { TraceTree } from "../../../static/js/replay/trace_tree.js";

const GOLDEN = new URL("../../golden/", import.meta.url);
const shared = JSON.parse(readFileSync(new URL("position_names.json", GOLDEN), "utf8"));

function pageNames(events) {
  const tree = new TraceTree(events[0]);
  for (const event of events.slice(1)) tree.observe(event);
  return Object.fromEntries(tree.ids.map((id) => [id, tree.nameOf(id)]));
}

test("hand-made events: each game's movers, a course game's own names, a tree's labels", () => {
  for (const c of shared.cases) assert.deepEqual(pageNames(c.events), c.names, c.about);
});

test("the engine's golden traces: every node the page draws has the shared name", () => {
  for (const [file, names] of Object.entries(shared.traces)) {
    const events = readFileSync(new URL(file, GOLDEN), "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
    assert.deepEqual(pageNames(events), names, file);
  }
});
