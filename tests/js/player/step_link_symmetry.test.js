// A link to a step of a tic-tac-toe search with symmetric moves dropped (the slides' example):
// symmetry=1 goes into the link and comes back out, and only when it is on.
import { test } from "node:test";
import assert from "node:assert/strict";
import { linkQuery, readLink } from "../../../static/js/player/step_link.js";

test("a symmetric tic-tac-toe search survives the round trip", () => {
  const request = { game: "tictactoe", state: ".........", algorithm: "minimax", depth: 2, symmetry: true };
  const query = linkQuery({ request, detail: "every", step: 5 });
  assert.equal(query, "game=tictactoe&state=.........&algorithm=minimax&depth=2&symmetry=1&step=5");
  const back = readLink(query);
  assert.equal(back.request.symmetry, true);
  assert.equal(back.request.depth, 2);
  assert.equal(back.step, 5);
});

test("symmetry off stays out of the link, and a bad value is named", () => {
  const query = linkQuery({ request: { game: "tictactoe", state: ".........", algorithm: "minimax", depth: 2 }, detail: "every", step: 0 });
  assert.ok(!query.includes("symmetry"), query);
  assert.equal(readLink(query).request.symmetry, undefined);
  assert.throws(() => readLink("game=tictactoe&symmetry=yes"), /link: symmetry must be 1 \(on\) or left out \(off\), not "yes"/);
});
