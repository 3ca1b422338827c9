"""The /search Socket.IO namespace: start a search, stream its events in batches, cancel it.

The server never computes a search itself beyond calling the engine: a request is validated by
search.request (the same validator as the CLI), run in a background task with a Recorder whose
sink emits `search:events` batches to the one client that asked (the last event is the result),
then `search:done`. A start with `"delivery": "http"` is run instead by the GET of its events
(server/searches/stream.py), paced by the reader's `search:read` reports.
"""

from __future__ import annotations

import hmac
import logging
import secrets
import threading
from typing import Any, Callable, Mapping

from flask import request
from flask_socketio import Namespace, emit

from search import InputError, Recorder, SearchRequest, parse_request
from search.errors import quoted, shortened
from search.labs.horizon import horizon_comparison
from search.request import ENHANCEABLE
from search.traces.recorder import Batch
from search.trees.parse import MissingEstimate
from server.http.strict_json import PreEncoded, Unreadable, dumps
from server.searches.ack_window import AckWindow
from server.searches.stream import CANCELLED_GRACE_SECONDS, EVENTS_PATH, Outbox, WaitingSearch

log = logging.getLogger(__name__)


def error_details(exc: InputError) -> dict[str, Any]:
    """What a page needs beyond the message to offer a way forward: for a depth limit that cuts a
    node without an estimate, `missing_estimate` {node (its id), where (as in the message), depth_limit}."""
    if isinstance(exc, MissingEstimate):
        return {"missing_estimate": {"node": exc.node, "where": exc.where, "depth_limit": exc.depth_limit}}
    return {}


DELIVERIES = ("socket", "http")


def take_delivery(data: Any) -> str:
    """How the client wants the events: `search:events` messages (the default) or one HTTP
    response (server/searches/stream.py). Taken out of the request, which is the CLI's."""
    if not isinstance(data, dict) or "delivery" not in data:
        return "socket"
    delivery = data.pop("delivery")
    if delivery not in DELIVERIES:
        raise InputError("delivery", f"expected one of {', '.join(DELIVERIES)}, got {quoted(delivery)}")
    return delivery


class SearchNamespace(Namespace):
    """Handlers for `search:start` and `search:cancel`; per-client bookkeeping of running searches."""

    def __init__(self, namespace: str, config: Mapping[str, Any]) -> None:
        super().__init__(namespace)
        self.config = config
        self._lock = threading.Lock()
        self._running: dict[str, dict[str, Recorder]] = {}  # connected sid -> search id -> recorder
        self._waiting: dict[str, WaitingSearch] = {}  # search id -> a search started for HTTP, not yet fetched
        self._reading: dict[str, tuple[str, Outbox]] = {}  # search id -> (sid, outbox) of one being fetched

    def trigger_event(self, event: str, *args: Any) -> Any:
        """Our events are named like `search:start`; their handlers `on_search_start`. A name that is not
        text (server/transport/socket_packet.py lets none through) names no handler: it is ignored."""
        return super().trigger_event(event.replace(":", "_") if isinstance(event, str) else "", *args)

    def on_connect(self, auth: Any = None) -> None:
        with self._lock:
            self._running[request.sid] = {}  # type: ignore[attr-defined]

    def on_disconnect(self, reason: Any = None) -> None:
        with self._lock:
            searches = self._running.pop(request.sid, {})  # type: ignore[attr-defined]
        for search_id, recorder in searches.items():
            recorder.cancel()
            self.claim(search_id)  # one never fetched is not run at all

    def on_search_start(self, data: Any = None) -> None:
        sid: str = request.sid  # type: ignore[attr-defined]
        if isinstance(data, Unreadable):
            emit("search:error", {"search": None, "error": data.problem})
            return
        try:
            delivery = take_delivery(data)
            search_request = parse_request(data)
        except InputError as exc:
            emit("search:error", {"search": None, "error": str(exc), **error_details(exc)})
            return
        except Exception:  # a request our validator did not foresee: still an answer, not silence
            log.exception("search:start could not read %r", data)
            emit("search:error", {"search": None, "error": "the request could not be read"})
            return
        search_id = secrets.token_urlsafe(9)
        recorder = Recorder(
            None,
            keep=False,
            batch_size=int(self.config["EVENT_BATCH_SIZE"]),
            max_events=int(self.config["MAX_EVENTS_PER_SEARCH"]),
        )
        limit = int(self.config["MAX_RUNNING_SEARCHES_PER_CLIENT"])
        with self._lock:
            mine = self._running.get(sid)
            if mine is None:  # it disconnected while this request was on its way
                return
            # A cancelled search stops within a batch or two; it does not hold a place.
            if sum(1 for other in mine.values() if not other.cancelled) >= limit:
                emit("search:error", {"search": None, "error": f"{limit} searches are already running for this client (the limit): cancel one or wait"})
                return
            mine[search_id] = recorder
        started = {
            "search": search_id,
            "algorithm": search_request.algorithm,
            "options": search_request.options(),
            "pseudocode": search_request.listing(),
        }
        if delivery == "http":  # the GET of started["events"] runs it (server/searches/stream.py)
            reader = secrets.token_urlsafe(18)  # to this connection alone: its GET presents it
            self._wait_for_reader(WaitingSearch(sid, search_id, reader, recorder,
                                                lambda: self._run(sid, search_id, search_request, recorder)))
            emit("search:started", {**started, "events": EVENTS_PATH.format(search_id), "reader": reader})
            return
        recorder.sink = self._batch_sender(sid, search_id, recorder)
        emit("search:started", started)
        self.socketio.start_background_task(self._run, sid, search_id, search_request, recorder)

    def _wait_for_reader(self, waiting: WaitingSearch) -> None:
        """Keep a search for its GET; one not fetched within ACK_STALL_SECONDS ends unrun."""
        with self._lock:
            self._waiting[waiting.search_id] = waiting
        self._give_up_after(waiting, float(self.config["ACK_STALL_SECONDS"]))

    def _give_up_after(self, waiting: WaitingSearch, seconds: float) -> None:
        """(Re)arm the timer that ends a search still unfetched after `seconds`."""
        def give_up() -> None:
            if self.claim(waiting.search_id) is None:
                return  # fetched meanwhile, or its client left
            with self._lock:
                self._running.get(waiting.sid, {}).pop(waiting.search_id, None)
            if waiting.recorder.cancelled:  # stopped, and nobody came for its start and result
                self._send(waiting.sid, "search:done", {"search": waiting.search_id})
                return
            waiting.recorder.cancel("client stalled")
            self._send(waiting.sid, "search:error", {
                "search": waiting.search_id, "error": "the search's events were never fetched, so it was not run: run it again"})

        if waiting.timer is not None:
            waiting.timer.cancel()
        waiting.timer = threading.Timer(seconds, give_up)
        waiting.timer.daemon = True
        waiting.timer.start()

    def reading(self, waiting: WaitingSearch, outbox: Outbox) -> None:
        """The search's GET came: its reader's `search:read` reports go to `outbox` until it ends."""
        with self._lock:
            self._reading[waiting.search_id] = (waiting.sid, outbox)

    def on_search_read(self, data: Any = None) -> dict[str, str] | None:
        """{search, seq}: the page has read a fetched search's events up to seq (it paces the search).
        Not a start, so a bad report is answered through its acknowledgement, not search:error."""
        search_id = data.get("search") if isinstance(data, dict) else None
        seq = data.get("seq") if isinstance(data, dict) else None
        if not isinstance(search_id, str) or not isinstance(seq, int) or isinstance(seq, bool) or seq < 0:
            return {"error": 'search:read: expected {"search": id, "seq": a whole number >= 0}'}
        with self._lock:
            sid, outbox = self._reading.get(search_id, (None, None))
        if outbox is not None and sid == request.sid:  # type: ignore[attr-defined]
            outbox.reported(seq)
        return None  # or it ended meanwhile, or is not this client's: nothing to pace

    def claim(self, search_id: str, reader: str | None = None) -> WaitingSearch | None:
        """The search waiting for this GET, handed over once; None if there is none (any more). A GET
        names its `reader` secret: a wrong one gets None and leaves the search waiting for its owner."""
        with self._lock:
            waiting = self._waiting.get(search_id)
            if waiting is None or (reader is not None and not hmac.compare_digest(reader.encode(), waiting.reader.encode())):
                return None
            del self._waiting[search_id]
        if waiting is not None and waiting.timer is not None:
            waiting.timer.cancel()  # fetched, or its client left: nothing to give up on
        return waiting

    def on_search_compare(self, data: Any = None) -> dict[str, Any]:
        """The horizon effect side by side (search.labs.horizon), as the acknowledgement: small
        searches of the built-in position, answered at once rather than streamed."""
        if data is None:
            data = {}
        if not isinstance(data, dict):
            return {"error": 'expected an object such as {"algorithm": "alphabeta"} (or nothing)'}
        unknown = sorted(set(data) - {"algorithm"})
        if unknown:
            return {"error": f"{shortened(unknown[0])}: unknown field (the comparison is of the built-in position; it takes only algorithm)"}
        algorithm = data.get("algorithm", "alphabeta")
        if algorithm not in ENHANCEABLE:
            return {"error": f"algorithm: expected one of {', '.join(ENHANCEABLE)}, got {quoted(algorithm)}"}
        return horizon_comparison(algorithm)

    def on_search_cancel(self, data: Any = None) -> None:
        search_id = data.get("search") if isinstance(data, dict) else None
        if not isinstance(search_id, str):  # a list or an object is no id (and no key to look one up by)
            search_id = None
        with self._lock:
            recorder = self._running.get(request.sid, {}).get(search_id)  # type: ignore[attr-defined]
        if recorder is None:
            # The id is echoed only when it could be one of ours (12 characters), never 900 KB of one.
            emit("search:error", {"search": search_id if search_id is not None and len(search_id) <= 40 else None,
                                  "error": "search: no running search with this id"})
            return
        recorder.cancel()
        with self._lock:
            waiting = self._waiting.get(search_id)
        if waiting is not None:
            # Delivery "http", not fetched yet: a GET on its way still gets its start and its
            # cancelled result (Stop pressed at once); if none comes soon, it ends unrun.
            self._give_up_after(waiting, CANCELLED_GRACE_SECONDS * 2)

    def _batch_sender(self, sid: str, search_id: str, recorder: Recorder) -> Callable[[Batch], None]:
        """The recorder's sink: emit each batch once the client has room for it."""
        window = AckWindow(int(self.config["EVENT_WINDOW"]), lambda: recorder.cancelled, float(self.config["ACK_STALL_SECONDS"]))

        quoted_id = dumps(search_id)

        def send(batch: Batch) -> None:
            # Sent even when the window is shut, so seq has no gaps; then the search stops.
            if not window.acquire() and not recorder.cancelled:
                recorder.cancel("client stalled")  # it acknowledged nothing for ACK_STALL_SECONDS
            message = PreEncoded('{"search":%s,"events":%s}' % (quoted_id, batch.json_array()))
            self.socketio.emit("search:events", message,
                               to=sid, namespace=self.namespace, callback=window.release)

        return send

    def _send(self, sid: str, event: str, data: dict[str, Any]) -> None:
        """Emit to one client from any thread (background tasks have no request context)."""
        self.socketio.emit(event, data, to=sid, namespace=self.namespace)

    def _run(self, sid: str, search_id: str, search_request: SearchRequest, recorder: Recorder) -> None:
        """The background task: run the engine; its recorder streams the batches."""
        try:
            search_request.run(recorder)  # its result is the last event sent
            self._send(sid, "search:done", {"search": search_id})
        except Exception:  # a bug of ours: say so to the client, keep the server up
            log.exception("search %s failed", search_id)
            self._send(sid, "search:error", {"search": search_id, "error": "internal error: the search failed"})
        finally:
            with self._lock:
                self._running.get(sid, {}).pop(search_id, None)
                self._reading.pop(search_id, None)
