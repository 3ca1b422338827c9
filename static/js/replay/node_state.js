// Where the search stands with every node at one step, as typed columns (one entry per node),
// so a 550,000-node game tree costs a few megabytes per copy rather than millions of objects.
// A column is made only when first written (minimax never writes α or β). Reading goes
// through the methods (statusOf, vOf, alphaOf, ...), which give what the page always read:
// strings for statuses, numbers or undefined, the event objects for prunes and hits.
//
// Every write can be journaled (old value kept), so the replay steps back by undoing the
// last event's writes instead of rebuilding the state from a snapshot.

// Where the search stands with a node. The first five are kept per node (a node never
// reached reads as UNVISITED); CURRENT is never kept: it is how the presentation shows
// the node the step is at. The values are the names the page uses (data-state, CSS).
export const Status = Object.freeze({
  UNVISITED: "unvisited",
  VISITED: "visited", // entered, its value not final yet
  DONE: "done", // its value is final (backed up to its parent, or the root's result)
  BOUNDED: "bounded", // returned, but what it returned is only a bound on its value (boundOf says which)
  PRUNED: "pruned", // in a subtree alpha-beta skipped
  DROPPED: "dropped", // a child a beam never considered (forward pruning)
  CURRENT: "current",
});
const STATUS_CODE = { unvisited: 0, visited: 1, done: 2, pruned: 3, dropped: 4, bounded: 5 };
const STATUS_NAME = [Status.UNVISITED, Status.VISITED, Status.DONE, Status.PRUNED, Status.DROPPED, Status.BOUNDED];
const BOUND_NAME = [undefined, "upper", "lower"];

// Whether a node with this status has returned: its value final, or a bound on it.
export function hasReturned(status) {
  return status === Status.DONE || status === Status.BOUNDED;
}
export const BOUND_CODE = { upper: 1, lower: 2 };
const CUT_NAME = [undefined, "alpha", "beta"];
export const CUT_CODE = { alpha: 1, beta: 2 };

// The columns: name -> typed array kind. Float columns hold NaN for "not set"; integer
// columns hold 0 for "not set" and a node or event index plus one otherwise (order, a
// visit number, is itself from 1).
//   vFrom: the child whose value v is now; aFromN/aFromC, bFromN/bFromC: where α and β came
//   from (the ancestor whose bound line set them, the child that gave it the value); tt, noisy,
//   beam, prune: the node's tt_hit, quiescence, beam and prune events; leafKind: an index
//   into the replay's leaf kinds; bound: what a BOUNDED node's value is (1 at most, 2 at least).
export const COLUMNS = {
  status: Uint8Array, v: Float64Array, alpha: Float64Array, beta: Float64Array, order: Int32Array,
  cut: Uint8Array, prune: Int32Array, leafKind: Uint8Array, vFrom: Int32Array,
  aFromN: Int32Array, aFromC: Int32Array, bFromN: Int32Array, bFromC: Int32Array,
  tt: Int32Array, noisy: Int32Array, beam: Int32Array, bound: Uint8Array,
};
const NAMES = Object.keys(COLUMNS);
const CODE = Object.fromEntries(NAMES.map((name, c) => [name, c]));
const VEC = NAMES.length; // journal code of a max^n vector value (kept in `vectors`, not a column)
const SCALARS = ["step", "current", "visits", "restart", "leaves", "resultAt"];
// Journal codes of the counters an event changes (step and current follow from the step itself).
const COUNTERS = ["visits", "restart", "leaves", "resultAt"];
const COUNTER_CODE = 100;

function blank(Type, n) {
  const a = new Type(n);
  if (Type === Float64Array) a.fill(NaN);
  return a;
}

export class NodeState {
  // events: k -> event object (for prunes, hits, the result); leafKinds: the replay's list.
  constructor(events, leafKinds) {
    this.events = events;
    this.leafKinds = leafKinds;
    this.capacity = 0;
    this.cols = new Array(NAMES.length).fill(null);
    this.vectors = null; // node -> a max^n vector value (Map), only in a players tree
    this.step = -1;
    this.current = -1;
    this.visits = 0;
    this.restart = 0; // the visits before this iteration of iterative deepening
    this.leaves = 0;
    this.resultAt = -1; // the result event's index, once reached
    this.journal = null; // set by startJournal()
  }

  // The result event, once the step has reached it; else null.
  get result() {
    return this.resultAt < 0 ? null : this.events(this.resultAt);
  }

  // ---- reading ----
  num(c, i) {
    const col = this.cols[c];
    return col === null || i >= this.capacity ? 0 : col[i];
  }

  statusOf(i) {
    return STATUS_NAME[this.num(0, i)];
  }

  vOf(i) {
    if (this.vectors !== null && this.vectors.has(i)) return this.vectors.get(i);
    return this.float(CODE.v, i);
  }

  float(c, i) {
    const x = this.cols[c];
    return x === null || i >= this.capacity || Number.isNaN(x[i]) ? undefined : x[i];
  }

  alphaOf(i) {
    return this.float(CODE.alpha, i);
  }

  betaOf(i) {
    return this.float(CODE.beta, i);
  }

  orderOf(i) {
    return this.num(CODE.order, i) || undefined;
  }

  cutOf(i) {
    return CUT_NAME[this.num(CODE.cut, i)];
  }

  // "upper" (its value is at most v), "lower" (at least v) for a node that returned a bound; else undefined.
  boundOf(i) {
    return BOUND_NAME[this.num(CODE.bound, i)];
  }

  // Whether node i has returned (its value final, or a bound on it).
  returned(i) {
    return hasReturned(this.statusOf(i));
  }

  leafKindOf(i) {
    const c = this.num(CODE.leafKind, i);
    return c ? this.leafKinds[c - 1] : undefined;
  }

  vFromOf(i) {
    const c = this.num(CODE.vFrom, i);
    return c ? c - 1 : undefined;
  }

  // {node, child} of where node i's α (or β) came from; undefined: the initial ∓∞.
  fromOf(bound, i) {
    const [n, c] = bound === "alpha" ? [CODE.aFromN, CODE.aFromC] : [CODE.bFromN, CODE.bFromC];
    const node = this.num(n, i);
    if (!node) return undefined;
    const child = this.num(c, i);
    return { node: node - 1, child: child ? child - 1 : undefined };
  }

  alphaFromOf(i) {
    return this.fromOf("alpha", i);
  }

  betaFromOf(i) {
    return this.fromOf("beta", i);
  }

  eventAt(c, i) {
    const k = this.num(c, i);
    return k ? this.events(k - 1) : undefined;
  }

  pruneOf(i) {
    return this.eventAt(CODE.prune, i);
  }

  ttOf(i) {
    return this.eventAt(CODE.tt, i);
  }

  noisyOf(i) {
    return this.eventAt(CODE.noisy, i);
  }

  beamOf(i) {
    return this.eventAt(CODE.beam, i);
  }

  // ---- writing (the replay's apply) ----
  ensure(n) {
    if (n <= this.capacity) return;
    const size = Math.max(n, Math.min(this.capacity * 2 || 64, n + (1 << 20)));
    for (let c = 0; c < NAMES.length; c++) {
      const old = this.cols[c];
      if (old === null) continue;
      const col = blank(COLUMNS[NAMES[c]], size);
      col.set(old);
      this.cols[c] = col;
    }
    this.capacity = size;
  }

  column(c) {
    let col = this.cols[c];
    if (col === null) col = this.cols[c] = blank(COLUMNS[NAMES[c]], this.capacity);
    return col;
  }

  // Set column `name` of node i to x (numbers as the column keeps them), journaled.
  set(name, i, x) {
    const c = CODE[name];
    if (this.cols[c] === null && (x === 0 || x !== x)) return; // the default: no column needed yet
    const col = this.column(c);
    const old = col[i];
    if (old === x || (old !== old && x !== x)) return;
    if (this.journal !== null) this.journal.push(c, i, old);
    col[i] = x;
  }

  setStatus(i, status) {
    this.set("status", i, STATUS_CODE[status]);
  }

  setV(i, x) {
    if (Array.isArray(x) || (this.vectors !== null && this.vectors.has(i))) {
      if (this.vectors === null) this.vectors = new Map();
      if (this.journal !== null) this.journal.pushObject(VEC, i, this.vectors.get(i));
      if (Array.isArray(x)) this.vectors.set(i, x);
      else this.vectors.delete(i);
      if (!Array.isArray(x)) this.set("v", i, x === undefined || x === null ? NaN : x);
      return;
    }
    this.set("v", i, x === undefined || x === null ? NaN : x); // null: max^n's v ← none, not known yet (not 0)
  }

  setFrom(bound, i, from) {
    const [n, c] = bound === "alpha" ? ["aFromN", "aFromC"] : ["bFromN", "bFromC"];
    this.set(n, i, from ? from.node + 1 : 0);
    this.set(c, i, from && from.child !== undefined ? from.child + 1 : 0);
  }

  // A counter (visits, restart, leaves, resultAt), journaled.
  setScalar(name, x) {
    if (this.journal !== null) this.journal.push(COUNTER_CODE + COUNTERS.indexOf(name), -1, this[name]);
    this[name] = x;
  }

  // Every node back to "not reached" (iterative deepening's next iteration), journaled whole.
  clearNodes() {
    if (this.journal !== null) this.journal.pushObject(-1, -1, this.copy());
    for (let c = 0; c < NAMES.length; c++) this.cols[c] = null;
    this.vectors = null;
  }

  // ---- copies (snapshots) ----
  // A copy of the state as it stands, columns cut to the nodes known (`nodes`).
  copy(nodes = this.capacity) {
    const c = new NodeState(this.events, this.leafKinds);
    c.capacity = Math.min(nodes, this.capacity);
    c.cols = this.cols.map((col) => (col === null ? null : col.slice(0, c.capacity)));
    c.vectors = this.vectors === null ? null : new Map(this.vectors);
    for (const s of SCALARS) c[s] = this[s];
    return c;
  }

  // Become `other` (a copy): columns copied into ours, the rest of ours cleared.
  restore(other) {
    this.ensure(other.capacity);
    for (let c = 0; c < NAMES.length; c++) {
      const from = other.cols[c];
      if (from === null) {
        this.cols[c] = null;
        continue;
      }
      const col = this.column(c);
      col.set(from);
      if (from.length < col.length) col.fill(col instanceof Float64Array ? NaN : 0, from.length);
    }
    this.vectors = other.vectors === null ? null : new Map(other.vectors);
    for (const s of SCALARS) this[s] = other[s];
  }

  // Bytes the columns hold (snapshots are budgeted by this).
  get bytes() {
    let n = 0;
    for (const col of this.cols) if (col !== null) n += col.byteLength;
    return n;
  }

  // ---- the journal: undo for stepping back ----
  startJournal() {
    this.journal = new Journal();
  }

  // Mark the start of one event's writes.
  beginEvent() {
    if (this.journal !== null) this.journal.begin();
  }

  // Undo the last journaled event's writes (the caller sets step and current); false if the
  // journal has none.
  undoEvent() {
    const j = this.journal;
    if (j === null || j.events === 0) return false;
    const from = j.marks[j.events - 1];
    for (let r = j.length - 1; r >= from; r--) {
      const c = j.codes[r];
      const i = j.nodes[r];
      if (c >= COUNTER_CODE) {
        this[COUNTERS[c - COUNTER_CODE]] = j.olds[r];
      } else if (c === -1) {
        const keep = { step: this.step, current: this.current };
        this.restore(j.objects[j.olds[r]]);
        Object.assign(this, keep);
      } else if (c === VEC) {
        const old = j.objects[j.olds[r]];
        if (old === undefined) this.vectors.delete(i);
        else this.vectors.set(i, old);
      } else {
        this.cols[c][i] = j.olds[r];
      }
    }
    j.length = from;
    j.events--;
    j.objects.length = j.objectMarks[j.events]; // the undone event's vectors and copies are let go
    return true;
  }
}

// The writes of a run of events, oldest first: (column, node, old value) each, and where
// each event's writes begin. Cleared whenever the replay jumps to a snapshot.
class Journal {
  constructor() {
    this.codes = new Int8Array(1024);
    this.nodes = new Int32Array(1024);
    this.olds = new Float64Array(1024);
    this.length = 0;
    this.marks = new Uint32Array(256);
    this.objectMarks = new Uint32Array(256);
    this.events = 0;
    this.objects = []; // vector values and whole copies the olds point into
  }

  begin() {
    if (this.events >= this.marks.length) {
      this.marks = growTo(this.marks, this.events + 1);
      this.objectMarks = growTo(this.objectMarks, this.events + 1);
    }
    this.marks[this.events] = this.length;
    this.objectMarks[this.events] = this.objects.length;
    this.events++;
  }

  push(code, node, old) {
    if (this.length >= this.codes.length) {
      this.codes = growTo(this.codes, this.length + 1);
      this.nodes = growTo(this.nodes, this.length + 1);
      this.olds = growTo(this.olds, this.length + 1);
    }
    this.codes[this.length] = code;
    this.nodes[this.length] = node;
    this.olds[this.length] = old;
    this.length++;
  }

  pushObject(code, node, object) {
    this.objects.push(object);
    this.push(code, node, this.objects.length - 1);
  }

  get bytes() {
    return this.codes.byteLength + this.nodes.byteLength + this.olds.byteLength + this.marks.byteLength + this.objectMarks.byteLength;
  }
}

function growTo(array, need) {
  const bigger = new array.constructor(Math.max(need, array.length * 2));
  bigger.set(array);
  return bigger;
}
