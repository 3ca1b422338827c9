// The page's copy of the engine's catalogue (static/js/page/catalogue.js): fetched once, read by id.
import { test } from "node:test";
import assert from "node:assert/strict";
import { CATALOGUE } from "../catalogue_fixture.js";
import { algorithmIds, algorithmName, algorithmOf, loadCatalogue } from "../../../static/js/page/catalogue.js";
import { hasReadings } from "../../../static/js/predict/misconception_readings.js";

test("the catalogue's algorithms are read by id, in the registry's order", () => {
  assert.deepEqual(algorithmIds(), CATALOGUE.algorithms.map((a) => a.id));
  assert.equal(algorithmName("alphabeta"), "alpha-beta");
  assert.equal(algorithmName("maxn"), "max^n");
  assert.equal(algorithmName("negamax"), "negamax"); // unknown: its id
  assert.deepEqual(algorithmOf("alphabeta").returns, ["v", "bound"]);
});

test("once loaded, the catalogue is not fetched again", async () => {
  let asked = 0;
  const got = await loadCatalogue(async () => { asked += 1; return CATALOGUE; });
  assert.equal(got, CATALOGUE);
  assert.equal(asked, 0);
});

test("predict mode asks about the single-pass searches only", () => {
  assert.equal(hasReadings({ example: "lecture", algorithm: "alphabeta" }), true);
  assert.equal(hasReadings({ example: "chance", algorithm: "expectiminimax" }), true);
  assert.equal(hasReadings({ example: "lecture", algorithm: "iterative", depth: 2 }), false);
  assert.equal(hasReadings({ example: "lecture", algorithm: "negamax" }), false);
});
