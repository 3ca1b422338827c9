// Connect Four's rules on the /play page, as search/games/connect4.py has them: 42 cells, the 6 rows from top to
// bottom, each row's 7 cells left to right, '.', 'X', 'O'; X (MAX) moves when the counts are equal; a move is a
// column 0-6 and the disc drops to the lowest empty cell; four in a row across, down or diagonally wins.
// Checked against the engine's own answers by tests/js/play. No DOM here.

import { C4_COLS as COLUMNS, C4_ROWS as ROWS, placeWords } from "../narration/move_words.js";

const STEPS = [[1, 0], [0, 1], [1, 1], [1, -1]]; // across, down, the two diagonals
const count = (state, ch) => [...state].filter((c) => c === ch).length;

export const connect4 = {
  name: "connect4",
  start: ".".repeat(COLUMNS * ROWS),
  columns: COLUMNS,
  rows: ROWS,
  marks: { max: "X", min: "O" },
  toMove: (state) => (count(state, ".") % 2 === 0 ? "max" : "min"),
  moves(state) {
    if (winner(state)) return [];
    const out = [];
    for (let c = 0; c < COLUMNS; c++) if (state[c] === ".") out.push(String(c));
    return out;
  },
  play(state, move) {
    const column = Number(move);
    let row = ROWS - 1;
    while (state[row * COLUMNS + column] !== ".") row--;
    const at = row * COLUMNS + column;
    return state.slice(0, at) + (this.toMove(state) === "max" ? "X" : "O") + state.slice(at + 1);
  },
  result(state) {
    const won = winner(state);
    if (won) return { winner: won === "X" ? "max" : "min", how: "four in a row" };
    return state.includes(".") ? null : { winner: null, how: "the board is full" };
  },
  moveWords: (move) => placeWords("connect4", move),
};

function winner(state) {
  const at = (x, y) => (x >= 0 && x < COLUMNS && y >= 0 && y < ROWS ? state[y * COLUMNS + x] : "");
  for (let y = 0; y < ROWS; y++) {
    for (let x = 0; x < COLUMNS; x++) {
      const mark = at(x, y);
      if (mark !== "X" && mark !== "O") continue;
      for (const [dx, dy] of STEPS) {
        if ([1, 2, 3].every((k) => at(x + k * dx, y + k * dy) === mark)) return mark;
      }
    }
  }
  return null;
}
