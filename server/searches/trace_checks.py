"""Checking an uploaded trace, a few at a time: each check re-runs the search it describes.

A check costs about what making the trace cost (search.traces.verify; bench/trace_check.py), up to a
second or more of CPU for a trace near the 5 MB limit, so at most MAX_CONCURRENT_TRACE_CHECKS run
at once. The next upload waits a moment for a place (TRACE_CHECK_WAIT_SECONDS), then is answered
503 with Retry-After rather than queued: a burst of uploads cannot pile up threads and memory.

Tests only: `TRACE_CHECK_HOOK` in the app's config, a function called with no arguments once a
check holds its place, lets a test keep a check in flight (e.g. waiting on a threading.Event)
and see the next upload refused, without timing anything.
"""

from __future__ import annotations

import threading
from typing import Any, Callable

from flask import current_app

from search.traces.verify import VerifiedTrace, verify_trace

TRACE_CHECK_WAIT_SECONDS = 0.5
"""How long an upload waits for a place before it is refused (503)."""
RETRY_AFTER_SECONDS = 2


class TraceChecksBusy(Exception):
    """Every place for a trace check is taken (HTTP 503)."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"the server is checking {limit} uploaded trace{'s' if limit != 1 else ''} already (its limit): "
                         f"try again in a few seconds")
        self.retry_after = RETRY_AFTER_SECONDS


def check_places(limit: int) -> threading.BoundedSemaphore:
    """The places for trace checks; create_app keeps one in app.extensions["trace_check_places"]."""
    return threading.BoundedSemaphore(limit)


def checked_trace(text: str) -> VerifiedTrace:
    """verify_trace(text) in one of the app's check places, or TraceChecksBusy when none frees up soon."""
    places: threading.BoundedSemaphore = current_app.extensions["trace_check_places"]
    if not places.acquire(timeout=TRACE_CHECK_WAIT_SECONDS):
        raise TraceChecksBusy(int(current_app.config["MAX_CONCURRENT_TRACE_CHECKS"]))
    try:
        hook: Callable[[], Any] | None = current_app.config.get("TRACE_CHECK_HOOK")
        if hook is not None:
            hook()
        return verify_trace(text)
    finally:
        places.release()
