// Tic-tac-toe's rules on the /play page, as search/games/tictactoe.py has them: 9 cells row by row of X, O and
// '.'; X (MAX) moves when the counts are equal; a move is a cell number; three in a row wins. The page asks
// these, not the server, which moves are legal and whether the game is over; tests/js/play checks them
// against positions the engine wrote (tests/js/play/rules_fixture.json). No DOM here.

import { placeWords } from "../narration/move_words.js";

const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
const count = (state, ch) => [...state].filter((c) => c === ch).length;

export const tictactoe = {
  name: "tictactoe",
  start: ".........",
  columns: 3,
  rows: 3,
  marks: { max: "X", min: "O" },
  toMove: (state) => (count(state, "X") === count(state, "O") ? "max" : "min"),
  moves(state) {
    if (winner(state)) return [];
    return [...state].flatMap((ch, i) => (ch === "." ? [String(i)] : []));
  },
  play(state, move) {
    const i = Number(move);
    return state.slice(0, i) + (this.toMove(state) === "max" ? "X" : "O") + state.slice(i + 1);
  },
  // null while the game goes on; else {winner: "max" | "min" | null, how: words for the end}.
  result(state) {
    const won = winner(state);
    if (won) return { winner: won === "X" ? "max" : "min", how: "three in a row" };
    return state.includes(".") ? null : { winner: null, how: "the board is full" };
  },
  // The move in words, as the viewer's narration names it ("the top-left corner, cell 0").
  moveWords: (move) => placeWords("tictactoe", move),
};

function winner(state) {
  for (const [a, b, c] of LINES) {
    if (state[a] !== "." && state[a] === state[b] && state[a] === state[c]) return state[a];
  }
  return null;
}
