// The LMS launch of a tab (static/js/practice/learner.js): taken out of the address into sessionStorage under its
// exercise, found there again on reload, and left in the address where there is no storage.
import { test } from "node:test";
import assert from "node:assert/strict";
import { launchFor } from "../../../static/js/practice/learner.js";

function fakes(search, storage = new Map()) {
  const replaced = [];
  const place = { pathname: "/x/abc", search, hash: "" };
  const history = { state: null, replaceState: (_state, _title, url) => replaced.push(url) };
  const store = { getItem: (k) => (storage.has(k) ? storage.get(k) : null), setItem: (k, v) => storage.set(k, v) };
  return { place, history, store, replaced, storage };
}

test("a launch in the address is kept in the tab and taken out of the address, other parameters kept", () => {
  const f = fakes("?student=kim&lti=lti1p3-launch-1");
  assert.equal(launchFor("abc", f.place, f.history, f.store), "lti1p3-launch-1");
  assert.deepEqual(f.replaced, ["/x/abc?student=kim"]);
  const reload = fakes("?student=kim", f.storage);
  assert.equal(launchFor("abc", reload.place, reload.history, reload.store), "lti1p3-launch-1");
  assert.deepEqual(reload.replaced, []);
  assert.equal(launchFor("other", reload.place, reload.history, reload.store), ""); // another exercise: none
});

test("without storage the launch stays in the address", () => {
  const f = fakes("?lti=lti1p3-launch-2");
  const refusing = { getItem: () => { throw new Error("denied"); }, setItem: () => { throw new Error("denied"); } };
  assert.equal(launchFor("abc", f.place, f.history, refusing), "lti1p3-launch-2");
  assert.deepEqual(f.replaced, []);
  assert.equal(launchFor("abc", { pathname: "/x/abc", search: "" }, f.history, null), "");
});
