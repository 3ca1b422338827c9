// A small board drawn inside a game node, from the position string of its visit event.
// The view knows only how to draw the characters, not the rules:
//   tic-tac-toe: 9 chars 'X', 'O', '.' row by row (3 x 3)
//   Isolation:   6 chars, 2 rows of 3: '.' open, '#' blocked, '1' / '2' the players
// The cell of the move that led to the position is outlined (moveCell knows where a move lands).

import { moveCell } from "../narration/move_words.js";

const SVG_NS = "http://www.w3.org/2000/svg";

// Cells in layout units. A tree too wide to fit opens at the view's READABLE_SCALE (0.85), so
// a 15-unit cell is never under 12 px on screen: a student reads the boards without zooming.
export const LAYOUTS = {
  tictactoe: { cols: 3, rows: 3, cell: 15 },
  isolation: { cols: 3, rows: 2, cell: 16 },
};

export const CELL_CLASS = { X: "x", O: "o", ".": "open", "#": "blocked", 1: "p1", 2: "p2" };
export const CELL_MARK = { X: "X", O: "O", 1: "1", 2: "2" };

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG_NS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  parent.appendChild(e);
  return e;
}

// `move`: the move from the parent (a number, [x, y] or its text); none at the root.
export function drawBoard(group, game, state, move) {
  group.replaceChildren();
  group.removeAttribute("data-move-cell");
  const layout = LAYOUTS[game];
  const text = String(state);
  if (!layout || text.length !== layout.cols * layout.rows) {
    // An unknown game or a malformed position: show the raw string, as text.
    el("text", { class: "board-raw", y: 8 }, group).textContent = text;
    return;
  }
  const { cols, rows, cell } = layout;
  const x0 = (-cols * cell) / 2;
  group.setAttribute("data-game", game);
  group.setAttribute("data-board", text);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const ch = text[r * cols + c];
      const x = x0 + c * cell;
      const y = r * cell;
      el("rect", { class: `cell ${CELL_CLASS[ch] || "unknown"}`, x, y, width: cell, height: cell }, group);
      const mark = CELL_MARK[ch];
      if (mark) {
        el("text", { class: `mark ${CELL_CLASS[ch]}`, x: x + cell / 2, y: y + cell / 2 }, group).textContent = mark;
      }
    }
  }
  const moved = moveCell(game, move);
  if (moved === null || !CELL_MARK[text[moved]]) return;
  // Drawn last and inset, so no neighbouring cell paints over the outline; coloured by the mover.
  group.setAttribute("data-move-cell", String(moved));
  const inset = 1;
  el("rect", {
    class: `moved ${CELL_CLASS[text[moved]]}`,
    x: x0 + (moved % cols) * cell + inset,
    y: Math.floor(moved / cols) * cell + inset,
    width: cell - 2 * inset,
    height: cell - 2 * inset,
  }, group);
}
