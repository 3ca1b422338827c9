// The search enhancements (AIMA 4th ed. §5.2.4, §5.3.2, §5.3.3) in the replay, the presentation and
// the narration: a trace of the horizon position with the table, quiescence and a beam of 3
// (tests/golden, made by the CLI).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Replay, Status } from "../../../static/js/replay/replay_state.js";
import { presentNode, stepContext } from "../../../static/js/view/presentation.js";
import { narrate } from "../../../static/js/narration/narration.js";

const events = readFileSync(new URL("../../golden/enhanced_horizon_minimax_tt_quiescence_beam3.jsonl", import.meta.url), "utf8")
  .trim().split("\n").map((line) => JSON.parse(line));

function replay() {
  const r = new Replay(events[0]);
  r.append(events.slice(1));
  return r;
}

test("a table hit takes its value from the table and points at the node that filled the entry", () => {
  const r = replay();
  const k = events.findIndex((e) => e.type === "tt_hit");
  const hit = events[k];
  const state = r.stateAt(k);
  const i = r.tree.idx(hit.node);
  const shown = presentNode(state, r.tree, i, stepContext(state, r.tree));
  assert.equal(shown.value, hit.value);
  assert.deepEqual(shown.ttHit, { flag: "exact", source: r.tree.idx(hit.source) });
  const source = presentNode(state, r.tree, r.tree.idx(hit.source), stepContext(state, r.tree));
  assert.equal(source.ttSource, true); // ringed while the step is at the hit
  // Both named by their moves: the same position reached by another path.
  const [here, there] = [r.tree.nameOf(hit.node), r.tree.nameOf(hit.source)];
  assert.match(here, /^X \d · O \d( · [XO] \d)*$/);
  assert.notEqual(here, there);
  assert.equal(narrate(hit, r, state), `${here}: this position was already searched at ${there} — value ${hit.value} from the table`);
});

test("nodes past the depth limit are known as such, and the not-quiet ones are marked", () => {
  const r = replay();
  const state = r.stateAt(r.last);
  const past = r.tree.ids.filter((_, i) => r.tree.pastLimit(i));
  assert.ok(past.length > 0);
  const deep = events.filter((e) => e.type === "visit" && e.depth > 2).map((e) => e.node);
  assert.deepEqual(new Set(past), new Set(deep));
  const q = events.find((e) => e.type === "quiescence");
  assert.equal(presentNode(state, r.tree, r.tree.idx(q.node)).noisy, true);
  assert.match(narrate(q, r, state), /not quiet: the side to move (can win at once|must block a win)/);
});

test("what a beam dropped is a node of its own, never visited, and its edge says so", () => {
  const r = replay();
  const state = r.stateAt(r.last);
  const beams = events.filter((e) => e.type === "beam");
  assert.ok(beams.length > 0);
  for (const b of beams) {
    for (const d of b.dropped) {
      const i = r.tree.idx(d.child);
      assert.equal(state.statusOf(i), Status.DROPPED);
      assert.equal(presentNode(state, r.tree, i).edge.dropped, true);
    }
  }
  assert.match(narrate(beams[0], r, state), /^The root: the beam keeps the 3 best by estimate — X \d \(-?\d+\), .*; never considered: X \d/);
  assert.match(narrate(events[events.length - 1], r, state), /transposition table answered \d+ positions and stored \d+/);
});
