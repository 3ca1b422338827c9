import test from "node:test";
import assert from "node:assert/strict";
import { checkedWords, currentWords, ideaWords, streakDots, summaryWords } from "../../../static/js/practice/path_words.js";

const idea = (state, streak) => ({ id: "strict-test", name: "the strict test", state, streak, needed: 2, trees: 1, shown: 1 });
const progress = (fields) => ({ trees: 1, right: 0, level: 1, levels: 4, done: false, finished: null, limit: 60, mastery: 2, mastered: 0,
  current: { target: null, level: 1 }, ideas: [], ...fields });

test("an idea's state and how far it is from mastered, in dots and words", () => {
  assert.equal(streakDots(idea("practising", 0)), "○○");
  assert.equal(streakDots(idea("practising", 1)), "●○");
  assert.equal(streakDots(idea("mastered", 2)), "●●");
  assert.equal(ideaWords(idea("practising", 1)), "the strict test: practising now, 1 of 2 right in a row");
  assert.equal(ideaWords(idea("waiting", 0)), "the strict test: next, after the one practised now");
  assert.equal(ideaWords(idea("mastered", 2)), "the strict test: mastered (2 trees right in a row)");
});

test("what the tree to do now is for: a first tree, an idea, a harder tree, the end", () => {
  assert.equal(currentWords(progress({ trees: 0 })), "A first tree (level 1 of 4): it shows what to practise.");
  assert.equal(currentWords(progress({ current: { target: { id: "strict-test", name: "the strict test" }, level: 1 } })),
    "This tree tests the idea “the strict test”: a search following it gets another answer here.");
  assert.equal(currentWords(progress({ trees: 3, current: { target: null, level: 2 } })), "A harder tree: level 2 of 4.");
  assert.match(currentWords(progress({ done: true, finished: "levels", current: null })), /^You have finished this path/);
  assert.match(currentWords(progress({ done: true, finished: "limit", trees: 58, limit: 60, current: null })), /at most 60 trees/);
});

test("what a check did: a retry changes nothing; right and wrong, with and without an idea practised", () => {
  const before = progress({ trees: 1, right: 0 });
  const target = { id: "strict-test", name: "the strict test" };
  assert.match(checkedWords(before, before, target), /^Only your first check of a tree counts/);
  assert.match(checkedWords(null, before, target), /^Only your first check/);
  assert.equal(checkedWords(before, progress({ trees: 2, right: 1, ideas: [idea("practising", 1)] }), target),
    "Right first time: 1 of 2 right in a row for “the strict test”.");
  assert.equal(checkedWords(before, progress({ trees: 2, right: 1, ideas: [idea("mastered", 2)] }), target),
    "Right first time: “the strict test” is mastered.");
  assert.equal(checkedWords(before, progress({ trees: 2, right: 0, ideas: [idea("practising", 0)] }), target),
    "Not right at the first check: “the strict test” starts again at 0 of 2 right in a row.");
  assert.equal(checkedWords(before, progress({ trees: 2, right: 1 }), null), "Right first time: this tree counts as right.");
  assert.equal(checkedWords(before, progress({ trees: 2 }), null), "Not right at the first check: this tree does not count as right.");
  assert.equal(checkedWords(before, progress({ trees: 2, right: 0, ideas: [idea("practising", 0)] }), target, { score: 1, perfect: false }),
    "Right, but after a hint or the solution: “the strict test” starts again at 0 of 2 right in a row.");
});

test("the summary counts trees, right first time and ideas mastered", () => {
  assert.equal(summaryWords(progress({ trees: 1 })), "1 tree checked, 0 right first time.");
  assert.equal(summaryWords(progress({ trees: 3, right: 2, mastered: 1, ideas: [idea("mastered", 2)] })),
    "3 trees checked, 2 right first time; 1 of 1 idea mastered.");
});
