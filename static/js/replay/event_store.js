// A search's events kept as columns of integers, not one object each: the full tic-tac-toe
// minimax is 1.9 million events, which as objects took more memory than a browser tab has.
//
// Each event is stored as its shape (its type and keys in order, how each value is kept, and
// the values that are the same for every event of that shape: the pseudocode line, the
// player, null, true) and a few int32 slots: a node id is kept as the tree's index, a whole
// number as itself, another number as two slots (its float64 bits), a string (a board) or a
// JSON value (a list of pruned ids, a whole tree) as an index into a table of distinct ones.
// `seq` equal to the event's index costs nothing. get(k) gives the event back as the object
// that arrived (same keys, same order, same values); the rare kinds (prune, result, a
// transposition hit) are kept decoded once asked for, since the drawing reads them often.

import { HOT_EVENTS } from "./event_types.js";

// Keys whose string values are node ids (`source` is also the start event's object).
const NODE_KEYS = new Set(["node", "parent", "child", "source"]);
// Keys whose values are few: part of the shape rather than a slot.
const CONSTANT_KEYS = new Set(["type", "line", "player", "kind", "bound", "op", "test", "flag", "cut", "reason", "algorithm"]);
// The kinds millions of events are (the engine's compact records): decoded afresh each time (rarely asked for one by one).
const COMMON = new Set(HOT_EVENTS);

const SEQ = 0; // seq === the event's index: no slot
const CONST = 1; // the shape's own value (constants[j])
const INT = 2; // a whole number in int32's range: one slot
const FLOAT = 3; // any other number: two slots (float64 bits)
const NODE = 4; // a node id: the tree's index
const STRING = 5; // an index into strings
const JSONV = 6; // an index into jsons (an object or a list)

const bits = new Float64Array(1);
const halves = new Int32Array(bits.buffer);

function grow(array, need) {
  if (need <= array.length) return array;
  const bigger = new array.constructor(Math.max(need, array.length * 2));
  bigger.set(array);
  return bigger;
}

// A table of distinct values and the index of each.
class Distinct {
  constructor(key = (x) => x) {
    this.values = [];
    this.index = new Map();
    this.key = key;
  }

  id(value) {
    const key = this.key(value);
    let i = this.index.get(key);
    if (i === undefined) {
      i = this.values.length;
      this.values.push(value);
      this.index.set(key, i);
    }
    return i;
  }
}

export class EventStore {
  // tree: the TraceTree the node ids belong to (it must have seen an event before it is stored).
  constructor(tree) {
    this.tree = tree;
    this.count = 0;
    this.shapeOf = new Uint16Array(1024);
    this.offset = new Uint32Array(1024);
    this.ints = new Int32Array(8192);
    this.used = 0;
    this.shapes = []; // {type, keys, kinds, constants, slots, node: slot of "node" or -1}
    this.shapeIndex = new Map(); // signature -> shape index
    this.byType = new Map(); // type -> the shape indices seen with it, to try first
    this.strings = new Distinct();
    this.jsons = new Distinct(JSON.stringify); // a JSON value's text -> the first value with it
    this.decoded = new Map(); // k -> event, for the rare kinds
    // Scratch for one event being stored: its kinds, its slots, the kind encode() last chose.
    this.kinds = [];
    this.slots = new Int32Array(64);
    this.kind = SEQ;
  }

  // Store event e as event number `count` (events arrive in order). Most events have the
  // shape of one seen before with their type: tried first, without building a signature.
  push(e) {
    const seen = this.byType.get(e.type);
    if (seen !== undefined) {
      for (let s = 0; s < seen.length; s++) {
        const used = this.fill(seen[s], e);
        if (used >= 0) {
          this.write(seen[s], used);
          return;
        }
      }
    }
    const shape = this.classify(e);
    let list = this.byType.get(e.type);
    if (list === undefined) this.byType.set(e.type, (list = []));
    if (list.length < 32 && !list.includes(shape)) list.push(shape);
  }

  // Put e's slots in the scratch if it has shape number `index`: how many; -1 if it does not.
  fill(index, e) {
    const { keys, kinds, constants } = this.shapes[index];
    let used = 0;
    let j = 0;
    for (const key in e) {
      if (key !== keys[j]) return -1;
      const v = e[key];
      used = this.encode(key, v, used);
      if (this.kind !== kinds[j] || (this.kind === CONST && v !== constants[j])) return -1;
      j++;
    }
    return j === keys.length ? used : -1;
  }

  // How value v of `key` is kept (this.kind), its slots written to the scratch from `used` on:
  // returns the slots used after it. The one place that decides a value's kind.
  encode(key, v, used) {
    if (used + 2 > this.slots.length) this.slots = grow(this.slots, this.slots.length * 2);
    const slots = this.slots;
    if (key === "seq" && v === this.count) {
      this.kind = SEQ;
    } else if (v === null || v === true || v === false || v === undefined) {
      this.kind = CONST;
    } else if (typeof v === "number") {
      if (Number.isInteger(v) && v >= -2147483648 && v <= 2147483647) {
        this.kind = INT;
        slots[used++] = v;
      } else {
        this.kind = FLOAT;
        bits[0] = v;
        slots[used++] = halves[0];
        slots[used++] = halves[1];
      }
    } else if (typeof v === "string") {
      const node = NODE_KEYS.has(key) ? this.tree.idx(v) : undefined;
      if (node !== undefined) {
        this.kind = NODE;
        slots[used++] = node;
      } else if (CONSTANT_KEYS.has(key)) {
        this.kind = CONST;
      } else {
        this.kind = STRING;
        slots[used++] = this.strings.id(v);
      }
    } else {
      this.kind = JSONV;
      slots[used++] = this.jsons.id(v);
    }
    return used;
  }

  // Store the scratch's `used` slots as the next event, of shape number `shape`.
  write(shape, used) {
    const k = this.count;
    if (k >= this.shapeOf.length) {
      this.shapeOf = grow(this.shapeOf, k + 1);
      this.offset = grow(this.offset, k + 1);
    }
    this.shapeOf[k] = shape;
    this.offset[k] = this.used;
    this.ints = grow(this.ints, this.used + used);
    this.ints.set(this.slots.subarray(0, used), this.used);
    this.used += used;
    this.count++;
  }

  // An event of a shape not seen with its type yet: its signature names its shape. Returns the shape.
  classify(e) {
    const kinds = this.kinds;
    let used = 0;
    let signature = "";
    let j = 0;
    for (const key in e) {
      const v = e[key];
      used = this.encode(key, v, used);
      kinds[j++] = this.kind;
      signature += this.kind === CONST ? `${key}\u0001${JSON.stringify(v)}\u0002` : `${key}\u0001${this.kind}\u0002`;
    }
    let shape = this.shapeIndex.get(signature);
    if (shape === undefined) shape = this.addShape(signature, e, kinds.slice(0, j));
    this.write(shape, used);
    return shape;
  }

  addShape(signature, e, kinds) {
    const keys = Object.keys(e);
    const constants = keys.map((key, j) => (kinds[j] === CONST ? e[key] : undefined));
    const index = this.shapes.length;
    if (index > 0xffff) throw new Error("too many kinds of event in one trace");
    // Each key's first slot, and where each key is: [its position among the keys, its first slot].
    const firsts = [];
    const where = new Map();
    let at = 0;
    keys.forEach((key, j) => {
      firsts.push(at);
      where.set(key, [j, at]);
      at += kinds[j] === FLOAT ? 2 : kinds[j] === SEQ || kinds[j] === CONST ? 0 : 1;
    });
    const n = keys.indexOf("node");
    const node = n >= 0 && kinds[n] === NODE ? firsts[n] : -1;
    this.shapes.push({ type: e.type, keys, kinds, constants, node, where, firsts });
    this.shapeIndex.set(signature, index);
    return index;
  }

  // Event k's type, without decoding it.
  typeOf(k) {
    return this.shapes[this.shapeOf[k]].type;
  }

  // The tree index of event k's node (-1 when it names no node of the tree).
  nodeOf(k) {
    const shape = this.shapes[this.shapeOf[k]];
    return shape.node < 0 ? -1 : this.ints[this.offset[k] + shape.node];
  }

  // One field of event k (what get(k)[key] would be), without decoding the rest.
  field(k, key) {
    const shape = this.shapes[this.shapeOf[k]];
    const w = shape.where.get(key);
    if (w === undefined) return undefined;
    return this.slot(shape.kinds[w[0]], shape.constants[w[0]], this.offset[k] + w[1], k);
  }

  // The tree index a node-valued field of event k names (undefined if it names none).
  nodeField(k, key) {
    const shape = this.shapes[this.shapeOf[k]];
    const w = shape.where.get(key);
    if (w === undefined) return undefined;
    if (shape.kinds[w[0]] === NODE) return this.ints[this.offset[k] + w[1]];
    const v = this.slot(shape.kinds[w[0]], shape.constants[w[0]], this.offset[k] + w[1], k);
    return typeof v === "string" ? this.tree.idx(v) : undefined;
  }

  slot(kind, constant, at, k) {
    const ints = this.ints;
    switch (kind) {
      case SEQ:
        return k;
      case CONST:
        return constant;
      case INT:
        return ints[at];
      case FLOAT:
        halves[0] = ints[at];
        halves[1] = ints[at + 1];
        return bits[0];
      case NODE:
        return this.tree.ids[ints[at]];
      case STRING:
        return this.strings.values[ints[at]];
      default:
        return this.jsons.values[ints[at]];
    }
  }

  // Event k as it arrived. A fresh object for the common kinds; the rare kinds' objects are
  // shared: read them, do not change them.
  get(k) {
    if (k < 0 || k >= this.count) return undefined;
    const shape = this.shapes[this.shapeOf[k]];
    const rare = !COMMON.has(shape.type);
    if (rare) {
      const seen = this.decoded.get(k);
      if (seen) return seen;
    }
    const e = {};
    const { keys, kinds, constants, firsts } = shape;
    const at = this.offset[k];
    for (let j = 0; j < keys.length; j++) e[keys[j]] = this.slot(kinds[j], constants[j], at + firsts[j], k);
    if (rare) this.decoded.set(k, e);
    return e;
  }

  // Bytes held by the columns (for the tests and the benchmark's account of memory).
  get bytes() {
    return this.shapeOf.byteLength + this.offset.byteLength + this.ints.byteLength;
  }
}
