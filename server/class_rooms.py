"""Where classroom rooms live: in memory for one server process, in Redis for several.

Every process behind a load balancer must see the same room (a follower on process 2 joins the
room its instructor made on process 1), so the two stores keep the same state behind one
interface: the key's hash, the instructor's step, the room's search (its `search:started`
message, its events so far as the JSON arrays they were sent in, whether it is done), the open
question with its answers (per connection id, never a name) and the last reveal. A room ends when
its instructor closes it or after `idle_seconds` without a write.
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

MAX_DISTINCT_ANSWERS = 40
OTHER = "other"


@dataclass
class RoomMeta:
    """A room's state without its events and answers (what every message handler reads)."""

    key_hash: str
    step: int = -1
    search: dict[str, Any] | None = None  # the search:started message
    done: bool = True
    count: int = 0  # events so far
    question: dict[str, Any] | None = None  # with its answer: never sent as is
    revealed: dict[str, Any] | None = None
    followers: int = 0


def tally(answers: dict[str, str]) -> dict[str, int]:
    """How many gave each answer; past MAX_DISTINCT_ANSWERS kinds the rest count as "other"."""
    counts: dict[str, int] = {}
    for answer in answers.values():
        counts[answer] = counts.get(answer, 0) + 1
    if len(counts) <= MAX_DISTINCT_ANSWERS:
        return counts
    ranked = sorted(counts.items(), key=lambda item: -item[1])
    kept = dict(ranked[:MAX_DISTINCT_ANSWERS - 1])
    kept[OTHER] = sum(n for _, n in ranked[MAX_DISTINCT_ANSWERS - 1:])
    return kept


class Rooms(Protocol):
    def create(self, code: str, key_hash: str) -> bool: ...
    def meta(self, code: str) -> RoomMeta | None: ...
    def set_step(self, code: str, step: int) -> None: ...
    def begin_search(self, code: str, started: dict[str, Any]) -> None: ...
    def add_batch(self, code: str, search_id: str, array_json: str, n: int) -> bool: ...
    def end_search(self, code: str, search_id: str) -> None: ...
    def batches(self, code: str, search_id: str) -> list[str] | None: ...
    def ask(self, code: str, question: dict[str, Any]) -> None: ...
    def answer(self, code: str, question_id: str, client: str, answer: str) -> tuple[int, dict[str, int]] | None: ...
    def answers(self, code: str) -> tuple[int, dict[str, int]]: ...
    def reveal(self, code: str, revealed: dict[str, Any]) -> None: ...
    def add_follower(self, code: str, delta: int) -> int: ...
    def delete(self, code: str) -> None: ...


@dataclass
class _Room:
    meta: RoomMeta
    batches: list[str] = field(default_factory=list)
    answers: dict[str, str] = field(default_factory=dict)
    touched: float = field(default_factory=time.monotonic)


class MemoryRooms:
    """One process's rooms. A lock per store: handlers run on many threads at once."""

    def __init__(self, idle_seconds: float) -> None:
        self.idle_seconds = idle_seconds
        self._rooms: dict[str, _Room] = {}
        self._lock = threading.Lock()

    def _live(self, code: str, touch: bool = True) -> _Room | None:
        room = self._rooms.get(code)
        now = time.monotonic()
        if room is not None and now - room.touched > self.idle_seconds:
            return None  # ended: sweep() removes it and tells its followers
        if room is not None and touch:
            room.touched = now
        return room

    def sweep(self) -> list[str]:
        """End rooms idle too long; the codes that ended."""
        with self._lock:
            now = time.monotonic()
            ended = [code for code, room in self._rooms.items() if now - room.touched > self.idle_seconds]
            for code in ended:
                del self._rooms[code]
            return ended

    def create(self, code: str, key_hash: str) -> bool:
        with self._lock:
            if self._live(code, touch=False) is not None:
                return False
            self._rooms[code] = _Room(RoomMeta(key_hash))
            return True

    def meta(self, code: str) -> RoomMeta | None:
        with self._lock:
            room = self._live(code, touch=False)
            if room is None:
                return None
            meta = room.meta
            return RoomMeta(**{**meta.__dict__})

    def set_step(self, code: str, step: int) -> None:
        with self._lock:
            if (room := self._live(code)) is not None:
                room.meta.step = step

    def begin_search(self, code: str, started: dict[str, Any]) -> None:
        with self._lock:
            if (room := self._live(code)) is not None:
                room.meta.search, room.meta.done, room.meta.count, room.meta.step = started, False, 0, -1
                room.batches = []

    def add_batch(self, code: str, search_id: str, array_json: str, n: int) -> bool:
        with self._lock:
            room = self._live(code)
            if room is None or room.meta.search is None or room.meta.search.get("search") != search_id:
                return False
            room.batches.append(array_json)
            room.meta.count += n
            return True

    def end_search(self, code: str, search_id: str) -> None:
        with self._lock:
            room = self._live(code)
            if room is not None and room.meta.search is not None and room.meta.search.get("search") == search_id:
                room.meta.done = True

    def batches(self, code: str, search_id: str) -> list[str] | None:
        with self._lock:
            room = self._live(code, touch=False)
            if room is None or room.meta.search is None or room.meta.search.get("search") != search_id:
                return None
            return list(room.batches)

    def ask(self, code: str, question: dict[str, Any]) -> None:
        with self._lock:
            if (room := self._live(code)) is not None:
                room.meta.question, room.meta.revealed, room.answers = question, None, {}

    def answer(self, code: str, question_id: str, client: str, answer: str) -> tuple[int, dict[str, int]] | None:
        with self._lock:
            room = self._live(code)
            if room is None or room.meta.question is None or room.meta.question.get("id") != question_id:
                return None
            room.answers[client] = answer
            return len(room.answers), tally(room.answers)

    def answers(self, code: str) -> tuple[int, dict[str, int]]:
        with self._lock:
            room = self._live(code, touch=False)
            return (0, {}) if room is None else (len(room.answers), tally(room.answers))

    def reveal(self, code: str, revealed: dict[str, Any]) -> None:
        with self._lock:
            if (room := self._live(code)) is not None:
                room.meta.revealed = revealed

    def add_follower(self, code: str, delta: int) -> int:
        with self._lock:
            room = self._live(code)
            if room is None:
                return 0
            room.meta.followers = max(0, room.meta.followers + delta)
            return room.meta.followers

    def delete(self, code: str) -> None:
        with self._lock:
            self._rooms.pop(code, None)


class RedisRooms:
    """Rooms in Redis, shared by every process on the same message queue. Keys
    `minimax-lab:class:<code>:meta` (a hash), `:batches` (a list), `:answers` (a hash); each write
    renews all three for idle_seconds, so an idle room expires whole."""

    PREFIX = "minimax-lab:class:"
    _JSON_FIELDS = ("search", "question", "revealed")

    def __init__(self, url: str, idle_seconds: float) -> None:
        import redis  # only a deployment with a message queue needs it

        self.idle_seconds = int(idle_seconds)
        self._redis = redis.Redis.from_url(url, decode_responses=True)

    def _keys(self, code: str) -> tuple[str, str, str]:
        base = self.PREFIX + code
        return base + ":meta", base + ":batches", base + ":answers"

    def _renew(self, pipe: Any, code: str) -> None:
        for key in self._keys(code):
            pipe.expire(key, self.idle_seconds)

    def _write(self, code: str, mapping: dict[str, Any]) -> None:
        meta_key = self._keys(code)[0]
        if not self._redis.exists(meta_key):
            return
        pipe = self._redis.pipeline()
        pipe.hset(meta_key, mapping={k: json.dumps(v) if k in self._JSON_FIELDS else v for k, v in mapping.items()})
        self._renew(pipe, code)
        pipe.execute()

    def create(self, code: str, key_hash: str) -> bool:
        meta_key = self._keys(code)[0]
        if not self._redis.hsetnx(meta_key, "key_hash", key_hash):
            return False
        pipe = self._redis.pipeline()
        pipe.hset(meta_key, mapping={"step": -1, "done": 1, "count": 0, "followers": 0,
                                     "search": "null", "question": "null", "revealed": "null"})
        self._renew(pipe, code)
        pipe.execute()
        return True

    def meta(self, code: str) -> RoomMeta | None:
        raw = self._redis.hgetall(self._keys(code)[0])
        if "key_hash" not in raw:
            return None
        return RoomMeta(key_hash=raw["key_hash"], step=int(raw.get("step", -1)),
                        search=json.loads(raw.get("search", "null")), done=raw.get("done", "1") == "1",
                        count=int(raw.get("count", 0)), question=json.loads(raw.get("question", "null")),
                        revealed=json.loads(raw.get("revealed", "null")), followers=int(raw.get("followers", 0)))

    def set_step(self, code: str, step: int) -> None:
        self._write(code, {"step": step})

    def begin_search(self, code: str, started: dict[str, Any]) -> None:
        self._redis.delete(self._keys(code)[1])
        self._write(code, {"search": started, "done": 0, "count": 0, "step": -1})

    def _current_search(self, code: str) -> str | None:
        search = json.loads(self._redis.hget(self._keys(code)[0], "search") or "null")
        return search.get("search") if isinstance(search, dict) else None

    def add_batch(self, code: str, search_id: str, array_json: str, n: int) -> bool:
        if self._current_search(code) != search_id:
            return False
        meta_key, batches_key, _ = self._keys(code)
        pipe = self._redis.pipeline()
        pipe.rpush(batches_key, array_json)
        pipe.hincrby(meta_key, "count", n)
        self._renew(pipe, code)
        pipe.execute()
        return True

    def end_search(self, code: str, search_id: str) -> None:
        if self._current_search(code) == search_id:
            self._write(code, {"done": 1})

    def batches(self, code: str, search_id: str) -> list[str] | None:
        if self._current_search(code) != search_id:
            return None
        return list(self._redis.lrange(self._keys(code)[1], 0, -1))

    def ask(self, code: str, question: dict[str, Any]) -> None:
        self._redis.delete(self._keys(code)[2])
        self._write(code, {"question": question, "revealed": None})

    def answer(self, code: str, question_id: str, client: str, answer: str) -> tuple[int, dict[str, int]] | None:
        question = json.loads(self._redis.hget(self._keys(code)[0], "question") or "null")
        if not isinstance(question, dict) or question.get("id") != question_id:
            return None
        answers_key = self._keys(code)[2]
        pipe = self._redis.pipeline()
        pipe.hset(answers_key, client, answer)
        self._renew(pipe, code)
        pipe.hgetall(answers_key)
        everyone = pipe.execute()[-1]
        return len(everyone), tally(everyone)

    def answers(self, code: str) -> tuple[int, dict[str, int]]:
        everyone = self._redis.hgetall(self._keys(code)[2])
        return len(everyone), tally(everyone)

    def reveal(self, code: str, revealed: dict[str, Any]) -> None:
        self._write(code, {"revealed": revealed})

    def add_follower(self, code: str, delta: int) -> int:
        meta_key = self._keys(code)[0]
        if not self._redis.exists(meta_key):
            return 0
        followers = int(self._redis.hincrby(meta_key, "followers", delta))
        if followers < 0:  # a count left behind by a process that stopped
            self._redis.hset(meta_key, "followers", 0)
            followers = 0
        return followers

    def delete(self, code: str) -> None:
        self._redis.delete(*self._keys(code))


def rooms_for(message_queue: str | None, idle_seconds: float) -> Rooms:
    """In Redis when the processes share a Redis message queue, else in this process's memory."""
    if message_queue and message_queue.startswith(("redis://", "rediss://", "unix://")):
        return RedisRooms(message_queue, idle_seconds)
    return MemoryRooms(idle_seconds)
