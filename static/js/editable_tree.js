// The tree the instructor edits, as the normalised tree JSON the server speaks:
// {id, label, player, value (leaves), eval?, children (internal nodes)}. Every operation
// here returns a new tree (the old one is kept by the undo history) and keeps it
// well-formed: ids unique, leaves with a value, internal nodes without one, within the
// documented limits. The server's validator still has the final word on run and save.

// The documented limits (GET /api/limits replaces these with the server's own).
export const DEFAULT_LIMITS = {
  max_tree_nodes: 10000,
  max_tree_depth: 40,
  max_branching: 50,
  max_label_length: 40,
  max_abs_value: 1e9,
};

export class EditError extends Error {}

// A one-node tree: a MAX root that is, for now, a leaf.
export function newTree() {
  return { id: "A", label: "A", player: "max", value: 0 };
}

// The server's key order, so equal trees give equal text.
export function normalise(node) {
  const stack = [];
  const root = {};
  stack.push([node, root]);
  while (stack.length) {
    const [src, out] = stack.pop();
    out.id = String(src.id);
    out.label = src.label === undefined || src.label === null || src.label === "" ? out.id : String(src.label);
    out.player = src.player === "min" ? "min" : "max";
    const kids = src.children || [];
    if (!kids.length) out.value = typeof src.value === "number" ? src.value : 0;
    if (typeof src.eval === "number") out.eval = src.eval;
    if (kids.length) {
      out.children = kids.map(() => ({}));
      kids.forEach((k, i) => stack.push([k, out.children[i]]));
    }
  }
  return root;
}

export function treeText(tree) {
  return JSON.stringify(tree);
}

export function clone(tree) {
  return JSON.parse(JSON.stringify(tree));
}

// Every node with its parent, depth and position, in depth-first order (iterative:
// a tree may be 40 deep or 10,000 wide).
export function walk(tree) {
  const out = [];
  const stack = [{ node: tree, parent: null, depth: 0, index: 0 }];
  while (stack.length) {
    const entry = stack.pop();
    out.push(entry);
    const kids = entry.node.children || [];
    for (let i = kids.length - 1; i >= 0; i--) {
      stack.push({ node: kids[i], parent: entry.node, depth: entry.depth + 1, index: i });
    }
  }
  return out;
}

export function index(tree) {
  const byId = new Map();
  for (const entry of walk(tree)) byId.set(entry.node.id, entry);
  return byId;
}

function find(tree, id) {
  const entry = index(tree).get(id);
  if (!entry) throw new EditError(`no node ${id} in the tree`);
  return entry;
}

function other(player) {
  return player === "max" ? "min" : "max";
}

// 0 -> a, 25 -> z, 26 -> aa (as search/tree_io.py names shorthand nodes).
function letters(n) {
  let out = "";
  n += 1;
  while (n) {
    const rem = (n - 1) % 26;
    n = Math.floor((n - 1) / 26);
    out = String.fromCharCode(97 + rem) + out;
  }
  return out;
}

// The shorthand's names: root A; then B, C, D; then B1, B2; then B1a, B1b; then B1a1 ...
export function shorthandChildId(parentId, index, depth) {
  if (depth === 1) return letters(index + 1).toUpperCase();
  if (depth % 2 === 0) return /\d$/.test(parentId) ? `${parentId}.${index + 1}` : `${parentId}${index + 1}`;
  return `${parentId}${letters(index)}`;
}

// Add a leaf (value 0) as the last child of `parentId`. A leaf that gets a child becomes
// internal and loses its value. Returns {tree, id, note}.
export function addChild(tree, parentId, limits = DEFAULT_LIMITS) {
  const next = clone(tree);
  const byId = index(next);
  const entry = byId.get(parentId);
  if (!entry) throw new EditError(`no node ${parentId} in the tree`);
  const parent = entry.node;
  const kids = parent.children || [];
  if (byId.size >= limits.max_tree_nodes) {
    throw new EditError(`the tree has ${byId.size.toLocaleString("en")} nodes, the limit`);
  }
  if (kids.length >= limits.max_branching) {
    throw new EditError(`${parent.label} has ${kids.length} children, the limit`);
  }
  if (entry.depth + 1 > limits.max_tree_depth) {
    throw new EditError(`a child of ${parent.label} would be ${entry.depth + 1} levels deep; the limit is ${limits.max_tree_depth}`);
  }
  let id = "";
  for (let i = kids.length; i < kids.length + 100000; i++) {
    const candidate = shorthandChildId(parent.id, i, entry.depth + 1);
    if (!byId.has(candidate) && candidate.length <= limits.max_label_length) {
      id = candidate;
      break;
    }
  }
  if (!id) throw new EditError(`no free id for a child of ${parent.label}`);
  let note = "";
  if (!kids.length) {
    note = `${parent.label} is an internal node now: its value ${parent.value} was removed`;
    delete parent.value;
  }
  const child = { id, label: id, player: other(parent.player), value: 0 };
  parent.children = [...kids, child];
  return { tree: next, id, note };
}

// Delete the subtree under `id`. The root stays. A parent left without children is a
// leaf again and gets the value 0. Returns {tree, parentId, note}.
export function deleteSubtree(tree, id) {
  const next = clone(tree);
  const entry = find(next, id);
  if (!entry.parent) throw new EditError("the root cannot be deleted: use New tree to start again");
  const parent = entry.parent;
  parent.children.splice(entry.index, 1);
  let note = "";
  if (!parent.children.length) {
    delete parent.children;
    parent.value = 0;
    note = `${parent.label} is a leaf now: its value is 0 until you set it`;
  }
  return { tree: next, parentId: parent.id, note };
}

// Move node `id` one place left (-1) or right (+1) among its siblings.
export function moveNode(tree, id, by) {
  const next = clone(tree);
  const entry = find(next, id);
  if (!entry.parent) throw new EditError("the root has no siblings to move past");
  const kids = entry.parent.children;
  const to = entry.index + by;
  if (to < 0 || to >= kids.length) {
    throw new EditError(`${entry.node.label} is already the ${by < 0 ? "first" : "last"} child of ${entry.parent.label}`);
  }
  [kids[entry.index], kids[to]] = [kids[to], kids[entry.index]];
  return { tree: next };
}

// A number typed in a field: blank allowed only where `optional`.
export function parseNumber(text, what, { optional = false, limits = DEFAULT_LIMITS } = {}) {
  const t = String(text).trim().replace(/^\u2212/, "-");
  if (t === "") {
    if (optional) return undefined;
    throw new EditError(`${what}: expected a finite number`);
  }
  const n = Number(t);
  if (!Number.isFinite(n)) throw new EditError(`${what}: expected a finite number`);
  if (Math.abs(n) > limits.max_abs_value) {
    throw new EditError(`${what}: outside the allowed range ±${limits.max_abs_value.toLocaleString("en")}`);
  }
  return n;
}

// Set fields of one node: {label, player, value, eval}; eval null removes the estimate.
export function setFields(tree, id, fields, limits = DEFAULT_LIMITS) {
  const next = clone(tree);
  const node = find(next, id).node;
  if (fields.label !== undefined) {
    const label = String(fields.label);
    if (label.length > limits.max_label_length) {
      throw new EditError(`label: longer than ${limits.max_label_length} characters`);
    }
    node.label = label === "" ? node.id : label;
  }
  if (fields.player !== undefined) node.player = fields.player === "min" ? "min" : "max";
  if (fields.value !== undefined) {
    if (node.children && node.children.length) {
      throw new EditError(`value: ${node.label} is an internal node; only leaves have a value (use eval for an estimate)`);
    }
    node.value = fields.value;
  }
  if (fields.eval !== undefined) {
    if (fields.eval === null) delete node.eval;
    else node.eval = fields.eval;
  }
  return { tree: normalise(next) };
}

// The nested-list shorthand of the tree, or the reason it cannot carry it.
// It carries leaf values only: no labels, estimates or players other than alternating
// from a MAX root, and it names the nodes itself (A; B, C; B1 ...).
export function toShorthand(tree) {
  if (!tree.children || !tree.children.length) {
    return { reason: "a one-node tree has no shorthand (the shorthand is a list of children)" };
  }
  const renamed = [];
  for (const { node, depth } of walk(tree)) {
    const where = node.label === node.id ? node.id : `${node.label} (id ${node.id})`;
    if (node.label !== node.id) return { reason: `${where} has a label, which the shorthand cannot carry` };
    if (node.eval !== undefined) return { reason: `${where} has an estimate (eval), which the shorthand cannot carry` };
    if (node.player !== (depth % 2 === 0 ? "max" : "min")) {
      return { reason: `${where} is ${node.player.toUpperCase()} out of turn; the shorthand alternates players from a MAX root` };
    }
  }
  // Build the lists, and note the nodes the shorthand will name differently.
  const build = (node, name, depth) => {
    if (node.id !== name) renamed.push(`${node.id} → ${name}`);
    if (!node.children || !node.children.length) return node.value;
    return node.children.map((c, i) => build(c, shorthandChildId(name, i, depth + 1), depth + 1));
  };
  // Recursion is bounded by the depth limit (40).
  const lists = build(tree, "A", 0);
  return { text: JSON.stringify(lists), renamed };
}
