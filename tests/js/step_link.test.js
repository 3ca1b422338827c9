// Links to a step (static/js/step_link.js): every algorithm the page can start round-trips.
import { test } from "node:test";
import assert from "node:assert/strict";
import { linkQuery, readLink } from "../../static/js/step_link.js";

test("a link names any of the five algorithms and reads back the same search and step", () => {
  for (const [example, algorithm] of [["lecture", "minimax"], ["lecture", "alphabeta"], ["chance", "expectiminimax"],
    ["three-players", "maxn"], ["lecture-estimates", "iterative"]]) {
    const request = { example, algorithm, ties: "prune", depth: algorithm === "iterative" ? 2 : null };
    const query = linkQuery({ request, detail: "every", step: 7 });
    const back = readLink(query);
    assert.deepEqual(back.request, request, query);
    assert.equal(back.step, 7);
  }
  assert.throws(() => readLink("example=chance&algorithm=negamax"),
    { message: 'link: algorithm must be one of minimax, alphabeta, expectiminimax, maxn, iterative, not "negamax"' });
});
