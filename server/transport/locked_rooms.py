"""python-socketio's room bookkeeping, changed by one thread at a time.

In threading mode every client's messages run in threads of their own, and python-socketio's manager changes its
`rooms` dict (namespace -> room -> members) without a lock: a client joining `/search` while the namespace's last
member leaves met `KeyError: '/search'` in `basic_enter_room` (the namespace's dict was deleted between its check and
its use), found during a burst of connections; four threads entering and leaving rooms hit it within seconds
(tests/server/test_locked_rooms.py). Here the methods that change rooms, and the reading of a room's members, hold
one re-entrant lock; `pre_disconnect` of a namespace that is gone (a session disconnected twice at once) is nothing.
Sending is outside the lock: `get_participants` hands out a copy.
"""

from __future__ import annotations

import threading
from typing import Any, Iterator

import socketio


class LockedRooms:
    """A mixin before a python-socketio manager class (LocalRooms below, server.classroom.room_queue.RoomQueue)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._rooms_lock = threading.RLock()
        super().__init__(*args, **kwargs)

    def get_participants(self, namespace: str, room: Any) -> Iterator[tuple[str, str]]:
        with self._rooms_lock:
            return iter(list(super().get_participants(namespace, room)))  # type: ignore[misc]

    def pre_connect(self, eio_sid: str, namespace: str) -> Any:
        with self._rooms_lock:
            return super().pre_connect(eio_sid, namespace)  # type: ignore[misc]

    def connect(self, sid: str, namespace: str) -> Any:
        with self._rooms_lock:
            return super().connect(sid, namespace)  # type: ignore[misc]

    def pre_disconnect(self, sid: str, namespace: str) -> Any:
        with self._rooms_lock:
            if namespace not in self.rooms:  # type: ignore[attr-defined]
                return None  # disconnected already, by another thread
            return super().pre_disconnect(sid, namespace)  # type: ignore[misc]

    def basic_disconnect(self, sid: str, namespace: str, **kwargs: Any) -> Any:
        with self._rooms_lock:
            return super().basic_disconnect(sid, namespace, **kwargs)  # type: ignore[misc]

    def basic_enter_room(self, sid: str, namespace: str, room: Any, eio_sid: str | None = None) -> Any:
        with self._rooms_lock:
            return super().basic_enter_room(sid, namespace, room, eio_sid=eio_sid)  # type: ignore[misc]

    def basic_leave_room(self, sid: str, namespace: str, room: Any) -> Any:
        with self._rooms_lock:
            return super().basic_leave_room(sid, namespace, room)  # type: ignore[misc]

    def basic_close_room(self, room: Any, namespace: str) -> Any:
        with self._rooms_lock:
            return super().basic_close_room(room, namespace)  # type: ignore[misc]


class LocalRooms(LockedRooms, socketio.Manager):
    """One process's rooms (no message queue)."""
