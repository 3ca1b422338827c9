// A search that can be wrong says so: the result event's `reference` (search/algorithms/reference.py)
// is the same search without the beam, without the quiescence cap, or to the end of the game, and
// the result's words put the two answers side by side ("Beam 2 is a guess: without the beam ...").

import { showValue } from "../view/value_format.js";
import { plural } from "../view/plural.js";

// What left the answer a guess, in the start event's options' words.
function guessWords(search, options) {
  if (search === "without the beam") return `Beam ${options.beam} never looked at some moves`;
  if (search === "without the quiescence cap") return "Quiescence stopped at its cap where a position was still not quiet";
  return options.depth !== null && options.depth !== undefined
    ? `Depth limit ${options.depth}: estimates stood in for values` : "Estimates stood in for values";
}

// "Beam 2 never looked at some moves, so the answer is a guess: searched without the beam, the root = 2,
// best move: the centre, cell 4
// (93 nodes searched, against 11)". `moveName(move)` is what follows "best move" in the result (": the
// centre, cell 4" for a game, " B" for a tree); "" without a reference.
export function referenceWords(result, options, rootName, moveName, game) {
  const ref = result && result.reference;
  if (!ref) return "";
  const unit = game ? "node" : "leaf";
  const [theirs, mine] = game ? [ref.visited, result.visited] : [ref.leaves, result.leaves];
  const same = ref.value === result.value && JSON.stringify(ref.move) === JSON.stringify(result.move);
  const move = ref.move === null || ref.move === undefined ? "" : `, best move${moveName(ref.move)}`;
  const answer = `searched ${ref.search}, ${rootName} = ${showValue(ref.value)}${move}`;
  const by = ref.search === "to the end" ? " by alpha-beta" : ""; // the search to the end is alpha-beta's (reference.py)
  const work = `${plural(theirs, unit)} searched${by}, against ${mine.toLocaleString("en")}`;
  return same
    ? `${guessWords(ref.search, options || {})}, yet the answer stands: ${answer} (${work})`
    : `${guessWords(ref.search, options || {})}, so the answer is a guess: ${answer} (${work})`;
}
