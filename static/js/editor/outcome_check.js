// A chance node's outcomes as the instructor edits them: their probabilities are all given and
// sum to 1 (within the server's probability_tolerance, GET /api/limits), or all left out (equal
// chances). The editor says what is wrong while it is being fixed, and refuses no edit for it:
// going from 0.5, 0.5 to 0.75, 0.25 takes a step that sums to 1.25. Run still goes through the
// server's validator, which refuses such a tree (search/trees/rules.py check_outcomes).

import { walk } from "./editable_tree.js";

// What is wrong with chance node `node`'s outcomes, in words, or "" (also for any other node,
// and for a chance leaf: search/trees/rules.py refuses one only in a tree with bounds).
// The sum is a plain one: its rounding (about 1e-16 per outcome) is far inside the tolerance.
export function outcomeProblem(node, tolerance) {
  if (node.player !== "chance") return "";
  const kids = node.children || [];
  // A leaf may be anyone's turn (a game over on a chance player's move): its value is all it has.
  if (!kids.length) return "";
  const missing = kids.filter((k) => k.probability === undefined);
  if (missing.length === kids.length) return "";
  if (missing.length) {
    return `${missing[0].label} has no probability: give every outcome one, or none for equal chances`;
  }
  const total = kids.reduce((sum, k) => sum + k.probability, 0);
  if (Math.abs(total - 1) > tolerance) return `probabilities sum to ${Number(total.toPrecision(12))}, not 1`;
  return "";
}

// The warning to show under the form with `entry` ({node, parent}) selected: about the
// selected chance node, or the chance node whose outcome is selected, or else the first chance
// node in the tree with a problem (so one far from the selection is not missed). "" if none.
export function outcomeWarning(tree, entry, tolerance) {
  const near = [entry.node, entry.parent].filter((n) => n && n.player === "chance");
  for (const node of near) {
    const problem = outcomeProblem(node, tolerance);
    if (problem) return `Chance node ${node.label}: ${problem}. Run refuses the tree until this is fixed.`;
  }
  for (const { node } of walk(tree)) {
    const problem = outcomeProblem(node, tolerance);
    if (problem) return `Chance node ${node.label} (select it to fix): ${problem}.`;
  }
  return "";
}

// Add child asks the server to name the new node (POST /api/trees/check), and the server's
// validator refuses a tree whose outcomes are not yet right, so those edits would be blocked
// too. The server is sent the tree with what it would refuse set aside (no probabilities: equal
// chances; a chance node without outcomes yet: MAX), and it is put back in the named tree it
// answers with, node by node (the same shape, in the same depth-first order).
export function outcomesSetAside(tree) {
  const copy = JSON.parse(JSON.stringify(tree));
  for (const { node } of walk(copy)) {
    delete node.probability;
    if (node.player === "chance" && !(node.children && node.children.length)) node.player = "max";
  }
  return copy;
}

export function outcomesPutBack(named, tree) {
  const out = JSON.parse(JSON.stringify(named));
  const from = walk(tree);
  const to = walk(out);
  if (from.length !== to.length) throw new Error("the server's named tree has another shape");
  to.forEach(({ node }, k) => {
    const was = from[k].node;
    node.player = was.player;
    if (was.probability === undefined) delete node.probability;
    else node.probability = was.probability;
  });
  return out;
}
