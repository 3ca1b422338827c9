"""Flow control for streaming: at most a few event batches in flight, each acknowledged.

Without it the search outruns the client, the server queues hundreds of megabytes, Socket.IO's
pings wait behind the data and the client is dropped. The client acknowledges each
`search:events` message (the Socket.IO ack callback); the stream runs at the client's pace.
"""

from __future__ import annotations

import threading
import time
from typing import Any, Callable


class AckWindow:
    """A counting window of unacknowledged batches."""

    def __init__(self, size: int, should_stop: Callable[[], bool], stall_seconds: float) -> None:
        self._slots = threading.Semaphore(size)
        self._should_stop = should_stop
        self._stall_seconds = stall_seconds

    def acquire(self) -> bool:
        """Wait for a free slot; False if the search was stopped or the client stalled."""
        deadline = time.monotonic() + self._stall_seconds
        while not self._slots.acquire(timeout=0.2):
            if self._should_stop() or time.monotonic() > deadline:
                return False
        return True

    def release(self, *_ack: Any) -> None:
        """The ack callback: one batch arrived."""
        self._slots.release()
