// Isolation's rules on the /play page, as search/games/isolation.py has them: the lecture's 3x2 board (6 cells,
// row 0 then row 1, the lower-right cell '#' blocked) or a square n x n board (n*n cells, all open at the start);
// '.' open, '#' closed (a cell a player has left), '1' and '2' the players. Player 1 (MAX) moves first; the first
// two moves place each player on any open cell, then a player moves like a chess queen through open cells.
// A move is "x,y" (x the column, y the row from the top). A player who cannot move loses.
// Checked against the engine's own answers by tests/js/play. No DOM here.

import { isolationShape, placeWords } from "../narration/move_words.js";

// The lesson's ray order (search/games/isolation.py RAYS): it decides the order of the moves.
const RAYS = [[1, 0], [1, -1], [0, -1], [-1, -1], [-1, 0], [-1, 1], [0, 1], [1, 1]];

// (columns, rows) of a position: 6 cells are the lesson's 3x2 board, n * n a square (the narration's own reading).
function boardSize(state) {
  const { cols, rows } = isolationShape(state);
  return [cols, rows];
}

function movesMade(state) {
  return [...state].filter((c) => c !== ".").length - (state.length === 6 ? 1 : 0);
}

function mover(state) {
  return movesMade(state) % 2 === 0 ? "1" : "2";
}

function legalMoves(state, player) {
  const [width, height] = boardSize(state);
  const at = state.indexOf(player);
  if (at < 0) return [...state].flatMap((ch, i) => (ch === "." ? [`${i % width},${Math.floor(i / width)}`] : []));
  const out = [];
  for (const [dx, dy] of RAYS) {
    let x = at % width;
    let y = Math.floor(at / width);
    while (x + dx >= 0 && x + dx < width && y + dy >= 0 && y + dy < height) {
      x += dx;
      y += dy;
      if (state[y * width + x] !== ".") break;
      out.push(`${x},${y}`);
    }
  }
  return out;
}

// An Isolation board of `size` cells' rules ("isolation" 3x2 or a square's).
export function isolationRules(start) {
  const [columns, rows] = boardSize(start);
  return {
    name: "isolation",
    start,
    columns,
    rows,
    marks: { max: "1", min: "2" },
    toMove: (state) => (mover(state) === "1" ? "max" : "min"),
    moves: (state) => legalMoves(state, mover(state)),
    play(state, move) {
      const player = mover(state);
      const [x, y] = move.split(",").map(Number);
      const at = y * columns + x;
      const cells = [...state.replaceAll(player, "#")];
      cells[at] = player;
      return cells.join("");
    },
    result(state) {
      if (legalMoves(state, mover(state)).length) return null;
      const stuck = mover(state);
      return { winner: stuck === "1" ? "min" : "max", how: `player ${stuck} cannot move`, stuck: stuck === "1" ? "max" : "min" };
    },
    moveWords: (move) => placeWords("isolation", move, start),
  };
}
