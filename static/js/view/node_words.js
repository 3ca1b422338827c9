// A node of the drawing in words, for a screen reader and a keyboard user: the accessible name
// of its tree item, in the order the students asked for: label, player, its value or bound
// at this step (or "not visited yet", "pruned"), its [α, β] window, then where the search stands
// ("current", "finished", "the move chosen"). "B, MIN node, value 3, window −∞ to 3, finished".
// Built from presentNode() (presentation.js), the same record the drawing shows, so the words and
// the picture cannot disagree. No DOM here: Node's tests import it.

import { Status } from "./presentation.js";
import { boundWords, showValue } from "./value_format.js";

const ROLE_WORDS = { max: "MAX node", min: "MIN node", chance: "chance node" };

// How the tree item names node i: a tree node by its label, a game node by its moves ("X 2 · O 4").
export function itemLabel(tree, i) {
  return tree.kind === "tree" ? tree.label[i] : tree.nameOf(tree.ids[i]);
}

// "MAX node", "MIN node", "chance node", "player B's node" (max^n), or "leaf" for a node the
// search evaluates rather than expands (a lecture leaf, a game's end or depth-limit position).
export function playerWords(tree, i, node) {
  const leaf = tree.childCount(i) === 0 && (tree.given[i] !== undefined || node.estimate || node.final || node.bound !== undefined);
  if (leaf && tree.kind === "tree") return "leaf";
  const role = tree.role(i);
  const who = role === "maxn" ? `player ${tree.player[i]}'s node` : ROLE_WORDS[role];
  return leaf ? `${who}, a leaf` : who;
}

// The value part: what the search knows of the node at this step.
export function valueWords(node) {
  const kept = node.status;
  if (kept === Status.UNVISITED) return node.given ? `not visited yet, given value ${showValue(node.value)}` : "not visited yet";
  if (kept === Status.PRUNED) return node.edge && node.edge.cut ? `pruned by the ${node.edge.cut === "alpha" ? "α" : "β"} cut` : "pruned";
  if (kept === Status.DROPPED) return "never considered (beam)";
  if (node.value === undefined || node.given) return "no value yet";
  if (node.bound) return `value ${boundWords(node.value, node.bound)} (a bound: cut short)`;
  return node.estimate ? `estimate ${showValue(node.value)} (depth limit)` : `value ${showValue(node.value)}`;
}

// "window −∞ to 3", or "" where the node shows none (minimax, unvisited, pruned).
export function windowWords(node) {
  return node.window ? `window ${showValue(node.window.alpha)} to ${showValue(node.window.beta)}` : "";
}

// Where the search stands with the node: "current", "on the current path", "finished".
function standingWords(node) {
  if (node.status === Status.CURRENT) return "current";
  if (node.onPath) return "on the current path";
  return node.status === Status.DONE && !node.given ? "finished" : "";
}

// The whole name: "B, MIN node, value 3, window −∞ to 3, finished".
export function nodeName(tree, i, node) {
  const parts = [itemLabel(tree, i), playerWords(tree, i, node), valueWords(node), windowWords(node), standingWords(node)];
  if (node.chosen) parts.push("the move chosen");
  if (node.order) parts.push(`visit ${node.order}`);
  return parts.filter(Boolean).join(", ");
}
