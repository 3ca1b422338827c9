// The replay state (static/js/replay/replay_state.js): the state at any step, however it is
// reached (forward, back, from a snapshot, after snapshots were thinned), is the state a
// plain forward replay of events 0..k gives.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Replay, Status } from "../../../static/js/replay/replay_state.js";
import { forwardStates, goldenEvents, plainState, replayOf, STATE_FIELDS, stepWhere } from "../golden_traces.js";

const FIELDS = STATE_FIELDS;
const plain = plainState;

// The state at every step of a trace, stepped forward by a Replay that has seen no other step.
const everyStep = forwardStates;

// A small deterministic generator (mulberry32), so a failing seek order can be repeated.
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test("every step of the lecture, stepped forward and then back, is the forward replay", () => {
  const events = goldenEvents("lecture");
  const expected = everyStep(events);
  const replay = replayOf(events, { every: 4 });
  for (let k = 0; k <= replay.last; k++) assert.deepEqual(plain(replay.stateAt(k)), expected[k], `forward to ${k}`);
  for (let k = replay.last; k >= 0; k--) assert.deepEqual(plain(replay.stateAt(k)), expected[k], `back to ${k}`);
});

test("random seeks after the snapshots were thinned land on the forward replay", () => {
  const events = goldenEvents("tictactoe");
  const nodes = replayOf(events).tree.size;
  // A budget of three snapshots of this tree: going to the end thins them twice or more.
  const replay = replayOf(events, { every: 2, budget: 3 * 4 * 8 * nodes });
  const expected = everyStep(events);
  assert.deepEqual(plain(replay.stateAt(replay.last)), expected[replay.last]);
  assert.ok(replay.every >= 8, `the spacing doubled as snapshots were dropped (every = ${replay.every})`);
  const bytes = replay.snapshots.reduce((n, s) => n + s.state.bytes, 0);
  assert.ok(replay.snapshots.length <= 2 || bytes <= replay.budget, `snapshots hold ${bytes} bytes, over the budget`);
  replay.snapshots.forEach((s, j) => assert.equal(s.step, j * replay.every, "snapshot j is the state at j * every"));
  const next = random(8);
  for (let n = 0; n < 200; n++) {
    const k = Math.floor(next() * (replay.last + 1));
    assert.deepEqual(plain(replay.stateAt(k)), expected[k], `seek ${n} to step ${k}`);
  }
});

test("snapshots thinned while stepping forward for the first time keep every step right", () => {
  const events = goldenEvents("isolation");
  const nodes = replayOf(events).tree.size;
  const replay = replayOf(events, { every: 1, budget: 4 * 4 * 8 * nodes });
  const expected = everyStep(events);
  const next = random(3);
  // Forward in small random strides (each may add and thin snapshots), with a look back each time.
  for (let k = 0; k <= replay.last; k += 1 + Math.floor(next() * 5)) {
    assert.deepEqual(plain(replay.stateAt(k)), expected[k], `step ${k}`);
    const back = Math.floor(next() * (k + 1));
    assert.deepEqual(plain(replay.stateAt(back)), expected[back], `back to ${back} from ${k}`);
  }
  assert.ok(replay.every > 1);
});

test("statuses are named: visited, then done once backed up (bounded when cut short); pruned subtrees; the root done at the result", () => {
  const events = goldenEvents("lecture");
  const replay = replayOf(events);
  const at = (k, id) => replay.stateAt(k).statusOf(replay.tree.idx(id));
  const pruneAtC = stepWhere(events, (e) => e.type === "prune" && e.node === "C");
  assert.equal(at(0, "A"), Status.UNVISITED);
  assert.equal(at(stepWhere(events, (e) => e.type === "visit" && e.node === "B"), "B"), Status.VISITED);
  assert.equal(at(pruneAtC, "C1"), Status.DONE);
  assert.equal(at(pruneAtC, "C2"), Status.PRUNED);
  assert.equal(at(pruneAtC, "C3"), Status.PRUNED);
  assert.equal(at(pruneAtC - 1, "C2"), Status.UNVISITED);
  assert.equal(at(replay.last, "A"), Status.DONE);
  // C returned v = 2 with C2 and C3 unseen: a bound (at most 2), before and after A backs it up.
  const cReturns = stepWhere(events, (e) => e.type === "return" && e.node === "C");
  assert.equal(at(cReturns - 1, "C"), Status.VISITED);
  assert.equal(at(cReturns, "C"), Status.BOUNDED);
  assert.equal(at(replay.last, "C"), Status.BOUNDED);
  assert.equal(replay.stateAt(replay.last).boundOf(replay.tree.idx("C")), "upper");
  assert.equal(at(replay.last, "D"), Status.DONE, "D saw all its children: its 2 is its value");
  const kept = new Set([Status.UNVISITED, Status.VISITED, Status.DONE, Status.PRUNED, Status.BOUNDED]);
  for (let k = 0; k <= replay.last; k++) {
    const state = replay.stateAt(k);
    for (let i = 0; i < replay.tree.size; i++) assert.ok(kept.has(state.statusOf(i)), `status ${state.statusOf(i)} at step ${k}`);
  }
});

test("a search stopped early leaves its root unfinished and nothing current", () => {
  const events = goldenEvents("lecture").slice(0, 10);
  events.push({ seq: 10, type: "result", node: "A", line: "search.return", value: null, move: null, child: null,
    visited: 4, leaves: 3, prunes: 0, pruned: 0, complete: false, reason: "cancelled" });
  const replay = replayOf(events);
  const state = replay.stateAt(10);
  assert.equal(state.current, -1);
  assert.equal(state.statusOf(replay.tree.root), Status.VISITED);
  assert.equal(state.result.reason, "cancelled");
});

test("touchedBetween names every node whose state differs between two steps", () => {
  const events = goldenEvents("tictactoe");
  const replay = replayOf(events, { every: 16 });
  const next = random(21);
  for (let n = 0; n < 150; n++) {
    const a = Math.floor(next() * (replay.last + 1));
    const b = Math.floor(next() * (replay.last + 1));
    const sa = plain(replay.stateAt(a));
    const sb = plain(replay.stateAt(b));
    const touched = replay.touchedBetween(a, b);
    for (let i = 0; i < replay.tree.size; i++) {
      const differs = FIELDS.some((f) => JSON.stringify(sa[f][i]) !== JSON.stringify(sb[f][i]));
      if (touched === null) continue; // too far apart: the view redraws everything drawn
      if (differs) assert.ok(touched.has(i), `node ${replay.tree.ids[i]} changes between ${a} and ${b}`);
    }
  }
});

test("the constructor's snapshot options default to the module's constants", () => {
  const replay = new Replay(goldenEvents("lecture")[0]);
  assert.equal(replay.every, 256);
  assert.equal(replay.budget, 64 * 1024 * 1024);
});
