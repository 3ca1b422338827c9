// The /play page's rules (static/js/play/*_rules.js) against the engine's own answers on random positions of each
// game (rules_fixture.json, written by tests/helpers/play_rules_fixture.py from search/games/*.py): the player to
// move, the legal moves in the engine's order, the position after each, and who won. The page never disagrees
// with the engine about what may be played or how a game ended.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { GAMES } from "../../../static/js/play/play_rules.js";

const FIXTURE = JSON.parse(readFileSync(new URL("./rules_fixture.json", import.meta.url), "utf-8"));

for (const [key, rows] of Object.entries(FIXTURE)) {
  test(`${key}: the page's rules agree with the engine on ${rows.length} positions`, () => {
    const rules = GAMES[key].rules;
    for (const row of rows) {
      const where = `${key} ${row.state}`;
      const result = rules.result(row.state);
      assert.equal(result !== null, row.over, `${where}: over`);
      if (result) assert.equal(result.winner, row.winner, `${where}: winner`);
      assert.deepEqual(rules.moves(row.state), row.moves, `${where}: moves`);
      assert.deepEqual(row.moves.map((m) => rules.play(row.state, m)), row.after, `${where}: after each move`);
      if (!row.over) assert.equal(rules.toMove(row.state), row.to_move, `${where}: to move`);
    }
  });
}

test("the start positions are the engine's", () => {
  assert.equal(GAMES.tictactoe.rules.start, FIXTURE.tictactoe[0].state);
  assert.equal(GAMES.connect4.rules.start, FIXTURE.connect4[0].state);
  assert.equal(GAMES.isolation3.rules.start, FIXTURE.isolation3[0].state);
  assert.equal(GAMES.isolation5.rules.start, FIXTURE.isolation5[0].state);
});

test("Isolation's ends say who cannot move; the boards have their sizes", () => {
  const rules = GAMES.isolation3.rules;
  assert.deepEqual(rules.result("1#.2##"), { winner: "min", how: "player 1 cannot move", stuck: "max" });
  assert.deepEqual([rules.columns, rules.rows], [3, 2]);
  assert.deepEqual([GAMES.isolation5.rules.columns, GAMES.isolation5.rules.rows], [5, 5]);
  assert.equal(GAMES.isolation5.rules.moveWords("1,0"), "(1, 0)");
  assert.equal(GAMES.connect4.rules.moveWords("3"), "column 3");
  assert.equal(GAMES.tictactoe.rules.moveWords("4"), "the centre, cell 4");
});
