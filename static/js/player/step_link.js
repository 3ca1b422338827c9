// A link to a moment of a search: /?example=lecture&algorithm=alphabeta&step=19 opens that
// search at that step. The parameters are the Search tab's (example, tree: a saved tree's id,
// game, state, algorithm, depth, ties, and a game's estimate=<name> (e.g. Isolation's mobility),
// symmetry=1, tt=1, quiescence=1, beam=K, each only when on, and misconception=<id> for a search that
// follows one of the catalogue's misconceptions) plus the player's (detail, step; step=result opens the
// search at its result once it has finished: the /play page's "Why this move?"); a saved trace's
// link is /r/<id>?step=..&detail=... No DOM here: Node's tests import it.

import { algorithmIds } from "../page/catalogue.js";

export const DETAILS = ["every", "key"]; // "every line" (all events) and "key steps"
const TIES = ["prune", "explore"];
const ORDERINGS = ["given", "best", "worst", "random"];
const SOURCES = ["example", "tree", "game"];

// What a query string asks for: {request, treeId, detail, step}, or null if it names no
// search or moment. Throws an Error naming the parameter for a value it cannot use. A search
// with a move ordering (the Ordering tab's Replay) adds ordering= and, for random, seed=.
export function readLink(query) {
  const p = new URLSearchParams(query);
  const known = ["example", "tree", "game", "state", "estimate", "algorithm", "depth", "ties", "returns", "ordering", "seed", "symmetry", "tt", "quiescence", "beam",
    "misconception", "detail", "step", "run"];
  if (!known.some((k) => p.has(k))) return null;
  const given = SOURCES.filter((k) => p.has(k));
  if (given.length > 1) throw new Error(`link: give one of example, tree or game, not ${given.join(" and ")}`);
  const request = {};
  let treeId = null;
  if (p.has("example")) request.example = p.get("example");
  if (p.has("tree")) treeId = p.get("tree");
  if (p.has("game")) {
    request.game = p.get("game");
    if (p.has("state")) request.state = p.get("state");
    if (p.has("estimate")) {
      const estimate = p.get("estimate");
      // A game's estimate by name (search/games/registry.py): the server says whether the game has it.
      if (!/^[a-z][a-z-]{0,29}$/.test(estimate)) throw new Error(`link: estimate must be a name such as mobility, not "${estimate.slice(0, 30)}"`);
      request.estimate = estimate;
    }
  }
  const algorithm = p.get("algorithm") || "alphabeta";
  // A link names any search the page can start: the catalogue's algorithms (/api/catalogue). Before it is
  // loaded, any id-shaped name passes and the server says whether it knows it.
  const ids = algorithmIds();
  if (ids.length ? !ids.includes(algorithm) : !/^[a-z][a-z0-9-]{0,29}$/.test(algorithm)) {
    throw new Error(`link: algorithm must be one of ${ids.join(", ") || "the catalogue's"}, not "${algorithm.slice(0, 30)}"`);
  }
  request.algorithm = algorithm;
  const ties = p.get("ties") || "prune";
  if (!TIES.includes(ties)) throw new Error(`link: ties must be prune or explore, not "${ties}"`);
  request.ties = ties;
  if (p.has("returns")) {
    const returns = p.get("returns");
    if (returns !== "v" && returns !== "bound") throw new Error(`link: returns must be v or bound, not "${returns}"`);
    if (returns === "bound") request.returns = returns; // the server says whether the algorithm has it
  }
  request.depth = wholeNumber(p, "depth");
  if (p.has("ordering")) {
    const ordering = p.get("ordering");
    if (!ORDERINGS.includes(ordering)) throw new Error(`link: ordering must be ${ORDERINGS.join(", ")}, not "${ordering}"`);
    request.ordering = ordering;
  }
  if (p.has("seed")) {
    const text = p.get("seed").trim();
    if (!/^-?\d{1,15}$/.test(text)) throw new Error(`link: seed must be a whole number, not "${text}"`);
    request.seed = Number(text); // the server says whether it goes with the ordering
  }
  Object.assign(request, enhancements(p));
  if (p.has("misconception")) {
    const id = p.get("misconception");
    // An id of the catalogue (GET /api/misconceptions): the server says which, and whether it fits the search.
    if (!/^[a-z][a-z-]{0,39}$/.test(id)) throw new Error(`link: misconception must be an id such as max-min-swapped, not "${id.slice(0, 40)}"`);
    request.misconception = id;
  }
  const detail = p.get("detail") || "every";
  if (!DETAILS.includes(detail)) throw new Error(`link: detail must be every or key, not "${detail}"`);
  // step=result: the result, whatever its number, once the search has finished.
  const step = p.get("step") === "result" ? "result" : wholeNumber(p, "step");
  // run=1 (or no run): the search runs at once; run=0 fills the Search tab and waits for Run.
  const run = p.has("run") ? p.get("run") : "1";
  if (run !== "1" && run !== "0") throw new Error(`link: run must be 1 or 0, not "${run}"`);
  return { request, treeId, named: given.length === 1, detail, step: step === null ? 0 : step, run: run === "1" };
}

// The enhancements (AIMA 4th ed. §5.2.4, §5.3.2, §5.3.3) a link turns on: {tt: true, quiescence: true, beam: K}, each only if given,
// and tic-tac-toe's symmetry (search/games/symmetry.py). The server says whether the search can use them (a game, a depth limit for quiescence).
function enhancements(p) {
  const out = {};
  for (const name of ["symmetry", "tt", "quiescence"]) {
    if (!p.has(name)) continue;
    const text = p.get(name);
    if (text !== "1" && text !== "true") throw new Error(`link: ${name} must be 1 (on) or left out (off), not "${text}"`);
    out[name] = true;
  }
  const beam = wholeNumber(p, "beam");
  if (beam !== null) {
    if (beam < 1) throw new Error("link: beam must be a whole number of children to keep, 1 or more");
    out.beam = beam;
  }
  return out;
}

function wholeNumber(p, name) {
  const text = (p.get(name) || "").trim();
  if (text === "") return null;
  if (!/^\d{1,9}$/.test(text)) throw new Error(`link: ${name} must be a whole number, not "${text}"`);
  return Number(text);
}

// The query string for a search and a moment. `request` is what started the search (a tree
// search gives its saved id as treeId instead of the tree itself).
export function linkQuery({ request, treeId = null, detail, step, predict = false }) {
  const p = new URLSearchParams();
  if (treeId) p.set("tree", treeId);
  else if (request.example) p.set("example", request.example);
  else if (request.game) {
    p.set("game", request.game);
    if (request.state) p.set("state", request.state);
    if (request.estimate) p.set("estimate", request.estimate);
  }
  if (request.algorithm) p.set("algorithm", request.algorithm);
  if (request.depth !== null && request.depth !== undefined) p.set("depth", String(request.depth));
  if (request.algorithm !== "minimax" && request.ties && request.ties !== "prune") p.set("ties", request.ties);
  if (request.returns === "bound") p.set("returns", "bound");
  if (request.ordering) p.set("ordering", request.ordering);
  if (request.seed !== undefined && request.seed !== null) p.set("seed", String(request.seed));
  if (request.symmetry) p.set("symmetry", "1");
  if (request.tt) p.set("tt", "1");
  if (request.quiescence) p.set("quiescence", "1");
  if (request.beam !== null && request.beam !== undefined) p.set("beam", String(request.beam));
  if (request.misconception) p.set("misconception", request.misconception);
  return [p.toString(), momentQuery({ detail, step, predict })].filter(Boolean).join("&");
}

// Just the moment: "step=19", or "detail=key&step=7" (a saved trace's /r/<id> link adds this),
// and "predict=1" when predict mode is on.
export function momentQuery({ detail, step, predict = false }) {
  const p = new URLSearchParams();
  if (detail && detail !== "every") p.set("detail", detail);
  p.set("step", String(step));
  if (predict) p.set("predict", "1");
  return p.toString();
}

// Whether a link turns predict mode on (predict_mode.js): predict=1, or left out for off.
export function readPredictParam(query) {
  const p = new URLSearchParams(query);
  if (!p.has("predict")) return false;
  const text = p.get("predict");
  if (text === "1" || text === "true") return true;
  if (text === "0" || text === "false") return false;
  throw new Error(`link: predict must be 1 (on) or left out (off), not "${text}"`);
}
