"""A search's events as one streamed HTTP response of JSON Lines: how the page receives its own searches.

Why not `search:events`: in Chromium every websocket message costs the browser far more than the
same bytes in a response body. Full tic-tac-toe minimax (1,944,617 events, 262 MB) reaches a bare
page that only parses it in 8.0 s as Socket.IO messages and in 3.4 s as a fetched body, against
3.3 s for the CLI writing the same trace to a file (bench/delivery.py).

A client asks for it in `search:start` with `"delivery": "http"`. `search:started` then carries
`"events": "/api/searches/<id>/events"`, and a GET of that path (once, within ACK_STALL_SECONDS)
runs the search and streams its events, one per line, exactly as `python -m search trace` writes
them. Only the connection that started it may read it: the GET carries the `reader` secret that
`search:started` gave that connection alone, in the READER_HEADER header (never in a URL, so never
in a log); any other GET is answered 404 as an unknown id is, and leaves the search waiting for its
owner (the id alone was a bearer token: a stranger's GET took the events, the owner's got 404); `search:done` / `search:error` still come over the socket once the last line is written.
Cancelling, the per-client limit and a disconnect work as for `search:events`. The server holds a
few batches at most (STREAM_QUEUE_BATCHES): a reader that stops reading stops the search after
ACK_STALL_SECONDS, and one that leaves cancels it.
"""

from __future__ import annotations

import ipaddress
import queue
import socket
import threading
import time
import zlib
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from flask import Blueprint, Response, current_app, jsonify, request

from search import Recorder
from search.errors import quoted
from search.traces.recorder import Batch

search_stream = Blueprint("search_stream", __name__)

STREAM_QUEUE_BATCHES = 4
"""Batches written by the search and not yet sent: the server's whole holding of a stream."""

EVENTS_PATH = "/api/searches/{}/events"

READER_HEADER = "X-Search-Reader"
"""The header a search's GET carries its `reader` secret in (from search:started)."""

CANCELLED_GRACE_SECONDS = 1.0
"""How long a stopped search waits to hand on its last batch (its result) to a reader not reading."""

READ_AHEAD_EVENTS = 20_000
"""How far a search may run past what its reader last reported reading (about 0.1 s of a page's work)."""


@dataclass
class WaitingSearch:
    """A search started with delivery "http", waiting for its GET."""

    sid: str
    search_id: str
    reader: str  # the secret the GET must present (search:started's `reader`, sent to sid alone)
    recorder: Recorder
    run: Callable[[], None]  # runs the search to its end and says search:done / search:error
    timer: threading.Timer | None = None  # ends it unrun if no GET comes in time


class Outbox:
    """The search's batches on their way to the response: the search waits for room, never for ever.

    A reader may say how far it has read (`search:read` {search, seq} on the socket): from its
    first report on, the search runs at most READ_AHEAD_EVENTS past the last one. The connection's
    own buffers (megabytes, both ends) would otherwise hold some 100,000 events, all of which a
    page reads after Stop before the search's last event. A reader that never reports (curl) gets
    the events as fast as it takes them.
    """

    def __init__(self, recorder: Recorder, stall_seconds: float, hang_up: Callable[[], None] = lambda: None) -> None:
        self.recorder = recorder
        self.stall_seconds = stall_seconds
        self.hang_up = hang_up  # ends the connection, so a thread blocked writing to it is freed
        self.queue: queue.Queue[bytes | None] = queue.Queue(maxsize=STREAM_QUEUE_BATCHES)
        self.gone = threading.Event()  # the response ended: nothing more will be read
        self._read = threading.Condition()
        self.read_seq: int | None = None  # the last event the reader said it has read

    def reported(self, seq: int) -> None:
        """The reader has read up to event `seq` (the socket's thread)."""
        with self._read:
            if self.read_seq is None or seq > self.read_seq:
                self.read_seq = seq
                self._read.notify_all()

    def sink(self, batch: Batch) -> None:
        """The recorder's sink (the search's thread): its events as JSON Lines."""
        self._wait_for_reader(batch.first + len(batch) - 1)
        self._put(batch.jsonl().encode())

    def _wait_for_reader(self, last: int) -> None:
        deadline = time.monotonic() + self.stall_seconds
        with self._read:
            while (self.read_seq is not None and last - self.read_seq > READ_AHEAD_EVENTS
                   and not self.gone.is_set() and not self.recorder.cancelled):
                if time.monotonic() > deadline:  # it stopped reporting: the search stops (its
                    self.recorder.cancel("client stalled")  # result still goes, if it is read)
                    return
                self._read.wait(0.25)

    def close(self) -> None:
        """The search is over (the search's thread): the response ends after what is queued. A
        reader that takes none of it within stall_seconds is hung up on (the servers' writes have
        no timeout of their own: the thread writing to it would wait for ever)."""
        self._put(None)
        if not self.gone.wait(self.stall_seconds):
            self.give_up()

    def _put(self, item: bytes | None) -> None:
        began = time.monotonic()
        while not self.gone.is_set():
            try:
                self.queue.put(item, timeout=0.25)
                return
            except queue.Full:
                waited = time.monotonic() - began
                # The reader stopped reading; or the search was stopped and its last batch cannot
                # go out either: stop, drop the rest, free the connection's thread.
                if waited > self.stall_seconds or (self.recorder.cancelled and waited > CANCELLED_GRACE_SECONDS):
                    if not self.recorder.cancelled:
                        self.recorder.cancel("client stalled")
                    self.give_up()

    def give_up(self) -> None:
        """Nothing more will be sent: the response ends, and the connection with it."""
        self.gone.set()
        self.hang_up()

    def lines(self) -> Iterator[bytes]:
        """The response body (the request's thread); leaving early cancels the search."""
        try:
            while True:
                try:
                    item = self.queue.get(timeout=0.25)
                except queue.Empty:
                    if self.gone.is_set():  # stalled: the search gave up on this reader
                        return
                    continue
                if item is None:
                    return
                yield item
        finally:
            self.gone.set()
            self.recorder.cancel()  # no-op for a search that ended; stops one whose reader left


def gzipped(chunks: Iterator[bytes], level: int) -> Iterator[bytes]:
    """gzip as the chunks come (each flushed, so the page reads every batch as it is sent)."""
    compressor = zlib.compressobj(level, zlib.DEFLATED, 31)
    for chunk in chunks:
        yield compressor.compress(chunk) + compressor.flush(zlib.Z_SYNC_FLUSH)
    yield compressor.flush()


def on_this_machine(address: str | None) -> bool:
    """A reader on the server's own machine (a student running the lab on a laptop) gains nothing
    from compression, and every buffer between us holds eight times as many events gzipped, all
    of which the page reads after Stop before the search's last event. Behind a proxy
    (--behind-proxy) the address is the client's, not the proxy's."""
    try:
        return ipaddress.ip_address(address or "").is_loopback
    except ValueError:
        return False


def stream_response(waiting: WaitingSearch, outbox: Outbox, config: Any, compress: bool) -> Response:
    """Start the search in its own thread and stream what it records."""
    waiting.recorder.sink = outbox.sink

    def run() -> None:
        try:
            waiting.run()
        finally:
            outbox.close()

    threading.Thread(target=run, name=f"search {waiting.search_id}", daemon=True).start()
    level = int(config["COMPRESSION_LEVEL"])
    body: Iterator[bytes] = outbox.lines()
    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no", "Vary": "Accept-Encoding"}
    if compress and level > 0:
        body = gzipped(body, level)
        headers["Content-Encoding"] = "gzip"
    return Response(body, mimetype="application/x-ndjson", headers=headers, direct_passthrough=True)


@search_stream.get("/api/searches/<search_id>/events")
def search_events(search_id: str):  # type: ignore[no-untyped-def]
    namespace = current_app.extensions["search_namespace"]
    waiting = namespace.claim(search_id, reader=request.headers.get(READER_HEADER, ""))
    if waiting is None:  # unknown, fetched, or not this reader's: one answer, so ids cannot be probed
        seconds = float(current_app.config["ACK_STALL_SECONDS"])
        return jsonify(error=f"search {quoted(search_id)}: no search is waiting for its events with this id and "
                             f"{READER_HEADER} (each is fetched once, by the connection that started it, within "
                             f"{seconds:g} s of its search:started)"), 404
    outbox = Outbox(waiting.recorder, float(current_app.config["ACK_STALL_SECONDS"]), hang_up_on(request.environ))
    namespace.reading(waiting, outbox)
    gzip_asked = request.accept_encodings["gzip"] > 0  # gzip;q=0 is a refusal
    return stream_response(waiting, outbox, current_app.config, compress=gzip_asked and not on_this_machine(request.remote_addr))


def hang_up_on(environ: dict[str, Any]) -> Callable[[], None]:
    """Shut the request's connection (gunicorn's and Werkzeug's servers hand us its socket): a
    thread blocked writing to a reader that reads nothing then returns, rather than for ever."""
    connection = environ.get("gunicorn.socket") or environ.get("werkzeug.socket")

    def hang_up() -> None:
        if connection is not None:
            try:
                connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass  # closed already
    return hang_up
