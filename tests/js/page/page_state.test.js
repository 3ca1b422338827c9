// The page's state of the search shown (static/js/page/page_state.js): the player's positions map
// to events and back in either detail, and a switch of detail keeps the student at or before the event.
import { test } from "node:test";
import assert from "node:assert/strict";
import { shown, eventIndex, positionOf, lastPosition } from "../../../static/js/page/page_state.js";

// A replay of 10 events whose key steps are events 0, 3, 4 and 9.
const keys = [0, 3, 4, 9];
const replay = { last: 9, keyCount: keys.length, keyStep: (i) => keys[i] };

test("every line: a position is its event", () => {
  Object.assign(shown, { replay, detail: "every" });
  assert.equal(eventIndex(7), 7);
  assert.equal(positionOf(7), 7);
  assert.equal(lastPosition(), 9);
});

test("key steps: positions count key steps, and an event maps to the key step at or before it", () => {
  Object.assign(shown, { replay, detail: "key" });
  assert.deepEqual([0, 1, 2, 3].map(eventIndex), keys);
  assert.equal(eventIndex(99), 9); // past the end: the last key step
  assert.deepEqual([0, 2, 3, 4, 8, 9].map(positionOf), [0, 0, 1, 2, 2, 3]);
  assert.equal(lastPosition(), 3);
  Object.assign(shown, { replay: null, detail: "every" });
});
