// Why a position needs a depth limit (static/js/search/depth_needed.js): the Search tab says it before sending a
// search, in the engine's own words, read from the game's menu option (templates/index.html writes the game
// registry's depth_limits there; here the same registry's catalogue, tests/js/catalogue.fixture.json).
import { test } from "node:test";
import assert from "node:assert/strict";
import { CATALOGUE } from "../catalogue_fixture.js";
import { defaultDepth, depthNeeded } from "../../../static/js/search/depth_needed.js";

// A game's menu option as the template writes it.
function option(id) {
  const game = CATALOGUE.games.find((g) => g.id === id);
  return { dataset: { start: game.start, depth: String(game.limits.default_depth), depthNeeded: JSON.stringify(game.limits.depth_needed) } };
}

test("Connect Four: the engine's reason for its board, a blank position being its start, and a depth inside its advice", () => {
  const said = depthNeeded(option("connect4"), ".".repeat(42));
  assert.match(said, /^Connect Four needs a depth limit: .* Try 4 to 6$/);
  assert.equal(depthNeeded(option("connect4"), ""), said);
  assert.equal(defaultDepth(option("connect4")), 4);
});

test("Isolation: a square board needs a limit, the lecture's 3 x 2 board none", () => {
  assert.equal(depthNeeded(option("isolation"), ".".repeat(25)),
    "Isolation on the 5x5 board needs a depth limit: its game tree is far too big for any search to finish. " +
    "Try 3 to 5, with the mobility estimate");
  assert.match(depthNeeded(option("isolation"), ".".repeat(49)), /^Isolation on the 7x7 board/);
  assert.equal(depthNeeded(option("isolation"), ".....#"), "");
  assert.equal(depthNeeded(option("isolation"), ""), "");
  assert.equal(depthNeeded(option("isolation"), ".".repeat(20)), ""); // not a board: the engine names that error
  assert.equal(depthNeeded(option("tictactoe"), "........."), "");
  assert.equal(defaultDepth(option("isolation")), 3);
});

test("an option without limits, or with broken ones, asks for none", () => {
  assert.equal(depthNeeded(undefined, "x"), "");
  assert.equal(depthNeeded({ dataset: { depthNeeded: "{not json" } }, "x"), "");
  assert.equal(defaultDepth({ dataset: {} }), undefined);
});
