// A link's predict=1 (predict mode on): read strictly, and written by a step link only when on.
import { test } from "node:test";
import assert from "node:assert/strict";
import { linkQuery, momentQuery, readLink, readPredictParam } from "../../../static/js/player/step_link.js";

test("predict=1 turns predict mode on; left out, off; anything else is refused naming the parameter", () => {
  assert.equal(readPredictParam("?example=lecture&predict=1"), true);
  assert.equal(readPredictParam("predict=true"), true);
  assert.equal(readPredictParam("predict=0"), false);
  assert.equal(readPredictParam("?step=4"), false);
  assert.throws(() => readPredictParam("predict=yes"), /link: predict must be 1 \(on\) or left out \(off\), not "yes"/);
});

test("a step link says predict=1 only when the mode is on, and the rest of the link reads as before", () => {
  assert.equal(momentQuery({ detail: "key", step: 7 }), "detail=key&step=7");
  assert.equal(momentQuery({ detail: "every", step: 7, predict: true }), "step=7&predict=1");
  const query = linkQuery({ request: { example: "lecture", algorithm: "alphabeta", ties: "prune", depth: null }, detail: "every", step: 19, predict: true });
  assert.equal(query, "example=lecture&algorithm=alphabeta&step=19&predict=1");
  const link = readLink(query);
  assert.equal(link.step, 19);
  assert.equal(link.request.example, "lecture");
  assert.equal(readPredictParam(query), true);
  // predict alone names no search: the page opens the lecture example, with the mode on.
  assert.equal(readLink("predict=1"), null);
});
