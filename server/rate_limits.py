"""Per-client rate limits (a sliding window of recent tries), for tries that are cheap to make and
must stay rare: joining a class (each wrong code is a guess at someone's room) and creating one."""

from __future__ import annotations

import threading
import time
from collections import deque


class RateLimit:
    """At most `tries` per `seconds` for each client; forgets clients idle for a whole window."""

    def __init__(self, tries: int, seconds: float) -> None:
        self.tries = tries
        self.seconds = seconds
        self._recent: dict[str, deque[float]] = {}
        self._lock = threading.Lock()
        self._next_sweep = time.monotonic() + seconds

    def allow(self, client: str) -> bool:
        """Count a try; False (and not counted) when the client is over its limit."""
        now = time.monotonic()
        with self._lock:
            if now > self._next_sweep:
                self._sweep(now)
            recent = self._recent.setdefault(client, deque())
            while recent and now - recent[0] > self.seconds:
                recent.popleft()
            if len(recent) >= self.tries:
                return False
            recent.append(now)
            return True

    def retry_after(self, client: str) -> float:
        """Seconds until the client's oldest counted try leaves the window."""
        with self._lock:
            recent = self._recent.get(client)
            return 0.0 if not recent else max(0.0, self.seconds - (time.monotonic() - recent[0]))

    def _sweep(self, now: float) -> None:
        for client in [c for c, recent in self._recent.items() if not recent or now - recent[-1] > self.seconds]:
            del self._recent[client]
        self._next_sweep = now + self.seconds
