// One game on the /play page as data: which game, which side the student plays (MAX moves first: "you start"
// means the student is MAX), and the positions so far, the last the one on the board. Undo takes back the
// student's last move and the engine's reply to it. No DOM here: tests/js/play checks it.

import { GAMES } from "./play_rules.js";

export function newGame(key, youStart) {
  const { rules } = GAMES[key];
  return { key, rules, human: youStart ? "max" : "min", history: [rules.start] };
}

export const position = (game) => game.history[game.history.length - 1];

export const result = (game) => game.rules.result(position(game));

// Whose turn it is on the board: "you", "engine", or null once the game is over.
export function turn(game) {
  if (result(game)) return null;
  return game.rules.toMove(position(game)) === game.human ? "you" : "engine";
}

// The game after `move` (a data-move key) from the position on the board; an Error for a move that is not legal.
export function played(game, move) {
  const state = position(game);
  if (!game.rules.moves(state).includes(move)) throw new Error(`${move} is not a legal move here`);
  return { ...game, history: [...game.history, game.rules.play(state, move)] };
}

// Where Undo goes: the last position before the student's last move (their move and the engine's reply taken
// back), or -1 when the student has not moved yet.
function undoTo(game) {
  const { history, rules, human } = game;
  for (let i = history.length - 2; i >= 0; i--) {
    if (rules.toMove(history[i]) === human && !rules.result(history[i])) return i;
  }
  return -1;
}

export const canUndo = (game) => undoTo(game) >= 0;

export function undone(game) {
  const to = undoTo(game);
  return to < 0 ? game : { ...game, history: game.history.slice(0, to + 1) };
}

// The move that led from one position to the next (the engine's reply, to announce it): the legal move whose
// result is `after`, or null.
export function moveBetween(rules, before, after) {
  return rules.moves(before).find((m) => rules.play(before, m) === after) ?? null;
}
