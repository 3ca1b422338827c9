"""The Redis client every classroom store uses (rooms, the release to followers, presence, tickets, class control),
and the rate limits shared by every process (server/shared_rate_limit.py)."""

from __future__ import annotations

from typing import Any

TIMEOUT_SECONDS = 5
"""A Redis that hangs (rather than refuses) must not hold a handler for ever: then the message's error."""


def redis_client(url: str, timeout: float = TIMEOUT_SECONDS) -> Any:
    """A text-answering client of `url` whose calls time out; redis is imported only by a deployment with a
    message queue."""
    import redis  # an optional library: only a deployment with a message queue has it installed

    return redis.Redis.from_url(url, decode_responses=True, socket_timeout=timeout, socket_connect_timeout=timeout)
