// A small board drawn inside a game node, from the position string of its visit event.
// The view knows only how to draw the characters, not the rules:
//   tic-tac-toe:  9 chars 'X', 'O', '.' row by row (3 x 3)
//   Isolation:    6 chars, 2 rows of 3: '.' open, '#' blocked, '1' / '2' the players; or n * n
//                 chars (n = 4..7), an n x n board, row by row
//   Connect Four: 42 chars, 6 rows of 7, the top row first: X a filled disc, O a ring (they differ
//                 without colour too, for a student who cannot tell blue from red)
// The cell of the move that led to the position is outlined (moveCell knows where a move lands).

import { isolationShape, moveCell } from "../narration/move_words.js";

const SVG_NS = "http://www.w3.org/2000/svg";

// Cells in layout units. A tree too wide to fit opens at the view's READABLE_SCALE (0.85), so
// a 15-unit cell is never under 12 px on screen: a student reads the boards without zooming.
// A Connect Four cell is smaller (an 84 x 72 board): its discs need no reading, only telling apart,
// and at 0.85 a 12-unit cell holds a disc 7.8 px across.
export const LAYOUTS = {
  tictactoe: { cols: 3, rows: 3, cell: 15 },
  isolation: { cols: 3, rows: 2, cell: 16 },
  connect4: { cols: 7, rows: 6, cell: 12, discs: true },
};
// Isolation's square boards: cells shrink as the board grows (its marks are 11 px text).
const ISO_SQUARE_CELL = { 4: 14, 5: 12, 6: 11, 7: 10 };

// The layout of `game`'s board for the position `state`, or null when the page cannot draw it.
export function boardLayout(game, state) {
  const text = String(state);
  if (game === "isolation" && text.length !== 6) {
    const shape = isolationShape(text);
    return shape ? { cols: shape.cols, rows: shape.rows, cell: ISO_SQUARE_CELL[shape.cols] } : null;
  }
  const layout = LAYOUTS[game];
  return layout && text.length === layout.cols * layout.rows ? layout : null;
}

// How much room a board takes in a node, in layout units: {width, height}; null for no board.
export function boardBox(game, state) {
  const layout = boardLayout(game, state);
  return layout ? { width: layout.cols * layout.cell, height: layout.rows * layout.cell } : null;
}

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
  const text = String(state);
  const layout = boardLayout(game, text);
  if (!layout) {
    // An unknown game or a malformed position: show the raw string, as text.
    el("text", { class: "board-raw", y: 8 }, group).textContent = text;
    return;
  }
  const { cols, rows, cell } = layout;
  const x0 = (-cols * cell) / 2;
  group.setAttribute("data-game", game);
  group.setAttribute("data-board", text);
  group.setAttribute("data-cols", String(cols));
  group.setAttribute("data-rows", String(rows));
  if (layout.discs) drawDiscs(group, text, layout, x0);
  else drawCells(group, text, layout, x0);
  const moved = moveCell(game, move, text);
  if (moved === null || !CELL_MARK[text[moved]]) return;
  // Drawn last and inset, so no neighbouring cell paints over the outline; coloured by the mover.
  group.setAttribute("data-move-cell", String(moved));
  const inset = layout.discs ? 0.4 : 1; // a disc nearly fills its small cell: the square goes round it
  el("rect", {
    class: `moved ${CELL_CLASS[text[moved]]}`,
    x: x0 + (moved % cols) * cell + inset,
    y: Math.floor(moved / cols) * cell + inset,
    width: cell - 2 * inset,
    height: cell - 2 * inset,
  }, group);
}

// Tic-tac-toe and Isolation: a square per cell, the mark written in it.
function drawCells(group, text, { cols, rows, cell }, x0) {
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
}

// Connect Four: the frame, the empty holes as one path (a drawing of 2,000 nodes stays light), then
// a disc per filled cell (data-cell: its index in the position), X filled, O a thick ring.
function drawDiscs(group, text, { cols, rows, cell }, x0) {
  el("rect", { class: "c4-frame", x: x0, y: 0, width: cols * cell, height: rows * cell }, group);
  const r = cell * 0.38;
  const centre = (k) => [x0 + (k % cols) * cell + cell / 2, Math.floor(k / cols) * cell + cell / 2];
  let holes = "";
  const discs = [];
  for (let k = 0; k < cols * rows; k++) {
    const [cx, cy] = centre(k);
    if (text[k] === ".") holes += `M${cx - r},${cy}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0`;
    else discs.push(k);
  }
  if (holes) el("path", { class: "holes", d: holes }, group);
  for (const k of discs) {
    const kind = CELL_CLASS[text[k]] === "x" || CELL_CLASS[text[k]] === "o" ? CELL_CLASS[text[k]] : "unknown";
    const [cx, cy] = centre(k);
    // A ring's stroke straddles its radius: drawn a little smaller, it ends where a filled disc does.
    el("circle", { class: `disc ${kind}`, cx, cy, r: kind === "o" ? r - 0.8 : r, "data-cell": String(k) }, group);
  }
}
