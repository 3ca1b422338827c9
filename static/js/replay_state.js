// The state of the search after events 0..k, for any k.
// The view is a pure function of this state: stepping back means "state at k-1",
// never undoing a change. To keep that cheap, the state is built forward one event at
// a time and copied every `every` steps (256 to start with), so reaching any step
// replays at most that many events from the nearest snapshot. A snapshot costs one
// entry per node and field; when they would pass SNAPSHOT_BUDGET entries (a long game
// search), every other one is dropped and the spacing doubles. Both numbers can be
// given to the constructor (the tests make thinning happen on a small trace).

import { TraceTree } from "./trace_tree.js";
import { sameValue, toNumber } from "./value_format.js";

export const SNAPSHOT_EVERY = 256;
export const SNAPSHOT_BUDGET = 4_000_000;

// Where the search stands with a node. The first four are kept per node (a node never
// reached reads as UNVISITED); CURRENT is never kept: it is how the presentation shows
// the node the step is at. The values are the names the page uses (data-state, CSS).
export const Status = Object.freeze({
  UNVISITED: "unvisited",
  VISITED: "visited", // entered, its value not final yet
  DONE: "done", // its value is final (backed up to its parent, or the root's result)
  PRUNED: "pruned", // in a subtree alpha-beta skipped
  DROPPED: "dropped", // a child a beam never considered (forward pruning)
  CURRENT: "current",
});

// Per-node fields, each a flat array indexed by node index. Copying these is a snapshot.
// vFrom: the child whose value v is now (the "through B" of a narration); alphaFrom and
// betaFrom: where the node's α and β came from, {node, child}: the ancestor whose bound
// line set them and the child that gave it the value (undefined: the initial ∓∞).
// tt: the node's tt_hit event (answered from the transposition table); noisy: its quiescence
// event (not quiet at or past the depth limit); beam: its beam event.
const NODE_FIELDS = ["status", "v", "alpha", "beta", "order", "cut", "prune", "leafKind", "vFrom", "alphaFrom", "betaFrom",
  "tt", "noisy", "beam"];

// The steps "key steps" shows: what the search found, not every line it ran (the unchanged
// bounds, the tests that failed, v ← ±∞ and the returns are left to "every line").
export function isKeyStep(e) {
  switch (e.type) {
    case "init":
    case "test":
    case "return":
      return false;
    case "bound":
      return e.changed !== false;
    default:
      return true;
  }
}

function emptyState() {
  // restart: the visits before this iteration of iterative deepening (visit numbers count from it).
  const s = { step: -1, current: -1, visits: 0, restart: 0, leaves: 0, result: null };
  for (const f of NODE_FIELDS) s[f] = [];
  return s;
}

function copyState(s) {
  const c = { step: s.step, current: s.current, visits: s.visits, restart: s.restart, leaves: s.leaves, result: s.result };
  for (const f of NODE_FIELDS) c[f] = s[f].slice();
  return c;
}

export class Replay {
  // {every, budget}: the snapshot spacing to start with and the budget, if not the defaults.
  constructor(startEvent, { every = SNAPSHOT_EVERY, budget = SNAPSHOT_BUDGET } = {}) {
    this.tree = new TraceTree(startEvent);
    this.events = [];
    this.every = every;
    this.budget = budget;
    this.snapshots = []; // snapshots[j] = state at step j * this.every
    this.cursor = emptyState(); // the one mutable state, moved forward by apply()
    this.touchCache = [];
    this.keySteps = []; // indices of the events "key steps" shows, in order
    this.append([startEvent]);
  }

  get last() {
    return this.events.length - 1;
  }

  // Add events from the stream; returns true if the tree gained nodes.
  append(events) {
    const before = this.tree.version;
    for (const e of events) {
      if (isKeyStep(e)) this.keySteps.push(this.events.length);
      this.events.push(e);
      this.tree.observe(e);
    }
    return this.tree.version !== before;
  }

  // The state after events 0..k. The returned object is shared and changes on the
  // next call: read it, don't keep it.
  stateAt(k) {
    k = Math.max(0, Math.min(k, this.last));
    const c = this.cursor;
    if (k < c.step || k - c.step > this.every) {
      const j = Math.min(Math.floor(k / this.every), this.snapshots.length - 1);
      if (j >= 0 && (k < c.step || this.snapshots[j].step > c.step)) {
        this.cursor = copyState(this.snapshots[j]);
      } else if (k < c.step) {
        this.cursor = emptyState();
      }
    }
    while (this.cursor.step < k) {
      this.apply(this.events[this.cursor.step + 1]);
      const step = this.cursor.step;
      if (step % this.every === 0 && this.snapshots.length === step / this.every) {
        this.snapshots.push(copyState(this.cursor));
        this.keepWithinBudget();
      }
    }
    return this.cursor;
  }

  keepWithinBudget() {
    const perSnapshot = NODE_FIELDS.length * Math.max(1, this.tree.size);
    while (this.snapshots.length > 2 && this.snapshots.length * perSnapshot > this.budget) {
      this.snapshots = this.snapshots.filter((_, j) => j % 2 === 0);
      this.every *= 2;
    }
  }

  // Move the cursor past one event.
  apply(e) {
    const s = this.cursor;
    const t = this.tree;
    s.step++;
    const i = t.idx(e.node);
    s.current = i === undefined ? -1 : i;
    switch (e.type) {
      case "visit": {
        // Iterative deepening visits the root again for each iteration: the drawing starts over,
        // its visit numbers from 1 (the counts go on: they are the work of all the iterations).
        if (t.parent[i] < 0 && s.visits > 0) {
          for (const f of NODE_FIELDS) s[f] = [];
          s.restart = s.visits;
        }
        s.status[i] = Status.VISITED;
        s.order[i] = ++s.visits - s.restart;
        if (e.alpha !== undefined) s.alpha[i] = toNumber(e.alpha);
        if (e.beta !== undefined) s.beta[i] = toNumber(e.beta);
        // The window is the caller's: so is where its bounds came from.
        const p = t.parent[i];
        // A chance node's outcome is searched with the window [lo, hi]: no ancestor set it.
        if (p >= 0 && t.role(p) !== "chance") {
          s.alphaFrom[i] = s.alphaFrom[p];
          s.betaFrom[i] = s.betaFrom[p];
        }
        break;
      }
      case "init":
        s.v[i] = toNumber(e.v);
        break;
      case "leaf":
        s.v[i] = toNumber(e.value);
        s.leafKind[i] = e.kind;
        s.leaves++;
        break;
      case "backup": {
        s.v[i] = toNumber(e.v_after);
        const c = t.idx(e.child);
        if (c !== undefined) s.status[c] = Status.DONE;
        if (!sameValue(e.v_after, e.v_before)) s.vFrom[i] = c;
        break;
      }
      case "bound":
        if (e.changed === false) break;
        if (e.bound === "alpha") {
          s.alpha[i] = toNumber(e.new);
          s.alphaFrom[i] = { node: i, child: s.vFrom[i] };
        } else {
          s.beta[i] = toNumber(e.new);
          s.betaFrom[i] = { node: i, child: s.vFrom[i] };
        }
        break;
      case "return":
        s.status[i] = Status.DONE;
        break;
      case "prune":
        s.prune[i] = e;
        for (const id of e.pruned || []) {
          const c = t.idx(id);
          if (c === undefined) continue;
          s.cut[c] = e.cut; // marks the cut edge into c
          for (const d of t.subtree(c)) s.status[d] = Status.PRUNED;
        }
        break;
      case "tt_hit":
        s.v[i] = toNumber(e.value);
        s.tt[i] = e;
        break;
      case "quiescence":
        s.noisy[i] = e;
        break;
      case "beam":
        s.beam[i] = e;
        for (const d of e.dropped || []) {
          const c = t.idx(d.child);
          if (c !== undefined) s.status[c] = Status.DROPPED;
        }
        break;
      case "result":
        s.result = e;
        // A search stopped early (cancelled, event limit) has no final value at the root.
        if (i !== undefined && e.complete !== false) s.status[i] = Status.DONE;
        // The search is over: no node is "current" any more.
        s.current = -1;
        break;
      default: // start: nothing changes but the current node
        break;
    }
  }

  // Node indices whose state can differ between steps a and b: those the events
  // in between touch. The view redraws only these (plus the path to the current node).
  touchedBetween(a, b) {
    const lo = Math.max(0, Math.min(a, b));
    const hi = Math.min(this.last, Math.max(a, b));
    const out = new Set();
    for (let k = lo + 1; k <= hi; k++) for (const i of this.touches(k)) out.add(i);
    return out;
  }

  touches(k) {
    let cached = this.touchCache[k];
    if (cached) return cached;
    const e = this.events[k];
    const t = this.tree;
    const ids = [e.node];
    if (e.type === "backup" || e.type === "result") ids.push(e.child);
    if (e.type === "tt_hit" && e.source) ids.push(e.source);
    if (e.type === "beam") for (const d of e.dropped || []) ids.push(d.child);
    cached = [];
    for (const id of ids) {
      const i = t.idx(id);
      if (i !== undefined) cached.push(i);
    }
    if (e.type === "visit" && k > 1 && cached.length && t.parent[cached[0]] < 0) {
      cached = t.subtree(cached[0]); // iterative deepening's next iteration: every node starts over
    }
    if (e.type === "prune") {
      for (const id of e.pruned || []) {
        const c = t.idx(id);
        if (c !== undefined) cached.push(...t.subtree(c));
      }
    }
    this.touchCache[k] = cached;
    return cached;
  }
}
