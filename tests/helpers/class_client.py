"""A real python-socketio client of /class for tests and benches: keeps every message in the order
it arrived, acknowledges search batches as a page does, and waits for what a test means."""

from __future__ import annotations

import threading
from typing import Any, Callable

import socketio

from tests.helpers.socket_client import PATIENCE_SECONDS, deliver_in_order

CLASS_EVENTS = ("class:state", "class:step", "class:question", "class:tally", "class:reveal", "class:closed",
                "class:error", "class:members", "search:started", "search:events", "search:done", "search:error")


UNLIMITED_CLASSES = {"CLASS_CREATES_PER_WINDOW": 1000, "CLASS_CREATES_PER_ADDRESS_WINDOW": 1000,
                     "CLASS_ROOMS_PER_INSTRUCTOR": 1000, "CLASS_ROOMS_PER_ADDRESS": 1000}
"""Settings that lift the limits on classes made, for a server whose tests all make their rooms from 127.0.0.1."""


class ClassClient:
    def __init__(self, url: str, **connect: Any) -> None:
        self.sio = socketio.Client(reconnection=False)
        self.messages: list[tuple[str, Any]] = []
        self.events: list[dict[str, Any]] = []  # of search:events, in order, duplicates dropped by seq
        self._search: str | None = None  # the search they are of
        self._arrived = threading.Condition()
        for name in CLASS_EVENTS:
            self.sio.on(name, self._handler(name), namespace="/class")
        self._inbox = deliver_in_order(self.sio)
        self.sio.connect(url, namespaces=["/class"], **{"transports": ["websocket"], "wait_timeout": PATIENCE_SECONDS, **connect})

    def _handler(self, name: str) -> Callable[[Any], None]:
        def handle(data: Any) -> None:
            with self._arrived:
                self.messages.append((name, data))
                if name == "search:started":
                    self.events.clear()
                    self._search = data.get("search")
                elif name == "class:state":  # as the page: the same search again keeps the events held
                    search = (data.get("search") or {}).get("search")
                    if search != self._search:
                        self.events.clear()
                    self._search = search
                    self.events.extend(e for e in data.get("events", []) if e["seq"] >= len(self.events))
                if name == "search:events":
                    have = len(self.events)
                    self.events.extend(e for e in data["events"] if e["seq"] >= have)
                self._arrived.notify_all()
        return handle

    def call(self, event: str, data: Any = None) -> Any:
        """Send and wait for the acknowledgement."""
        return self.sio.call(event, data if data is not None else {}, namespace="/class", timeout=PATIENCE_SECONDS)

    def emit(self, event: str, data: Any) -> None:
        self.sio.emit(event, data, namespace="/class")

    def of(self, name: str) -> list[Any]:
        with self._arrived:
            return [data for n, data in self.messages if n == name]

    def last(self, name: str) -> Any:
        found = self.of(name)
        return found[-1] if found else None

    def wait_for(self, predicate: Callable[[], Any], what: str, timeout: float = PATIENCE_SECONDS) -> None:
        with self._arrived:
            if not self._arrived.wait_for(predicate, timeout):
                raise TimeoutError(f"waited {timeout:g} s for {what}; the last messages: {[n for n, _ in self.messages[-6:]]}")

    def wait_message(self, name: str, where: Callable[[Any], bool] = lambda _: True) -> Any:
        """The first message called `name` that satisfies `where`, waiting for it."""
        found: list[Any] = []

        def seen() -> bool:
            found[:] = [d for n, d in self.messages if n == name and where(d)]
            return bool(found)
        self.wait_for(seen, name)
        return found[0]

    def close(self) -> None:
        self.sio.disconnect()
        self._inbox.put(None)
