// Practice mode's reading of what a student types (static/js/practice/exercise_words.js): numbers and the
// infinities as the server wants them, and the answer built from the boxes and the ✂ marks.
import { test } from "node:test";
import assert from "node:assert/strict";
import { answerFrom, readBound, readValue, scoreWords, settingsWords } from "../../../static/js/practice/exercise_words.js";

test("values are finite numbers; bounds take every spelling of infinity", () => {
  assert.equal(readValue(" 3 "), 3);
  assert.equal(readValue("−2.5"), -2.5);
  assert.equal(readValue(""), null);
  assert.equal(readValue("inf"), "inf"); // a slip's value (search.misconceptions) can be infinite
  assert.equal(readValue("−∞"), "-inf");
  assert.throws(() => readValue("three"), /expected a number/);
  for (const text of ["inf", "∞", "+∞", "+inf", "Infinity"]) assert.equal(readBound(text), "inf");
  for (const text of ["-inf", "−∞", "-∞", "− inf"]) assert.equal(readBound(text), "-inf");
  assert.equal(readBound("-7"), -7);
  assert.throws(() => readBound("lots"), /expected a number, -inf or inf/);
});

test("the answer leaves out pruned branches, marks under a mark, and (for a hint) unreadable boxes", () => {
  const typed = {
    values: { A: "3", B: "3", C: "2", D: "x" },
    bounds: { A: ["-inf", "∞"], C2: ["3", "inf"], B: ["1", ""] },
    pruned: ["C2", "C", "D1"],
  };
  const parents = { C2: "C", D1: "D", C: "A", D: "A", B: "A", A: null };
  const under = (id) => {
    for (let p = parents[id]; p; p = parents[p]) if (typed.pruned.includes(p)) return true;
    return false;
  };
  const answer = answerFrom(typed, ["values", "bounds", "pruned"], under, false);
  assert.deepEqual(answer, { values: { A: 3, B: 3 }, bounds: { A: ["-inf", "inf"] }, pruned: ["C", "D1"] });
  assert.deepEqual(answerFrom(typed, ["values"], under, false), { values: { A: 3, B: 3 } });
  assert.throws(() => answerFrom(typed, ["values"], under, true), (e) => e.node === "D" && e.message === "value at D: expected a number");
  assert.throws(() => answerFrom({ bounds: { B: ["1", ""] } }, ["bounds"], () => false, true),
    (e) => e.field === "β" && /fill in both/.test(e.message));
});

test("the settings in words", () => {
  const words = settingsWords({ algorithm: "alphabeta", ties: "explore", root_player: "min" });
  assert.equal(words, "Search this tree with alpha-beta, MIN to move at the root, children left to right; ties: explore ties (v > β, v < α). " +
    "A node returns v, as the slides' pseudocode (a cut node returns the v it was cut with, a bound on its value).");
  // The fail-hard form says so: the slides draw both, and they differ at a cut.
  assert.match(settingsWords({ algorithm: "alphabeta", ties: "prune", returns: "bound", root_player: "max" }),
    /A node returns as the slides' figure does \(fail-hard\): α or β when it is cut/);
  assert.equal(settingsWords({ algorithm: "minimax", ties: "prune", root_player: "max" }),
    "Search this tree with minimax, MAX to move at the root, children left to right.");
});

test("a number too large for a double is refused on the page, not sent as null", () => {
  // Number("1e400") is Infinity, which JSON.stringify sends as null: the server then refused it
  // with a message about the wire format rather than what the student typed.
  assert.throws(() => readValue("1e400"), /expected a finite number/);
  assert.throws(() => readValue("-1e400"), /expected a finite number/);
  assert.throws(() => readBound("1e400"), /expected a finite number, -inf or inf/);
  assert.equal(readBound("1e3"), 1000);
});

test("scoreWords: the share of marks right, with the counts it is made of", () => {
  assert.equal(scoreWords({ correct: true, score: 1, asked: 6, extra: 0, right: 6 }), "Correct! Score 100%: every answer matches the search.");
  assert.equal(scoreWords({ correct: false, score: 0.6667, asked: 6, extra: 0, right: 4 }), "Score 67%: 4 of 6 marks right.");
  assert.equal(scoreWords({ correct: false, score: 0, asked: 6, extra: 2, right: 0 }),
    "Score 0%: 0 of 8 marks right (6 asked marks wrong, and 2 extra marks where the search has none).");
  assert.equal(scoreWords({ correct: false, score: 0.5, asked: 1, extra: 1, right: 1 }),
    "Score 50%: 1 of 2 marks right (0 asked marks wrong, and 1 extra mark where the search has none).");
  assert.equal(scoreWords({ correct: false, score: 0.25 }), "Score 25%.");
  assert.equal(scoreWords({ correct: false, score: 0.7, asked: 6, extra: 0, right: 4 }, true), "Score 70% (weighted): 4 of 6 marks right.");
});
