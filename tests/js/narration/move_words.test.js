// Game moves in plain words (static/js/narration/move_words.js): who moved and where, read from the boards
// before and after the move, in the words the engine's trace gives (the drawing's `moves`; tests/js/drawings.json
// is the engine's). The page knows no game: a trace that gives no words gets none.
import { test } from "node:test";
import assert from "node:assert/strict";
import { describeMove, landedCell, moveKey, rootMoveWords } from "../../../static/js/narration/move_words.js";
import { DRAWINGS } from "../game_starts.js";
import { goldenEvents } from "../golden_traces.js";

const TTT = DRAWINGS.tictactoe.moves;
const ISO = DRAWINGS.isolation3.moves;
const FIVE = DRAWINGS.isolation.moves; // Isolation 5x5
const C4 = DRAWINGS.connect4.moves;

test("tic-tac-toe: corners, edges and the centre, with the cell number", () => {
  assert.equal(describeMove(TTT, "XOX......", "XOX.X...."), "X plays the centre, cell 4");
  assert.equal(describeMove(TTT, "....X....", "O...X...."), "O plays the top-left corner, cell 0");
  assert.equal(describeMove(TTT, ".........", ".X......."), "X plays the top edge, cell 1");
  assert.equal(describeMove(TTT, "X...X....", "X...XO..."), "O plays the right edge, cell 5");
  assert.equal(describeMove(TTT, "X...O....", "X...O...X"), "X plays the bottom-right corner, cell 8");
});

test("Isolation: the player read from the board, where it lands, placing or moving", () => {
  assert.equal(describeMove(ISO, ".....#", ".1...#"), "Player 1 starts on (1, 0), the top middle square");
  assert.equal(describeMove(ISO, ".1...#", ".1.2.#"), "Player 2 starts on (0, 1), the bottom left square");
  assert.equal(describeMove(ISO, ".1.2.#", ".#12.#"), "Player 1 moves to (2, 0), the top right square");
});

test("Isolation on a square board: the corners and the centre named", () => {
  const five = `1${".".repeat(24)}`;
  assert.equal(describeMove(FIVE, ".".repeat(25), five), "Player 1 starts on (0, 0), the top-left corner");
  const second = `1${".".repeat(11)}2${".".repeat(12)}`;
  assert.equal(describeMove(FIVE, five, second), "Player 2 starts on (2, 2), the centre square");
  // After both are placed a player moves; the cell it left is closed ('#').
  const moved = `#${".".repeat(5)}1${".".repeat(5)}2${".".repeat(12)}`;
  assert.equal(describeMove(FIVE, second, moved), "Player 1 moves to (1, 1)");
});

// Connect Four, 7 x 6, the top row first: an X in the bottom row's column 3 (cell 38), an O on it (cell 31).
const C4_X = `${".".repeat(38)}X...`;
const C4_XO = `${".".repeat(31)}O${".".repeat(6)}X...`;

test("Connect Four: the disc's colour read from the board, its column as the trace has it and counted from the left", () => {
  assert.equal(describeMove(C4, ".".repeat(42), C4_X), "X drops a disc in column 3 (the 4th from the left)");
  assert.equal(describeMove(C4, C4_X, C4_XO), "O drops a disc in column 3 (the 4th from the left)");
  assert.equal(describeMove(C4, ".".repeat(42), `${".".repeat(35)}X......`), "X drops a disc in column 0 (the 1st from the left)");
  assert.deepEqual(landedCell(C4, C4_X, C4_XO), { cell: 31, mark: "O", moved: false });
  assert.equal(rootMoveWords(C4, 3), "column 3");
});

test("without both boards, or words: nothing rather than a wrong sentence", () => {
  assert.equal(describeMove(TTT, undefined, "XOX.X...."), "");
  assert.equal(describeMove(TTT, ".........", "........."), "");
  assert.equal(describeMove(TTT, "........", "........."), "");
  assert.equal(describeMove(null, ".........", "....X...."), "");
  assert.equal(describeMove(TTT, ".........", "X...X...."), "", "two pieces arrived: not one move");
});

test("a move as the view writes it keys as the trace's", () => {
  assert.equal(moveKey(4), "4");
  assert.equal(moveKey("4"), "4");
  assert.equal(moveKey([1, 0]), "1,0");
  assert.equal(moveKey("(1, 0)"), "1,0");
  assert.equal(rootMoveWords(ISO, "(1, 0)"), rootMoveWords(ISO, [1, 0]));
  assert.equal(rootMoveWords(TTT, "constructor"), "", "only the trace's own keys");
});

test("every visit of the golden game traces names the player who just moved: not the one to move", () => {
  for (const name of ["tictactoe", "isolation"]) {
    const events = goldenEvents(name);
    const sayings = events[0].drawing.moves;
    const boards = new Map();
    let said = 0;
    for (const e of events) {
      if (e.type !== "visit") continue;
      boards.set(e.node, e.state);
      if (e.move === null) continue;
      const words = describeMove(sayings, boards.get(e.parent), e.state);
      const mover = name === "tictactoe" ? (e.player === "max" ? "O" : "X") : e.player === "max" ? "2" : "1";
      assert.match(words, name === "tictactoe" ? /^[XO] plays the [a-z -]+, cell \d$/ : /^Player [12] (starts on|moves to) \(\d, \d\)/);
      assert.ok(words.startsWith(name === "tictactoe" ? `${mover} plays` : `Player ${mover} `), words);
      said++;
    }
    assert.ok(said > 10, name);
  }
});
