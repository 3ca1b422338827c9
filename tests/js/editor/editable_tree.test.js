// The editable tree (static/js/editor/editable_tree.js): operations that keep a tree well-formed,
// the server's limits and words, and no silent repairs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  EditError, addChild, addedChild, checkLabel, deleteSubtree, moveNode, newTree, parseJsonNumber, parseNumber,
  setFields, treeText, wellFormed,
} from "../../../static/js/editor/editable_tree.js";

// The limits as GET /api/limits gives them, the per-node ones read from the tree schema the
// server writes out (search/schema/tree.schema.json), so these tests follow search/limits.py.
const schema = JSON.parse(readFileSync(new URL("../../../search/schema/tree.schema.json", import.meta.url), "utf8"));
const label = schema.$defs.node.properties.label;
const LIMITS = {
  max_tree_nodes: 10000,
  max_tree_depth: 40,
  max_branching: schema.$defs.node.properties.children.maxItems,
  max_label_length: label.maxLength,
  max_abs_value: schema.$defs.number.maximum,
  label_pattern: label.pattern,
};

// The lecture tree as the server normalises it.
function lecture() {
  const leaf = (id, value) => ({ id, label: id, player: "max", value });
  const min = (id, values) => ({ id, label: id, player: "min", children: values.map((v, i) => leaf(`${id}${i + 1}`, v)) });
  return { id: "A", label: "A", player: "max", children: [min("B", [3, 12, 8]), min("C", [2, 4, 6]), min("D", [14, 5, 2])] };
}

function refused(fn, message) {
  assert.throws(fn, (err) => err instanceof EditError && err.message === message);
}

test("a well-formed tree passes as it is, its fields in the server's order", () => {
  const tree = lecture();
  assert.deepEqual(wellFormed(tree), tree);
  const shuffled = { children: [{ value: 1, player: "min", label: "B", id: "B" }], eval: 2, player: "max", label: "A", id: "A" };
  assert.equal(treeText(wellFormed(shuffled)),
    '{"id":"A","label":"A","player":"max","eval":2,"children":[{"id":"B","label":"B","player":"min","value":1}]}');
});

test("a malformed tree is an error naming what and where, never repaired", () => {
  const broken = (change) => {
    const tree = lecture();
    change(tree);
    return () => wellFormed(tree);
  };
  refused(broken((t) => delete t.children[1].children[0].value), "children[1].children[0].value: expected a finite number (a leaf needs a value)");
  refused(broken((t) => { t.children[1].children[0].value = "3"; }), "children[1].children[0].value: expected a finite number");
  refused(broken((t) => { t.children[0].player = "dice"; }), 'children[0].player: expected one of "max", "min", "chance"');
  refused(broken((t) => delete t.player), 'player: expected one of "max", "min", "chance"');
  refused(broken((t) => { t.children[2].value = 1; }), "children[2].value: only leaves have a value; use eval for an estimate");
  refused(broken((t) => { t.children[2].children[1].id = "B1"; }), "children[2].children[1].id: duplicate id 'B1' (also at children[0].children[0])");
  refused(broken((t) => delete t.children[0].label), "children[0].label: required");
  refused(broken((t) => { t.eval = NaN; }), "eval: expected a finite number");
  refused(broken((t) => { t.colour = "red"; }), "colour: unknown field (known: id, label, player, probability, players, bounds, value, eval, children)");
  // An edit of a malformed tree is refused too, rather than quietly mending the rest.
  const tree = lecture();
  delete tree.children[1].children[0].value;
  refused(() => setFields(tree, "B1", { value: 4 }, LIMITS), "children[1].children[0].value: expected a finite number (a leaf needs a value)");
});

test("add child: a last child without an id (the server names it), of the other player, value 0", () => {
  const tree = lecture();
  const before = treeText(tree);
  const { tree: next, note } = addChild(tree, "B", LIMITS);
  assert.deepEqual(next.children[0].children[3], { player: "max", value: 0 });
  assert.equal(note, "");
  assert.equal(treeText(tree), before); // the old tree is the undo history's, untouched
  // A leaf that gets a child loses its value, and says so.
  const grown = addChild(tree, "B2", LIMITS);
  assert.equal(grown.note, "B2 is an internal node now: its value 12 was removed");
  assert.deepEqual(grown.tree.children[0].children[1], { id: "B2", label: "B2", player: "max", children: [{ player: "min", value: 0 }] });
  // The server's answer: the new child is the parent's last.
  const named = grown.tree;
  named.children[0].children[1].children[0] = { id: "B2a", label: "B2a", player: "min", value: 0 };
  assert.equal(addedChild(wellFormed(named), "B2").id, "B2a");
  refused(() => addChild(tree, "Z", LIMITS), "no node Z in the tree");
});

test("add child stops at the server's limits with the exact reason", () => {
  const small = { ...LIMITS, max_tree_nodes: 13, max_branching: 3, max_tree_depth: 2 };
  refused(() => addChild(lecture(), "A", small), "the tree has 13 nodes, the limit");
  refused(() => addChild(lecture(), "A", { ...small, max_tree_nodes: 100 }), "A has 3 children, the limit");
  refused(() => addChild(lecture(), "B1", { ...small, max_tree_nodes: 100 }), "a child of B1 would be 3 levels deep; the limit is 2");
  const big = { id: "A", label: "A", player: "max", children: [] };
  for (let i = 0; i < LIMITS.max_branching; i++) big.children.push({ id: `n${i}`, label: `n${i}`, player: "min", value: 0 });
  refused(() => addChild(big, "A", LIMITS), `A has ${LIMITS.max_branching} children, the limit`);
  refused(() => addChild(lecture(), "A", { ...LIMITS, max_tree_nodes: 13 }), "the tree has 13 nodes, the limit");
});

test("delete: never the root; a parent left childless is a leaf of value 0, and says so", () => {
  refused(() => deleteSubtree(lecture(), "A"), "the root cannot be deleted: use New tree to start again");
  let tree = lecture();
  let r = deleteSubtree(tree, "C");
  assert.deepEqual(r.tree.children.map((c) => c.id), ["B", "D"]);
  assert.equal(r.parentId, "A");
  tree = { id: "A", label: "A", player: "max", children: [{ id: "B", label: "B", player: "min", value: 1 }] };
  r = deleteSubtree(tree, "B");
  assert.deepEqual(r.tree, { id: "A", label: "A", player: "max", value: 0 });
  assert.equal(r.note, "A is a leaf now: its value is 0 until you set it");
});

test("move left and right among siblings, and say when a node is already at the end", () => {
  const r = moveNode(lecture(), "D3", -1);
  assert.deepEqual(r.tree.children[2].children.map((c) => c.id), ["D1", "D3", "D2"]);
  refused(() => moveNode(lecture(), "D1", -1), "D1 is already the first child of D");
  refused(() => moveNode(lecture(), "D3", +1), "D3 is already the last child of D");
  refused(() => moveNode(lecture(), "A", +1), "the root has no siblings to move past");
});

test("numbers typed follow JSON's grammar, as the server reads them", () => {
  for (const text of ["0x10", "1e", " 12abc", "Infinity", "1_000", ".5", "+3", "012", "1.", "NaN", "--3", "3 4"]) {
    assert.equal(parseJsonNumber(text), undefined, text);
    refused(() => parseNumber(text, "value", LIMITS), "value: expected a finite number");
  }
  const read = { "-3": -3, "2.5": 2.5, "1e3": 1000, "1E-2": 0.01, " 7 ": 7, "0": 0 };
  for (const [text, n] of Object.entries(read)) assert.equal(parseNumber(text, "value", LIMITS), n, text);
  // The minus sign the page writes (U+2212) reads as "-": the page's own way of writing it.
  assert.equal(parseNumber("\u22123", "value", LIMITS), -3);
  refused(() => parseNumber("2e9", "value", LIMITS), "value: outside the allowed range ±1,000,000,000");
  refused(() => parseNumber("1e400", "eval", LIMITS), "eval: outside the allowed range ±1,000,000,000");
  refused(() => parseNumber("", "value", LIMITS), "value: expected a finite number");
  assert.equal(parseNumber("  ", "eval", LIMITS, { optional: true }), undefined);
});

test("labels: length in characters (code points), the schema's characters, blank shows the id", () => {
  const emoji = "\u{1F600}";
  assert.equal(checkLabel(emoji.repeat(40), LIMITS), emoji.repeat(40)); // 80 UTF-16 units, 40 characters
  refused(() => checkLabel(emoji.repeat(41), LIMITS), "label: longer than 40 characters");
  refused(() => checkLabel("x".repeat(41), LIMITS), "label: longer than 40 characters");
  for (const bad of ["bell\u0007", "a\u2028b", "\ud800", "x\udfff", "tab\there"]) {
    refused(() => checkLabel(bad, LIMITS), "label: control characters, line separators and lone surrogates (\\ud800-\\udfff) are not allowed");
  }
  const { tree } = setFields(lecture(), "B", { label: `${emoji} best` }, LIMITS);
  assert.equal(tree.children[0].label, `${emoji} best`);
  assert.equal(setFields(tree, "B", { label: "" }, LIMITS).tree.children[0].label, "B");
});

test("set fields: player, value and eval checked, never guessed", () => {
  refused(() => setFields(lecture(), "B", { player: "dice" }, LIMITS), 'player: expected one of "max", "min", "chance"');
  assert.equal(setFields(lecture(), "B", { player: "chance" }, LIMITS).tree.children[0].player, "chance");
  const coin = setFields(setFields(lecture(), "B", { player: "chance" }, LIMITS).tree, "B1", { probability: 0.5 }, LIMITS).tree;
  assert.equal(coin.children[0].children[0].probability, 0.5);
  refused(() => setFields(lecture(), "B1", { probability: 0 }, LIMITS), "probability: a probability is more than 0 and at most 1");
  refused(() => setFields(lecture(), "B", { value: 3 }, LIMITS), "value: B is an internal node; only leaves have a value (use eval for an estimate)");
  refused(() => setFields(lecture(), "B1", { value: "3" }, LIMITS), "value: expected a finite number");
  refused(() => setFields(lecture(), "B1", { value: -2e9 }, LIMITS), "value: outside the allowed range ±1,000,000,000");
  let { tree } = setFields(lecture(), "B", { eval: -4, player: "max" }, LIMITS);
  assert.deepEqual([tree.children[0].player, tree.children[0].eval], ["max", -4]);
  assert.equal(Object.keys(tree.children[0]).join(), "id,label,player,eval,children");
  ({ tree } = setFields(tree, "B", { eval: null }, LIMITS));
  assert.equal(tree.children[0].eval, undefined);
  assert.deepEqual(newTree(), wellFormed(newTree()));
});
