// Chance nodes and several players in the browser's logic: the trace tree keeps their players,
// probabilities and bounds; values show as AIMA 4th ed. writes them (⟨1, 2, 6⟩, §5.2.2); the
// narration names the sum, the chance test and the deciding component; the LaTeX export draws
// circles and vectors.
// Traces: the golden files tests/golden/*.jsonl, which tests/engine/test_cli.py pins to what
// `python -m search trace` writes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Replay } from "../../../static/js/replay/replay_state.js";
import { narrate } from "../../../static/js/narration/narration.js";
import { sameValue, showValue } from "../../../static/js/view/value_format.js";
import { treeToTikz, latexValue } from "../../../static/js/export/latex_export.js";

function replayOf(name) {
  const url = new URL(`../../golden/${name}`, import.meta.url);
  const events = readFileSync(url, "utf8").trim().split("\n").map((line) => JSON.parse(line));
  const replay = new Replay(events[0]);
  replay.append(events.slice(1));
  return { replay, events };
}

const sentence = ({ replay, events }, k) => narrate(events[k], replay, replay.stateAt(k));

test("values: vectors, sums to six digits, vectors compared by component", () => {
  assert.equal(showValue([1, 2, 6]), "⟨1, 2, 6⟩");
  assert.equal(showValue(0.1 + 0.2), "0.3");
  assert.equal(showValue(null), "");
  assert.ok(sameValue([1, 2], [1, 2]) && !sameValue([1, 2], [2, 1]) && !sameValue(null, [1, 2]));
  assert.equal(latexValue([1, -2]), "$\\langle$1, $-$2$\\rangle$");
});

test("a chance tree: roles, probabilities, bounds; the sum, the test and the prune in words", () => {
  const run = replayOf("chance_bounded_alphabeta.jsonl");
  const t = run.replay.tree;
  assert.equal(t.role(t.idx("D")), "chance");
  assert.equal(t.role(t.idx("D1")), "min");
  assert.deepEqual([t.probability[t.idx("B1")], t.probability[t.idx("D1")], t.probability[t.idx("D2")]], [0.5, 0.75, 0.25]);
  assert.deepEqual(t.bounds, [0, 10]);
  const at = (type, node) => run.events.findIndex((e) => e.type === type && e.node === node);
  assert.equal(sentence(run, at("backup", "D")), "D: v ← 0 + 0.75 × 2 = 1.5 (outcome D1, probability 0.75)");
  const test = run.events.findIndex((e) => e.type === "test" && e.node === "D" && e.holds);
  assert.equal(sentence(run, test), "D: v + rest × hi = 1.5 + 0.25 × 10 = 4 ≤ α = 5? Yes: return 4 now");
  assert.match(sentence(run, at("prune", "D")), /D2 is not looked at \(α cut\)$/);
  assert.match(sentence(run, at("visit", "C1")), /window \[α = 0, β = 10\]: the bounds \[lo, hi\]/);
  assert.equal(sentence(run, run.events.length - 1),
    "Result: A = 5, best move C. Alpha-beta evaluated 10 of 12 leaves (2 fewer than expectiminimax)");
});

test("a players tree: vectors kept, the deciding component named", () => {
  const run = replayOf("three_players_maxn.jsonl");
  const t = run.replay.tree;
  assert.deepEqual(t.players, ["A", "B", "C"]);
  assert.equal(t.role(t.idx("R1a")), "maxn");
  assert.equal(t.component(t.idx("R1a")), 2);
  const k = run.events.findIndex((e) => e.type === "backup" && e.node === "R1a" && e.v_before !== null);
  assert.equal(sentence(run, k), "R1a: C keeps ⟨1, 2, 6⟩: its component 6 beats 3 (R1a2 has ⟨4, 2, 3⟩)");
  const state = run.replay.stateAt(run.events.length - 1);
  assert.deepEqual(state.vOf(t.root), [1, 2, 6]);
  assert.equal(sentence(run, run.events.length - 1), "Result: R = ⟨1, 2, 6⟩, best move R1");
});

test("the LaTeX export draws chance circles with probabilities and max^n vectors", () => {
  for (const [name, part] of [["chance_bounded_alphabeta.jsonl", "chance node"], ["three_players_maxn.jsonl", "maxn node"]]) {
    const { replay, events } = replayOf(name);
    const t = replay.tree;
    const x = t.ids.map((_, i) => i * 40);
    const y = t.ids.map((_, i) => (t.pathTo(i).length - 1) * 108);
    const text = treeToTikz({ tree: t, state: replay.stateAt(events.length - 1), x, y, drawn: t.size, title: name }).text;
    assert.ok(text.includes(`[${part}, `), name);
    if (part === "chance node") assert.ok(text.includes("[probability, anchor=") && text.includes("{0.75};"));
    else assert.ok(text.includes("$\\langle$1, 2, 6$\\rangle$"));
  }
});

test("expectiminimax's golden trace: D's weighted sum step by step, and the answer", () => {
  const run = replayOf("chance_expectiminimax.jsonl");
  const sums = run.events.map((e, k) => [e, k]).filter(([e]) => e.type === "backup" && e.node === "D").map(([, k]) => sentence(run, k));
  assert.deepEqual(sums, [
    "D: v ← 0 + 0.75 × 2 = 1.5 (outcome D1, probability 0.75)",
    "D: v ← 1.5 + 0.25 × 4 = 2.5 (outcome D2, probability 0.25)",
  ]);
  const last = run.events.length - 1;
  assert.equal(sentence(run, last), "Result: A = 5, best move C");
  assert.equal(run.replay.stateAt(last).vOf(run.replay.tree.idx("D")), 2.5);
});
