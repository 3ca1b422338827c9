"""Per-client rate limits (a sliding window of recent tries), for tries that are cheap to make and
must stay rare: joining a class (each wrong code is a guess at someone's room) and creating one."""

from __future__ import annotations

import ipaddress
import threading
import time
from collections import deque


def client_address(remote_addr: str | None) -> str:
    """Who a limit counts: the IPv4 address, or an IPv6 address's /64 (one host or home network is given a
    whole /64, so counting each of its 2**64 addresses apart would give it unlimited tries)."""
    if not remote_addr:
        return "unknown"
    try:
        parsed = ipaddress.ip_address(remote_addr)
    except ValueError:
        return remote_addr
    if isinstance(parsed, ipaddress.IPv6Address):
        mapped = parsed.ipv4_mapped
        return str(mapped) if mapped is not None else str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)


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

    def would_allow(self, client: str) -> bool:
        """Whether a try now would be allowed, without counting it (so two limits can both be asked first)."""
        now = time.monotonic()
        with self._lock:
            recent = self._recent.get(client)
            return not recent or sum(1 for t in recent if now - t <= self.seconds) < self.tries

    def retry_after(self, client: str) -> float:
        """Seconds until the client's oldest counted try leaves the window."""
        with self._lock:
            recent = self._recent.get(client)
            return 0.0 if not recent else max(0.0, self.seconds - (time.monotonic() - recent[0]))

    def _sweep(self, now: float) -> None:
        for client in [c for c, recent in self._recent.items() if not recent or now - recent[-1] > self.seconds]:
            del self._recent[client]
        self._next_sweep = now + self.seconds
