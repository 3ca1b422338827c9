// Games too big to search to their end: a search of them needs a depth limit, and the Search tab
// says so before sending one (the engine refuses it too, with the game's own depth_limit_needed:
// search/games/connect4.py, search/games/isolation.py). The wording is the engine's, shortened.

import { isolationShape } from "../narration/move_words.js";

// The depth the form fills in when such a game is chosen with the field blank.
export const GAME_DEPTH = { connect4: 4, isolation: 3 };

// Why `game` at `state` needs a depth limit, or "" when it can be searched to its end.
export function depthNeeded(game, state) {
  if (game === "connect4") {
    return "Connect Four needs a depth limit: its game tree from the empty board has about 4.5 trillion positions, " +
      "more than any search can finish. Try 4 to 6";
  }
  if (game === "isolation" && typeof state === "string" && state.length !== 6) {
    const shape = isolationShape(state);
    if (!shape) return "";
    return `Isolation on the ${shape.cols}x${shape.rows} board needs a depth limit: its game tree is far too big for ` +
      "any search to finish. Try 3 to 5, with the mobility estimate";
  }
  return "";
}
