"""Flask-SocketIO's Redis message queue, able to carry our pre-encoded event batches.

Several server processes share rooms through Redis: an emit in one process is published and every
process sends it to its own clients. python-socketio publishes each emit as JSON with the
server's JSON module, which cannot encode a `PreEncoded` batch (its text is spliced into the
Socket.IO packet, server/http/strict_json.py); here such a value travels as {"$preencoded": text} and
becomes a PreEncoded again on the other side, so no process re-encodes an event.
"""

from __future__ import annotations

import json
from typing import Any, Callable

import socketio

from server.http.strict_json import PreEncoded
from server.transport.locked_rooms import LockedRooms

_MARK = "$preencoded"
_STORED = "$stored"


def events_text(search_id: str, texts: list[str]) -> str:
    """search:events as on /search, {"search", "events"}, with the events' JSON texts spliced in as kept."""
    return '{"search":%s,"events":[%s]}' % (json.dumps(search_id), ",".join(texts))


class StoredEvents(PreEncoded):
    """`search:events` of a room's search: events first..first+len(texts)-1, which the room's store keeps.

    Through Redis it travels as its room, search and span alone; each process reads the events from the store
    (Redis's keys, read on request: no output buffer fills) and sends them to its own clients. The class's
    messages keep their one order, since this one rides the same channel as the steps that show its events.
    Without a message queue it is the events message itself (a PreEncoded)."""

    __slots__ = ("code", "search_id", "first", "last")

    def __init__(self, code: str, search_id: str, first: int, texts: list[str] | None, last: int | None = None) -> None:
        super().__init__("" if texts is None else events_text(search_id, texts))
        self.code = code
        self.search_id = search_id
        self.first = first
        self.last = first + len(texts) if texts is not None else int(last or first)


ReadEvents = Callable[[str, str, int, int], "list[str] | None"]  # (code, search id, first, last) -> the events' texts


def _encode(value: Any) -> Any:
    if isinstance(value, StoredEvents):
        return {_STORED: [value.code, value.search_id, value.first, value.last]}
    if isinstance(value, PreEncoded):
        return {_MARK: value.text}
    raise TypeError(f"{type(value).__name__} cannot be sent through the message queue")


def _decode(obj: dict[str, Any]) -> Any:
    if len(obj) == 1 and _MARK in obj:
        return PreEncoded(obj[_MARK])
    if len(obj) == 1 and _STORED in obj:
        code, search_id, first, last = obj[_STORED]
        return StoredEvents(code, search_id, first, None, last)
    return obj


class QueueJson:
    """The json-like module the queue uses (dumps and loads)."""

    @staticmethod
    def dumps(obj: Any, **_: Any) -> str:
        return json.dumps(obj, default=_encode, allow_nan=False, separators=(",", ":"))

    @staticmethod
    def loads(text: str | bytes, **_: Any) -> Any:
        return json.loads(text, object_hook=_decode)


class RoomQueue(LockedRooms, socketio.RedisManager):
    """A RedisManager on channel `minimax-lab` that encodes with QueueJson, and sends a message for one client
    connected to this process straight to it.

    python-socketio publishes every emit on Redis, even one to a single client of this very process: a search's
    `search:events` batches (about 100 KB each) went through Redis to every process, and ten full tic-tac-toe
    searches overflowed Redis's output buffer for subscribers (it closed the subscriber's connection 40 times,
    and what was published meanwhile was lost). A search runs in the process its client is connected to, so its
    events never need Redis."""

    def __init__(self, url: str) -> None:
        super().__init__(url, channel="minimax-lab")
        self.read_events: ReadEvents | None = None  # the rooms' store, for StoredEvents from other processes
        self.on_reconnect: Callable[[], None] | None = None  # after a fault: what was published meanwhile is lost
        self._connects = 0

    def _redis_connect(self) -> None:
        """python-socketio connects again after a fault (its listener, then its publisher), and the messages
        published while this process was not subscribed never reach it: `on_reconnect` lets the rooms catch up
        (ClassNamespace.after_queue_fault). The first connection is no fault."""
        super()._redis_connect()
        self._connects += 1
        if self._connects > 1 and self.on_reconnect is not None:
            self.on_reconnect()

    def _handle_emit(self, message: dict[str, Any]) -> None:
        """A message from Redis (or this process's own) to this process's clients; StoredEvents from another
        process read from the store first. None there (the room or search ended meanwhile): nothing to send."""
        data = message.get("data")
        stored = data[0] if isinstance(data, list) and len(data) == 1 else None
        if isinstance(stored, StoredEvents) and not stored.text:
            texts = self.read_events(stored.code, stored.search_id, stored.first, stored.last) if self.read_events else None
            if not texts:
                return
            message = {**message, "data": [StoredEvents(stored.code, stored.search_id, stored.first, texts)]}
        super()._handle_emit(message)

    def emit(self, event: str, data: Any, namespace: str | None = None, room: str | None = None,
             skip_sid: Any = None, callback: Any = None, to: str | None = None, **kwargs: Any) -> Any:
        room = to or room
        if isinstance(room, str) and self.is_sid_room(namespace or "/", room):  # a client of this process
            kwargs["ignore_queue"] = True
        return super().emit(event, data, namespace=namespace, room=room, skip_sid=skip_sid, callback=callback, **kwargs)

    def initialize(self) -> None:
        super().initialize()
        self.json = QueueJson  # set after the base class put the server's packet JSON here
