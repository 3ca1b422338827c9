// The pseudocode panel's second, lighter line: at a child's visit, the loop that took the child.
// callerLine names the parent's step just before the visit, whose line the listing's loop line
// lists in `loop_after`; the engine's traces always have the parent's step there.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { callerLine } from "../../../static/js/narration/pseudocode_panel.js";
import { GOLDEN, goldenEvents } from "../golden_traces.js";

const ENHANCED = readFileSync(new URL("../../golden/enhanced_horizon_minimax_tt_quiescence_beam3.jsonl", import.meta.url), "utf8")
  .split("\n").filter((line) => line.trim()).map((line) => JSON.parse(line));

test("every child's visit follows a step of its parent, whose line the caller highlight names", () => {
  const traces = [...Object.keys(GOLDEN).map(goldenEvents), ENHANCED];
  let visits = 0;
  for (const events of traces) {
    events.forEach((event, k) => {
      if (event.type !== "visit" || event.parent === null || event.parent === event.node) return;
      visits++;
      const before = events[k - 1];
      assert.equal(before.node, event.parent, `${event.node}: the step before its visit is its parent's`);
      assert.equal(callerLine(event, before), before.line);
    });
  }
  assert.ok(visits > 100);
});

test("no caller line but at a child's visit", () => {
  const events = goldenEvents("lecture");
  assert.equal(callerLine(events[1], events[0]), null); // the root's visit: nobody took it
  const backup = events.find((e) => e.type === "backup");
  assert.equal(callerLine(backup, events[backup.seq - 1]), null);
  const visit = events.find((e) => e.type === "visit" && e.parent !== null);
  assert.equal(callerLine(visit, null), null);
  assert.equal(callerLine(visit, { ...events[visit.seq - 1], node: "elsewhere" }), null);
});

test("the enhancements' steps are at lines of their own", () => {
  const lines = (type) => new Set(ENHANCED.filter((e) => e.type === type).map((e) => e.line));
  assert.deepEqual([...lines("tt_hit")].sort(), ["max.tt_lookup", "min.tt_lookup"]);
  assert.deepEqual([...lines("quiescence")].sort(), ["max.quiescence", "min.quiescence"]);
  assert.ok([...lines("beam")].every((line) => line === "min.beam" || line === "max.beam" || line === "search.return"));
  // A store lights the return its value left by: the line of the node's leaf or return just before.
  ENHANCED.forEach((e, k) => {
    if (e.type === "tt_store") assert.equal(e.line, ENHANCED[k - 1].line);
  });
  const chance = goldenEvents("chance");
  assert.ok(chance.filter((e) => e.type === "backup" && e.op === "chance").every((e) => e.line === "emm.chance_sum"));
});
