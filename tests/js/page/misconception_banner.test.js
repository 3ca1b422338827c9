// The banner of a search that follows a misconception (static/js/page/misconception_banner.js), its
// link parameter (static/js/player/step_link.js) and the narration of its tests against the wrong
// bound (static/js/narration/mistaken_words.js, narration.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { bannerWords, misconceptionOf } from "../../../static/js/page/misconception_banner.js";
import { linkQuery, readLink } from "../../../static/js/player/step_link.js";
import { narrate } from "../../../static/js/narration/narration.js";
import { goldenEvents, replayOf } from "../golden_traces.js";

test("the banner's words come from the start event's misconception and the catalogue", () => {
  assert.equal(misconceptionOf({ options: { depth: null, misconception: "max-min-swapped" } }), "max-min-swapped");
  assert.equal(misconceptionOf({ options: { depth: null } }), null);
  assert.equal(misconceptionOf(null), null);
  const m = { id: "strict-test", follows: "alpha-beta that prunes only on v > β and v < α", idea: "the slides prune on ties" };
  assert.deepEqual(bannerWords("strict-test", m), {
    title: "This search follows a misconception: alpha-beta that prunes only on v > β and v < α.",
    idea: "The slides prune on ties.",
  });
  assert.equal(bannerWords("new-one", null).title, "This search follows a misconception: new-one.");
});

test("a link carries misconception=<id> both ways, and refuses what is no id", () => {
  const link = readLink("?example=lecture&algorithm=alphabeta&misconception=tests-wrong-bound&step=4");
  assert.equal(link.request.misconception, "tests-wrong-bound");
  assert.match(linkQuery({ request: link.request, detail: "every", step: 4 }), /misconception=tests-wrong-bound/);
  assert.throws(() => readLink("?example=lecture&misconception=%3Cb%3E"), /link: misconception must be an id/);
});

test("a test against the wrong bound is narrated as what it is, never with undefined or NaN", () => {
  // The lecture trace's test at B, as testing against the wrong bound writes it (v <= beta at MIN).
  const events = goldenEvents("lecture");
  const replay = replayOf(events);
  const test = { ...events.find((e) => e.type === "test" && e.node === "B"), test: "v <= beta", beta: 3, holds: true };
  const said = narrate(test, replay, replay.stateAt(8));
  assert.equal(said, "B: 3 ≤ β = 3 (the wrong bound: the slides test v ≤ α at MIN)? Yes: return v now");
  const prune = { seq: 9, type: "prune", node: "B", line: "min.test", pruned: ["B2", "B3"], test: "v <= beta", cut: "beta", v: 3, alpha: "-inf", beta: 3 };
  const cut = narrate(prune, replay, replay.stateAt(8));
  assert.equal(cut, "B is MIN with v = 3 ≤ β = 3 (the wrong bound: the slides test v ≤ α at MIN): B2 and B3 are not looked at");
});
