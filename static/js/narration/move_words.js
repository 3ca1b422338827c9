// A game move in plain words, for the narration and the boards. A move is what a visit event
// carries (tic-tac-toe: a cell 0-8; Isolation: [x, y]) or its text from showMove ("4",
// "(1, 0)"); the board is the position AFTER the move (the event's `state`), which says who moved.

// Tic-tac-toe cells 0-8, row by row.
const TTT_PLACES = [
  "the top-left corner", "the top edge", "the top-right corner",
  "the left edge", "the centre", "the right edge",
  "the bottom-left corner", "the bottom edge", "the bottom-right corner",
];
// Isolation: x is the column 0-2, y the row 0-1 (row 0 on top, as the boards draw it).
const ISO_COLS = 3;
const ISO_ROWS = ["top", "bottom"];
const ISO_COLUMN = ["left", "middle", "right"];

// The numbers in a move, whatever form it came in: 4, "4", [1, 0], "(1, 0)".
function numbers(move) {
  if (typeof move === "number") return [move];
  if (Array.isArray(move)) return move.map(Number);
  if (typeof move === "string") return (move.match(/-?\d+/g) || []).map(Number);
  return [];
}

// Where a move lands, as an index into the position string; null when it is not a move there.
export function moveCell(game, move) {
  const n = numbers(move);
  if (game === "tictactoe" && n.length === 1 && n[0] >= 0 && n[0] < 9) return n[0];
  if (game === "isolation" && n.length === 2) {
    const [x, y] = n;
    if (x >= 0 && x < ISO_COLS && y >= 0 && y < ISO_ROWS.length) return y * ISO_COLS + x;
  }
  return null;
}

// Where a move lands, in words: "the centre, cell 4"; "(1, 0), the top middle square".
// "" when it is not a move on that board.
export function placeWords(game, move) {
  const cell = moveCell(game, move);
  if (cell === null) return "";
  if (game === "tictactoe") return `${TTT_PLACES[cell]}, cell ${cell}`;
  const x = cell % ISO_COLS;
  const y = Math.floor(cell / ISO_COLS);
  return `(${x}, ${y}), the ${ISO_ROWS[y]} ${ISO_COLUMN[x]} square`;
}

// Who makes a move from a node where `player` ("max" or "min") is to move, as a player writes
// it: X and O in tic-tac-toe (X is MAX), P1 and P2 in Isolation (player 1 is MAX). A custom
// game (a course's own, docs/trace-format.md) names its players itself: `names` (moverNames),
// and there "chance" or a max^n player's own name is the mover as written.
const MOVERS = { tictactoe: ["X", "O"], isolation: ["P1", "P2"] };

export function moverName(game, player, names = null) {
  if (names && player !== "max" && player !== "min") return player === "chance" ? "Chance" : String(player);
  const [max, min] = names || MOVERS[game] || ["MAX", "MIN"];
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

// "X plays the centre, cell 4"; "Player 1 moves to (1, 0), the top middle square".
// Anything unreadable gives "" rather than a wrong sentence.
export function describeMove(game, move, board) {
  const cell = moveCell(game, move);
  if (cell === null) return "";
  const text = typeof board === "string" ? board : "";
  const where = placeWords(game, move);
  if (game === "tictactoe") {
    const mark = text[cell];
    return mark === "X" || mark === "O" ? `${mark} plays ${where}` : `A move to ${where}`;
  }
  const player = text[cell];
  if (player !== "1" && player !== "2") return `A move to ${where}`;
  // Each player's first move places its piece (isolation.py: any open cell). Moves so far are
  // the closed cells less the blocked corner (isolation.moves_made): players place on moves 1, 2.
  const placed = text.length === 6 && [...text].filter((ch) => ch !== ".").length - 1 <= 2;
  return `Player ${player} ${placed ? "starts on" : "moves to"} ${where}`;
}
