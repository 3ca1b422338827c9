"""A real python-socketio client that keeps what /search sends, in the order it arrived, for server
tests and benches; and `wait_until`, for state that nothing signals."""

from __future__ import annotations

import logging
import queue
import threading
import time
from typing import Any, Callable

import socketio

log = logging.getLogger(__name__)

# How long a test waits for something that should come at once. Generous on purpose: it only
# bounds a failing test, and a busy 2-core machine can be many times slower than an idle one.
PATIENCE_SECONDS = 30.0


def wait_until(predicate: Callable[[], Any], what: str, timeout: float = PATIENCE_SECONDS) -> None:
    """Poll `predicate` until it is true; after `timeout` seconds fail, naming `what` was awaited.

    Only for state that nothing signals (Flask-SocketIO's test client, the server's bookkeeping):
    SearchClient.wait_for is woken by the messages themselves.
    """
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise TimeoutError(f"waited {timeout:g} s for {what}")
        time.sleep(0.01)


def deliver_in_order(sio: socketio.Client) -> queue.SimpleQueue[tuple[Any, ...] | None]:
    """python-engineio hands each message to a thread of its own, so two messages sent one after
    the other (the last search:events, then search:done) can reach the handlers in either order.
    Here one thread hands them on in the order they arrived, as the connection carried them; put
    None in the queue returned to end that thread."""
    inbox: queue.SimpleQueue[tuple[Any, ...] | None] = queue.SimpleQueue()
    eio = sio.eio
    on_message = eio.handlers["message"]
    spawn = eio.start_background_task

    def start_background_task(target: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        if target == on_message:
            inbox.put(args)
            return None
        return spawn(target, *args, **kwargs)

    def deliver() -> None:
        while (args := inbox.get()) is not None:
            try:
                on_message(*args)
            except Exception:  # as python-engineio's own thread would: say so, keep going
                log.exception("a message could not be handled")

    eio.start_background_task = start_background_task  # type: ignore[method-assign]
    threading.Thread(target=deliver, name="socket-client-inbox", daemon=True).start()
    return inbox


class SearchClient:
    """Connects to /search and keeps every message and every event, in the order they arrived.

    It knows which searches it asked for, so a test can wait until each has sent its last message
    (`wait`): a start is answered by search:started or by search:error without a search id, and a
    search that started ends with search:done or search:error.
    """

    def __init__(self, url: str, **connect: Any) -> None:
        self.sio = socketio.Client(reconnection=False)
        self.messages: list[tuple[str, Any]] = []
        self.events: list[dict[str, Any]] = []
        self._arrived = threading.Condition()
        self._asked = 0  # search:start messages sent
        self._answered = 0  # starts answered: search:started, or search:error without a search id
        self._running: set[str] = set()  # started, and no search:done or search:error yet
        for name in ("search:started", "search:events", "search:done", "search:error"):
            self.sio.on(name, self._handler(name), namespace="/search")
        self._inbox = deliver_in_order(self.sio)
        self.sio.connect(url, namespaces=["/search"], transports=["websocket"], wait_timeout=PATIENCE_SECONDS, **connect)

    def _handler(self, name: str) -> Callable[[Any], None]:
        def handle(data: Any) -> None:
            with self._arrived:
                self.messages.append((name, data))
                if name == "search:started":
                    self._answered += 1
                    self._running.add(data["search"])
                elif name == "search:events":
                    self.events.extend(data["events"])
                elif data.get("search") is None:  # search:error for a refused start
                    self._answered += 1
                else:  # search:done, or search:error of a search: its last message
                    self._running.discard(data["search"])
                self._arrived.notify_all()
        return handle

    def _settled(self) -> bool:
        return self._answered >= self._asked and not self._running

    def reset(self) -> None:
        """Forget what was received, to reuse one connection across tests (disconnects are slow).
        Only once every search has sent its last message (`wait`): nothing more can come."""
        with self._arrived:
            assert self._settled(), "reset while a search is still running: wait() first"
            self.messages.clear()
            self.events.clear()
            self._asked = self._answered = 0

    def start(self, request: Any) -> None:
        """Send search:start with `request` (anything: tests send bad ones too)."""
        with self._arrived:
            self._asked += 1
        self.sio.emit("search:start", request, namespace="/search")

    def cancel(self, search_id: str) -> None:
        self.sio.emit("search:cancel", {"search": search_id}, namespace="/search")

    def wait_for(self, predicate: Callable[[], Any], what: str, timeout: float = PATIENCE_SECONDS) -> None:
        """Wait until `predicate` holds, checked each time a message arrives; fail naming `what`."""
        with self._arrived:
            if not self._arrived.wait_for(predicate, timeout):
                raise TimeoutError(f"waited {timeout:g} s for {what}; the last messages: {self.names()[-5:]}")

    def wait(self, timeout: float = PATIENCE_SECONDS) -> str:
        """Wait until every start sent is answered and every search started has ended; return the
        name of the last message (search:done, or search:error)."""
        self.wait_for(self._settled, "an answer to every search:start and the end of every search", timeout)
        return self.messages[-1][0] if self.messages else ""

    def result(self) -> dict[str, Any]:
        """The result of the search that ended last: it is sent once, as the search's last event."""
        assert self.events and self.events[-1]["type"] == "result", "the last event is not a result"
        return self.events[-1]

    def names(self) -> list[str]:
        return [name for name, _ in self.messages]

    def close(self) -> None:
        self.sio.disconnect()
        self._inbox.put(None)


# --- Flask-SocketIO's test client -------------------------------------------------------------
def received_events(messages: list[dict[str, Any]], search: str | None = None) -> list[dict[str, Any]]:
    """The events in `messages` (Flask-SocketIO test client's form), of one search if named."""
    return [e for m in messages if m["name"] == "search:events" and search in (None, m["args"][0]["search"])
            for e in m["args"][0]["events"]]


def named(name: str, search: Callable[[Any], bool] = lambda _: True) -> Callable[[dict[str, Any]], bool]:
    """A test for a received message: this name, and a search id that `search` accepts."""
    return lambda m: m["name"] == name and search(m["args"][0]["search"])


def receive_until(client: Any, last: Callable[[dict[str, Any]], bool], what: str) -> list[dict[str, Any]]:
    """What Flask-SocketIO's test client receives, until a message that `last` accepts is among it.
    The test client signals nothing: it is asked until then."""
    got: list[dict[str, Any]] = []

    def arrived() -> bool:
        got.extend(client.get_received("/search"))
        return any(last(m) for m in got)

    wait_until(arrived, what)
    return got
