// The client side of the /search Socket.IO namespace (global `io`), or of a classroom's
// search on /class (class_channel.js), which streams the same messages to the whole room.
// One search is "current" at a time; messages about any other search id are stale
// (an older run still streaming) and are dropped here, so the rest of the page
// never sees them.

import { errorText } from "../export/rest_client.js";

// Of a search's events read over HTTP, at most this much text (about 2,000 events) is parsed
// and shown in one task.
const SLICE_CHARS = 256 * 1024;

// The page says how far it has read every this many events (search:read); the server keeps the
// search at most 20,000 past it, so Stop never waits behind megabytes of buffered events.
const READ_REPORT_EVENTS = 5000;

// The next task, after input and rendering waiting meanwhile (timers would be clamped to 4 ms).
function nextTask() {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}

// How a search is asked for on /search. A channel is {socket, start(request), cancel(search),
// endsOnDisconnect}: a classroom's follower starts nothing and cancels nothing, and its search
// goes on while it reconnects (it joins again and catches up).
// The page's own searches ask for their events as one HTTP response (delivery "http",
// server/searches/stream.py): Chromium takes a big search's events several times faster so.
export function searchChannel() {
  const socket = io("/search");
  return {
    socket,
    start: (request) => socket.emit("search:start", { ...request, delivery: "http" }),
    cancel: (search) => socket.emit("search:cancel", { search }),
    // How far the page has read a fetched search: the server runs it at most 20,000 events ahead.
    read: (search, seq) => socket.emit("search:read", { search, seq }),
    endsOnDisconnect: true,
  };
}

export class SearchSocket {
  constructor({ onStarted, onEvents, onDone, onError, onConnection }, channel = searchChannel()) {
    this.handlers = { onStarted, onEvents, onDone, onError, onConnection };
    this.current = null;
    this.currentDone = true;
    // One search:start on its way at a time: a Run pressed meanwhile (a double click) waits as
    // `queued`, the newest only, and the answered start is cancelled unseen. Otherwise rapid
    // clicks start several searches at once and meet the server's per-client limit.
    // `unwanted`: Stop was pressed (or a trace opened) while the start was on its way.
    // The server answers every start; should an answer still not come, the page says so
    // after `answerTimeoutMs` rather than wait for ever.
    this.pending = false;
    this.queued = null;
    this.unwanted = false;
    this.answerTimer = null;
    this.answerTimeoutMs = 20000;
    this.channel = channel;
    const socket = channel.socket;
    this.socket = socket;

    socket.on("connect", () => onConnection && onConnection("connected"));
    socket.on("disconnect", () => {
      if (onConnection) onConnection("disconnected");
      this.forgetPending(); // no answer will come; Run again once reconnected
      // The server cancels a search whose client left: this one will send nothing more.
      if (channel.endsOnDisconnect && this.current !== null && !this.currentDone) {
        this.currentDone = true;
        this.stopReading();
        this.handlers.onError("the connection to the server was lost, so the search stopped here: run it again", true);
      }
    });
    socket.on("connect_error", (err) => onConnection && onConnection(connectionProblem(err)));

    socket.on("search:started", (msg) => {
      if (this.queued !== null || this.unwanted) {
        // A newer Run came, or Stop was pressed, while this start was on its way: drop it unseen.
        this.channel.cancel(msg.search);
        this.answered();
        return;
      }
      this.answered();
      // The newest start wins; a search still running from before is cancelled.
      if (this.current !== null && !this.currentDone) this.cancel();
      this.current = msg.search;
      this.currentDone = false;
      this.doneArrived = false;
      this.handlers.onStarted(msg);
      this.reading = typeof msg.events === "string" ? msg.search : null;
      if (this.reading) this.readEvents(msg.search, msg.events, msg.reader);
    });
    socket.on("search:events", (msg, ack) => {
      // Flow control: the server keeps a few batches in flight until we acknowledge them.
      // Acknowledge stale searches too, so an abandoned one cannot stall on the server.
      if (typeof ack === "function") ack();
      if (msg.search !== this.current) return;
      this.handlers.onEvents(msg.events || []);
    });
    // {search} only: the result came as the last event, the one place it is sent.
    socket.on("search:done", (msg) => {
      if (msg.search !== this.current) return;
      // Events read over HTTP may still be on their way: done once the response has ended too.
      if (this.reading === msg.search) {
        this.doneArrived = true;
        return;
      }
      this.currentDone = true;
      this.handlers.onDone();
    });
    socket.on("search:error", (msg) => {
      // search null: the request itself was refused (bad tree, bad option); the search
      // shown, if any, goes on. A search id: that search failed and ends here.
      const ofASearch = msg.search !== null && msg.search !== undefined;
      if (!ofASearch) {
        // A refused search:start (only starts are answered without an id).
        const superseded = this.queued !== null;
        this.answered();
        if (superseded) return; // a newer request is on its way; this refusal is moot
      }
      if (ofASearch && msg.search !== this.current) return;
      if (ofASearch) this.currentDone = true;
      // msg too: a refusal may say more than its text (missing_estimate: {node, where, depth_limit}).
      this.handlers.onError(msg.error || "the search failed", ofASearch, msg);
    });
  }

  // The events of a search started with delivery "http": one response of JSON Lines, handed on
  // as they come. `reader`: search:started's secret, sent to this connection alone; the GET shows
  // it in a header (never the URL), so nobody else who learns the id can read the search.
  async readEvents(search, path, reader) {
    const live = () => this.current === search && !this.currentDone;
    let body;
    try {
      const response = await fetch(path, { cache: "no-store", headers: reader ? { "X-Search-Reader": reader } : {} });
      if (!response.ok) throw new Error(await errorText(response));
      body = response.body.getReader();
      if (live()) this.reader = body; // (an older search's response may come after a newer one's)
      const decoder = new TextDecoder();
      let rest = "";
      let reported = 0;
      for (;;) {
        const { done, value } = await this.readChunk(body);
        if (!live()) {
          body.cancel().catch(() => {}); // superseded or stopped short: the server stops it
          return;
        }
        if (done) {
          // The server ends every line; a last one without its newline is still an event.
          if (rest.trim()) this.handlers.onEvents([JSON.parse(rest)]);
          break;
        }
        const text = rest + decoder.decode(value, { stream: true });
        const cut = text.lastIndexOf("\n");
        if (cut < 0) {
          rest = text;
          continue;
        }
        rest = text.slice(cut + 1);
        // A page that fell behind reads big chunks: they are shown a slice per task, so the
        // player, the scrub bar and Stop answer in between.
        for (let from = 0; from < cut; ) {
          const to = from + SLICE_CHARS >= cut ? cut : text.indexOf("\n", from + SLICE_CHARS);
          // One parse per slice: a JSON array of its lines (JSON text has no raw newlines).
          const events = JSON.parse(`[${text.slice(from, to).replaceAll("\n", ",")}]`);
          this.handlers.onEvents(events);
          const seq = events[events.length - 1].seq;
          if (this.channel.read && seq - reported >= READ_REPORT_EVENTS) {
            this.channel.read(search, seq);
            reported = seq;
          }
          from = to + 1;
          if (from < cut) await nextTask();
          if (!live()) break;
        }
      }
    } catch (err) {
      if (body) body.cancel().catch(() => {});
      if (!live()) return;
      if (!this.doneArrived) this.channel.cancel(search); // (a search that ended needs no cancel)
      this.currentDone = true;
      this.handlers.onError(`the search's events stopped arriving (${err.message}), so it stopped here: run it again`, true);
      return;
    }
    // The response ended: the search:done that follows its last line may still be on its way.
    if (this.reading !== search) return; // the page moved on meanwhile
    this.reading = this.reader = null;
    if (this.doneArrived && live()) {
      this.currentDone = true;
      this.handlers.onDone();
    }
  }

  // Leave the response being read, if any: the server stops a search whose reader left.
  stopReading() {
    if (this.reader) this.reader.cancel().catch(() => {});
    this.reading = this.reader = null;
  }

  // One read of the response; a method of its own so a test can hold the stream back.
  readChunk(reader) {
    return reader.read();
  }

  // request: {example | tree | game + state, algorithm, depth, ties}
  start(request) {
    if (this.pending) {
      this.queued = request;
      return;
    }
    this.pending = true;
    this.unwanted = false;
    this.channel.start(request);
    this.answerTimer = setTimeout(() => {
      if (!this.pending) return;
      this.forgetPending();
      this.handlers.onError(`the server did not answer within ${this.answerTimeoutMs / 1000} s: run it again`, false);
    }, this.answerTimeoutMs);
  }

  // The start on its way was answered: send the newest request made meanwhile, if any.
  answered() {
    const next = this.queued;
    this.forgetPending();
    if (next) this.start(next);
  }

  forgetPending() {
    clearTimeout(this.answerTimer);
    this.pending = false;
    this.queued = null;
    this.unwanted = false;
  }

  // Stop the current search, and any start still on its way; the current search's last
  // messages (a result saying "cancelled") still show.
  cancel() {
    if (this.pending) this.unwanted = true;
    this.queued = null;
    if (this.current === null || this.currentDone) return;
    // Over on the server, its last events still being read: they come, with its result.
    if (this.reading === this.current && this.doneArrived) return;
    this.channel.cancel(this.current);
  }

  // Listen to a search that started before this page did (a classroom's state on joining).
  adopt(search, done) {
    this.current = search;
    this.currentDone = done;
  }

  // Stop listening to the current search at all (the page now shows something else).
  release() {
    this.cancel();
    this.stopReading();
    this.current = null;
    this.currentDone = true;
  }
}

/** What a failed connection says on the page: the server refuses a new connection with 429 while this address
 * holds its limit of open ones (SOCKETS_PER_ADDRESS, docs/limits.md); Socket.IO tries again by itself meanwhile. */
export function connectionProblem(err) {
  if (err && err.description === 429) {
    return "too many pages of Minimax Lab are open from this address: close a tab; the page tries again by itself";
  }
  return "cannot reach the server";
}
