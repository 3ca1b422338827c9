// One sentence per event, saying what happened and why in the slides' words ("3 ≤ −∞? No:
// keep looking", "β ← MIN(3, 3) = 3: unchanged", where α came from at a cut), and the
// aria-live region that reads it out. Names and labels come from the trace and are only
// ever inserted as text.

import { boundWords, showMove, showValue, toNumber } from "../view/value_format.js";
import { describeMove, moveName, playsWords, rootMoveWords } from "./move_words.js";
import { plural } from "../view/plural.js";
import { narrateEnhancement } from "./enhancement_words.js";
import { referenceWords } from "./reference_words.js";
import { chanceSentence, hasChance, maxnSentence } from "./chance_players_words.js";
import { marginWords } from "./margin_words.js";
import { wrongBoundNote, wrongBoundPrune, wrongBoundSign } from "./mistaken_words.js";
import { EVENT } from "../replay/event_types.js";

const SIGN = { "v >= beta": "≥", "v > beta": ">", "v <= alpha": "≤", "v < alpha": "<" };
const signOf = (test) => SIGN[test] || wrongBoundSign(test) || test; // a misconception's test too
const GREEK = { alpha: "α", beta: "β" };
const ROLE = { max: "MAX", min: "MIN" };

function listWords(names) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

// A sentence may begin with a node's name: "move 6" becomes "Move 6" there.
function capitalized(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// What a narration needs to know of the tree: names, roles, and where bounds came from.
// A game node's name is the moves from the root ("X 2 · O 4", trace_tree.js nameOf); a move
// from node `id` is named by who makes it ("O 4"), and a best move by its square in words.
function namer(replay) {
  const t = replay.tree;
  const name = (id) => t.nameOf(id);
  const nameAt = (i) => t.nameOf(t.ids[i]);
  const role = (id) => {
    const i = t.idx(id);
    return i !== undefined && t.player[i] === "min" ? "MIN" : "MAX";
  };
  const start = (id) => (t.kind === "game" ? capitalized(name(id)) : name(id)); // a tree's labels are as typed
  const moveFrom = (id, move) => {
    if (t.kind !== "game") return showMove(move);
    const i = t.idx(id);
    return moveName(i === undefined ? "max" : t.player[i], showMove(move), t.movers);
  };
  // The root's move, for the result and the iterations: "the centre, cell 4" (the square in
  // words where the game has them; else "X 4").
  const bestMove = (move) => rootMoveWords(t.sayings, move) || moveFrom(t.ids[t.root], move);
  // What follows "best move" in a sentence: ": the centre, cell 4" for a game, " B" for a tree (the child's
  // id is its move), " none" without one.
  const bestMoveWords = (move, child = move) => {
    if (child === null || child === undefined || move === null || move === undefined) return " none";
    return t.kind === "game" ? `: ${bestMove(move)}` : ` ${name(child)}`;
  };
  return { t, name, nameAt, role, start, moveFrom, bestMove, bestMoveWords, idx: (id) => t.idx(id) };
}

// "MAX at A can already get 3 (through B)": the ancestor whose bound line set α (or β), and
// the child that gave it that value. `from` is {node, child} (indices) or undefined for ∓∞.
function boundOrigin(bound, value, from, n) {
  if (!from) return `${GREEK[bound]} = ${showValue(value)} is where it started: nothing found yet`;
  const through = from.child === undefined ? "" : ` (through ${n.nameAt(from.child)})`;
  return bound === "alpha"
    ? `MAX at ${n.nameAt(from.node)} can already get ${showValue(value)}${through}`
    : `MIN at ${n.nameAt(from.node)} can already hold MAX to ${showValue(value)}${through}`;
}

// A start event's move ordering (the Ordering tab's Replay), in words: "" when none was asked for.
function orderingWords(options) {
  const ordering = options && options.ordering;
  if (!ordering || ordering === "given") return "";
  if (ordering === "random") return `, each node's children shuffled (seed ${options.seed})`;
  return `, each node's children ${ordering} first for the player to move`;
}

// state: the replay's state after this event (for where α and β came from); optional.
export function narrate(event, replay, state = null) {
  const n = namer(replay);
  const { t, name } = n;
  const N = n.start(event.node);
  const nodeName = name(event.node);
  const idx = t.idx(event.node);
  switch (event.type) {
    case EVENT.start: {
      const depth = event.options && event.options.depth !== null && event.options.depth !== undefined
        ? `, depth limit ${event.options.depth}` : "";
      if (event.algorithm === "iterative") {
        const fn = t.player[t.root] === "min" ? "MIN-VALUE" : "MAX-VALUE";
        return `Iterative deepening starts at ${nodeName}: alpha-beta with depth limit 1, then 2, … up to ${event.options.depth}. ` +
          `Iteration 1: v ← ${fn}(${nodeName}, −∞, +∞, 0), the root's children as given`;
      }
      const more = chanceSentence(event, n, state) || maxnSentence(event, n);
      if (more) return more;
      const order = orderingWords(event.options);
      if (event.algorithm === "alphabeta") {
        const fn = t.player[t.root] === "min" ? "MIN-VALUE" : "MAX-VALUE";
        return `Alpha-beta search starts at ${nodeName}${depth}${order}: v ← ${fn}(${nodeName}, −∞, +∞)`;
      }
      return `Minimax search starts at ${nodeName}${depth}${order}: MINIMAX-DECISION(${nodeName})`;
    }
    case EVENT.visit: {
      const more = chanceSentence(event, n, state) || maxnSentence(event, n);
      if (more) return more;
      const role = ROLE[event.player] || "MAX";
      const move = t.kind === "game" && event.move !== null && event.move !== undefined
        ? `${capitalized(movedWords(t, idx, event))}. ` : "";
      if (event.alpha === undefined) return `${move}Visit ${nodeName} (${role})`;
      const head = `${move}Visit ${nodeName} (${role}), window [α = ${showValue(event.alpha)}, β = ${showValue(event.beta)}]`;
      const origins = [];
      if (state && idx !== undefined) {
        if (event.alpha !== "-inf") origins.push(`α: ${boundOrigin("alpha", event.alpha, state.alphaFromOf(idx), n)}`);
        if (event.beta !== "inf") origins.push(`β: ${boundOrigin("beta", event.beta, state.betaFromOf(idx), n)}`);
      }
      return origins.length ? `${head}. ${origins.join("; ")}` : head;
    }
    case EVENT.init:
      if (event.v === 0 || event.v === null) return chanceSentence(event, n, state) || maxnSentence(event, n);
      return event.v === "-inf"
        ? `${N} is MAX: v ← −∞ (nothing found yet; any value is better)`
        : `${N} is MIN: v ← +∞ (nothing found yet; any value is better)`;
    case EVENT.leaf:
      return event.kind === "estimate"
        ? `${N} is at the depth limit: return EVAL = ${showValue(event.value)} (an estimate)`
        : `${N} is a leaf: return UTILITY = ${showValue(event.value)}`;
    case EVENT.backup: { // op: which update the engine made, v ← MAX(v, ...) or MIN(v, ...)
      if (event.op === "chance") return chanceSentence(event, n, state);
      if (event.op === "maxn") return maxnSentence(event, n);
      const op = event.op === "min" ? "MIN" : "MAX";
      const text = `${N}: v ← ${op}(${showValue(event.v_before)}, ${showValue(event.child_value)}) = ${showValue(event.v_after)}`;
      // A child that returned a bound: "C is at most 2, no better for MAX" (its value may be lower still).
      const c = t.idx(event.child);
      const bound = state && c !== undefined ? state.boundOf(c) : undefined;
      const childIs = bound ? `${name(event.child)} is ${boundWords(event.child_value, bound)},` : `${name(event.child)} is`;
      if (event.v_before === event.v_after) return `${text}: unchanged (${childIs} no better for ${op})`;
      return `${text} (from ${name(event.child)})`;
    }
    case EVENT.test: {
      if (event.rest !== undefined) return chanceSentence(event, n, state);
      const sign = signOf(event.test);
      const bound = event.test.endsWith("beta") ? "beta" : "alpha";
      const text = `${N}: ${showValue(event.v)} ${sign} ${GREEK[bound]} = ${showValue(event[bound])}${wrongBoundNote(event.test)}?`;
      return event.holds ? `${text} Yes: return v now` : `${text} No: keep looking`;
    }
    case EVENT.bound: {
      const op = event.bound === "alpha" ? "MAX" : "MIN";
      // The v the line compares: the node's v at this step (the new bound when it changed).
      const v = state && idx !== undefined && state.vOf(idx) !== undefined ? state.vOf(idx) : event.new;
      const what = `${N}: ${GREEK[event.bound]} ← ${op}(${showValue(event.old)}, ${showValue(v)}) = ${showValue(event.new)}`;
      if (event.changed === false) return `${what}: unchanged`;
      return event.bound === "alpha"
        ? `${what}: MAX at ${nodeName} can now get at least ${showValue(event.new)}`
        : `${what}: MIN at ${nodeName} can now hold MAX to at most ${showValue(event.new)}`;
    }
    case EVENT.prune:
      if (t.role(idx) === "chance") return chanceSentence(event, n, state);
      return prunes(event, state, n);
    case EVENT.return:
      return returns(event, replay, state, n);
    case EVENT.iteration:
      return iteration(event, n);
    case EVENT.result:
      return result(event, n, replay, state);
    default: {
      const visit = event.type === EVENT.tt_hit ? visitOf(replay, event) : null;
      return narrateEnhancement(event, visit, n) || `${event.type} at ${nodeName}`;
    }
  }
}

// The move a game's visit was reached by: in words from its board and its parent's where the trace says how
// ("X plays the centre, cell 4"); else by its player ("P1 (MAX) plays 2-1": the player to move at the parent),
// a custom game's players as its source names them, a registered game's sides as its drawing does.
function movedWords(t, idx, event) {
  const parent = idx === undefined ? -1 : t.parent[idx];
  const said = t.custom || parent < 0 ? "" : describeMove(t.sayings, t.board[parent], event.state);
  if (said || !t.movers) return said;
  return playsWords(t.movers, parent < 0 ? "max" : t.player[parent], event.move);
}

// "B returns v = 3 to A"; a node cut short returns a bound and says so: "C returns v = 2 to A: a
// bound, not its value: C is at most 2 (C2 and C3 were not looked at)". In the fail-hard form the
// returned number is α or β (upper bounds are always α, lower bounds β, for MAX and MIN alike).
function returns(event, replay, state, n) {
  const { t } = n;
  const N = n.start(event.node);
  const idx = t.idx(event.node);
  const parent = idx === undefined ? -1 : t.parent[idx];
  const to = parent < 0 ? ": the value of the root" : ` to ${n.nameAt(parent)}`;
  const x = showValue(event.value);
  if (!event.bound) return `${N} returns v = ${x}${to}`;
  const start = replay.event(0);
  const failHard = Boolean(start && start.options && start.options.returns === "bound");
  const last = lastStepBefore(replay, event);
  const v = last && (last.type === EVENT.test ? last.v : last.v_after);
  // A chance node cut short returns its sum with the outcomes not searched at a bound (Star1).
  const chance = last && last.type === EVENT.test && last.rest !== undefined && last.holds
    ? (last.test.includes("hi") ? "v + rest × hi" : "v + rest × lo") : "";
  const clamped = !chance && failHard && v !== undefined && toNumber(v) !== toNumber(event.value);
  const what = chance ? `${chance} = ${x} (v = ${showValue(v)} so far)`
    : clamped ? `${GREEK[event.bound === "upper" ? "alpha" : "beta"]} = ${x} (fail-hard: the bound, not v = ${showValue(v)})` : `v = ${x}`;
  const prune = state && idx !== undefined ? state.pruneOf(idx) : undefined;
  const skipped = prune && prune.pruned ? prune.pruned : [];
  const why = skipped.length
    ? `${skippedWords(prune, n)} ${skipped.length === 1 ? "was" : "were"} not looked at`
    : "the value it kept came from a child that returned a bound";
  return `${N} returns ${what}${to}: a bound, not its value: ${n.name(event.node)} is ${boundWords(event.value, event.bound)} (${why})`;
}

// The node's last test (or backup) before it returned, a few events back: its v then.
function lastStepBefore(replay, event) {
  for (let j = event.seq - 1; j >= Math.max(1, event.seq - 6); j--) {
    const e = replay.event(j);
    if (e.node === event.node && (e.type === EVENT.test || e.type === EVENT.backup)) return e;
  }
  return null;
}

// The visit event just before a transposition hit at the same node (it carries the window).
function visitOf(replay, event) {
  const e = replay.event(event.seq - 1);
  return e && e.type === EVENT.visit && e.node === event.node ? e : null;
}

// "C is MIN with v = 2 ≤ α = 3. MAX at A can already get 3 (through B), so MAX will never
// choose C: C2 and C3 are not looked at (α cut)". At the last child nothing is left to cut.
function prunes(event, state, n) {
  const { t } = n;
  const N = n.start(event.node);
  const bound = event.cut === "beta" ? "beta" : "alpha";
  const against = event[bound];
  const sign = signOf(event.test);
  const idx = t.idx(event.node);
  if (wrongBoundSign(event.test)) {
    const pruned = (event.pruned || []).map(n.name);
    const head = `${N} is ${n.role(event.node)} with v = ${showValue(event.v)} ${sign} ${GREEK[bound]} = ${showValue(against)}`;
    const skipped = pruned.length ? `${skippedWords(event, n)} ${pruned.length === 1 ? "is" : "are"} not looked at` : "nothing is left to prune";
    return wrongBoundPrune(head, skipped, event.test);
  }
  const from = state && idx !== undefined ? state.fromOf(bound, idx) : undefined;
  const chooser = bound === "alpha" ? "MAX" : "MIN";
  const role = n.role(event.node);
  const head = `${N} is ${role} with v = ${showValue(event.v)} ${sign} ${GREEK[bound]} = ${showValue(against)}`;
  const origin = from ? boundOrigin(bound, against, from, n) : "";
  const parent = idx === undefined ? -1 : t.parent[idx];
  const never = from && from.node === parent
    ? `${chooser} will never choose ${n.name(event.node)}`
    : `${chooser} will never let play reach ${n.name(event.node)}`;
  const pruned = (event.pruned || []).map(n.name);
  if (!pruned.length) {
    return `${head}. ${origin ? `${origin}, so ${never}; ` : ""}${n.name(event.node)} returns at once, but it was the last child: nothing is left to prune`;
  }
  const skipped = `${skippedWords(event, n)} ${pruned.length === 1 ? "is" : "are"} not looked at (${GREEK[bound]} cut)`;
  return `${head}. ${origin ? `${origin}, so ${never}: ` : ""}${skipped}`;
}

// The children a prune skipped: a tree's by their labels ("C2 and C3"), a game's by their moves from
// the node ("its moves X 5 and X 6"), not each whole line of play from the root.
function skippedWords(prune, n) {
  const pruned = prune.pruned || [];
  if (n.t.kind !== "game" || !Array.isArray(prune.moves) || prune.moves.length !== pruned.length) return listWords(pruned.map(n.name));
  return `its ${pruned.length === 1 ? "move" : "moves"} ${listWords(prune.moves.map((m) => n.moveFrom(prune.node, m)))}`;
}

// Iterative deepening, at an iteration's end: what it found, and how the next one orders the
// root's children ("Iteration 1 (depth limit 1) found A = 8, best move B. Iteration 2 searches
// the root's children best first by these values: B (8), D (7), C (4)"). A game's best move is
// its square ("best move: the centre, cell 4"), the children by their moves ("X 4 (8)").
function iteration(event, n) {
  const { t } = n;
  const game = t.kind === "game";
  const root = t.ids[t.root];
  const childName = (child, move) => (game ? n.moveFrom(root, move) : n.name(child));
  const best = n.bestMoveWords(event.move, event.child);
  const found = `Iteration ${event.iteration} (depth limit ${event.depth}) found ${n.name(event.node)} = ${showValue(event.value)}, ` +
    `best move${best} (${plural(event.leaves, "leaf")}, ${plural(event.visited, "node")})`;
  if (!event.next_order) return `${found}. That was the last iteration`;
  const value = new Map((event.children || []).map((c) => [c.child, c]));
  const order = event.next_order.map((id) => {
    const c = value.get(id);
    return c ? `${childName(id, c.move)} (${showValue(c.value)})` : n.name(id);
  });
  const who = t.player[t.root] === "min" ? "MIN" : "MAX";
  return `${found}. Iteration ${event.iteration + 1} searches the root's children best first for ${who} by these values: ${order.join(", ")}`;
}

// Iterative deepening's summary: the work of all the iterations against one search at depth N.
export function iterativeWords(result, kind = "tree") {
  if (!result || !result.iterations) return "";
  const game = kind === "game";
  const [key, unit] = game ? ["visited", "node"] : ["leaves", "leaf"];
  const n = result.iterations.length;
  const direct = result.direct ? `; one alpha-beta search at depth ${n}: ${result.direct[key].toLocaleString("en")}` : "";
  return `${n === 1 ? "1 iteration" : `all ${n} iterations`}: ${plural(result[key], unit)}${direct}`;
}

// The answer, which root child won and by how much (with the state at the result: margin_words.js),
// and what alpha-beta saved against minimax on the same input.
function result(event, n, replay, state) {
  const { t } = n;
  if (event.complete === false) return `Search stopped early (${event.reason || "stopped"}): no result`;
  const margin = marginWords(event, n, state, hasChance(t));
  const why = margin ? `. ${capitalized(margin)}` : "";
  // A student's search that never backs up a value at the root (the code lab) has a move but no value.
  const worth = event.value === null || event.value === undefined ? "" : ` = ${showValue(event.value)}`;
  const answer = event.child === null && t.kind === "tree"
    ? `Result: ${n.name(event.node)}${worth}, the expected value (chance moves first: no move to choose)`
    : `Result: ${n.name(event.node)}${worth}, best move${n.bestMoveWords(event.move, event.child)}`;
  const start = replay.event(0);
  const guess = referenceWords(event, start && start.options, n.name(event.node), n.bestMoveWords, t.kind === "game");
  const more = guess ? `. ${guess}` : "";
  if (event.iterations) return `${answer} (the last iteration's)${why}. ${capitalized(iterativeWords(event, t.kind))}${more}`;
  const saving = savingWords(event, t.kind, hasChance(t) ? "expectiminimax" : "minimax");
  const table = event.tt_hits === undefined ? ""
    : `. The transposition table answered ${plural(event.tt_hits, "position")} and stored ${event.tt_stored.toLocaleString("en")}`;
  // With a reference the sentence is long: what alpha-beta saved is left to the tally beside it, which says it too.
  return `${answer}${why}` + (saving && !guess ? `. ${capitalized(saving)}` : "") + table + more;
}

// "alpha-beta evaluated 7 of 9 leaves (2 fewer than minimax)"; for games, in nodes:
// "alpha-beta visited 18,297 of 549,946 nodes (531,649 fewer than minimax)".
// `versus`: what the baseline searched (expectiminimax for a tree with chance nodes).
export function savingWords(result, kind = "tree", versus = "minimax") {
  const base = result && result.baseline;
  if (!base) return "";
  const game = kind === "game";
  const [mine, theirs] = game ? [result.visited, base.visited] : [result.leaves, base.leaves];
  const [what, unit] = game ? ["visited", "node"] : ["evaluated", "leaf"];
  const fewer = theirs - mine;
  const diff = fewer === 0 ? `as many as ${versus}: nothing was pruned` : `${fewer.toLocaleString("en")} fewer than ${versus}`;
  return `alpha-beta ${what} ${mine.toLocaleString("en")} of ${plural(theirs, unit)} (${diff})`;
}

// The narration line is itself the aria-live="polite" region: what the student reads
// is what a screen reader announces, once per step.
// `link` ({id, text, after, pick}) makes the node's name `text` (the id `id` when none is
// given), where it first follows the words `after`, a button that calls pick(): "already
// searched at O 4 · X 2" leads to that node.
export function say(line, text, link = null) {
  const shownName = link ? link.text ?? link.id : "";
  const at = link ? text.indexOf(link.after + shownName) : -1;
  if (at < 0) {
    if (line.textContent !== text || line.firstElementChild) line.textContent = text;
    return;
  }
  const button = line.querySelector("button.node-link");
  if (line.textContent === text && button && button.dataset.node === link.id) {
    button.onclick = link.pick; // the same words, but the search (or its drawing) may be new
    return;
  }
  const start = at + link.after.length;
  const b = document.createElement("button");
  b.type = "button";
  b.className = "node-link";
  b.dataset.node = link.id;
  b.title = `Show ${shownName} in the drawing`;
  b.textContent = shownName;
  b.onclick = link.pick;
  line.replaceChildren(text.slice(0, start), b, text.slice(start + shownName.length));
}
