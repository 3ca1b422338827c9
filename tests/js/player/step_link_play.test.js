// The /play page's "Why this move?" links (search/play/reply.py why_link): a game's estimate and step=result,
// read by static/js/player/step_link.js into the search the viewer runs and the moment it opens at.
import { test } from "node:test";
import assert from "node:assert/strict";
import { linkQuery, readLink } from "../../../static/js/player/step_link.js";

test("a why link names the game, its estimate and the search, and opens at the result", () => {
  const link = readLink("?game=isolation&state=.........................&estimate=mobility&algorithm=alphabeta&depth=4&tt=1&step=result");
  assert.deepEqual(link.request, { game: "isolation", state: ".".repeat(25), estimate: "mobility", algorithm: "alphabeta", ties: "prune", depth: 4, tt: true });
  assert.equal(link.step, "result");
  assert.equal(link.named, true);
  assert.equal(link.run, true);
});

test("iterative deepening to the depth a time budget reached is linked like any search", () => {
  const link = readLink("game=connect4&state=" + ".".repeat(42) + "&estimate=windows&algorithm=iterative&depth=7&step=result");
  assert.equal(link.request.algorithm, "iterative");
  assert.equal(link.request.depth, 7);
  assert.equal(link.request.estimate, "windows");
  assert.equal(link.step, "result");
});

test("the estimate survives the round trip through linkQuery", () => {
  const request = { game: "isolation", state: ".".repeat(25), estimate: "mobility", algorithm: "alphabeta", depth: 3, ties: "prune" };
  const query = linkQuery({ request, detail: "every", step: 12 });
  assert.equal(query, `game=isolation&state=${".".repeat(25)}&estimate=mobility&algorithm=alphabeta&depth=3&step=12`);
  assert.deepEqual(readLink(query).request, request);
});

test("a numbered step is still a number, and a step that is neither is named", () => {
  assert.equal(readLink("game=tictactoe&step=17").step, 17);
  assert.equal(readLink("game=tictactoe").step, 0);
  assert.throws(() => readLink("game=tictactoe&step=last"), /link: step must be a whole number, not "last"/);
});

test("an estimate that is not a name is refused, naming the parameter", () => {
  assert.throws(() => readLink("game=isolation&estimate=<b>x</b>"), /^Error: link: estimate must be a name such as mobility/);
  assert.throws(() => readLink("game=isolation&estimate=MOBILITY"), /link: estimate/);
});
