// The narration (static/js/narration.js): one sentence per event, saying what the engine
// says happened (the backup's op, the prune's skipped children), nodes named as a student
// reads them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { narrate } from "../../static/js/narration.js";
import { goldenEvents, replayOf, stepWhere } from "./golden_traces.js";

const lectureEvents = goldenEvents("lecture");
const lecture = replayOf(lectureEvents);
const said = (match, events = lectureEvents, replay = lecture) => narrate(events[stepWhere(events, match)], replay);

test("start: the algorithm, the root, and a depth limit if there is one", () => {
  assert.equal(narrate(lectureEvents[0], lecture), "Alpha-beta search starts at A");
  // Minimax's options have no tie rule; nothing asks for one.
  const minimax = goldenEvents("lectureMinimax");
  assert.deepEqual(minimax[0].options, { depth: null });
  assert.equal(narrate(minimax[0], replayOf(minimax)), "Minimax search starts at A");
  const ttt = goldenEvents("tictactoe");
  assert.equal(narrate(ttt[0], replayOf(ttt)), "Alpha-beta search starts at root, depth limit 3");
});

test("visit: the node, MAX or MIN, and its window under alpha-beta only", () => {
  assert.equal(said((e) => e.type === "visit" && e.node === "C"), "Visit C (MIN), window [α = 3, β = ∞]");
  const minimax = goldenEvents("lectureMinimax");
  assert.equal(said((e) => e.type === "visit" && e.node === "C", minimax, replayOf(minimax)), "Visit C (MIN)");
});

test("leaf: a utility, or an estimate at the depth limit", () => {
  assert.equal(said((e) => e.type === "leaf" && e.node === "B2"), "B2 is a leaf: utility 12");
  const ttt = goldenEvents("tictactoe");
  const estimate = ttt[stepWhere(ttt, (e) => e.type === "leaf" && e.kind === "estimate")];
  assert.match(narrate(estimate, replayOf(ttt)), /^Move \d is at the depth limit: estimate -?\d+$/);
});

test("backup: the update the engine made, MAX or MIN, as the event says", () => {
  assert.equal(said((e) => e.type === "backup" && e.node === "B" && e.child === "B2"), "B: v = min(3, 12) = 3");
  assert.equal(said((e) => e.type === "backup" && e.node === "A" && e.child === "B"), "A: v = max(−∞, 3) = 3");
  // The sentence follows event.op, not the node's player.
  const backup = { type: "backup", node: "A", op: "min", child: "B", child_value: 3, v_before: "inf", v_after: 3 };
  assert.equal(narrate(backup, lecture), "A: v = min(∞, 3) = 3");
});

test("bound: which of alpha and beta, its new and old value", () => {
  assert.equal(said((e) => e.type === "bound" && e.node === "A"), "A: α = 3 (was −∞)");
  assert.equal(said((e) => e.type === "bound" && e.node === "D" && e.new === 5), "D: β = 5 (was 14)");
});

test("prune: the test, the bound, and the children skipped", () => {
  assert.equal(said((e) => e.type === "prune" && e.node === "C"), "C is MIN: v = 2 ≤ α = 3, so C2 and C3 are pruned (α cut)");
  const one = { type: "prune", node: "C", pruned: ["C3"], players: ["max"], moves: ["C3"], test: "v < alpha", cut: "alpha", v: 2, alpha: 3, beta: "inf" };
  assert.equal(narrate(one, lecture), "C is MIN: v = 2 < α = 3, so C3 is pruned (α cut)");
});

test("prune at the last child: nothing is left to skip, the node returns at once", () => {
  const atD = lectureEvents[stepWhere(lectureEvents, (e) => e.type === "prune" && e.node === "D")];
  assert.deepEqual(atD.pruned, []);
  assert.equal(narrate(atD, lecture), "D is MIN: v = 2 ≤ α = 3, so D returns at once (no children left to prune) (α cut)");
});

test("a beta cut in a game names the skipped positions by their moves", () => {
  const ttt = goldenEvents("tictactoe");
  const replay = replayOf(ttt);
  const prune = ttt[stepWhere(ttt, (e) => e.type === "prune" && e.node === "root.1.3")];
  assert.deepEqual(prune.moves, [5, 6, 7, 8]);
  assert.equal(narrate(prune, replay), "Move 3 is MAX: v = 100 ≥ β = 0, so move 5, move 6, move 7 and move 8 are pruned (β cut)");
});

test("result: the root's value and best move; a stopped search has none", () => {
  assert.equal(narrate(lectureEvents[lectureEvents.length - 1], lecture), "Result: A = 3, best move B");
  const iso = goldenEvents("isolation");
  assert.equal(narrate(iso[iso.length - 1], replayOf(iso)), "Result: root = 0, best move (0, 0)");
  const stopped = { type: "result", node: "A", value: null, move: null, child: null, complete: false, reason: "cancelled" };
  assert.equal(narrate(stopped, lecture), "Search stopped early (cancelled): no result");
  const limit = { ...stopped, reason: "event limit" };
  assert.equal(narrate(limit, lecture), "Search stopped early (event limit): no result");
});

test("every event of every golden trace reads as a sentence, with no path ids or gaps", () => {
  for (const name of ["lecture", "lectureMinimax", "tictactoe", "isolation"]) {
    const events = goldenEvents(name);
    const replay = replayOf(events);
    for (const e of events) {
      const text = narrate(e, replay);
      assert.doesNotMatch(text, /undefined|null|NaN|root\./, `${name} step ${e.seq}: ${text}`);
    }
  }
});
