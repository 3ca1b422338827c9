"""A real python-socketio client that collects one search's messages, for server tests and benches."""

from __future__ import annotations

import threading
from typing import Any

import socketio


class SearchClient:
    """Connects to /search and gathers search:started / events / done / error in order."""

    def __init__(self, url: str, **connect: Any) -> None:
        self.sio = socketio.Client(reconnection=False)
        self.messages: list[tuple[str, Any]] = []
        self.events: list[dict[str, Any]] = []
        self.finished = threading.Event()
        for name in ("search:started", "search:events", "search:done", "search:error"):
            self.sio.on(name, self._handler(name), namespace="/search")
        self.sio.connect(url, namespaces=["/search"], transports=["websocket"], wait_timeout=10, **connect)

    def _handler(self, name: str) -> Any:
        def handle(data: Any) -> None:
            self.messages.append((name, data))
            if name == "search:events":
                self.events.extend(data["events"])
            if name in ("search:done", "search:error"):
                self.finished.set()
        return handle

    def reset(self) -> None:
        """Forget what was received, to reuse one connection across tests (disconnects are slow)."""
        self.messages.clear()
        self.events.clear()
        self.finished.clear()

    def start(self, request: dict[str, Any]) -> None:
        self.finished.clear()
        self.sio.emit("search:start", request, namespace="/search")

    def wait(self, timeout: float = 30) -> str:
        """Wait for done or error; returns the name of the message that ended it."""
        if not self.finished.wait(timeout):
            raise TimeoutError("no search:done or search:error")
        return self.messages[-1][0]

    def names(self) -> list[str]:
        return [name for name, _ in self.messages]

    def close(self) -> None:
        self.sio.disconnect()
