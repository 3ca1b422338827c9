"""One-use tickets for a class's events path: a right-code joiner's own allowance.

The events path (`/api/class/<code>/searches/<search>/events`) is rate-limited per address, but a
class of 300 behind one campus address joining late must still get its search. So a `class:state`
that points to the path carries a ticket (`?ticket=...`, 96 random bits) made for that joiner: a
fetch with an unused ticket of that room's search is not counted against the address; the ticket
is then spent. Tickets live `TICKET_SECONDS`, in Redis when rooms do (the fetch may reach another
process than the join did).

At most one ticket per connection and search: a join again on the same connection (the same room,
the same search) gets the same ticket while it is good, and none once it is spent or expired (its
fetches are then the address's). Which ticket a connection was given is kept by the process holding
the connection (a connection's joins all reach it, so this needs no Redis), for at most
`ROOMS_PER_CONNECTION` rooms, one search each (a new search in a room replaces its old one's
ticket, whose path answers 404 anyway), and forgotten when the connection goes.
"""

from __future__ import annotations

import secrets
import threading
import time
from typing import Protocol

from server.classroom.redis_client import redis_client

TICKET_SECONDS = 120
"""How long a class:state's ticket for the events path stays good (seconds)."""

ROOMS_PER_CONNECTION = 8
"""Rooms whose ticket a connection's record keeps; a connection joining more gets no ticket for the others."""


class Tickets(Protocol):
    def issue(self, code: str, search_id: str, sid: str) -> str | None: ...
    def spend(self, ticket: str, code: str, search_id: str) -> bool: ...
    def left(self, sid: str) -> None: ...


class _Given:
    """sid -> {room code: (search id, the ticket given)}: this process's connections' tickets."""

    def __init__(self) -> None:
        self._given: dict[str, dict[str, tuple[str, str]]] = {}
        self._lock = threading.Lock()

    def claim(self, sid: str, code: str, search_id: str, ticket: str) -> tuple[str | None, bool]:
        """(the connection's ticket for this search, whether it is the new `ticket`); None: over its rooms."""
        with self._lock:
            rooms = self._given.setdefault(sid, {})
            held = rooms.get(code)
            if held is not None and held[0] == search_id:
                return held[1], False
            if held is None and len(rooms) >= ROOMS_PER_CONNECTION:
                return None, False
            rooms[code] = (search_id, ticket)
            return ticket, True

    def left(self, sid: str) -> None:
        with self._lock:
            self._given.pop(sid, None)

    def size(self) -> int:
        with self._lock:
            return sum(len(rooms) for rooms in self._given.values())


class MemoryTickets:
    def __init__(self) -> None:
        self._tickets: dict[str, tuple[str, float]] = {}
        self._lock = threading.Lock()
        self.given = _Given()

    def issue(self, code: str, search_id: str, sid: str) -> str | None:
        ticket, new = self.given.claim(sid, code, search_id, secrets.token_urlsafe(12))
        if ticket is None:
            return None
        now = time.monotonic()
        with self._lock:
            if not new:
                held = self._tickets.get(ticket)
                return ticket if held is not None and held[1] >= now else None
            for old in [t for t, (_, until) in self._tickets.items() if until < now]:
                del self._tickets[old]
            self._tickets[ticket] = (f"{code} {search_id}", now + TICKET_SECONDS)
        return ticket

    def spend(self, ticket: str, code: str, search_id: str) -> bool:
        with self._lock:
            held = self._tickets.pop(ticket, None)
        return held is not None and held[0] == f"{code} {search_id}" and held[1] >= time.monotonic()

    def left(self, sid: str) -> None:
        self.given.left(sid)  # its unspent ticket, if any, expires on its own


class RedisTickets:
    PREFIX = "minimax-lab:class-ticket:"

    def __init__(self, url: str) -> None:
        self._redis = redis_client(url)
        self.given = _Given()

    def issue(self, code: str, search_id: str, sid: str) -> str | None:
        ticket, new = self.given.claim(sid, code, search_id, secrets.token_urlsafe(12))
        if ticket is None:
            return None
        if not new:
            return ticket if self._redis.exists(self.PREFIX + ticket) else None
        self._redis.set(self.PREFIX + ticket, f"{code} {search_id}", ex=TICKET_SECONDS)
        return ticket

    def spend(self, ticket: str, code: str, search_id: str) -> bool:
        pipe = self._redis.pipeline()  # MULTI: read and spent at once, so two fetches cannot share one
        pipe.get(self.PREFIX + ticket)
        pipe.delete(self.PREFIX + ticket)
        held, _ = pipe.execute()
        return held == f"{code} {search_id}"

    def left(self, sid: str) -> None:
        self.given.left(sid)


def tickets_for(message_queue: str | None, redis_rooms: bool) -> Tickets:
    return RedisTickets(message_queue) if message_queue and redis_rooms else MemoryTickets()
