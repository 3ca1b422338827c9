// What the /play page says: a game's end from the student's side ("You win: four in a row"), the engine's move
// ("The engine played column 3."), whose turn it is, and the reply's figures. No DOM here: tests/js/play checks it.

export function resultWords(result, human) {
  if (!result) return "";
  // Isolation's end names who cannot move: the student or the engine.
  const how = result.stuck ? (result.stuck === human ? "you cannot move" : "the engine cannot move") : result.how;
  if (result.winner === null) return `Draw: ${how}`;
  return `${result.winner === human ? "You win" : "The engine wins"}: ${how}`;
}

export function engineMoveWords(rules, move) {
  return `The engine played ${rules.moveWords(move)}.`;
}

export function turnWords(rules, human) {
  const mark = rules.marks[human];
  if (rules.name === "isolation") return `Your move: you are player ${mark}.`;
  if (rules.name === "connect4") return `Your move: you are ${mark}, the ${mark === "X" ? "filled discs" : "rings"}.`;
  return `Your move: you are ${mark}.`;
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
