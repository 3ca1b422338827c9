// The presentation model (static/js/view/presentation.js): what each node and edge shows at a
// step, the one answer the view and the LaTeX export both draw.
import { test } from "node:test";
import assert from "node:assert/strict";
import { CUT_WORDS, Status, presentNode, stepContext } from "../../../static/js/view/presentation.js";
import { goldenEvents, replayOf, stepWhere } from "../golden_traces.js";

const events = goldenEvents("lecture");
const lecture = replayOf(events);
const PRUNE_AT_C = stepWhere(events, (e) => e.type === "prune" && e.node === "C");

// {id: presentNode(...)} for every node at step k.
function shownAt(replay, k) {
  const state = replay.stateAt(k);
  const t = replay.tree;
  const context = stepContext(state, t);
  return Object.fromEntries(t.ids.map((id, i) => [id, presentNode(state, t, i, context)]));
}

test("step 0: the root is current, the rest unvisited, the problem's leaf values given", () => {
  const shown = shownAt(lecture, 0);
  assert.equal(shown.A.status, Status.CURRENT);
  for (const id of ["B", "C", "C2", "D3"]) assert.equal(shown[id].status, Status.UNVISITED);
  assert.deepEqual([shown.C2.value, shown.C2.valueText, shown.C2.given, shown.C2.final], [4, "4", true, false]);
  assert.deepEqual([shown.B.value, shown.B.valueText, shown.B.given], [undefined, "", false]);
  assert.equal(shown.A.edge, null, "the root has no edge");
});

test("at the prune at C: statuses, values, the window on the path to C, and kept at the nodes done", () => {
  const shown = shownAt(lecture, PRUNE_AT_C);
  assert.equal(shown.C.status, Status.CURRENT);
  assert.equal(shown.C1.status, Status.DONE);
  assert.equal(shown.C2.status, Status.PRUNED);
  assert.equal(shown.D.status, Status.UNVISITED);
  assert.deepEqual([shown.C.valueText, shown.C.final], ["2", false]);
  assert.deepEqual([shown.C1.valueText, shown.C1.final, shown.C1.given], ["2", true, false]);
  assert.deepEqual([shown.B.valueText, shown.B.final], ["3", true]);
  assert.equal(shown.A.windowText, "[3, +∞]");
  assert.equal(shown.C.windowText, "[3, +∞]");
  assert.deepEqual(shown.C.window, { alpha: 3, beta: Infinity });
  // A child that returned keeps the window it had, as the slides keep it (the view dims it):
  // B's β fell to 3 while it searched; its leaves kept the window B passed down.
  assert.equal(shown.B.windowText, "[−∞, 3]");
  assert.equal(shown.B1.windowText, "[−∞, +∞]");
  assert.equal(shown.C1.windowText, "[3, +∞]");
  // Never searched: no window.
  for (const id of ["C2", "C3", "D", "D1"]) {
    assert.equal(shown[id].window, null, id);
    assert.equal(shown[id].windowText, "", id);
  }
  assert.deepEqual(Object.keys(shown).filter((id) => shown[id].onPath), ["A", "C"]);
  assert.equal(shown.C.order, "6");
  assert.equal(shown.C2.order, "");
});

test("the cut edges: both into skipped children, the words on the first one only", () => {
  const shown = shownAt(lecture, PRUNE_AT_C);
  assert.deepEqual(shown.C2.edge, { onPath: false, pruned: true, dropped: false, cut: "alpha", chosen: false, cutWords: "α cut" });
  assert.deepEqual(shown.C3.edge, { onPath: false, pruned: true, dropped: false, cut: "alpha", chosen: false, cutWords: "" });
  assert.deepEqual(shown.C.edge, { onPath: true, pruned: false, dropped: false, cut: null, chosen: false, cutWords: "" });
  assert.deepEqual(shown.C1.edge, { onPath: false, pruned: false, dropped: false, cut: null, chosen: false, cutWords: "" });
  // Before the prune there is no cut.
  assert.equal(shownAt(lecture, PRUNE_AT_C - 1).C2.edge.cut, null);
});

test("a beta cut names itself on its first skipped child; one named cut per prune", () => {
  const ttt = goldenEvents("tictactoe");
  const replay = replayOf(ttt);
  const shown = shownAt(replay, replay.last);
  const beta = ttt.filter((e) => e.type === "prune" && e.cut === "beta" && e.pruned.length > 1)[0];
  const [first, second] = beta.pruned;
  assert.equal(shown[first].edge.cutWords, CUT_WORDS.beta);
  assert.equal(CUT_WORDS.beta, "β cut");
  assert.equal(shown[second].edge.cutWords, "");
  assert.equal(shown[second].edge.cut, "beta");
  const withWords = Object.values(shown).filter((n) => n.edge && n.edge.cutWords);
  const prunes = ttt.filter((e) => e.type === "prune" && e.pruned.length > 0);
  assert.equal(withWords.length, prunes.length, "one named cut per prune that skipped something");
  // A pruned game child is never played out: no board, shown or not.
  assert.equal(shown[first].status, Status.PRUNED);
  assert.equal(shown[first].board, false);
  assert.equal(shown.root.board, true);
});

test("at the result: nothing current, windows only where a search was done, the chosen move marked once", () => {
  const shown = shownAt(lecture, lecture.last);
  const nodes = Object.entries(shown);
  assert.ok(nodes.every(([, n]) => n.status !== Status.CURRENT && !n.onPath));
  assert.ok(nodes.every(([, n]) => (n.window !== null) === (n.status === Status.DONE || n.status === Status.BOUNDED)));
  assert.deepEqual([shown.C.status, shown.C.valueText, shown.C.bound, shown.C.final], [Status.BOUNDED, "≤ 2", "upper", false]);
  assert.deepEqual(nodes.filter(([, n]) => n.window === null).map(([id]) => id), ["C2", "C3"]);
  assert.equal(shown.A.windowText, "[3, +∞]");
  assert.deepEqual(nodes.filter(([, n]) => n.chosen).map(([id]) => id), ["B"]);
  assert.deepEqual(nodes.filter(([, n]) => n.edge && n.edge.chosen).map(([id]) => id), ["B"]);
  assert.deepEqual([shown.A.status, shown.A.valueText, shown.A.final], [Status.DONE, "3", true]);
});

test("estimates at the depth limit are flagged; minimax shows no windows", () => {
  const ttt = goldenEvents("tictactoe");
  const replay = replayOf(ttt);
  const k = stepWhere(ttt, (e) => e.type === "leaf" && e.kind === "estimate");
  const state = replay.stateAt(k);
  const node = presentNode(state, replay.tree, state.current);
  assert.equal(node.estimate, true);
  assert.equal(node.windowText, "[−∞, +∞]");
  const minimax = replayOf(goldenEvents("lectureMinimax"));
  for (let step = 0; step <= minimax.last; step++) {
    for (const n of Object.values(shownAt(minimax, step))) assert.equal(n.window, null);
  }
});

test("every status shown is a named one, at every step of every golden trace", () => {
  const named = new Set(Object.values(Status));
  for (const name of ["lecture", "tictactoe", "isolation"]) {
    const replay = replayOf(goldenEvents(name));
    for (let k = 0; k <= replay.last; k++) {
      for (const n of Object.values(shownAt(replay, k))) assert.ok(named.has(n.status), `${name} step ${k}: ${n.status}`);
    }
  }
});
