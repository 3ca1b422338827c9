// The page's side of /search (static/js/search_socket.js), against a stand-in for
// Socket.IO's global `io`: the result comes once, as the last event; search:done only
// says the search id is finished.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SearchSocket } from "../../static/js/search_socket.js";

// A socket that records what the page emits and lets the test play the server.
function fakeServer() {
  const handlers = new Map();
  const sent = [];
  globalThis.io = () => ({
    on: (name, fn) => handlers.set(name, fn),
    emit: (name, msg) => sent.push([name, msg]),
  });
  return { sent, send: (name, msg, ack) => handlers.get(name)(msg, ack) };
}

function page() {
  const seen = [];
  const socket = new SearchSocket({
    onStarted: (msg) => seen.push(["started", msg.search]),
    onEvents: (events) => seen.push(["events", events.map((e) => e.type)]),
    onDone: (...args) => seen.push(["done", args]),
    onError: (text, ends) => seen.push(["error", text, ends]),
    onConnection: () => {},
  });
  return { socket, seen };
}

test("search:done ends the current search and carries nothing else", () => {
  const server = fakeServer();
  const { socket, seen } = page();
  socket.start({ example: "lecture", algorithm: "alphabeta" });
  assert.deepEqual(server.sent, [["search:start", { example: "lecture", algorithm: "alphabeta" }]]);
  server.send("search:started", { search: "s1", algorithm: "alphabeta", options: {}, pseudocode: [] });
  let acked = 0;
  server.send("search:events", { search: "s1", events: [{ type: "start" }, { type: "result", value: 3 }] }, () => acked++);
  server.send("search:done", { search: "s1" });
  assert.equal(acked, 1);
  assert.deepEqual(seen, [["started", "s1"], ["events", ["start", "result"]], ["done", []]]);
  assert.equal(socket.currentDone, true);
});

test("messages about another search are acknowledged and dropped", () => {
  const server = fakeServer();
  const { socket, seen } = page();
  socket.start({ example: "lecture" });
  server.send("search:started", { search: "new", pseudocode: [] });
  let acked = 0;
  server.send("search:events", { search: "old", events: [{ type: "visit" }] }, () => acked++);
  server.send("search:done", { search: "old" });
  assert.equal(acked, 1, "a stale search is acknowledged, so it cannot stall on the server");
  assert.deepEqual(seen, [["started", "new"]]);
  assert.equal(socket.currentDone, false);
});

test("a refusal reaches the page whole: a missing estimate names its node beside the text", () => {
  const server = fakeServer();
  const got = [];
  const socket = new SearchSocket({
    onStarted: () => {}, onEvents: () => {}, onDone: () => {}, onConnection: () => {},
    onError: (...args) => got.push(args),
  });
  socket.start({ example: "lecture", depth: 1 });
  const msg = {
    search: null,
    error: "children[0].eval: node 'B' is cut off by the depth limit 1 and needs an estimate",
    missing_estimate: { node: "B", where: "children[0].eval", depth_limit: 1 },
  };
  server.send("search:error", msg);
  assert.deepEqual(got, [[msg.error, false, msg]]);
});
