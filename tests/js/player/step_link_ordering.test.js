// A link to a step of a search with a move ordering (the Ordering tab's Replay of a game) carries
// ordering= and seed=, and reading it back gives the same request.
import { test } from "node:test";
import assert from "node:assert/strict";
import { linkQuery, readLink } from "../../../static/js/player/step_link.js";

test("a game ordering's link round-trips its ordering and seed", () => {
  const request = { game: "tictactoe", state: "X...O....", algorithm: "alphabeta", depth: 2, ties: "prune", ordering: "random", seed: 7 };
  const query = linkQuery({ request, detail: "every", step: 12 });
  assert.match(query, /ordering=random/);
  assert.match(query, /seed=7/);
  const back = readLink(query);
  assert.deepEqual(back.request, request);
  assert.equal(back.step, 12);
});

test("a search without an ordering has neither parameter", () => {
  const query = linkQuery({ request: { example: "lecture", algorithm: "alphabeta", depth: null, ties: "prune" }, detail: "every", step: 3 });
  assert.doesNotMatch(query, /ordering|seed/);
  assert.equal(readLink(query).request.ordering, undefined);
});

test("a bad ordering or seed in a link is named", () => {
  assert.throws(() => readLink("example=lecture&ordering=sideways"), /link: ordering must be given, best, worst, random, not "sideways"/);
  assert.throws(() => readLink("example=lecture&ordering=random&seed=x"), /link: seed must be a whole number, not "x"/);
});
