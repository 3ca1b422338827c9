// The key shown over a game search: what its values mean. The words follow the engine:
// search/games/tictactoe.py (WIN = 100, estimate open_lines(X) - open_lines(O)) and
// search/games/isolation.py (utility +1 / -1, estimates zero_estimate and mobility_estimate).

const KEYS = {
  tictactoe: {
    utility: "100 X wins, −100 O wins, 0 draw.",
    estimates: {
      "open-lines": "lines open for X − lines open for O (a row, column or diagonal is open for X if it holds no O).",
    },
  },
  isolation: {
    utility: "1 player 1 wins, −1 player 2 wins (a player with no move loses).",
    estimates: {
      zero: "0 (no guess).",
      mobility: "(player 1's moves − player 2's moves) / 10.",
    },
  },
};

// {utility, estimate} for a trace's start-event source, or null when it is not a known game.
export function gameKey(source) {
  const key = source && source.kind === "game" ? KEYS[source.game] : undefined;
  if (!key) return null;
  const name = source.estimate;
  return { utility: key.utility, estimate: key.estimates[name] || `${name}.` };
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
