// The state of the search after events 0..k, for any k.
// The view is a pure function of this state. The events are kept as columns (event_store.js)
// and the state as typed columns (node_state.js), so the whole tic-tac-toe tree (1.9 million
// events, 550,000 nodes) fits a browser tab.
//
// Three states make any step cheap:
// - `live`, the state after the last event, built as events arrive (End is a copy of it);
// - snapshots of it every `every` events (256 to start with), kept within SNAPSHOT_BUDGET
//   bytes: when they would pass it, every other one is dropped and the spacing doubles;
// - `cursor`, the state the page shows, which steps forward by applying events and back by
//   undoing them (its journal holds each event's writes since the last jump); a far jump
//   starts from the nearest snapshot (or from `live`) and replays at most `every` events.
// Both numbers can be given to the constructor (the tests make thinning happen on a small trace).

import { TraceTree } from "./trace_tree.js";
import { EventStore } from "./event_store.js";
import { NodeState, Status, CUT_CODE, BOUND_CODE } from "./node_state.js";
import { sameValue, toNumber } from "../view/value_format.js";
import { EVENT } from "./event_types.js";

export { Status };

export const SNAPSHOT_EVERY = 256;
export const SNAPSHOT_BUDGET = 64 * 1024 * 1024;
// A jump costs copying a snapshot, about as much as replaying this many events per node known.
const COPY_COST_PER_NODE = 0.05;
// Past this many events between two steps, the drawing is redrawn whole rather than node by node.
const MOST_TOUCHED_EVENTS = 4096;

// The steps "key steps" shows: what the search found, not every line it ran (the unchanged
// bounds, the tests that failed, v ← ±∞ and the returns are left to "every line").
export function isKeyStep(e) {
  switch (e.type) {
    case EVENT.init:
    case EVENT.test:
    case EVENT.return:
      return false;
    case EVENT.bound:
      return e.changed !== false;
    default:
      return true;
  }
}

export class Replay {
  // {every, budget}: the snapshot spacing to start with and the budget in bytes, if not the defaults.
  constructor(startEvent, { every = SNAPSHOT_EVERY, budget = SNAPSHOT_BUDGET } = {}) {
    this.tree = new TraceTree(startEvent);
    this.store = new EventStore(this.tree);
    this.leafKinds = [];
    const events = (k) => this.store.get(k);
    this.live = new NodeState(events, this.leafKinds);
    this.cursor = new NodeState(events, this.leafKinds);
    this.cursor.startJournal();
    this.segment = -1; // the cursor can undo back to this step (its journal starts there)
    this.every = every;
    this.budget = budget;
    this.snapshots = []; // snapshots[j]: {step: j * this.every, state}
    this.arrived = new ArrivedReader(this.tree); // apply() reads an event as it arrives,
    this.stored = new StoredReader(this.store); // or from the columns
    this.keys = new Int32Array(256); // indices of the events "key steps" shows, in order
    this.keyCount = 0;
    this.append([startEvent]);
  }

  get last() {
    return this.store.count - 1;
  }

  // Event k, as it arrived (see EventStore.get: do not change it).
  event(k) {
    return this.store.get(k);
  }

  typeOf(k) {
    return this.store.typeOf(k);
  }

  // The j-th key step's event index.
  keyStep(j) {
    return this.keys[j];
  }

  // Add events from the stream; returns true if the tree gained nodes.
  append(events) {
    const before = this.tree.version;
    const live = this.live;
    for (const e of events) {
      const k = this.store.count;
      if (isKeyStep(e)) {
        if (this.keyCount >= this.keys.length) {
          const more = new Int32Array(this.keys.length * 2);
          more.set(this.keys);
          this.keys = more;
        }
        this.keys[this.keyCount++] = k;
      }
      this.tree.observe(e);
      this.store.push(e);
      live.ensure(this.tree.size);
      this.apply(live, this.arrived.at(e), k);
      if (k % this.every === 0 && this.snapshots.length === k / this.every) {
        this.snapshots.push({ step: k, state: live.copy(this.tree.size) });
        this.keepWithinBudget();
      }
    }
    return this.tree.version !== before;
  }

  keepWithinBudget() {
    while (this.snapshots.length > 2 && this.snapshotBytes > this.budget) {
      this.snapshots = this.snapshots.filter((_, j) => j % 2 === 0);
      this.every *= 2;
    }
  }

  get snapshotBytes() {
    return this.snapshots.reduce((n, s) => n + s.state.bytes, 0);
  }

  // Bytes held in typed arrays: events, states, snapshots, the cursor's journal (the benchmark reports it).
  get bytes() {
    const journal = this.cursor.journal ? this.cursor.journal.bytes : 0;
    return this.store.bytes + this.live.bytes + this.cursor.bytes + this.snapshotBytes + journal;
  }

  // The state after events 0..k. The returned object is shared and changes on the
  // next call: read it, don't keep it.
  stateAt(k) {
    k = Math.max(0, Math.min(k, this.last));
    const c = this.cursor;
    c.ensure(this.tree.size);
    if (k === c.step) return c;
    // The cheapest way there: from where the cursor is, from a snapshot, or from `live`.
    const copy = 16 + this.tree.size * COPY_COST_PER_NODE;
    let cost = k > c.step ? k - c.step : k >= this.segment ? c.step - k : Infinity;
    let from = null;
    const j = Math.min(Math.floor(k / this.every), this.snapshots.length - 1);
    if (j >= 0 && copy + k - this.snapshots[j].step < cost) {
      from = this.snapshots[j];
      cost = copy + k - from.step;
    }
    if (k === this.last && copy < cost) from = { step: this.last, state: this.live };
    if (from !== null) {
      c.restore(from.state);
      c.startJournal();
      this.segment = from.step;
    } else if (c.step < 0) {
      this.segment = -1;
    }
    while (c.step > k) {
      c.undoEvent();
      c.step--;
      c.current = this.currentAt(c.step);
    }
    while (c.step < k) {
      this.apply(c, this.stored.at(c.step + 1), c.step + 1);
      // Stepping forward a long way one step at a time: at a snapshot the journal starts over,
      // so it never holds two spacings of events (back past it is a jump).
      const j = c.step / this.every;
      if (c.journal.events >= this.every && Number.isInteger(j) && j < this.snapshots.length) {
        c.startJournal();
        this.segment = c.step;
      }
    }
    return c;
  }

  // The node the step at event k is at (-1 at the result, or an event of no node).
  currentAt(k) {
    if (k < 0 || this.store.typeOf(k) === EVENT.result) return -1;
    return this.store.nodeOf(k);
  }

  // Move state s past event number k, read by `r` (an EventReader at k).
  apply(s, r, k) {
    const t = this.tree;
    s.beginEvent();
    s.step = k;
    const i = r.node;
    s.current = i === undefined ? -1 : i;
    switch (r.type) {
      case EVENT.visit: {
        // Iterative deepening visits the root again for each iteration: the drawing starts over,
        // its visit numbers from 1 (the counts go on: they are the work of all the iterations).
        if (t.parent[i] < 0 && s.visits > 0) {
          s.clearNodes();
          s.setScalar("restart", s.visits);
        }
        s.setStatus(i, Status.VISITED);
        s.setScalar("visits", s.visits + 1);
        s.set("order", i, s.visits - s.restart);
        const alpha = r.get("alpha");
        if (alpha !== undefined) s.set("alpha", i, toNumber(alpha));
        const beta = r.get("beta");
        if (beta !== undefined) s.set("beta", i, toNumber(beta));
        // The window is the caller's: so is where its bounds came from.
        const p = t.parent[i];
        // A chance node's outcome is searched with the window [lo, hi]: no ancestor set it.
        if (p >= 0 && t.role(p) !== "chance") {
          s.setFrom("alpha", i, s.alphaFromOf(p));
          s.setFrom("beta", i, s.betaFromOf(p));
        }
        break;
      }
      case EVENT.init:
        s.setV(i, toNumber(r.get("v")));
        break;
      case EVENT.leaf: {
        s.setV(i, toNumber(r.get("value")));
        const name = r.get("kind");
        let kind = this.leafKinds.indexOf(name);
        if (kind < 0) kind = this.leafKinds.push(name) - 1;
        s.set("leafKind", i, kind + 1);
        s.setScalar("leaves", s.leaves + 1);
        break;
      }
      case EVENT.backup: {
        const after = r.get("v_after");
        s.setV(i, toNumber(after));
        const c = r.nodeAt("child");
        if (c !== undefined && s.statusOf(c) !== Status.BOUNDED) s.setStatus(c, Status.DONE); // a bound stays one
        if (!sameValue(after, r.get("v_before"))) s.set("vFrom", i, c === undefined ? 0 : c + 1);
        break;
      }
      case EVENT.bound:
        if (r.get("changed") === false) break;
        if (r.get("bound") === "alpha") {
          s.set("alpha", i, toNumber(r.get("new")));
          s.setFrom("alpha", i, { node: i, child: s.vFromOf(i) });
        } else {
          s.set("beta", i, toNumber(r.get("new")));
          s.setFrom("beta", i, { node: i, child: s.vFromOf(i) });
        }
        break;
      case EVENT.return: {
        // A node cut short returns a bound on its value, not its value (the event says which).
        const bound = BOUND_CODE[r.get("bound")] || 0;
        s.setStatus(i, bound ? Status.BOUNDED : Status.DONE);
        // What the node returns is what its parent backs up: a chance node cut short returns
        // v + rest × hi, not its sum v; the fail-hard form returns α or β. The drawing shows that.
        s.setV(i, toNumber(r.get("value")));
        s.set("bound", i, bound);
        break;
      }
      case EVENT.prune: {
        s.set("prune", i, k + 1);
        const cut = CUT_CODE[r.get("cut")] || 0;
        for (const id of r.get("pruned") || []) {
          const c = t.idx(id);
          if (c === undefined) continue;
          s.set("cut", c, cut); // marks the cut edge into c
          for (const d of t.subtree(c)) s.setStatus(d, Status.PRUNED);
        }
        break;
      }
      case EVENT.tt_hit:
        s.setV(i, toNumber(r.get("value")));
        s.set("tt", i, k + 1);
        break;
      case EVENT.quiescence:
        s.set("noisy", i, k + 1);
        break;
      case EVENT.beam:
        s.set("beam", i, k + 1);
        for (const d of r.get("dropped") || []) {
          const c = t.idx(d.child);
          if (c !== undefined) s.setStatus(c, Status.DROPPED);
        }
        break;
      case EVENT.result:
        s.setScalar("resultAt", k);
        // A search stopped early (cancelled, event limit) has no final value at the root.
        if (i !== undefined && r.get("complete") !== false) s.setStatus(i, Status.DONE);
        // The search is over: no node is "current" any more.
        s.current = -1;
        break;
      default: // start: nothing changes but the current node
        break;
    }
  }

  // Node indices whose state can differ between steps a and b: those the events
  // in between touch. The view redraws only these (plus the path to the current node).
  // null when that is most of a big tree's events: redraw what is drawn instead.
  touchedBetween(a, b) {
    const lo = Math.max(0, Math.min(a, b));
    const hi = Math.min(this.last, Math.max(a, b));
    if (hi - lo > MOST_TOUCHED_EVENTS) return null;
    const out = new Set();
    for (let k = lo + 1; k <= hi; k++) for (const i of this.touches(k)) out.add(i);
    return out;
  }

  touches(k) {
    const e = this.store.get(k);
    const t = this.tree;
    const ids = [e.node];
    if (e.type === EVENT.backup || e.type === EVENT.result) ids.push(e.child);
    if (e.type === EVENT.tt_hit && e.source) ids.push(e.source);
    if (e.type === EVENT.beam) for (const d of e.dropped || []) ids.push(d.child);
    let out = [];
    for (const id of ids) {
      const i = t.idx(id);
      if (i !== undefined) out.push(i);
    }
    if (e.type === EVENT.visit && k > 1 && out.length && t.parent[out[0]] < 0) {
      out = t.subtree(out[0]); // iterative deepening's next iteration: every node starts over
    }
    if (e.type === EVENT.prune) {
      for (const id of e.pruned || []) {
        const c = t.idx(id);
        if (c !== undefined) out.push(...t.subtree(c));
      }
    }
    return out;
  }

  // The trace as JSON Lines, in pieces (a Blob takes the list; one string of 260 MB may not fit).
  jsonl(piece = 20000) {
    const out = [];
    for (let from = 0; from <= this.last; from += piece) {
      const lines = [];
      for (let k = from; k <= Math.min(this.last, from + piece - 1); k++) lines.push(JSON.stringify(this.store.get(k)));
      out.push(lines.join("\n") + "\n");
    }
    return out;
  }
}

// What apply() reads of an event: its type, its node's index, a field, a node field's index.
// Events as they arrive are objects; stored ones are read off the columns, field by field,
// which is several times quicker than decoding each whole (a jump replays 100,000s).
class ArrivedReader {
  constructor(tree) {
    this.tree = tree;
    this.e = null;
    this.type = "";
    this.node = undefined;
  }

  at(e) {
    this.e = e;
    this.type = e.type;
    this.node = this.tree.idx(e.node);
    return this;
  }

  get(key) {
    return this.e[key];
  }

  nodeAt(key) {
    return this.tree.idx(this.e[key]);
  }
}

class StoredReader {
  constructor(store) {
    this.store = store;
    this.k = -1;
    this.type = "";
    this.node = undefined;
  }

  at(k) {
    this.k = k;
    this.type = this.store.typeOf(k);
    const node = this.store.nodeOf(k);
    this.node = node < 0 ? undefined : node; // as tree.idx() says of an id it does not know
    return this;
  }

  get(key) {
    return this.store.field(this.k, key);
  }

  nodeAt(key) {
    return this.store.nodeField(this.k, key);
  }
}
