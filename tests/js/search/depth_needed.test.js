// Why a game needs a depth limit (static/js/search/depth_needed.js): the Search tab says it before
// sending a search; the engine refuses one with its own words (depth_limit_needed), checked here
// against the engine's source so the two never drift apart.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { depthNeeded, GAME_DEPTH } from "../../../static/js/search/depth_needed.js";

const engine = (name) => readFileSync(new URL(`../../../search/games/${name}`, import.meta.url), "utf8");
// A Python string literal split over lines ("a " \n "b"), joined again.
const joined = (text) => text.replace(/"\s*\n\s*(f?)"/g, "");

test("Connect Four: the engine's reason, word for word, and a default depth inside its advice", () => {
  const said = depthNeeded("connect4", ".".repeat(42));
  assert.ok(joined(engine("connect4.py")).includes(`depth_limit_needed = ("${said}")`), said);
  assert.match(said, /Try 4 to 6$/);
  assert.equal(GAME_DEPTH.connect4, 4);
});

test("Isolation: a square board needs a limit, the lecture's 3 x 2 board none", () => {
  const said = depthNeeded("isolation", ".".repeat(25));
  assert.equal(said, "Isolation on the 5x5 board needs a depth limit: its game tree is far too big for any search to finish. " +
    "Try 3 to 5, with the mobility estimate");
  const source = joined(engine("isolation.py"));
  assert.ok(source.includes('f"Isolation on the {self.width}x{self.height} board needs a depth limit: its game tree is far too big for ' +
    'any search to finish. Try 3 to 5, with the mobility estimate")'), "isolation.py's depth_limit_needed changed");
  assert.equal(depthNeeded("isolation", ".....#"), "");
  assert.equal(depthNeeded("isolation", ".".repeat(20)), ""); // not a board: the engine names that error
  assert.equal(depthNeeded("tictactoe", "........."), "");
  assert.ok(GAME_DEPTH.isolation >= 3 && GAME_DEPTH.isolation <= 5);
});
