"""A log that says a recurring fault once per interval, however often it happens.

A fault a client or the network can repeat at will (a bad frame, a store that is down, an over-long request
line) must not write a line each time: 2,000 bad frames once wrote 3.3 MB of log in 1.8 s. A BoundedLog
writes one line per kind of fault per `interval` seconds; the next line of that kind says how many it left
unsaid meanwhile.
"""

from __future__ import annotations

import threading
import time
from typing import Any, Callable, Protocol


class Warns(Protocol):
    """A logging.Logger, or gunicorn's logger (which has its own class)."""

    def warning(self, msg: str, *args: Any) -> None: ...


class BoundedLog:
    """One line per kind per `interval` seconds, each starting with `prefix`; the next says how many were left unsaid."""

    def __init__(self, prefix: str, interval: float, logger: Warns,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.prefix = prefix
        self.interval = interval
        self.clock = clock
        self.logger = logger
        self._lock = threading.Lock()
        self._last: dict[str, float] = {}  # kind -> when its last line was written
        self._unsaid: dict[str, int] = {}  # kind -> reports of it since that line

    def report(self, kind: str, detail: str) -> None:
        now = self.clock()
        with self._lock:
            last = self._last.get(kind)
            if last is not None and now - last < self.interval:
                self._unsaid[kind] = self._unsaid.get(kind, 0) + 1
                return
            unsaid = self._unsaid.pop(kind, 0)
            self._last[kind] = now
        since = f" ({unsaid:,} more since the last line, {now - last:.0f} s ago)" if unsaid and last is not None else ""
        self.logger.warning("%s: %s: %s%s", self.prefix, kind, detail, since)
