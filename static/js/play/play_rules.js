// The games the /play page offers, by the name its Game menu gives them, each with its rules and the engine's
// defaults (docs/play.md): tic-tac-toe and the lecture's 3x2 Isolation searched to the end, Connect Four to depth 5
// and Isolation 5x5 to depth 4 with the mobility estimate (both far too big for a search to the end).

import { connect4 } from "./connect4_rules.js";
import { isolationRules } from "./isolation_rules.js";
import { tictactoe } from "./tictactoe_rules.js";

export const GAMES = {
  tictactoe: { label: "Tic-tac-toe", rules: tictactoe, depth: null, estimate: null },
  connect4: { label: "Connect Four", rules: connect4, depth: 5, estimate: null },
  isolation3: { label: "Isolation 3x2 (lecture)", rules: isolationRules(".....#"), depth: null, estimate: null },
  isolation5: { label: "Isolation 5x5", rules: isolationRules(".".repeat(25)), depth: 4, estimate: "mobility" },
};
