// The key shown over a game search: what its values mean. The words follow the engine:
// search/games/tictactoe.py (WIN = 100, estimate open_lines(X) - open_lines(O)) and
// search/games/isolation.py (utility +1 / -1, estimates zero_estimate and mobility_estimate),
// search/games/connect4.py (WIN = 1000, estimate open_windows for X - open_windows for O).

const KEYS = {
  tictactoe: {
    utility: "100 X wins, −100 O wins, 0 draw.",
    estimates: {
      "open-lines": "lines open for X − lines open for O (a row, column or diagonal is open for X if it holds no O).",
    },
  },
  connect4: {
    utility: "1000 X wins, −1000 O wins, 0 draw (a full board).",
    estimates: {
      windows: "windows open for X − windows open for O (a window is 4 cells in a row, across, down or diagonal: 69 on the board; it is open for X if it holds no O).",
    },
  },
  isolation: {
    utility: "1 player 1 wins, −1 player 2 wins (a player with no move loses).",
    estimates: {
      zero: "0 (no guess).",
      // / 10 on the lecture's 3 x 2 board (at most 4 moves each), / 100 on a square one (up to 24 each).
      mobility: (source) => `(player 1's moves − player 2's moves) / ${String(source.state || "").length === 6 ? 10 : 100}.`,
    },
  },
};

// {utility, estimate} for a trace's start-event source, or null when it is not a known game.
export function gameKey(source) {
  const key = source && source.kind === "game" ? KEYS[source.game] : undefined;
  if (!key) return null;
  const name = source.estimate;
  const words = key.estimates[name];
  return { utility: key.utility, estimate: typeof words === "function" ? words(source) : words || `${name}.` };
}

// Fill `el` (may be null) with the key for `source`, or hide it. Text only, never markup.
export function showGameKey(el, source) {
  if (!el) return;
  const key = gameKey(source);
  el.hidden = !key;
  if (!key) {
    el.replaceChildren();
    return;
  }
  const part = (lead, text) => {
    const b = document.createElement("b");
    b.textContent = lead;
    return [b, document.createTextNode(` ${text} `)];
  };
  el.replaceChildren(
    ...part("Utility (game over):", key.utility),
    ...part("Estimate (depth limit, in italics):", key.estimate),
  );
}
