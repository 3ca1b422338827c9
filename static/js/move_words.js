// Placeholder until the games branch lands: a move in plain words.
export function describeMove(game, move) {
  return `move ${Array.isArray(move) ? `(${move.join(", ")})` : move}`;
}
