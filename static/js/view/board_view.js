// A small board drawn inside a game node. The page keeps no game's rules: how to draw a game comes
// with its trace (the start event's `drawing`, search/games/drawing.py): the board's rows, columns
// and style, and the kind of each mark (x, o, p1, p2, open, blocked, piece: the stylesheet's
// classes). A game whose position text is its board (`drawing.board.text`) is drawn from each
// node's position, one character a cell, row by row; any other game's visits carry their cells
// (`board`: rows, columns, marks, kinds). A mark is written in its cell unless the cell is open or
// blocked; the "discs" style draws round holes (X filled, O a ring: they differ without colour too).
// The cell the move just played filled (open in the parent, taken now) is outlined.

const SVG_NS = "http://www.w3.org/2000/svg";

// Cells in layout units. A tree too wide to fit opens at the view's READABLE_SCALE (0.85), so
// a 15-unit cell is never under 12 px on screen: a student reads the boards without zooming; a
// larger board's cells shrink (its marks are 11 px text). A disc board's cells are 12 units: its
// discs need no reading, only telling apart, and at 0.85 a 12-unit cell holds a disc 7.8 px across.
const CELL_BY_SIDE = { 4: 14, 5: 12, 6: 11 };
function cellSize(rows, cols, discs) {
  if (discs) return 12;
  const side = Math.max(rows, cols);
  return side <= 3 ? 15 : CELL_BY_SIDE[side] || 10;
}

const HIDDEN_KINDS = new Set(["open", "blocked"]);

// The board of a node: {cols, rows, cell, discs, marks, kinds}, or null when the trace does not say
// how to draw it. `drawing`: the start event's; `state`: the node's position; `cells`: its visit's board.
export function boardLayout(drawing, state, cells = undefined) {
  const shape = drawing && drawing.board;
  if (!shape) return null;
  const discs = shape.style === "discs";
  if (cells && Array.isArray(cells.marks) && Array.isArray(cells.kinds)) {
    const { rows, columns: cols } = cells;
    if (!(rows > 0 && cols > 0 && cells.marks.length === rows * cols)) return null;
    return { cols, rows, cell: cellSize(rows, cols, discs), discs, marks: cells.marks.map(String), kinds: cells.kinds.map(String) };
  }
  const text = String(state ?? "");
  const { rows, columns: cols } = shape;
  if (!shape.text || text.length !== rows * cols) return null;
  const marks = [...text];
  const kinds = marks.map((m) => (shape.kinds && shape.kinds[m]) || "unknown");
  return { cols, rows, cell: cellSize(rows, cols, discs), discs, marks, kinds };
}

// How much room a board takes in a node, in layout units: {width, height}; null for no board.
// Without a board to read (a game whose visits carry their cells), the start position's shape.
export function boardBox(drawing, state, cells = undefined) {
  const layout = boardLayout(drawing, state, cells);
  if (layout) return { width: layout.cols * layout.cell, height: layout.rows * layout.cell };
  const shape = drawing && drawing.board;
  if (!shape || !(shape.rows > 0 && shape.columns > 0)) return null;
  const cell = cellSize(shape.rows, shape.columns, shape.style === "discs");
  return { width: shape.columns * cell, height: shape.rows * cell };
}

// Whether a cell's mark is written in it (not for open or blocked cells).
export function shownMark(kind) {
  return !HIDDEN_KINDS.has(kind);
}

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG_NS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  parent.appendChild(e);
  return e;
}

// The cell the move into this board took: open in the parent's board, not open (nor blocked) now;
// null when there is no one such cell (the root, a move that takes pieces away).
function movedCell(layout, before) {
  if (!before || before.marks.length !== layout.marks.length) return null;
  let found = null;
  for (let k = 0; k < layout.kinds.length; k++) {
    if (before.kinds[k] === "open" && shownMark(layout.kinds[k])) {
      if (found !== null) return null;
      found = k;
    }
  }
  return found;
}

// Draw a node's board into `group`. `drawing`: the start event's (with `game`, its id); `state`,
// `cells`: the node's position and its visit's board; `before`: the parent's {state, cells}, or null.
export function drawBoard(group, drawing, state, cells = undefined, before = null) {
  group.replaceChildren();
  group.removeAttribute("data-move-cell");
  const text = String(state ?? "");
  const layout = boardLayout(drawing, text, cells);
  if (!layout) {
    // A game the trace does not say how to draw, or a malformed position: the raw string, as text.
    el("text", { class: "board-raw", y: 8 }, group).textContent = text;
    return;
  }
  const { cols, rows, cell } = layout;
  const x0 = (-cols * cell) / 2;
  if (drawing.game) group.setAttribute("data-game", drawing.game);
  group.setAttribute("data-board", text);
  group.setAttribute("data-cols", String(cols));
  group.setAttribute("data-rows", String(rows));
  if (layout.discs) drawDiscs(group, layout, x0);
  else drawCells(group, layout, x0);
  const parent = before ? boardLayout(drawing, before.state, before.cells) : null;
  const moved = movedCell(layout, parent);
  if (moved === null) return;
  // Drawn last and inset, so no neighbouring cell paints over the outline; coloured by the mover.
  group.setAttribute("data-move-cell", String(moved));
  const inset = layout.discs ? 0.4 : 1; // a disc nearly fills its small cell: the square goes round it
  el("rect", {
    class: `moved ${layout.kinds[moved]}`,
    x: x0 + (moved % cols) * cell + inset,
    y: Math.floor(moved / cols) * cell + inset,
    width: cell - 2 * inset,
    height: cell - 2 * inset,
  }, group);
}

// A square per cell, the mark written in it.
function drawCells(group, { cols, rows, cell, marks, kinds }, x0) {
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const k = r * cols + c;
      const x = x0 + c * cell;
      const y = r * cell;
      el("rect", { class: `cell ${kinds[k]}`, x, y, width: cell, height: cell }, group);
      if (shownMark(kinds[k])) {
        el("text", { class: `mark ${kinds[k]}`, x: x + cell / 2, y: y + cell / 2 }, group).textContent = marks[k];
      }
    }
  }
}

// Discs: the frame, the empty holes as one path (a drawing of 2,000 nodes stays light), then
// a disc per filled cell (data-cell: its index in the position), x filled, o a thick ring.
function drawDiscs(group, { cols, rows, cell, kinds }, x0) {
  el("rect", { class: "c4-frame", x: x0, y: 0, width: cols * cell, height: rows * cell }, group);
  const r = cell * 0.38;
  const centre = (k) => [x0 + (k % cols) * cell + cell / 2, Math.floor(k / cols) * cell + cell / 2];
  let holes = "";
  const discs = [];
  for (let k = 0; k < cols * rows; k++) {
    const [cx, cy] = centre(k);
    if (kinds[k] === "open") holes += `M${cx - r},${cy}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0`;
    else discs.push(k);
  }
  if (holes) el("path", { class: "holes", d: holes }, group);
  for (const k of discs) {
    const kind = kinds[k] === "x" || kinds[k] === "o" ? kinds[k] : "unknown";
    const [cx, cy] = centre(k);
    // A ring's stroke straddles its radius: drawn a little smaller, it ends where a filled disc does.
    el("circle", { class: `disc ${kind}`, cx, cy, r: kind === "o" ? r - 0.8 : r, "data-cell": String(k) }, group);
  }
}
