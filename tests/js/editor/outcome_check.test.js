// The editor's checks for chance nodes and players trees (static/js/editor/outcome_check.js and the
// vector fields of static/js/editor/editable_tree.js): problems said as they happen, edits not refused.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  EditError, addChild, deleteSubtree, parseValue, setFields, valueText, wellFormed,
} from "../../../static/js/editor/editable_tree.js";
import { outcomeProblem, outcomeWarning, outcomesPutBack, outcomesSetAside } from "../../../static/js/editor/outcome_check.js";
import { walk } from "../../../static/js/editor/editable_tree.js";

const TOLERANCE = 1e-9; // search/limits.py PROBABILITY_TOLERANCE, as GET /api/limits gives it
const LIMITS = { max_tree_nodes: 10000, max_tree_depth: 40, max_branching: 100, max_label_length: 60, max_abs_value: 1e9,
  label_pattern: "^[^\\u0000-\\u001f]*$" };

const leaf = (id, value, extra = {}) => ({ id, label: id, player: "min", ...extra, value });

// A chance node D with outcomes D1 and D2 under a MAX root, probabilities as given.
function chanceTree(p1, p2) {
  const outcome = (id, p) => (p === undefined ? leaf(id, 1) : leaf(id, 1, { probability: p }));
  return wellFormed({ id: "A", label: "A", player: "max", children: [
    leaf("B", 3),
    { id: "D", label: "D", player: "chance", children: [outcome("D1", p1), outcome("D2", p2)] },
  ] });
}

function entryOf(tree, id) {
  return walk(tree).find((e) => e.node.id === id);
}

test("a chance node's probabilities: a sum other than 1 is named with the sum", () => {
  const tree = chanceTree(0.5, 0.4);
  const d = entryOf(tree, "D").node;
  assert.equal(outcomeProblem(d, TOLERANCE), "probabilities sum to 0.9, not 1");
  assert.equal(outcomeProblem(entryOf(chanceTree(0.75, 0.25), "D").node, TOLERANCE), "");
  assert.equal(outcomeProblem(entryOf(chanceTree(0.1 + 0.2, 0.7), "D").node, TOLERANCE), ""); // 0.30000000000000004
  assert.equal(outcomeProblem(entryOf(chanceTree(undefined, undefined), "D").node, TOLERANCE), ""); // equal chances
  assert.equal(outcomeProblem(entryOf(chanceTree(0.5, undefined), "D").node, TOLERANCE),
    "D2 has no probability: give every outcome one, or none for equal chances");
  assert.equal(outcomeProblem(entryOf(tree, "B").node, TOLERANCE), "");
  assert.equal(outcomeProblem(leaf("W", 7, { player: "chance" }), TOLERANCE), ""); // a chance leaf: a game over on its turn
});

test("the warning follows the selection: the chance node, one of its outcomes, or a node elsewhere", () => {
  const tree = chanceTree(0.5, 0.4);
  const here = "Chance node D: probabilities sum to 0.9, not 1. Run refuses the tree until this is fixed.";
  assert.equal(outcomeWarning(tree, entryOf(tree, "D"), TOLERANCE), here);
  assert.equal(outcomeWarning(tree, entryOf(tree, "D2"), TOLERANCE), here);
  assert.equal(outcomeWarning(tree, entryOf(tree, "B"), TOLERANCE),
    "Chance node D (select it to fix): probabilities sum to 0.9, not 1.");
  const fixed = chanceTree(0.6, 0.4);
  assert.equal(outcomeWarning(fixed, entryOf(fixed, "D2"), TOLERANCE), "");
});

test("a probability that makes the sum wrong is an edit like any other, not refused", () => {
  const tree = chanceTree(0.5, 0.5);
  const { tree: next } = setFields(tree, "D1", { probability: 0.75 }, LIMITS);
  assert.equal(entryOf(next, "D1").node.probability, 0.75);
  assert.equal(outcomeProblem(entryOf(next, "D").node, TOLERANCE), "probabilities sum to 1.25, not 1");
});

test("Add child's round trip through the server's validator sets aside, then puts back, what it would refuse", () => {
  const tree = chanceTree(0.5, 0.4);
  const { tree: added } = addChild(tree, "D", LIMITS);
  const sent = outcomesSetAside(added);
  assert.ok(walk(sent).every(({ node }) => node.probability === undefined));
  // The server names the new child (here by hand, as POST /api/trees/check would).
  const named = JSON.parse(JSON.stringify(sent));
  Object.assign(named.children[1].children[2], { id: "D3", label: "D3" });
  const back = wellFormed(outcomesPutBack(named, added));
  assert.deepEqual(back.children[1].children.map((c) => [c.id, c.probability]), [["D1", 0.5], ["D2", 0.4], ["D3", undefined]]);
  assert.equal(outcomeProblem(back.children[1], TOLERANCE), "D3 has no probability: give every outcome one, or none for equal chances");
  // A chance node without outcomes yet is sent as MAX and comes back a chance node.
  const bare = wellFormed({ id: "A", label: "A", player: "max", children: [{ id: "C", label: "C", player: "chance", value: 0 }] });
  assert.equal(outcomesSetAside(bare).children[0].player, "max");
  assert.equal(outcomesPutBack(outcomesSetAside(bare), bare).children[0].player, "chance");
  assert.throws(() => outcomesPutBack({ id: "A", label: "A", player: "max", value: 1 }, bare), /another shape/);
});

// The three players of AIMA 4th ed. §5.2.2 (figure 5.4), cut down: R (A) over two leaves.
function playersTree() {
  return wellFormed({ id: "R", label: "R", player: "A", players: ["A", "B", "C"], children: [
    { id: "R1", label: "R1", player: "B", value: [1, 2, 6] },
    { id: "R2", label: "R2", player: "B", value: [4, 2, 3] },
  ] });
}

test("a players tree's value is typed as numbers separated by commas, one for each player", () => {
  const players = ["A", "B", "C"];
  assert.deepEqual(parseValue("1, 2, 6", "value", LIMITS, players), [1, 2, 6]);
  assert.deepEqual(parseValue(" -1.5,2e1,\u22123 ", "value", LIMITS, players), [-1.5, 20, -3]);
  assert.equal(parseValue("", "eval", LIMITS, players, { optional: true }), undefined);
  const refused = (text, message) => assert.throws(() => parseValue(text, "value", LIMITS, players),
    (err) => err instanceof EditError && err.message === message);
  refused("1, 2", "value: expected 3 numbers separated by commas, one for each of A, B, C (got 2)");
  refused("1, 2, 3, 4", "value: expected 3 numbers separated by commas, one for each of A, B, C (got 4)");
  refused("1, x, 3", "value for B: expected a finite number");
  refused("1, , 3", "value for B: expected a finite number");
  refused("", "value: expected 3 numbers separated by commas, one for each of A, B, C");
  refused("1, 2, 1e12", "value for C: outside the allowed range ±1,000,000,000");
  assert.equal(parseValue("7", "value", LIMITS, null), 7); // a plain tree: one number, as before
  assert.equal(valueText([1, 2, 6]), "1, 2, 6");
  assert.equal(valueText(4), "4");
});

test("a players tree's leaf takes a vector, and only one with a number per player", () => {
  const { tree } = setFields(playersTree(), "R1", { value: [7, 8, 9] }, LIMITS);
  assert.deepEqual(tree.children[0].value, [7, 8, 9]);
  assert.throws(() => setFields(playersTree(), "R1", { value: 5 }, LIMITS),
    (err) => err instanceof EditError && err.message === "value: expected a list of 3 numbers, one for each of A, B, C");
  assert.throws(() => setFields(playersTree(), "R1", { value: [1, 2] }, LIMITS), EditError);
});

test("in a players tree a new child is the next player's, with a value for every player", () => {
  const { tree } = addChild(playersTree(), "R1", LIMITS);
  assert.deepEqual(tree.children[0].children[0], { player: "C", value: [0, 0, 0] });
  const { tree: wrapped } = addChild(playersTree(), "R", LIMITS);
  assert.equal(wrapped.children[2].player, "B"); // R is A's: its children are B's
  const single = wellFormed({ id: "R", label: "R", player: "A", players: ["A", "B"], children: [
    { id: "R1", label: "R1", player: "B", children: [{ id: "X", label: "X", player: "A", value: [1, 2] }] }] });
  const r = deleteSubtree(single, "X");
  assert.deepEqual(r.tree.children[0].value, [0, 0]);
  assert.equal(r.note, "R1 is a leaf now: its value is ⟨0, 0⟩ until you set it");
});
