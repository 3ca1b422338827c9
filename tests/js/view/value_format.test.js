// Trace values: numbers, or "inf" / "-inf" for the infinities strict JSON cannot hold.
import { test } from "node:test";
import assert from "node:assert/strict";
import { showMove, showValue, toNumber } from "../../../static/js/view/value_format.js";

test("infinities arrive as strings and become numbers", () => {
  assert.equal(toNumber("inf"), Infinity);
  assert.equal(toNumber("-inf"), -Infinity);
  assert.equal(toNumber(3), 3);
});

test("values read as the slides write them", () => {
  assert.equal(showValue("inf"), "+∞");
  assert.equal(showValue(-Infinity), "−∞");
  assert.equal(showValue(-2.5), "-2.5");
  assert.equal(showValue(undefined), "");
});

test("moves: a cell number or an (x, y) pair", () => {
  assert.equal(showMove(4), "4");
  assert.equal(showMove([1, 0]), "(1, 0)");
  assert.equal(showMove(null), "");
});
