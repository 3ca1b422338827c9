// The key shown over a game search: what its values mean, in the engine's words (the start event's
// `drawing`: the game's utility and the estimate the search used, search/games/drawing.py).

// {utility, estimate} from a trace's drawing, or null when the trace gives none.
export function gameKey(drawing) {
  if (!drawing || typeof drawing.utility !== "string") return null;
  return { utility: drawing.utility, estimate: typeof drawing.estimate === "string" ? drawing.estimate : "" };
}

// Fill `el` (may be null) with the key for `drawing`, or hide it. Text only, never markup.
export function showGameKey(el, drawing) {
  if (!el) return;
  const key = gameKey(drawing);
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
