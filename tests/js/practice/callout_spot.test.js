// Where a built exercise's callout goes (static/js/practice/callout_spot.js): never over a node or a box, next to the
// node it names, and a scroll that shows the node and the callout together.
import { test } from "node:test";
import assert from "node:assert/strict";
import { calloutSpot, overlaps, scrollToShow } from "../../../static/js/practice/callout_spot.js";

// The lecture tree as the ordering exercise draws it (752 px wide): B, C, D at y 304, their leaves at y 400.
const rect = (x, y) => ({ x1: x - 36, y1: y - 20, x2: x + 19, y2: y + 20 }); // a triangle and its label on its left
const node = (x, y, leaf = false) => ({ x, y, leaf, left: x - 36, right: x + 19, top: y - 20, bottom: y + 20 });
const INNER = [[640, 208], [448, 304], [640, 304], [832, 304]];
const LEAVES = [384, 448, 512, 576, 640, 704, 768, 832, 896].map((x) => [x, 400]);
const OBSTACLES = [...INNER, ...LEAVES].map(([x, y]) => rect(x, y));
const CALLOUT = { w: 260, h: 80 };
const WIDTH = 1000;

const clear = (spot, size = CALLOUT) =>
  !OBSTACLES.some((o) => overlaps({ x1: spot.x, y1: spot.y, x2: spot.x + size.w, y2: spot.y + size.h }, o));

test("a callout for the rightmost MIN node sits clear of every node, not over its neighbour", () => {
  const spot = calloutSpot(node(832, 304), CALLOUT, OBSTACLES, 760); // no room on D's right inside the drawing
  assert.ok(clear(spot), JSON.stringify(spot));
  assert.ok(spot.x + CALLOUT.w <= 760 - 8 && spot.x >= 8);
});

test("beside an internal node on its right when that is clear", () => {
  const spot = calloutSpot(node(640, 208), { w: 200, h: 60 }, OBSTACLES, WIDTH);
  assert.deepEqual(spot, { x: 640 + 19 + 8, y: 188 });
});

test("a leaf's callout goes under the leaf, centred on it and kept inside the drawing", () => {
  assert.deepEqual(calloutSpot(node(640, 400, true), CALLOUT, OBSTACLES, WIDTH), { x: 510, y: 424 });
  assert.equal(calloutSpot(node(100, 400, true), CALLOUT, OBSTACLES, WIDTH).x, 8);
  assert.equal(calloutSpot(node(896, 400, true), CALLOUT, OBSTACLES, 920).x, 920 - 260 - 8);
});

test("with nowhere clear beside the node, the callout goes under everything", () => {
  const crowded = [...OBSTACLES, { x1: 0, y1: 300, x2: WIDTH, y2: 330 }]; // a row of boxes under the MIN level
  const spot = calloutSpot(node(640, 304), CALLOUT, crowded, WIDTH);
  assert.equal(spot.y, 420 + 8);
  assert.equal(spot.x, 640 - 130);
});

test("the scroll shows a span in the middle of the box, or its start when it is wider", () => {
  assert.equal(scrollToShow({ x1: 600, x2: 900 }, 360, 1, 1630), 750 - 180);
  assert.equal(scrollToShow({ x1: 20, x2: 300 }, 360, 1, 1630), 0);
  assert.equal(scrollToShow({ x1: 1500, x2: 1620 }, 360, 1, 1630), 1630 - 360);
  assert.equal(scrollToShow({ x1: 100, x2: 600 }, 360, 1, 1630), 92);
  assert.equal(scrollToShow({ x1: 600, x2: 900 }, 360, 0.5, 815), 375 - 180);
});
