"""Rate limits shared by every server process through Redis (issue 33, "Beyond one host").

Behind nginx without sticky sessions (or on several hosts), one client's requests reach every process;
a window in each process's memory would let it `tries` times per process. With a Redis message queue
each limit counted per client address or per student is a sliding window in Redis instead: a sorted set
per (limit, client), `minimax-lab:rate:<name>:<client>`, of the tries' times in milliseconds, expiring one
window after its last try. One Lua script drops the tries that left the window, counts the rest and
adds this one, atomically, on Redis's own clock (TIME): two processes together allow exactly `tries`,
whatever their hosts' clocks say.

When Redis cannot be reached the limit falls back to the process's own window (the one it inherits from
RateLimit), asking Redis again every RETRY_REDIS_SECONDS, and says so in the log when Redis goes and when
it comes back. Saved trees, checks and hints do not need Redis, so a Redis fault must not refuse them all
(a 503 would turn it into an outage of every write): meanwhile each process allows `tries` on its own, as
every process did before limits were shared.

Limits per Socket.IO connection (keyed by its sid, which lives in one process) stay in memory.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from typing import Any

from server.classroom.redis_client import redis_client
from server.rate_limits import RateLimit

log = logging.getLogger(__name__)

PREFIX = "minimax-lab:rate:"
TIMEOUT_SECONDS = 1.0
"""A Redis that hangs holds a request this long at most, once per RETRY_REDIS_SECONDS."""
RETRY_REDIS_SECONDS = 5.0
"""After a Redis fault, the process counts in its own memory this long before asking Redis again."""

SLIDING_WINDOW = """
local window, tries, count = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3] == '1'
if tries <= 0 then return {0, window} end
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', '(' .. (now - window))
local held = redis.call('ZCARD', KEYS[1])
if held >= tries then
  local oldest = redis.call('ZRANGE', KEYS[1], held - tries, held - tries, 'WITHSCORES')
  return {0, window - (now - tonumber(oldest[2]))}
end
if count then
  redis.call('ZADD', KEYS[1], now, clock[1] .. clock[2] .. ARGV[4])
  redis.call('PEXPIRE', KEYS[1], window)
end
local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return {1, first[2] and window - (now - tonumber(first[2])) or 0}
"""
"""KEYS[1] the client's set; ARGV: the window in ms, the tries, 1 to count this try (0 to only ask), a
token that makes its member unique. Answers {1 allowed or 0 refused, ms until the try that frees a place
(refused) or the oldest counted try (allowed) leaves the window}."""


class SharedRedis:
    """One client and one loaded script per Redis URL in a process, and whether Redis was just found down
    (a hung Redis then costs one request a timeout, not every request of every limit)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.client = redis_client(url, TIMEOUT_SECONDS)
        self.script = self.client.register_script(SLIDING_WINDOW)  # EVALSHA, loaded again after a Redis restart
        self._down_until = 0.0
        self._lock = threading.Lock()

    def window(self, key: str, window_ms: int, tries: int, count: bool) -> tuple[bool, float] | None:
        """(allowed, seconds) from Redis (the script's answer); None while Redis is taken for down."""
        if time.monotonic() < self._down_until:
            return None
        from redis.exceptions import RedisError  # an optional library: only a deployment with a message queue has it

        try:
            allowed, wait_ms = self.script(keys=[key], args=[window_ms, tries, 1 if count else 0, secrets.token_hex(4)])
        except (RedisError, OSError) as exc:
            with self._lock:
                first = self._down_until == 0.0
                self._down_until = time.monotonic() + RETRY_REDIS_SECONDS
            if first:
                log.warning("rate limits: Redis at %s cannot be reached (%s); each process counts on its own until it can",
                            self.url, exc)
            return None
        if self._down_until:
            with self._lock:
                self._down_until = 0.0
            log.warning("rate limits: Redis at %s reached again; limits are shared again", self.url)
        return bool(allowed), max(0.0, float(wait_ms) / 1000)


class RedisRateLimit(RateLimit):
    """At most `tries` per `seconds` for each client, counted in Redis for every process; the inherited
    window in memory is the fallback while Redis cannot be reached."""

    def __init__(self, redis: SharedRedis, tries: int, seconds: float, name: str) -> None:
        super().__init__(tries, seconds)
        self.redis = redis
        self.name = name
        self._window_ms = max(1, round(seconds * 1000))

    def key(self, client: str) -> str:
        return f"{PREFIX}{self.name}:{client}"

    def allow(self, client: str) -> bool:
        """Count a try; False (and not counted) when the client is over its limit in any process."""
        answer = self.redis.window(self.key(client), self._window_ms, self.tries, True)
        return super().allow(client) if answer is None else answer[0]

    def would_allow(self, client: str) -> bool:
        answer = self.redis.window(self.key(client), self._window_ms, self.tries, False)
        return super().would_allow(client) if answer is None else answer[0]

    def retry_after(self, client: str) -> float:
        """Seconds until a try would be allowed again (0 when it would be now)."""
        answer = self.redis.window(self.key(client), self._window_ms, self.tries, False)
        if answer is None:
            return super().retry_after(client)
        allowed, wait = answer
        return 0.0 if allowed else wait


_shared: dict[str, SharedRedis] = {}
_shared_lock = threading.Lock()


def shared_redis(url: str) -> SharedRedis:
    """The process's SharedRedis of `url` (one connection pool per URL, as redis-py advises)."""
    with _shared_lock:
        if url not in _shared:
            _shared[url] = SharedRedis(url)
        return _shared[url]


def shares_through_redis(message_queue: Any) -> bool:
    """Whether the processes share a Redis message queue (as server/classroom/rooms.py's rooms_for decides)."""
    return isinstance(message_queue, str) and message_queue.startswith(("redis://", "rediss://", "unix://"))


def rate_limit_for(message_queue: Any, tries: int, seconds: float, name: str) -> RateLimit:
    """A limit per client address or per student: in Redis when the processes share a Redis message queue
    (`name` names its keys), else in this process's memory."""
    if shares_through_redis(message_queue):
        return RedisRateLimit(shared_redis(message_queue), tries, seconds, name)
    return RateLimit(tries, seconds)
