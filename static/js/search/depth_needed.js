// Positions too big to search to their end: a search of them needs a depth limit, and the Search tab says so
// before sending one. The engine decides which: each game's menu option carries, from the game registry
// (search/games/registry.py, GameInfo.depth_limits), the lengths of position that need a limit with the engine's
// own reason (the words it refuses such a search with), and the depth the form fills in (data-depth).

// Why a search of the game whose menu option is `option` from `state` needs a depth limit, or "" when it can be
// searched to its end (or the position is not one of the game's: the engine names that error). A blank position
// is the game's start, as the engine reads it.
export function depthNeeded(option, state) {
  if (!option) return "";
  let limits;
  try {
    limits = JSON.parse(option.dataset.depthNeeded || "[]");
  } catch {
    return "";
  }
  const position = typeof state === "string" && state !== "" ? state : option.dataset.start || "";
  const found = Array.isArray(limits) ? limits.find((limit) => limit.length === position.length) : undefined;
  return found ? String(found.words) : "";
}

// The depth the form fills in when such a search is chosen with the field blank.
export function defaultDepth(option) {
  const depth = Number(option?.dataset.depth);
  return Number.isInteger(depth) && depth > 0 ? depth : undefined;
}
