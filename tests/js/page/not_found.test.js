// The words of a saved item that is not stored (static/js/page/not_found.js), the same as the server's
// page (templates/not_found.html), and the status a refused fetch keeps (static/js/export/rest_client.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { isNotFound, notFoundSentence, notFoundWords } from "../../../static/js/page/not_found.js";
import { refusal } from "../../../static/js/export/rest_client.js";

test("the sentence names the kind and the id, and the likely reasons", () => {
  const words = notFoundWords("tree", "abc123");
  assert.equal(`${words.before}${words.id}${words.after}`, "No saved tree with id abc123 is stored on this server.");
  assert.match(words.why, /mistyped or cut off.*another Minimax Lab server.*deleted/);
  assert.match(notFoundSentence("exercise", "x1"), /^No exercise with id x1 is stored on this server\. The link may/);
  assert.match(notFoundSentence("trace", "r1"), /^No saved trace with id r1 /);
});

test("an over-long id is named by its first 64 characters and its length, counted in code points", () => {
  const words = notFoundWords("tree", "😀".repeat(70));
  assert.equal([...words.id].length, 64);
  assert.equal(words.after, "… (the first 64 of its 70 characters) is stored on this server.");
});

test("a refused fetch keeps its status: only a 404 is 'not found'", async () => {
  const answer = (status) => new Response(JSON.stringify({ error: "no saved tree with id 'x'" }), { status });
  const missing = await refusal(answer(404));
  assert.equal(missing.message, "no saved tree with id 'x'");
  assert.ok(isNotFound(missing));
  assert.ok(!isNotFound(await refusal(answer(500))));
  assert.ok(!isNotFound(new Error("cannot reach the server")) && !isNotFound(null));
});
