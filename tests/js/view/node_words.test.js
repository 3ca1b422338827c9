// A node in words (static/js/view/node_words.js): the tree item's accessible name, in the order
// label, player, value or bound (or "not visited yet", "pruned"), window, then where the search stands.
import { test } from "node:test";
import assert from "node:assert/strict";
import { presentNode, stepContext } from "../../../static/js/view/presentation.js";
import { nodeName, playerWords, valueWords, windowWords } from "../../../static/js/view/node_words.js";
import { goldenEvents, replayOf, stepWhere } from "../golden_traces.js";

// {id: the tree item's name} for every node at step k.
function namesAt(replay, k) {
  const state = replay.stateAt(k);
  const t = replay.tree;
  const context = stepContext(state, t);
  return Object.fromEntries(t.ids.map((id, i) => [id, nodeName(t, i, presentNode(state, t, i, context))]));
}

const events = goldenEvents("lecture");
const lecture = replayOf(events);

test("step 0: the root current, every other node not visited yet, a leaf's given value said as given", () => {
  const names = namesAt(lecture, 0);
  assert.equal(names.A, "A, MAX node, no value yet, current");
  assert.equal(names.B, "B, MIN node, not visited yet");
  assert.equal(names.C2, "C2, leaf, not visited yet, given value 4");
});

test("B's return to A: the issue's own example, B's value and its window −∞ to 3", () => {
  const k = stepWhere(events, (e) => e.type === "return" && e.node === "B");
  const names = namesAt(lecture, k);
  assert.match(names.B, /^B, MIN node, value 3, window −∞ to 3, /);
  assert.match(names.A, /^A, MAX node, .*on the current path/);
});

test("the result: C's bound in words, its pruned children by the α cut, B the move chosen", () => {
  const names = namesAt(lecture, events.length - 1);
  assert.equal(names.A, "A, MAX node, value 3, window 3 to +∞, finished, visit 1");
  assert.equal(names.B, "B, MIN node, value 3, window −∞ to 3, finished, the move chosen, visit 2");
  assert.equal(names.C, "C, MIN node, value at most 2 (a bound: cut short), window 3 to +∞, visit 6");
  assert.equal(names.C2, "C2, leaf, pruned by the α cut");
  assert.equal(names.C3, "C3, leaf, pruned by the α cut");
  assert.equal(names.D3, "D3, leaf, value 2, window 3 to 5, finished, visit 11");
});

test("minimax keeps no window: the name says none", () => {
  const minimax = goldenEvents("lectureMinimax");
  const names = namesAt(replayOf(minimax), minimax.length - 1);
  assert.equal(names.B, "B, MIN node, value 3, finished, the move chosen, visit 2");
});

test("a game node is named by its moves, its player and an estimate at the depth limit", () => {
  const game = goldenEvents("tictactoe");
  const replay = replayOf(game);
  const names = namesAt(replay, game.length - 1);
  assert.match(names.root, /^the root, MAX node, value -?\d+, window .* to .*, finished/);
  const estimate = Object.values(names).find((n) => n.includes("estimate"));
  assert.match(estimate, /^X \d · O \d · X \d, MIN node, a leaf, estimate -?\d+ \(depth limit\)/);
});

test("the parts alone: player, value and window words", () => {
  assert.equal(valueWords({ status: "unvisited", given: false }), "not visited yet");
  assert.equal(valueWords({ status: "pruned", edge: { cut: "beta" } }), "pruned by the β cut");
  assert.equal(valueWords({ status: "dropped" }), "never considered (beam)");
  assert.equal(valueWords({ status: "bounded", value: 5, bound: "lower" }), "value at least 5 (a bound: cut short)");
  assert.equal(windowWords({ window: { alpha: -Infinity, beta: 3 } }), "window −∞ to 3");
  assert.equal(windowWords({ window: null }), "");
  const players = replayOf(goldenEvents("threePlayers"));
  const t = players.tree;
  assert.match(playerWords(t, t.root, { status: "current" }), /^player \S+'s node$/);
});
