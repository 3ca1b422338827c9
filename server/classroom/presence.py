"""Who is here, per server process: followers counted per process, and which room searches a live
process is running.

A shared counter (+1 on join, -1 on leave) stays too high for ever when a process dies with its
followers, and is lost with Redis's data. So each process writes only its own count per room, and
renews a short-lived key that says it is alive; a room's follower count is the sum over the processes
still alive. A room search that runs has a short-lived key too, renewed by the process running it:
a search "not done" whose key ran out was left by a process that died, and the sweep (on any
process) ends it. Every sweep writes all of this afresh, so after Redis lost its data the counts and
keys are back within one sweep. `ttl` is three sweeps: a process is taken for dead after missing
three.
"""

from __future__ import annotations

import json
import secrets
import threading
from typing import Any, Protocol

from server.classroom.redis_client import redis_client


class Presence(Protocol):
    def followers(self, code: str, here: int) -> int: ...
    def beat(self, followers: dict[str, int], running: dict[str, str]) -> None: ...
    def running(self, code: str, search_id: str) -> None: ...
    def finished(self, code: str, search_id: str) -> None: ...
    def is_running(self, code: str, search_id: str) -> bool: ...
    def stop(self, code: str, search_id: str, reason: str) -> None: ...
    def stopped(self, code: str, search_id: str) -> str | None: ...
    def forget(self, code: str) -> None: ...


class MemoryPresence:
    """One process: it is alive while it answers, and its counts are the counts."""

    def __init__(self) -> None:
        self._running: dict[str, str] = {}
        self._stopped: dict[str, tuple[str, str]] = {}
        self._lock = threading.Lock()

    def followers(self, code: str, here: int) -> int:
        return here

    def beat(self, followers: dict[str, int], running: dict[str, str]) -> None:
        pass

    def running(self, code: str, search_id: str) -> None:
        with self._lock:
            self._running[code] = search_id

    def finished(self, code: str, search_id: str) -> None:
        with self._lock:
            if self._running.get(code) == search_id:
                del self._running[code]

    def is_running(self, code: str, search_id: str) -> bool:
        return True  # a search of this process ends (done, error or cancelled) before the process does

    def stop(self, code: str, search_id: str, reason: str) -> None:
        with self._lock:
            self._stopped[code] = (search_id, reason)

    def stopped(self, code: str, search_id: str) -> str | None:
        with self._lock:
            found = self._stopped.get(code)
        return found[1] if found and found[0] == search_id else None

    def forget(self, code: str) -> None:
        with self._lock:
            self._running.pop(code, None)
            self._stopped.pop(code, None)


class RedisPresence:
    """Keys `minimax-lab:class:process:<id>` (this process is alive), `minimax-lab:class:<code>:followers`
    (a hash: process id -> followers there), `:running` (the search id a live process runs) and
    `:stopped` (a search ended by a fault, and why: for late joiners)."""

    PROCESS = "minimax-lab:class:process:"
    PREFIX = "minimax-lab:class:"

    def __init__(self, url: str, ttl: float, keep_seconds: float) -> None:
        self.id = secrets.token_hex(6)
        self.ttl = max(1, int(ttl + 0.999))
        self.keep_seconds = max(1, int(keep_seconds))
        self._redis = redis_client(url)

    def _key(self, code: str, what: str) -> str:
        return f"{self.PREFIX}{code}:{what}"

    def followers(self, code: str, here: int) -> int:
        """Write this process's count; the room's total over the processes alive."""
        pipe = self._redis.pipeline()
        pipe.set(self.PROCESS + self.id, 1, ex=self.ttl)
        pipe.hset(self._key(code, "followers"), self.id, here)
        pipe.expire(self._key(code, "followers"), self.keep_seconds)
        pipe.hgetall(self._key(code, "followers"))
        counts: dict[str, str] = pipe.execute()[-1]
        ids = list(counts)
        pipe = self._redis.pipeline()
        for process in ids:
            pipe.exists(self.PROCESS + process)
        alive = pipe.execute()
        dead = [process for process, live in zip(ids, alive) if not live]
        if dead:
            self._redis.hdel(self._key(code, "followers"), *dead)
        return sum(int(counts[process]) for process, live in zip(ids, alive) if live)

    def beat(self, followers: dict[str, int], running: dict[str, str]) -> None:
        """Every sweep: this process is alive, with these counts and these searches running."""
        pipe = self._redis.pipeline()
        pipe.set(self.PROCESS + self.id, 1, ex=self.ttl)
        for code, here in followers.items():
            pipe.hset(self._key(code, "followers"), self.id, here)
            pipe.expire(self._key(code, "followers"), self.keep_seconds)
        for code, search_id in running.items():
            pipe.set(self._key(code, "running"), search_id, ex=self.ttl)
        pipe.execute()

    def running(self, code: str, search_id: str) -> None:
        self._redis.set(self._key(code, "running"), search_id, ex=self.ttl)

    def finished(self, code: str, search_id: str) -> None:
        key = self._key(code, "running")
        if self._redis.get(key) == search_id:
            self._redis.delete(key)

    def is_running(self, code: str, search_id: str) -> bool:
        return bool(self._redis.get(self._key(code, "running")) == search_id)

    def stop(self, code: str, search_id: str, reason: str) -> None:
        self._redis.set(self._key(code, "stopped"), json.dumps([search_id, reason]), ex=self.keep_seconds)

    def stopped(self, code: str, search_id: str) -> str | None:
        raw = self._redis.get(self._key(code, "stopped"))
        found: Any = json.loads(raw) if raw else None
        return found[1] if found and found[0] == search_id else None

    def forget(self, code: str) -> None:
        self._redis.delete(*(self._key(code, what) for what in ("followers", "running", "stopped")))


def presence_for(message_queue: str | None, sweep_seconds: float, keep_seconds: float) -> Presence:
    """In Redis when the processes share a Redis message queue (as rooms.rooms_for), else in memory."""
    if message_queue and message_queue.startswith(("redis://", "rediss://", "unix://")):
        return RedisPresence(message_queue, 3 * sweep_seconds, keep_seconds)
    return MemoryPresence()
