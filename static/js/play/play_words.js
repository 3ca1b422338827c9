// What the /play page says: a game's end from the student's side ("You win: four in a row"), the engine's move
// ("The engine played column 3 (the 4th from the left)."), whose turn it is, and the reply's figures. The words for
// a game come from the server (the catalogue's side_words, a position's over and move words). No DOM here:
// tests/js/play checks it.

// `over`: a position's end ({winner, how, stuck?}); `human`: "max" or "min".
export function resultWords(over, human) {
  if (!over) return "";
  // A game that ends when a player cannot move names who: the student or the engine.
  const how = over.stuck ? (over.stuck === human ? "you cannot move" : "the engine cannot move") : over.how;
  if (over.winner === null) return `Draw: ${how}`;
  return `${over.winner === human ? "You win" : "The engine wins"}: ${how}`;
}

export function engineMoveWords(words) {
  return `The engine played ${words}.`;
}

// `info`: the game's catalogue entry.
export function turnWords(info, human) {
  return `Your move: you are ${info.side_words[human]}.`;
}

// The reply's figures beside the board, each {term, value}.
export function replyFigures(reply) {
  const seconds = reply.seconds < 0.01 ? "under 0.01 s" : `${reply.seconds.toFixed(2)} s`;
  return [
    { term: "Reply time", value: seconds },
    { term: "Nodes searched", value: reply.visited.toLocaleString("en-US") },
    { term: "Depth", value: reply.depth === null ? "to the end of the game" : String(reply.depth) },
  ];
}
