// A game move in plain words, for the narration and the node names. The page knows no game's rules: how a
// move is said comes with the trace (the start event's drawing.moves, search/games/drawing.py), for a game
// whose position text is its board: each cell as a move landing there is said ("the centre, cell 4", "column 3
// (the 4th from the left)"), each of the root's moves as a result names it, the verbs for a piece placed and a
// piece moved, who each mark is, and each side's short name. The cell a move took is the one that changed to
// a mover's mark between a node's board and its parent's, as the board view outlines it.

// The cell `after` holds that `before` did not, where a mover's mark now stands: {cell, mark, moved}, `moved`
// when the same mark left another cell (a piece moved, not placed); null when the two are not such boards.
export function landedCell(sayings, before, after) {
  if (typeof before !== "string" || typeof after !== "string" || before.length !== after.length) return null;
  const marks = sayings.marks || {};
  let landed = null;
  const left = new Set();
  for (let i = 0; i < after.length; i++) {
    if (before[i] === after[i]) continue;
    if (Object.hasOwn(marks, after[i])) {
      if (landed !== null) return null; // two pieces arrived: not one move
      landed = i;
    }
    if (Object.hasOwn(marks, before[i])) left.add(before[i]);
  }
  return landed === null ? null : { cell: landed, mark: after[landed], moved: left.has(after[landed]) };
}

// "X plays the centre, cell 4"; "Player 1 moves to (1, 0), the top middle square"; "O drops a disc in column 3
// (the 4th from the left)": from the boards before and after the move. "" when it cannot be read so.
export function describeMove(sayings, before, after) {
  if (!sayings) return "";
  const landed = landedCell(sayings, before, after);
  const where = landed && Array.isArray(sayings.lands) ? sayings.lands[landed.cell] : undefined;
  if (typeof where !== "string") return "";
  const verb = landed.moved ? sayings.move : sayings.place;
  return `${sayings.marks[landed.mark]} ${verb} ${where}`;
}

// A move as the trace writes it (4, [1, 0]) or as the view shows it ("4", "(1, 0)"), as the engine keys it.
export function moveKey(move) {
  if (Array.isArray(move)) return move.join(",");
  const text = String(move ?? "");
  return /^\(.*\)$/.test(text) ? text.slice(1, -1).replace(/\s+/g, "") : text;
}

// One of the root's moves as a result names it ("the centre, cell 4", "column 3"); "" when the trace does not say.
export function rootMoveWords(sayings, move) {
  const key = moveKey(move);
  const said = sayings && sayings.root && Object.hasOwn(sayings.root, key) ? sayings.root[key] : undefined;
  return typeof said === "string" ? said : "";
}

// Who makes a move from a node where `player` ("max" or "min") is to move: `names` [MAX's, MIN's] (a built-in
// game's short names, a registered game's sides, a custom game's players, from the trace); "chance" or a max^n
// player's own name is the mover as written; MAX and MIN without names.
export function moverName(player, names = null) {
  if (names && player !== "max" && player !== "min") return player === "chance" ? "Chance" : String(player);
  const [max, min] = names || ["MAX", "MIN"];
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
// move or its text ("4", "(0, 1)"); `names` as moverName's.
export function moveName(player, move, names = null) {
  return `${moverName(player, names)} ${moveText(move)}`;
}

// A game's move in a sentence, without its board's words, with the role beside the player's own name: "P1 (MAX)
// plays 2-1", "Chance picks 3", "Blue plays 4" (a max^n player). The page knows nothing of its board.
export function playsWords(names, player, move) {
  const role = { max: "MAX", min: "MIN" }[player];
  if (player === "chance") return `Chance picks ${moveText(move)}`;
  const name = moverName(player, names);
  return `${name}${role && role !== name ? ` (${role})` : ""} plays ${moveText(move)}`;
}

// A game node named by the moves from the root: "X 2 · O 4"; the root itself is "the root".
export function pathName(moves) {
  return moves.length ? moves.join(" · ") : "the root";
}
