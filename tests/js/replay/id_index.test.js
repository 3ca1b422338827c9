// static/js/replay/id_index.js: node ids to indices through a hash-keyed Map, ids sharing a hash chained.
import { test } from "node:test";
import assert from "node:assert/strict";
import { IdIndex, idHash } from "../../../static/js/replay/id_index.js";

test("ids that share a hash are told apart, whichever came first", () => {
  assert.equal(idHash("Aa"), idHash("BB")); // Java's classic collision
  assert.equal(idHash("AaAa"), idHash("BBBB"));
  const ids = [];
  const index = new IdIndex(ids);
  for (const id of ["Aa", "root", "BB", "AaBB", "BBAa", "AaAa", "BBBB"]) {
    ids.push(id);
    index.add(id, ids.length - 1);
  }
  ids.forEach((id, i) => assert.equal(index.get(id), i, id));
  assert.equal(index.get("CC"), undefined);
  assert.equal(index.has("BBBB"), true);
  assert.equal(index.has("BBBBB"), false);
});

test("as a Map: an id is itself, a number is not its text", () => {
  const ids = ["7"];
  const index = new IdIndex(ids);
  index.add("7", 0);
  assert.equal(index.get("7"), 0);
  assert.equal(index.get(7), undefined);
});

test("half a million game ids, every one found", () => {
  const ids = [];
  const index = new IdIndex(ids);
  const stack = [["root", 1]]; // an id and how many parts it has (9 at most)
  while (stack.length && ids.length < 500000) {
    const [id, parts] = stack.pop();
    ids.push(id);
    index.add(id, ids.length - 1);
    if (parts < 9) for (let m = 0; m < 9; m++) stack.push([`${id}.${m}`, parts + 1]);
  }
  for (let i = 0; i < ids.length; i += 7) assert.equal(index.get(ids[i]), i);
  assert.equal(index.get("root.9"), undefined);
});
