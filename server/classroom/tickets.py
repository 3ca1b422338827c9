"""One-use tickets for a class's events path: a right-code joiner's own allowance.

The events path (`/api/class/<code>/searches/<search>/events`) is rate-limited per address, but a
class of 300 behind one campus address joining late must still get its search. So each
`class:state` that points to the path carries a ticket (`?ticket=...`, 96 random bits) made for
that joiner: a fetch with an unused ticket of that room's search is not counted against the
address; the ticket is then spent. Tickets live `TICKET_SECONDS`, in Redis when rooms do (the
fetch may reach another process than the join did).
"""

from __future__ import annotations

import secrets
import threading
import time
from typing import Protocol

TICKET_SECONDS = 120
"""How long a class:state's ticket for the events path stays good (seconds)."""


class Tickets(Protocol):
    def issue(self, code: str, search_id: str) -> str: ...
    def spend(self, ticket: str, code: str, search_id: str) -> bool: ...


class MemoryTickets:
    def __init__(self) -> None:
        self._tickets: dict[str, tuple[str, float]] = {}
        self._lock = threading.Lock()

    def issue(self, code: str, search_id: str) -> str:
        ticket = secrets.token_urlsafe(12)
        now = time.monotonic()
        with self._lock:
            for old in [t for t, (_, until) in self._tickets.items() if until < now]:
                del self._tickets[old]
            self._tickets[ticket] = (f"{code} {search_id}", now + TICKET_SECONDS)
        return ticket

    def spend(self, ticket: str, code: str, search_id: str) -> bool:
        with self._lock:
            held = self._tickets.pop(ticket, None)
        return held is not None and held[0] == f"{code} {search_id}" and held[1] >= time.monotonic()


class RedisTickets:
    PREFIX = "minimax-lab:class-ticket:"

    def __init__(self, url: str) -> None:
        import redis  # only a deployment with a message queue needs it

        self._redis = redis.Redis.from_url(url, decode_responses=True)

    def issue(self, code: str, search_id: str) -> str:
        ticket = secrets.token_urlsafe(12)
        self._redis.set(self.PREFIX + ticket, f"{code} {search_id}", ex=TICKET_SECONDS)
        return ticket

    def spend(self, ticket: str, code: str, search_id: str) -> bool:
        pipe = self._redis.pipeline()  # MULTI: read and spent at once, so two fetches cannot share one
        pipe.get(self.PREFIX + ticket)
        pipe.delete(self.PREFIX + ticket)
        held, _ = pipe.execute()
        return held == f"{code} {search_id}"


def tickets_for(message_queue: str | None, redis_rooms: bool) -> Tickets:
    return RedisTickets(message_queue) if message_queue and redis_rooms else MemoryTickets()
