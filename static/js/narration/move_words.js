// A game move in plain words, for the narration and the boards. A move is what a visit event
// carries (tic-tac-toe: a cell 0-8; Isolation: [x, y]; Connect Four: a column 0-6) or its text
// from showMove ("4", "(1, 0)"); the board is the position AFTER the move (the event's `state`),
// which says who moved and, in Connect Four, where the disc landed.

// Tic-tac-toe cells 0-8, row by row.
const TTT_PLACES = [
  "the top-left corner", "the top edge", "the top-right corner",
  "the left edge", "the centre", "the right edge",
  "the bottom-left corner", "the bottom edge", "the bottom-right corner",
];
// Isolation: x is the column, y the row (row 0 on top, as the boards draw it). The lecture's board
// is 3 x 2 (6 characters); a square one of n x n (n = 4..7) has n * n (search/games/isolation.py).
const ISO_ROWS = ["top", "bottom"];
const ISO_COLUMN = ["left", "middle", "right"];

// {cols, rows} of an Isolation position: 3 x 2 for 6 characters (and when there is no board to
// read, as the lecture's moves were named before the larger boards), n x n for n * n.
export function isolationShape(board) {
  const length = typeof board === "string" ? board.length : 6;
  if (length === 6) return { cols: 3, rows: 2 };
  const n = Math.round(Math.sqrt(length));
  return n >= 4 && n <= 7 && n * n === length ? { cols: n, rows: n } : null;
}

// Connect Four: 7 columns of 6, the top row first; a move is a column 0-6, numbered from the left
// as the trace and the CLI write it (search/games/connect4.py).
export const C4_COLS = 7;
export const C4_ROWS = 6;
const ORDINAL = ["1st", "2nd", "3rd", "4th", "5th", "6th", "7th"];

// The numbers in a move, whatever form it came in: 4, "4", [1, 0], "(1, 0)".
function numbers(move) {
  if (typeof move === "number") return [move];
  if (Array.isArray(move)) return move.map(Number);
  if (typeof move === "string") return (move.match(/-?\d+/g) || []).map(Number);
  return [];
}

// A Connect Four move's column 0-6, or null.
function c4Column(move) {
  const n = numbers(move);
  return n.length === 1 && Number.isInteger(n[0]) && n[0] >= 0 && n[0] < C4_COLS ? n[0] : null;
}

// Where a move lands, as an index into the position string; null when it is not a move there.
// `board` (the position after the move) gives an Isolation board's size, and the cell a Connect
// Four disc dropped to (the column's top disc); without it a Connect Four move has no cell.
export function moveCell(game, move, board = undefined) {
  const n = numbers(move);
  if (game === "tictactoe" && n.length === 1 && n[0] >= 0 && n[0] < 9) return n[0];
  if (game === "isolation" && n.length === 2) {
    const shape = isolationShape(board);
    const [x, y] = n;
    if (shape && x >= 0 && x < shape.cols && y >= 0 && y < shape.rows) return y * shape.cols + x;
  }
  if (game === "connect4") {
    const column = c4Column(move);
    if (column === null || typeof board !== "string" || board.length !== C4_COLS * C4_ROWS) return null;
    for (let row = 0; row < C4_ROWS; row++) if (board[row * C4_COLS + column] !== ".") return row * C4_COLS + column;
  }
  return null;
}

// A square of a larger Isolation board in words, where it has a name: a corner or the centre.
function isoPlace(x, y, n) {
  const edge = (k) => (k === 0 ? 0 : k === n - 1 ? 2 : 1);
  const [ex, ey] = [edge(x), edge(y)];
  if (ex !== 1 && ey !== 1) return `the ${ISO_ROWS[ey / 2]}-${ISO_COLUMN[ex]} corner`;
  if (n % 2 === 1 && x === (n - 1) / 2 && y === (n - 1) / 2) return "the centre square";
  return "";
}

// Where a move lands, in words: "the centre, cell 4"; "(1, 0), the top middle square"; on a larger
// Isolation board "(0, 4), the bottom-left corner" or just "(1, 3)"; Connect Four "column 3".
// "" when it is not a move on that board. `board`: as moveCell's (optional).
export function placeWords(game, move, board = undefined) {
  if (game === "connect4") {
    const column = c4Column(move);
    return column === null ? "" : `column ${column}`;
  }
  const cell = moveCell(game, move, game === "isolation" && isolationShape(board) ? board : undefined);
  if (cell === null) return "";
  if (game === "tictactoe") return `${TTT_PLACES[cell]}, cell ${cell}`;
  const { cols } = isolationShape(board) || isolationShape(undefined);
  const x = cell % cols;
  const y = Math.floor(cell / cols);
  if (cols === 3) return `(${x}, ${y}), the ${ISO_ROWS[y]} ${ISO_COLUMN[x]} square`;
  const place = isoPlace(x, y, cols);
  return place ? `(${x}, ${y}), ${place}` : `(${x}, ${y})`;
}

// A Connect Four column counted as a student counts it, beside the engine's number: "column 3
// (the 4th from the left)". Columns are numbered 0-6 everywhere (traces, the CLI, node labels).
export function columnWords(move) {
  const column = c4Column(move);
  return column === null ? "" : `column ${column} (the ${ORDINAL[column]} from the left)`;
}

// Who makes a move from a node where `player` ("max" or "min") is to move, as a player writes
// it: X and O in tic-tac-toe (X is MAX), P1 and P2 in Isolation (player 1 is MAX). Any other
// game names its players itself: `names` (moverNames), a custom game's (a course's own,
// docs/trace-format.md) from its source, a registered one's from its trace's drawing; there
// "chance" or a max^n player's own name is the mover as written.
const MOVERS = { tictactoe: ["X", "O"], connect4: ["X", "O"], isolation: ["P1", "P2"] };

export function moverName(game, player, names = null) {
  if (names && player !== "max" && player !== "min") return player === "chance" ? "Chance" : String(player);
  const [max, min] = MOVERS[game] || names || ["MAX", "MIN"]; // the short names of the built-in games first
  return player === "min" ? min : max;
}

// [MAX's name, MIN's name] from a custom source's `players` (MAX's first), MAX and MIN where it
// names fewer than two. Text from the trace: only ever inserted as text.
export function moverNames(players) {
  const given = Array.isArray(players) ? players.filter((p) => typeof p === "string" && p) : [];
  return given.length >= 2 ? [given[0], given[1]] : ["MAX", "MIN"];
}

function moveText(move) {
  return Array.isArray(move) ? `(${move.join(", ")})` : String(move ?? "");
}

// One move, short, as a player would say it: "X 4", "O 8", "P1 (0, 1)". `move` is the trace's
// move or its text ("4", "(0, 1)"); `names` a custom game's players (moverNames).
export function moveName(game, player, move, names = null) {
  return `${moverName(game, player, names)} ${moveText(move)}`;
}

// A custom game's move in a sentence, with the role beside the player's own name: "P1 (MAX) plays
// 2-1", "Chance picks 3", "Blue plays 4" (a max^n player). The page knows nothing of its board.
export function playsWords(names, player, move) {
  const role = { max: "MAX", min: "MIN" }[player];
  if (player === "chance") return `Chance picks ${moveText(move)}`;
  const name = moverName(null, player, names);
  return `${name}${role && role !== name ? ` (${role})` : ""} plays ${moveText(move)}`;
}

// A game node named by the moves from the root: "X 2 · O 4"; the root itself is "the root".
export function pathName(moves) {
  return moves.length ? moves.join(" · ") : "the root";
}

// "X plays the centre, cell 4"; "Player 1 moves to (1, 0), the top middle square"; "O drops a
// disc in column 3 (the 4th from the left)". Anything unreadable gives "" rather than a wrong sentence.
export function describeMove(game, move, board) {
  const text = typeof board === "string" ? board : "";
  if (game === "connect4") {
    const where = columnWords(move);
    if (!where) return "";
    const mark = text[moveCell(game, move, text) ?? -1];
    return mark === "X" || mark === "O" ? `${mark} drops a disc in ${where}` : `A disc dropped in ${where}`;
  }
  const cell = moveCell(game, move, game === "isolation" && isolationShape(text) ? text : undefined);
  if (cell === null) return "";
  const where = placeWords(game, move, text);
  if (game === "tictactoe") {
    const mark = text[cell];
    return mark === "X" || mark === "O" ? `${mark} plays ${where}` : `A move to ${where}`;
  }
  const player = text[cell];
  if (player !== "1" && player !== "2") return `A move to ${where}`;
  // Each player's first move places its piece (isolation.py: any open cell). Moves so far are the
  // closed cells, less the 3 x 2 board's blocked corner (isolation.moves_made): players place on moves 1, 2.
  const corner = text.length === 6 ? 1 : 0;
  const placed = [...text].filter((ch) => ch !== ".").length - corner <= 2;
  return `Player ${player} ${placed ? "starts on" : "moves to"} ${where}`;
}
