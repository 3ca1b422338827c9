"""Flask-SocketIO's Redis message queue, able to carry our pre-encoded event batches.

Several server processes share rooms through Redis: an emit in one process is published and every
process sends it to its own clients. python-socketio publishes each emit as JSON with the
server's JSON module, which cannot encode a `PreEncoded` batch (its text is spliced into the
Socket.IO packet, server/http/strict_json.py); here such a value travels as {"$preencoded": text} and
becomes a PreEncoded again on the other side, so no process re-encodes an event.
"""

from __future__ import annotations

import json
from typing import Any

import socketio

from server.http.strict_json import PreEncoded

_MARK = "$preencoded"


def _encode(value: Any) -> Any:
    if isinstance(value, PreEncoded):
        return {_MARK: value.text}
    raise TypeError(f"{type(value).__name__} cannot be sent through the message queue")


def _decode(obj: dict[str, Any]) -> Any:
    if len(obj) == 1 and _MARK in obj:
        return PreEncoded(obj[_MARK])
    return obj


class QueueJson:
    """The json-like module the queue uses (dumps and loads)."""

    @staticmethod
    def dumps(obj: Any, **_: Any) -> str:
        return json.dumps(obj, default=_encode, allow_nan=False, separators=(",", ":"))

    @staticmethod
    def loads(text: str | bytes, **_: Any) -> Any:
        return json.loads(text, object_hook=_decode)


class RoomQueue(socketio.RedisManager):
    """A RedisManager on channel `minimax-lab` that encodes with QueueJson."""

    def __init__(self, url: str) -> None:
        super().__init__(url, channel="minimax-lab")

    def initialize(self) -> None:
        super().initialize()
        self.json = QueueJson  # set after the base class put the server's packet JSON here
