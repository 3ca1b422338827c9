// The key over a game search (static/js/view/game_key.js) says what the engine computes, in the
// engine's words from the trace's drawing: checked against the engine's own source, so a change there shows here.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { gameKey } from "../../../static/js/view/game_key.js";
import { goldenEvents } from "../golden_traces.js";

const ENGINE = JSON.parse(readFileSync(new URL("../drawings.json", import.meta.url), "utf8"));

const engine = (name) => readFileSync(new URL(`../../../search/games/${name}`, import.meta.url), "utf8");

test("tic-tac-toe: ±WIN for a win, 0 a draw; the estimate is open lines for X minus for O", () => {
  const source = goldenEvents("tictactoe")[0].drawing;
  const win = engine("tictactoe.py").match(/^WIN = (\d+)$/m)[1];
  assert.match(engine("tictactoe.py"), /return open_lines\(state, "X"\) - open_lines\(state, "O"\)/);
  assert.deepEqual(gameKey(source), {
    utility: `${win} X wins, −${win} O wins, 0 draw.`,
    estimate: "lines open for X − lines open for O (a row, column or diagonal is open for X if it holds no O).",
  });
});

test("Isolation: ±1, and the trace's own estimate, zero or mobility", () => {
  const start = goldenEvents("isolation")[0];
  assert.equal(start.source.estimate, "mobility");
  const source = start.drawing;
  // UTILITY(s, p), MAX's when the engine names no player: the one to move has lost.
  assert.match(engine("isolation.py"), /def utility\(self, state: str, player: Player = "max"\) -> float:/);
  assert.match(engine("isolation.py"), /return -1 if self\.to_move\(state\) == player else 1/);
  assert.match(engine("isolation.py"), /\(len\(legal_moves\(board, "1"\)\) - len\(legal_moves\(board, "2"\)\)\) \/ scale/);
  assert.match(engine("isolation.py"), /scale = 10 if len\(board\) == XLIM \* YLIM else 100/);
  assert.equal(gameKey(source).utility, "1 player 1 wins, −1 player 2 wins (a player with no move loses).");
  // A square board has up to 24 moves each: the engine scales by 100 there.
  assert.equal(gameKey(source).estimate, "(player 1's moves − player 2's moves) / 10.");
  assert.equal(gameKey(ENGINE.isolation).estimate, "(player 1's moves − player 2's moves) / 100."); // its 5 x 5 board
});

test("Connect Four: ±1000 for four in a row, 0 a full board; the estimate is open windows for X minus for O", () => {
  const source = ENGINE.connect4;
  assert.match(engine("connect4.py"), /^WIN = 1000$/m);
  assert.match(engine("connect4.py"), /^WINDOWS = 69$/m);
  assert.match(engine("connect4.py"), /return open_windows\(_CELLS_MASK & ~o\) - open_windows\(_CELLS_MASK & ~x\)/);
  assert.equal(gameKey(source).utility, "1000 X wins, −1000 O wins, 0 draw (a full board).");
  assert.match(gameKey(source).estimate, /^windows open for X − windows open for O \(a window is 4 cells in a row.*69 on the board/);
});

test("no key for a tree or an unknown game", () => {
  assert.equal(gameKey(goldenEvents("lecture")[0].drawing), null);
  assert.equal(gameKey({ name: "chess" }), null);
  assert.equal(gameKey(null), null);
});
