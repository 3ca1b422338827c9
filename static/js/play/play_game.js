// One game on the /play page as data: which game, which side the student plays (MAX moves first: "you start"
// means the student is MAX), and the positions so far as the server described them (POST /api/play/position:
// {state, to_move, moves, over, board}), the last the one on the board. The page keeps no rules: whose turn it is
// and whether the game is over are the server's words. Undo takes back the student's last move and the engine's
// reply to it. No DOM here: tests/js/play checks it.

export function newGame(key, youStart, start) {
  return { key, human: youStart ? "max" : "min", history: [start] };
}

export const position = (game) => game.history[game.history.length - 1];

export const result = (game) => position(game).over;

// Whose turn it is on the board: "you", "engine", or null once the game is over.
export function turn(game) {
  const now = position(game);
  if (now.over) return null;
  return now.to_move === game.human ? "you" : "engine";
}

// The legal moves (data-move keys) of the position on the board.
export const legalMoves = (game) => position(game).moves.map((m) => m.move);

// The game after a move: `after` is the server's description of the position it led to.
export function played(game, after) {
  return { ...game, history: [...game.history, after] };
}

// Where Undo goes: the last position before the student's last move (their move and the engine's reply taken
// back), or -1 when the student has not moved yet.
function undoTo(game) {
  const { history, human } = game;
  for (let i = history.length - 2; i >= 0; i--) {
    if (history[i].to_move === human && !history[i].over) return i;
  }
  return -1;
}

export const canUndo = (game) => undoTo(game) >= 0;

export function undone(game) {
  const to = undoTo(game);
  return to < 0 ? game : { ...game, history: game.history.slice(0, to + 1) };
}
