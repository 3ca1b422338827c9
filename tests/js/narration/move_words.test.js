// Game moves in plain words (static/js/narration/move_words.js): who moved, read from the position after
// the move, and where, named as a student would say it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { describeMove, moveCell } from "../../../static/js/narration/move_words.js";
import { goldenEvents } from "../golden_traces.js";

test("tic-tac-toe: corners, edges and the centre, with the cell number", () => {
  assert.equal(describeMove("tictactoe", 4, "XOX.X...."), "X plays the centre, cell 4");
  assert.equal(describeMove("tictactoe", 0, "O...X...."), "O plays the top-left corner, cell 0");
  assert.equal(describeMove("tictactoe", 1, ".X......."), "X plays the top edge, cell 1");
  assert.equal(describeMove("tictactoe", 5, "X...XO..."), "O plays the right edge, cell 5");
  assert.equal(describeMove("tictactoe", 8, "X...O...X"), "X plays the bottom-right corner, cell 8");
});

test("a move as the view writes it reads the same as the trace's", () => {
  assert.equal(describeMove("tictactoe", "6", "X.O.O.X.."), "X plays the bottom-left corner, cell 6");
  assert.equal(describeMove("isolation", "(1, 0)", ".1...#"), describeMove("isolation", [1, 0], ".1...#"));
});

test("Isolation: the player read from the board, where it lands, placing or moving", () => {
  assert.equal(describeMove("isolation", [1, 0], ".1...#"), "Player 1 starts on (1, 0), the top middle square");
  assert.equal(describeMove("isolation", [0, 1], ".1.2.#"), "Player 2 starts on (0, 1), the bottom left square");
  assert.equal(describeMove("isolation", [2, 0], ".#12.#"), "Player 1 moves to (2, 0), the top right square");
});

test("without a readable board or move: a plain sentence, or nothing rather than a wrong one", () => {
  assert.equal(describeMove("tictactoe", 4, undefined), "A move to the centre, cell 4");
  assert.equal(describeMove("tictactoe", 9, "........."), "");
  assert.equal(describeMove("tictactoe", null, "........."), "");
  assert.equal(describeMove("isolation", [3, 0], "......"), "");
  assert.equal(describeMove("chess", "e4", ""), "");
});

test("moveCell: the index into the position string", () => {
  assert.equal(moveCell("tictactoe", 7), 7);
  assert.equal(moveCell("tictactoe", "7"), 7);
  assert.equal(moveCell("isolation", [2, 1]), 5);
  assert.equal(moveCell("isolation", "(1, 1)"), 4);
  assert.equal(moveCell("isolation", ""), null);
});

test("every visit of the golden game traces names the player who just moved: not the one to move", () => {
  for (const name of ["tictactoe", "isolation"]) {
    const events = goldenEvents(name);
    const game = events[0].source.game;
    for (const e of events) {
      if (e.type !== "visit" || e.move === null) continue;
      const words = describeMove(game, e.move, e.state);
      const mover = game === "tictactoe" ? (e.player === "max" ? "O" : "X") : e.player === "max" ? "2" : "1";
      assert.match(words, game === "tictactoe" ? /^[XO] plays the [a-z -]+, cell \d$/ : /^Player [12] (starts on|moves to) \(\d, \d\)/);
      assert.ok(words.startsWith(game === "tictactoe" ? `${mover} plays` : `Player ${mover} `), words);
    }
  }
});
