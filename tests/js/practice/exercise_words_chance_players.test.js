// Practice on chance trees and several players (static/js/practice/exercise_words.js): a max^n vector in
// every spelling a student types, a fraction for a chance sum, probabilities as the feedback writes them,
// and the settings in words.
import { test } from "node:test";
import assert from "node:assert/strict";
import { answerFrom, askedWords, howToWords, readValue, readVector, settingsWords, showProbability } from "../../../static/js/practice/exercise_words.js";

test("a vector is read in every spelling, with commas or spaces", () => {
  for (const text of ["1, 5, 2", "(1, 5, 2)", "⟨1,5,2⟩", "<1 5 2>", "[ 1 , 5 , 2 ]", " 1,5,2 "]) assert.deepEqual(readVector(text, 3), [1, 5, 2]);
  assert.deepEqual(readVector("−1, 2.5, 0", 3), [-1, 2.5, 0]);
  assert.equal(readVector("  ", 3), null);
});

test("a vector that cannot be read says why", () => {
  assert.throws(() => readVector("1, 5", 3), { message: "expected a vector of 3 numbers (one for each player), e.g. 1, 5, 2: you typed 2" });
  assert.throws(() => readVector("1, x, 2", 3), { message: 'expected a vector of 3 numbers, e.g. 1, 5, 2: the second is "x"' });
  assert.throws(() => readVector("(1, 5, 2", 3), /"\(" is not closed/);
  assert.throws(() => readVector("1e400, 1", 2), /finite/);
});

test("a chance sum may be typed as a fraction", () => {
  assert.equal(readValue("10/3"), 10 / 3);
  assert.equal(readValue("−5/2"), -2.5);
  assert.throws(() => readValue("1/0"), /denominator/);
});

test("probabilities are written as the feedback writes them", () => {
  assert.deepEqual([0.5, 0.25, 0.75, 0.1, 1 / 3, 2 / 7, 0.123456789].map(showProbability), ["0.5", "0.25", "0.75", "0.1", "1/3", "2/7", "0.123457"]);
});

test("a max^n answer is vectors; an unreadable one stops Check at its node", () => {
  const typed = { values: { R: "1, 2, 6", R1: "(1,2,6)", R2: "1, 5" } };
  assert.deepEqual(answerFrom(typed, ["values"], () => false, false, 3), { values: { R: [1, 2, 6], R1: [1, 2, 6] } });
  assert.throws(() => answerFrom(typed, ["values"], () => false, true, 3), (e) => e.node === "R2" && e.field === "value" &&
    e.message === "value at R2: expected a vector of 3 numbers (one for each player), e.g. 1, 5, 2: you typed 2");
});

test("the settings, what is asked and how, in words", () => {
  const maxn = { algorithm: "maxn", ask: ["values"], root_player: "A", players: ["A", "B", "C"] };
  assert.equal(settingsWords(maxn), "Search this tree with max^n: players A, B, C take turns, A to move at the root, children left " +
    "to right. Each node keeps the child vector whose component for the player to move there is highest (a tie keeps the first).");
  assert.equal(askedWords(maxn.ask, maxn), "Fill in the vector each internal node returns (one value for each of A, B, C).");
  assert.match(howToWords(maxn.ask, maxn), /^Type each internal node's vector in the box under it, 3 numbers in the players' order, e\.g\. 1, 5, 2\./);
  const chance = { algorithm: "expectiminimax", ask: ["values"], root_player: "max" };
  assert.match(settingsWords(chance), /^Search this tree with expectiminimax, MAX to move at the root, .*right within 1e-9\.$/);
  assert.match(settingsWords({ ...chance, root_player: "chance" }), /expectiminimax, chance at the root,/);
  assert.match(howToWords(chance.ask, chance), /a fraction such as 10\/3/);
  assert.equal(askedWords(["values"]), "Fill in the value each visited internal node returns.");
});
