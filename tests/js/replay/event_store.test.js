// Events kept as columns (static/js/replay/event_store.js) come back exactly as they arrived, and a
// replay over them reaches every step of every golden trace the same way forward, back and
// by jumps (its cursor undoes events through a journal; node_state.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { forwardStates, plainState, replayOf } from "../golden_traces.js";
import { Replay } from "../../../static/js/replay/replay_state.js";

const GOLDEN = new URL("../../golden/", import.meta.url);
const traces = readdirSync(GOLDEN).filter((name) => name.endsWith(".jsonl")).map((name) => [
  name,
  readFileSync(new URL(name, GOLDEN), "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l)),
]);

test("every golden trace's events come back from the columns as they arrived, keys in order", () => {
  assert.ok(traces.length >= 8);
  for (const [name, events] of traces) {
    const replay = replayOf(events);
    assert.equal(replay.last, events.length - 1, name);
    for (let k = 0; k < events.length; k++) {
      const got = replay.event(k);
      assert.deepEqual(got, events[k], `${name} event ${k}`);
      assert.deepEqual(Object.keys(got), Object.keys(events[k]), `${name} event ${k}: key order`);
      assert.equal(replay.typeOf(k), events[k].type);
    }
    assert.equal(replay.jsonl(7).join(""), events.map((e) => JSON.stringify(e) + "\n").join(""), `${name} as JSON Lines`);
  }
});

test("odd values survive: fractions, big numbers, seq not equal to the index, lists, null and booleans", () => {
  const start = { seq: 0, type: "start", node: "A", line: "search.call", format: 4, algorithm: "minimax", options: { depth: null },
    source: { kind: "tree", tree: { id: "A", children: [{ id: "B", value: 0.1 }, { id: "C", value: -3e9 }] } } };
  const events = [start,
    { seq: 1, type: "visit", node: "A", line: "x", parent: null, depth: 0, player: "max" },
    { seq: 7, type: "leaf", node: "B", line: "y", value: 0.1, kind: "value", extra: [1, "two", { three: 3 }] },
    { seq: 3, type: "leaf", node: "C", line: "y", value: -3e9, kind: "value", flag: true, note: "ünïcode <b>" },
    { seq: 4, type: "backup", node: "A", line: "z", child: "nobody", v_before: "-inf", v_after: 2 ** 31 }];
  const replay = replayOf(events);
  events.forEach((e, k) => assert.deepEqual(replay.event(k), e, `event ${k}`));
});

test("every step of every golden trace, reached forward, back, and by random jumps, is the forward replay's", () => {
  let seed = 5;
  const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (const [name, events] of traces) {
    const expected = forwardStates(events).map((state) => JSON.stringify(state));
    const replay = replayOf(events, { every: 8, budget: 1 });
    const at = (k) => JSON.stringify(plainState(replay.stateAt(k)));
    for (let k = 0; k <= replay.last; k++) assert.equal(at(k), expected[k], `${name}: forward to ${k}`);
    for (let k = replay.last; k >= 0; k--) assert.equal(at(k), expected[k], `${name}: back to ${k}`);
    for (let n = 0; n < 60; n++) {
      const k = Math.floor(next() * (replay.last + 1));
      assert.equal(at(k), expected[k], `${name}: jump ${n} to ${k}`);
      if (k > 0) assert.equal(at(k - 1), expected[k - 1], `${name}: then back to ${k - 1}`);
    }
  }
});

test("a replay fed in batches while the cursor moves gives the same steps as one fed whole", () => {
  const [, events] = traces.find(([name]) => name.startsWith("tictactoe"));
  const replay = new Replay(events[0], { every: 4, budget: 4096 });
  const whole = replayOf(events);
  for (let from = 1; from < events.length; from += 50) {
    replay.append(events.slice(from, from + 50));
    const k = Math.floor(replay.last / 2);
    assert.equal(JSON.stringify(plainState(replay.stateAt(k))), JSON.stringify(plainState(whole.stateAt(k))), `mid-stream step ${k}`);
    assert.equal(JSON.stringify(plainState(replay.stateAt(replay.last))), JSON.stringify(plainState(whole.stateAt(replay.last))));
  }
});

test("stepping forward through a whole trace keeps the undo journal within about two snapshot spacings", () => {
  const [, events] = traces.find(([name]) => name.startsWith("tictactoe"));
  const replay = replayOf(events, { every: 8, budget: 1 << 30 });
  let most = 0;
  for (let k = 0; k <= replay.last; k++) {
    replay.stateAt(k);
    most = Math.max(most, replay.cursor.journal.events);
  }
  assert.ok(most < 2 * replay.every, `the journal held ${most} events (spacing ${replay.every})`);
  const expected = (k) => JSON.stringify(plainState(replayOf(events.slice(0, k + 1)).stateAt(k)));
  for (const k of [replay.last - 1, 3, replay.last >> 1]) assert.equal(JSON.stringify(plainState(replay.stateAt(k))), expected(k));
});
