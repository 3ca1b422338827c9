// The instructor key (static/js/classroom/instructor_key.js): made once per browser, kept, remade if damaged;
// a page whose storage is refused still gets one key for its lifetime.
import { test } from "node:test";
import assert from "node:assert/strict";
import { instructorKey } from "../../../static/js/classroom/instructor_key.js";

function memoryStorage(initial = {}) {
  const items = new Map(Object.entries(initial));
  return { getItem: (k) => (items.has(k) ? items.get(k) : null), setItem: (k, v) => items.set(k, String(v)), items };
}

test("the key is made once, kept and used again; a damaged one is made afresh", () => {
  const storage = memoryStorage();
  const key = instructorKey(storage);
  assert.match(key, /^[0-9a-f]{32}$/);
  assert.equal(instructorKey(storage), key);
  assert.equal(storage.items.get("minimax-lab:instructor"), key);
  const damaged = memoryStorage({ "minimax-lab:instructor": "<script>" });
  assert.match(instructorKey(damaged), /^[0-9a-f]{32}$/);
});

test("storage that refuses gives one key for the page's lifetime", () => {
  const refusing = { getItem() { throw new Error("denied"); }, setItem() { throw new Error("denied"); } };
  const key = instructorKey(refusing);
  assert.match(key, /^[0-9a-f]{32}$/);
  assert.equal(instructorKey(refusing), key);
});
