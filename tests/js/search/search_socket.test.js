// The page's side of /search (static/js/search/search_socket.js), against a stand-in for
// Socket.IO's global `io`: the result comes once, as the last event; search:done only
// says the search id is finished.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SearchSocket } from "../../../static/js/search/search_socket.js";

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
  assert.deepEqual(server.sent, [["search:start", { example: "lecture", algorithm: "alphabeta", delivery: "http" }]]);
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

// The page's own searches read their events as one HTTP response of JSON Lines.
function fakeFetch(responses) {
  const asked = [];
  globalThis.fetch = async (path, options = {}) => {
    asked.push(path);
    asked.headers = [...(asked.headers || []), options.headers];
    const reply = responses[path];
    if (reply.status) return new Response(JSON.stringify({ error: reply.error }), { status: reply.status });
    return new Response(new ReadableStream({
      async start(controller) {
        for (const chunk of reply.chunks) {
          await reply.before?.(chunk);
          controller.enqueue(new TextEncoder().encode(chunk));
        }
        controller.close();
      },
    }));
  };
  return asked;
}

const line = (e) => `${JSON.stringify(e)}\n`;

function untilSettled(seen, kind) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const look = () => (seen.some((s) => s[0] === kind) ? resolve()
      : Date.now() - started > 5000 ? reject(new Error(`no ${kind}`)) : setTimeout(look, 1));
    look();
  });
}

test("events read over HTTP arrive whole however the response is cut, and done waits for its end", async () => {
  const server = fakeServer();
  const { socket, seen } = page();
  const text = line({ seq: 0, type: "start" }) + line({ seq: 1, type: "visit", label: "a\nb" }) + line({ seq: 2, type: "result" });
  let doneSent = false;
  const asked = fakeFetch({ "/api/searches/s1/events": {
    chunks: [text.slice(0, 10), text.slice(10, 50), text.slice(50)],
    // search:done comes over the socket before the response's last chunk has been read
    before: (chunk) => { if (chunk === text.slice(50)) { server.send("search:done", { search: "s1" }); doneSent = true; } },
  } });
  socket.start({ example: "lecture" });
  server.send("search:started", { search: "s1", pseudocode: [], events: "/api/searches/s1/events", reader: "r3ad" });
  await untilSettled(seen, "done");
  assert.deepEqual([...asked], ["/api/searches/s1/events"]);
  // The reader secret goes in a header, never in the URL (server/searches/stream.py).
  assert.deepEqual(asked.headers, [{ "X-Search-Reader": "r3ad" }]);
  assert.ok(doneSent);
  const events = seen.filter((s) => s[0] === "events").flatMap((s) => s[1]);
  assert.deepEqual(events, ["start", "visit", "result"]);
  assert.deepEqual(seen.at(-1), ["done", []], "done after the last event, not before");
});

test("a big chunk is shown in slices, a task each", async () => {
  const server = fakeServer();
  const { socket, seen } = page();
  const many = Array.from({ length: 9000 }, (_, seq) => line({ seq, type: "visit", node: `root.${seq}`, pad: "x".repeat(60) })).join("");
  fakeFetch({ "/e": { chunks: [many] } });
  socket.start({ example: "lecture" });
  server.send("search:started", { search: "s1", pseudocode: [], events: "/e" });
  server.send("search:done", { search: "s1" });
  await untilSettled(seen, "done");
  const batches = seen.filter((s) => s[0] === "events").map((s) => s[1].length);
  assert.ok(batches.length >= 3, `one chunk of ${many.length} characters came as ${batches.length} slices`);
  assert.equal(batches.reduce((a, b) => a + b), 9000);
  // It says how far it has read, about every 5,000 events, so the server paces the search.
  const reads = server.sent.filter(([name]) => name === "search:read");
  assert.equal(reads.length, 1);
  assert.equal(reads[0][1].search, "s1");
  assert.ok(reads[0][1].seq >= 5000 && reads[0][1].seq < 9000);
});

test("a response that fails says why, ends the search and cancels it on the server", async () => {
  const server = fakeServer();
  const { socket, seen } = page();
  fakeFetch({ "/e": { status: 404, error: "search 's1': no search is waiting for its events with this id" } });
  socket.start({ example: "lecture" });
  server.send("search:started", { search: "s1", pseudocode: [], events: "/e" });
  await untilSettled(seen, "error");
  const [, text, ends] = seen.find((s) => s[0] === "error");
  assert.match(text, /no search is waiting for its events/);
  assert.equal(ends, true);
  assert.deepEqual(server.sent.at(-1), ["search:cancel", { search: "s1" }]);
});

test("the events of a search the page left are not shown", async () => {
  const server = fakeServer();
  const { socket, seen } = page();
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  fakeFetch({
    "/old": { chunks: [line({ seq: 0, type: "start" }), line({ seq: 1, type: "visit" })], before: (c) => (c.includes('"seq":1') ? held : null) },
    "/new": { chunks: [line({ seq: 0, type: "start" }), line({ seq: 1, type: "result" })] },
  });
  socket.start({ example: "lecture" });
  server.send("search:started", { search: "old", pseudocode: [], events: "/old" });
  await untilSettled(seen, "events");
  socket.start({ example: "lecture" });
  server.send("search:started", { search: "new", pseudocode: [], events: "/new" });
  server.send("search:done", { search: "new" });
  release();
  await untilSettled(seen, "done");
  assert.deepEqual(seen, [["started", "old"], ["events", ["start"]], ["started", "new"], ["events", ["start"]], ["events", ["result"]], ["done", []]]);
  assert.ok(server.sent.some(([name, msg]) => name === "search:cancel" && msg.search === "old"));
});

test("Stop after the server finished sends no cancel: the rest of the events and the result still come", async () => {
  const server = fakeServer();
  const { socket, seen } = page();
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  fakeFetch({ "/e": {
    chunks: [line({ seq: 0, type: "start" }), line({ seq: 1, type: "result" })],
    before: (c) => (c.includes('"seq":1') ? held : null),
  } });
  socket.start({ example: "lecture" });
  server.send("search:started", { search: "s1", pseudocode: [], events: "/e" });
  await untilSettled(seen, "events");
  server.send("search:done", { search: "s1" }); // the server is done; the page has read one event
  socket.cancel(); // Stop
  release();
  await untilSettled(seen, "done");
  assert.ok(!server.sent.some(([name]) => name === "search:cancel"));
  assert.deepEqual(seen.filter((s) => s[0] === "events").flatMap((s) => s[1]), ["start", "result"]);
});

test("a last line without its newline is still an event", async () => {
  const server = fakeServer();
  const { socket, seen } = page();
  fakeFetch({ "/e": { chunks: [line({ seq: 0, type: "start" }) + JSON.stringify({ seq: 1, type: "result" })] } });
  socket.start({ example: "lecture" });
  server.send("search:started", { search: "s1", pseudocode: [], events: "/e" });
  server.send("search:done", { search: "s1" });
  await untilSettled(seen, "done");
  assert.deepEqual(seen.filter((s) => s[0] === "events").flatMap((s) => s[1]), ["start", "result"]);
});

test("a connection refused for the address's limit says so; any other failure is 'cannot reach the server'", async () => {
  const { connectionProblem } = await import("../../../static/js/search/search_socket.js");
  const server = fakeServer();
  const said = [];
  new SearchSocket({ onStarted() {}, onEvents() {}, onDone() {}, onError() {}, onConnection: (text) => said.push(text) });
  server.send("connect_error", Object.assign(new Error("xhr poll error"), { description: 429 }));
  server.send("connect_error", Object.assign(new Error("xhr poll error"), { description: 0 }));
  assert.deepEqual(said, [
    "too many pages of Minimax Lab are open from this address: close a tab; the page tries again by itself",
    "cannot reach the server",
  ]);
  assert.equal(connectionProblem(undefined), "cannot reach the server");
});
