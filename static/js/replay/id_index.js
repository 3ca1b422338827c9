// Node ids to node indices, for trees of up to half a million nodes.
// A Map keyed by the id strings themselves made V8's full garbage collections pause the page for
// 40-60 ms once it held the whole tic-tac-toe search (550,000 keys; a Chromium trace showed the
// pauses, and keyed by numbers they stayed under 25 ms). So the Map is keyed by a 30-bit hash of
// the id (a small integer V8 stores unboxed), and the ids that share a hash are chained.

// Java's String.hashCode, cut to 30 bits.
export function idHash(id) {
  let h = 0;
  for (let k = 0; k < id.length; k++) h = (Math.imul(h, 31) + id.charCodeAt(k)) | 0;
  return h & 0x3fffffff;
}

export class IdIndex {
  // ids: the array of node ids by index, kept by the caller (ids[i] is node i's id).
  constructor(ids) {
    this.ids = ids;
    this.first = new Map(); // hash -> the newest index with it
    this.next = new Int32Array(1024); // index -> the next older index with the same hash, or -1
  }

  // As a Map would: the index whose id is `id` itself (a number is not its text), or undefined.
  get(id) {
    let i = this.first.get(idHash(String(id)));
    while (i !== undefined && this.ids[i] !== id) {
      i = this.next[i];
      if (i < 0) return undefined;
    }
    return i;
  }

  has(id) {
    return this.get(id) !== undefined;
  }

  // Node i is new and ids[i] is its id.
  add(id, i) {
    if (i >= this.next.length) {
      const bigger = new Int32Array(Math.max(i + 1, this.next.length * 2));
      bigger.set(this.next);
      this.next = bigger;
    }
    const h = idHash(String(id));
    const older = this.first.get(h);
    this.next[i] = older === undefined ? -1 : older;
    this.first.set(h, i);
  }
}
