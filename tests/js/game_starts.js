// Hand-made start events of the built-in games, with the `drawing` the engine writes (tests/js/drawings.json,
// checked current by tests/engine/test_game_drawing.py): the page knows no game but what its trace says.
import { readFileSync } from "node:fs";

export const DRAWINGS = JSON.parse(readFileSync(new URL("./drawings.json", import.meta.url), "utf8"));

// A start event of `drawing` (a key of drawings.json: tictactoe, isolation3, isolation for 5x5, connect4) with
// `source` and any other fields given.
export function gameStart(drawing, source, fields = {}) {
  return { type: "start", node: "root", ...fields, source: { kind: "game", ...source }, drawing: DRAWINGS[drawing] };
}
