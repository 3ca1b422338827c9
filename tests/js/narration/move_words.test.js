// Game moves in plain words (static/js/narration/move_words.js): who moved, read from the position after
// the move, and where, named as a student would say it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { columnWords, describeMove, moveCell, moveName, placeWords } from "../../../static/js/narration/move_words.js";
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

// Connect Four, 7 x 6, the top row first: an X in the bottom row's column 3 (cell 38), an O on it (cell 31).
const C4_X = `${".".repeat(38)}X...`;
const C4_XO = `${".".repeat(31)}O${".".repeat(6)}X...`;

test("Connect Four: the disc's colour read from the board, its column as the trace has it and counted from the left", () => {
  assert.equal(describeMove("connect4", 3, C4_X), "X drops a disc in column 3 (the 4th from the left)");
  assert.equal(describeMove("connect4", "3", C4_XO), "O drops a disc in column 3 (the 4th from the left)");
  assert.equal(describeMove("connect4", 0, `${".".repeat(35)}X......`), "X drops a disc in column 0 (the 1st from the left)");
  assert.equal(describeMove("connect4", 3, undefined), "A disc dropped in column 3 (the 4th from the left)");
  assert.equal(describeMove("connect4", 7, C4_X), "");
  assert.equal(columnWords(6), "column 6 (the 7th from the left)");
  assert.equal(placeWords("connect4", 3), "column 3");
  assert.equal(moveName("connect4", "min", "3"), "O 3");
});

test("Connect Four: a move's cell is where the disc landed, the column's top disc", () => {
  assert.equal(moveCell("connect4", 3, C4_X), 38);
  assert.equal(moveCell("connect4", 3, C4_XO), 31);
  assert.equal(moveCell("connect4", 3, undefined), null); // without the board: not known
  assert.equal(moveCell("connect4", 4, C4_X), null); // an empty column: no disc there
});

test("Isolation on a square board: its size from the position's length, the corners and the centre named", () => {
  const five = `1${".".repeat(24)}`;
  assert.equal(moveCell("isolation", [0, 0], five), 0);
  assert.equal(moveCell("isolation", [4, 4], `${".".repeat(24)}2`), 24);
  assert.equal(moveCell("isolation", [3, 1], ".".repeat(25)), 8);
  assert.equal(moveCell("isolation", [5, 0], ".".repeat(25)), null);
  assert.equal(describeMove("isolation", [0, 0], five), "Player 1 starts on (0, 0), the top-left corner");
  const second = `1${".".repeat(11)}2${".".repeat(12)}`;
  assert.equal(describeMove("isolation", [2, 2], second), "Player 2 starts on (2, 2), the centre square");
  // After both are placed a player moves; a cell it left is closed ('#').
  const moved = `#${".".repeat(5)}1${".".repeat(5)}2${".".repeat(12)}`;
  assert.equal(describeMove("isolation", [1, 1], moved), "Player 1 moves to (1, 1)");
  assert.equal(placeWords("isolation", [4, 0], ".".repeat(25)), "(4, 0), the top-right corner");
  assert.equal(placeWords("isolation", [3, 6], ".".repeat(49)), "(3, 6)");
  // The lecture's 3 x 2 board reads as before.
  assert.equal(placeWords("isolation", [1, 0], ".1...#"), "(1, 0), the top middle square");
  assert.equal(placeWords("isolation", [1, 0]), "(1, 0), the top middle square");
});
