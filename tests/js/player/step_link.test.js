// Links to a moment of a search (static/js/player/step_link.js): what a link carries comes back out of it,
// the search enhancements (AIMA 4th ed. §5.2.4, §5.3) included, and a value it cannot use is named.
import { test } from "node:test";
import assert from "node:assert/strict";
import "../catalogue_fixture.js";
import { linkQuery, readLink } from "../../../static/js/player/step_link.js";

test("a game search with the table, quiescence and a beam survives the round trip", () => {
  const request = { game: "tictactoe", state: "XO.X.....", algorithm: "alphabeta", depth: 3, ties: "prune", tt: true, quiescence: true, beam: 2 };
  const query = linkQuery({ request, detail: "key", step: 41 });
  assert.equal(query, "game=tictactoe&state=XO.X.....&algorithm=alphabeta&depth=3&tt=1&quiescence=1&beam=2&detail=key&step=41");
  const link = readLink(query);
  assert.deepEqual(link.request, request);
  assert.equal(link.step, 41);
  assert.equal(link.detail, "key");
});

test("an enhancement that is off is left out, and a link without them turns none on", () => {
  const query = linkQuery({ request: { game: "tictactoe", state: "", algorithm: "minimax", depth: 2, ties: "prune" }, detail: "every", step: 3 });
  assert.ok(!/tt|quiescence|beam/.test(query), query);
  const { request } = readLink(query);
  assert.equal(request.tt, undefined);
  assert.equal(request.quiescence, undefined);
  assert.equal(request.beam, undefined);
});

test("every algorithm the page offers can be linked to", () => {
  for (const algorithm of ["minimax", "alphabeta", "expectiminimax", "maxn", "iterative"]) {
    assert.equal(readLink(`example=lecture&algorithm=${algorithm}`).request.algorithm, algorithm);
  }
});

test("a value a link cannot use is named", () => {
  assert.throws(() => readLink("game=tictactoe&tt=yes"), /link: tt must be 1 \(on\) or left out \(off\), not "yes"/);
  assert.throws(() => readLink("game=tictactoe&beam=0"), /link: beam must be a whole number of children to keep, 1 or more/);
  assert.throws(() => readLink("game=tictactoe&beam=two"), /link: beam must be a whole number, not "two"/);
  assert.throws(() => readLink("example=lecture&algorithm=negamax"), /link: algorithm must be one of minimax, alphabeta, expectiminimax, maxn, iterative, not "negamax"/);
});

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

test("run=1 (or no run) runs the linked search; run=0 only fills the Search tab; anything else is refused", () => {
  assert.equal(readLink("game=tictactoe&state=.........&algorithm=minimax&run=1").run, true);
  assert.equal(readLink("game=tictactoe&state=.........&algorithm=minimax").run, true);
  const filled = readLink("game=tictactoe&state=.........&algorithm=minimax&run=0");
  assert.equal(filled.run, false);
  assert.deepEqual(filled.request, { game: "tictactoe", state: ".........", algorithm: "minimax", ties: "prune", depth: null });
  assert.throws(() => readLink("example=lecture&run=yes"), /link: run must be 1 or 0, not "yes"/);
});
