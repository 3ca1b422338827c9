import test from "node:test";
import assert from "node:assert/strict";
import { ownTreeWords, whoseCheckWords } from "../../../static/js/practice/roster_words.js";

const options = (attempts) => ({ hints: true, solution: true, attempts, grade: "best" });

test("a roster student is named by the roster; a page without the link is told how to open it", () => {
  assert.equal(whoseCheckWords({ roster: true, person: true, roster_student: "Ada", options: options(3) }, {}),
    "Your checks are kept under your name on the roster: Ada.");
  assert.match(whoseCheckWords({ roster: true, person: false, options: options(3) }, {}), /private link your instructor sent/);
});

test("graded use without a roster or an LMS says attempts are not tied to a person", () => {
  const words = whoseCheckWords({ roster: false, person: false, options: options(2) }, { student: "Bob" });
  assert.match(words, /“Bob”/);
  assert.match(words, /not tied to a person: anyone can type any name, so the limit of 2 attempts counts names/);
  assert.equal(whoseCheckWords({ roster: false, person: false, options: options(null) }, { student: "" }), "");
  assert.equal(whoseCheckWords({ roster: false, person: true, options: options(1) }, { student: "" }), "");
});

test("a tree of one's own is said; one tree for all says nothing", () => {
  assert.match(ownTreeWords({ variants: "per-student" }), /your own/);
  assert.match(ownTreeWords({ variants: "per-attempt" }), /new tree after each check/);
  assert.equal(ownTreeWords({ variants: "same" }), "");
  assert.equal(ownTreeWords({}), "");
});
