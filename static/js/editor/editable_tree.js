// The tree the instructor edits, as the normalised tree JSON the server speaks:
// {id, label, player, value (leaves), eval?, children (internal nodes)}. Every operation
// here returns a new tree (the old one is kept by the undo history) and keeps it
// well-formed: ids unique, leaves with a value, internal nodes without one, within the
// server's limits. Nothing here repairs a tree: what is malformed is an EditError naming
// what and where, in the server's words ("children[1].value: expected a finite number").
//
// The limits are the server's (GET /api/limits), passed in by the caller: there is no
// copy of them here. New nodes are named by the server too (the shorthand rule lives in
// search/trees/parse.py): addChild gives its new child no id, and POST /api/trees/check
// answers with the tree named.

export class EditError extends Error {}

// A one-node tree: a MAX root that is, for now, a leaf.
export function newTree() {
  return { id: "A", label: "A", player: "max", value: 0 };
}

const FIELDS = ["id", "label", "player", "probability", "players", "bounds", "value", "eval", "children"];

// "children[1].value", as search/errors.py format_path writes a place in a tree.
function place(path) {
  let out = "";
  for (const part of path) out += typeof part === "number" ? `[${part}]` : out ? `.${part}` : part;
  return out;
}

function isNumber(x) {
  return typeof x === "number" && Number.isFinite(x);
}

// The tree if it is a well-formed normalised tree, with its fields in the server's order
// (so equal trees give equal text); else an EditError naming the first thing wrong and
// where. Trees come in from the server's validator (loaded, random, shared, followed), so
// this never fails for them; it guards against a change of format, and repairs nothing.
export function wellFormed(tree) {
  const seen = new Map();
  // A players tree (max^n): any of the root's names is a player, and values are lists.
  const players = tree && Array.isArray(tree.players) ? tree.players : null;
  const isValue = (x) => (players ? Array.isArray(x) && x.every(isNumber) : isNumber(x));
  const root = {};
  const stack = [[tree, root, []]];
  while (stack.length) {
    const [src, out, path] = stack.pop();
    const at = (field) => place([...path, field]);
    if (src === null || typeof src !== "object" || Array.isArray(src)) {
      throw new EditError(`${place(path) || "tree"}: expected an object`);
    }
    const unknown = Object.keys(src).find((k) => !FIELDS.includes(k));
    if (unknown !== undefined) {
      throw new EditError(`${at(unknown)}: unknown field (known: ${FIELDS.join(", ")})`);
    }
    for (const field of ["id", "label"]) {
      if (src[field] === undefined) throw new EditError(`${at(field)}: required`);
      if (typeof src[field] !== "string") throw new EditError(`${at(field)}: expected a string`);
    }
    if (src.id === "") throw new EditError(`${at("id")}: must not be empty`);
    if (seen.has(src.id)) {
      throw new EditError(`${at("id")}: duplicate id '${src.id}' (also at ${seen.get(src.id) || "the root"})`);
    }
    seen.set(src.id, place(path));
    const roles = players || ["max", "min", "chance"];
    if (!roles.includes(src.player)) throw new EditError(`${at("player")}: expected one of ${roles.map((r) => `"${r}"`).join(", ")}`);
    if (src.probability !== undefined && !isNumber(src.probability)) throw new EditError(`${at("probability")}: expected a finite number`);
    if (src.children !== undefined && !Array.isArray(src.children)) throw new EditError(`${at("children")}: expected a list`);
    const kids = src.children || [];
    out.id = src.id;
    out.label = src.label;
    out.player = src.player;
    if (src.probability !== undefined) out.probability = src.probability;
    if (!path.length && players) out.players = players;
    if (!path.length && src.bounds !== undefined) out.bounds = src.bounds;
    if (kids.length) {
      if (src.value !== undefined) throw new EditError(`${at("value")}: only leaves have a value; use eval for an estimate`);
    } else {
      if (src.value === undefined) throw new EditError(`${at("value")}: expected a finite number (a leaf needs a value)`);
      if (!isValue(src.value)) throw new EditError(`${at("value")}: expected ${players ? `a list of ${players.length} numbers` : "a finite number"}`);
      out.value = src.value;
    }
    if (src.eval !== undefined) {
      if (!isValue(src.eval)) throw new EditError(`${at("eval")}: expected ${players ? `a list of ${players.length} numbers` : "a finite number"}`);
      out.eval = src.eval;
    }
    if (kids.length) {
      out.children = kids.map(() => ({}));
      // Reversed, so the nodes are checked in tree order and the first wrong one is named.
      for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], out.children[i], [...path, "children", i]]);
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

// The player of a new child of `parent`: the other of MAX and MIN, or in a players tree
// (max^n) the next of the root's names, as the server takes turns where none is given.
function nextPlayer(tree, parent) {
  const players = Array.isArray(tree.players) ? tree.players : null;
  if (!players) return other(parent.player);
  return players[(players.indexOf(parent.player) + 1) % players.length];
}

// A new leaf's value: 0, or in a players tree 0 for every player.
function zero(tree) {
  return Array.isArray(tree.players) ? tree.players.map(() => 0) : 0;
}

function count(n) {
  return n.toLocaleString("en", { maximumFractionDigits: 0 });
}

// Add a leaf (value 0, the other player) as the last child of `parentId`, without an id:
// the server names it (POST /api/trees/check). A leaf that gets a child becomes internal
// and loses its value. Returns {tree, note}; the tree is not well-formed until named.
export function addChild(tree, parentId, limits) {
  const next = clone(tree);
  const byId = index(next);
  const entry = byId.get(parentId);
  if (!entry) throw new EditError(`no node ${parentId} in the tree`);
  const parent = entry.node;
  const kids = parent.children || [];
  if (byId.size >= limits.max_tree_nodes) {
    throw new EditError(`the tree has ${count(byId.size)} nodes, the limit`);
  }
  if (kids.length >= limits.max_branching) {
    throw new EditError(`${parent.label} has ${kids.length} children, the limit`);
  }
  if (entry.depth + 1 > limits.max_tree_depth) {
    throw new EditError(`a child of ${parent.label} would be ${entry.depth + 1} levels deep; the limit is ${limits.max_tree_depth}`);
  }
  let note = "";
  if (!kids.length) {
    note = `${parent.label} is an internal node now: its value ${parent.value} was removed`;
    delete parent.value;
  }
  parent.children = [...kids, { player: nextPlayer(next, parent), value: zero(next) }];
  return { tree: next, note };
}

// The child addChild added, in the server's answer: the last child of `parentId`.
export function addedChild(tree, parentId) {
  const kids = find(tree, parentId).node.children || [];
  if (!kids.length) throw new EditError(`the server's tree has no child under ${parentId}`);
  return kids[kids.length - 1];
}

// Delete the subtree under `id`. The root stays. A parent left without children is a
// leaf again and gets the value 0 (said in the note). Returns {tree, parentId, note}.
export function deleteSubtree(tree, id) {
  const next = clone(tree);
  const entry = find(next, id);
  if (!entry.parent) throw new EditError("the root cannot be deleted: use New tree to start again");
  const parent = entry.parent;
  parent.children.splice(entry.index, 1);
  let note = "";
  if (!parent.children.length) {
    delete parent.children;
    parent.value = zero(next);
    const shown = Array.isArray(parent.value) ? `⟨${valueText(parent.value)}⟩` : parent.value;
    note = `${parent.label} is a leaf now: its value is ${shown} until you set it`;
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

// A number as JSON writes one (RFC 8259 section 6), as the server reads numbers: "-3",
// "2.5", "1e3"; not "0x10", "1e", "12abc", "Infinity", "1_000", ".5", "+3" or "012".
// JSON's own whitespace (space, tab, CR, LF) may surround it.
const JSON_NUMBER = /^[ \t\r\n]*(-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)[ \t\r\n]*$/;

// The number typed in `text`, or undefined if it is not one. A leading "−" (U+2212, the
// minus sign the page writes, as in −∞, and the one copied from slides) is read as "-":
// it is how the page itself writes a negative, not a repair of bad input.
export function parseJsonNumber(text) {
  const m = JSON_NUMBER.exec(String(text).replace(/^([ \t\r\n]*)\u2212/, "$1-"));
  return m ? Number(m[1]) : undefined;
}

// A value or estimate within the server's range, or an EditError in the server's words.
function checkNumber(n, what, limits) {
  if (typeof n !== "number" || Number.isNaN(n)) throw new EditError(`${what}: expected a finite number`);
  if (!(Math.abs(n) <= limits.max_abs_value)) {
    throw new EditError(`${what}: outside the allowed range ±${count(limits.max_abs_value)}`);
  }
  return n;
}

// A number typed in a field: blank allowed only where `optional` (then undefined).
export function parseNumber(text, what, limits, { optional = false } = {}) {
  if (/^[ \t\r\n]*$/.test(String(text))) {
    if (optional) return undefined;
    throw new EditError(`${what}: expected a finite number`);
  }
  const n = parseJsonNumber(text);
  if (n === undefined) throw new EditError(`${what}: expected a finite number`);
  return checkNumber(n, what, limits); // "1e400" reads as Infinity: out of range, as on the server
}

// A leaf's value or an estimate as the form shows it and reads it back: "3", or in a players
// tree the numbers separated by commas, "1, 2, 6".
export function valueText(value) {
  return Array.isArray(value) ? value.join(", ") : String(value);
}

// A value or estimate typed in a field: a number, or in a players tree (`players`, the root's
// names) one number per player separated by commas. Blank is allowed only where `optional`.
export function parseValue(text, what, limits, players, { optional = false } = {}) {
  if (!players) return parseNumber(text, what, limits, { optional });
  if (/^[ \t\r\n]*$/.test(String(text))) {
    if (optional) return undefined;
    throw new EditError(`${what}: expected ${players.length} numbers separated by commas, one for each of ${players.join(", ")}`);
  }
  const parts = String(text).split(",");
  if (parts.length !== players.length) {
    throw new EditError(`${what}: expected ${players.length} numbers separated by commas, one for each of ${players.join(", ")} (got ${parts.length})`);
  }
  return parts.map((part, k) => parseNumber(part, `${what} for ${players[k]}`, limits));
}

// A value or estimate set on a node: a number in range, or in a players tree a list of them.
function checkValue(value, what, limits, players) {
  if (!players) return checkNumber(value, what, limits);
  if (!Array.isArray(value) || value.length !== players.length) {
    throw new EditError(`${what}: expected a list of ${players.length} numbers, one for each of ${players.join(", ")}`);
  }
  return value.map((n, k) => checkNumber(n, `${what} for ${players[k]}`, limits));
}

// A label within the server's rules: at most max_label_length characters (code points,
// as Python counts them: an emoji is one, not two UTF-16 units) and none the tree
// schema's pattern forbids (control characters, U+2028/9, lone surrogates).
export function checkLabel(label, limits) {
  if (typeof label !== "string") throw new EditError("label: expected a string");
  if ([...label].length > limits.max_label_length) {
    throw new EditError(`label: longer than ${limits.max_label_length} characters`);
  }
  if (!new RegExp(limits.label_pattern, "u").test(label)) {
    throw new EditError("label: control characters, line separators and lone surrogates (\\ud800-\\udfff) are not allowed");
  }
  return label;
}

// Set fields of one node: {label, player, probability, value, eval}; eval null removes the
// estimate. In a players tree a value or estimate is a list, one number per player.
// An empty label means "no label": the node shows its id (as the server reads one).
export function setFields(tree, id, fields, limits) {
  const next = clone(tree);
  const node = find(next, id).node;
  const players = Array.isArray(next.players) ? next.players : null;
  if (fields.label !== undefined) {
    const label = checkLabel(fields.label, limits);
    node.label = label === "" ? node.id : label;
  }
  if (fields.player !== undefined) {
    const roles = Array.isArray(next.players) ? next.players : ["max", "min", "chance"];
    if (!roles.includes(fields.player)) throw new EditError(`player: expected one of ${roles.map((r) => `"${r}"`).join(", ")}`);
    node.player = fields.player;
  }
  // A chance node's outcome: its probability (null: none given, so the outcomes are equally likely).
  if (fields.probability !== undefined) {
    if (fields.probability === null) delete node.probability;
    else if (!(fields.probability > 0 && fields.probability <= 1)) throw new EditError("probability: a probability is more than 0 and at most 1");
    else node.probability = fields.probability;
  }
  if (fields.value !== undefined) {
    if (node.children && node.children.length) {
      throw new EditError(`value: ${node.label} is an internal node; only leaves have a value (use eval for an estimate)`);
    }
    node.value = checkValue(fields.value, "value", limits, players);
  }
  if (fields.eval !== undefined) {
    if (fields.eval === null) delete node.eval;
    else node.eval = checkValue(fields.eval, "eval", limits, players);
  }
  return { tree: wellFormed(next) };
}
