// A small board drawn inside a game node, from the position string of its visit event.
// The view knows only how to draw the characters, not the rules:
//   tic-tac-toe: 9 chars 'X', 'O', '.' row by row (3 x 3)
//   Isolation:   6 chars, 2 rows of 3: '.' open, '#' blocked, '1' / '2' the players

const SVG_NS = "http://www.w3.org/2000/svg";

export const LAYOUTS = {
  tictactoe: { cols: 3, rows: 3, cell: 10 },
  isolation: { cols: 3, rows: 2, cell: 11 },
};

export const CELL_CLASS = { X: "x", O: "o", ".": "open", "#": "blocked", 1: "p1", 2: "p2" };
export const CELL_MARK = { X: "X", O: "O", 1: "1", 2: "2" };

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG_NS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  parent.appendChild(e);
  return e;
}

export function drawBoard(group, game, state) {
  group.replaceChildren();
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
}
