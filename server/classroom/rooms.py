"""Where classroom rooms live: in memory for one server process, in Redis for several.

Every process behind a load balancer must see the same room (a follower on process 2 joins the
room its instructor made on process 1), so the two stores keep the same state behind one
interface: the key's hash, the instructor's step, the room's search (its `search:started`
message, its events so far as the JSON arrays they were sent in, whether it is done), the open
question with its answers (per connection id, never a name) and the last reveal. A room ends when
its instructor closes it or after `idle_seconds` without a write by its key holder (followers
joining or answering do not keep an abandoned room alive). At most `max_rooms` live at once: each
may hold a search of up to MAX_EVENTS_PER_CLASS_SEARCH events for late joiners, so this bounds
the memory (or Redis) rooms take.

A search's events are kept as the JSON Lines text of each batch: a late joiner's `class:state`
splices them into one array, and the events path serves them as they are.
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from server.classroom.redis_client import redis_client

MAX_DISTINCT_ANSWERS = 40
"""Distinct answers a room counts for one question; the rest are counted as "other"."""
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
    kept[OTHER] = kept.get(OTHER, 0) + sum(n for _, n in ranked[MAX_DISTINCT_ANSWERS - 1:])  # answers out of form too
    return kept


def lines_as_array_items(batches: list[str]) -> str:
    """Stored JSON Lines batches as the items of one JSON array (JSON text holds no raw newline)."""
    return ",".join(b.rstrip("\n").replace("\n", ",") for b in batches if b.strip())


class RoomsFull(Exception):
    """Every room the server may hold is in use."""


class Rooms(Protocol):
    max_rooms: int

    def create(self, code: str, key_hash: str) -> bool: ...
    def meta(self, code: str) -> RoomMeta | None: ...
    def set_step(self, code: str, step: int) -> None: ...
    def begin_search(self, code: str, started: dict[str, Any]) -> None: ...
    def add_batch(self, code: str, search_id: str, jsonl: str, n: int, first: int | None = None) -> bool: ...
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

    def __init__(self, idle_seconds: float, max_rooms: int) -> None:
        self.idle_seconds = idle_seconds
        self.max_rooms = max_rooms
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
        """False when the code is taken; RoomsFull when max_rooms are live."""
        with self._lock:
            if self._live(code, touch=False) is not None:
                return False
            if sum(1 for c in list(self._rooms) if self._live(c, touch=False) is not None) >= self.max_rooms:
                raise RoomsFull
            self._rooms[code] = _Room(RoomMeta(key_hash))
            return True

    def meta(self, code: str) -> RoomMeta | None:
        with self._lock:
            room = self._live(code, touch=False)
            if room is None:
                return None
            return replace(room.meta)  # a copy: the caller reads it outside the lock

    def set_step(self, code: str, step: int) -> None:
        with self._lock:
            if (room := self._live(code)) is not None:
                room.meta.step = step

    def begin_search(self, code: str, started: dict[str, Any]) -> None:
        with self._lock:
            if (room := self._live(code)) is not None:
                room.meta.search, room.meta.done, room.meta.count, room.meta.step = started, False, 0, -1
                room.batches = []

    def add_batch(self, code: str, search_id: str, jsonl: str, n: int, first: int | None = None) -> bool:
        """Keep a batch of the room's search; False (not kept) for another search's, or, with `first` (its first
        seq), for one that does not continue the kept events exactly: two runs of one search (a room made again
        after a fault while its first run goes on elsewhere) never interleave."""
        with self._lock:
            room = self._live(code)
            if room is None or room.meta.search is None or room.meta.search.get("search") != search_id \
                    or (first is not None and first != room.meta.count):
                return False
            room.batches.append(jsonl)
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
        """None unless `question_id` is open (asked, not yet revealed). Not a key holder's write: the
        room's idle time runs on."""
        with self._lock:
            room = self._live(code, touch=False)
            if room is None or room.meta.question is None or room.meta.question.get("id") != question_id \
                    or room.meta.revealed is not None:
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
            room = self._live(code, touch=False)
            if room is None:
                return 0
            room.meta.followers = max(0, room.meta.followers + delta)
            return room.meta.followers

    def delete(self, code: str) -> None:
        with self._lock:
            self._rooms.pop(code, None)


# Check the room's search and append its batch in one step: a cancelled search's last batch must
# never land in the list of the search that replaced it, nor a batch that does not continue the list.
_ADD_BATCH = """
if redis.call('HGET', KEYS[1], 'search_id') ~= ARGV[1] then return 0 end
if ARGV[4] ~= '' and tonumber(redis.call('HGET', KEYS[1], 'count')) ~= tonumber(ARGV[4]) then return 0 end
redis.call('RPUSH', KEYS[2], ARGV[2])
redis.call('HINCRBY', KEYS[1], 'count', ARGV[3])
return 1
"""
# An answer counts only while its question is open (asked, not yet revealed).
_ANSWER = """
if redis.call('HGET', KEYS[1], 'question_id') ~= ARGV[1] or redis.call('HGET', KEYS[1], 'revealed') ~= 'null' then
  return false
end
redis.call('HSET', KEYS[2], ARGV[2], ARGV[3])
if redis.call('TTL', KEYS[2]) < 0 then redis.call('EXPIRE', KEYS[2], ARGV[4]) end
return redis.call('HGETALL', KEYS[2])
"""


class RedisRooms:
    """Rooms in Redis, shared by every process on the same message queue. Keys
    `minimax-lab:class:<code>:meta` (a hash), `:batches` (a list), `:answers` (a hash); each key
    holder's write renews all three for idle_seconds, so an idle room expires whole. The sorted set
    `minimax-lab:class:live` (code -> when it expires) counts the live rooms for max_rooms."""

    PREFIX = "minimax-lab:class:"
    LIVE = "minimax-lab:class:live"
    _JSON_FIELDS = ("search", "question", "revealed")

    def __init__(self, url: str, idle_seconds: float, max_rooms: int) -> None:
        self.idle_seconds = max(1, int(idle_seconds))
        self.max_rooms = max_rooms
        self._redis = redis_client(url)
        self._add_batch = self._redis.register_script(_ADD_BATCH)
        self._answer = self._redis.register_script(_ANSWER)

    def _keys(self, code: str) -> tuple[str, str, str]:
        base = self.PREFIX + code
        return base + ":meta", base + ":batches", base + ":answers"

    def _renew(self, pipe: Any, code: str) -> None:
        for key in self._keys(code):
            pipe.expire(key, self.idle_seconds)
        pipe.zadd(self.LIVE, {code: time.time() + self.idle_seconds})

    def _write(self, code: str, mapping: dict[str, Any]) -> None:
        meta_key = self._keys(code)[0]
        if not self._redis.exists(meta_key):
            return
        pipe = self._redis.pipeline()
        pipe.hset(meta_key, mapping={k: json.dumps(v) if k in self._JSON_FIELDS else v for k, v in mapping.items()})
        self._renew(pipe, code)
        pipe.execute()

    def create(self, code: str, key_hash: str) -> bool:
        pipe = self._redis.pipeline()
        pipe.zremrangebyscore(self.LIVE, "-inf", time.time())
        pipe.zcard(self.LIVE)
        if pipe.execute()[-1] >= self.max_rooms:
            raise RoomsFull
        meta_key = self._keys(code)[0]
        if not self._redis.hsetnx(meta_key, "key_hash", key_hash):
            return False
        pipe = self._redis.pipeline()
        pipe.hset(meta_key, mapping={"step": -1, "done": 1, "count": 0, "followers": 0, "search_id": "",
                                     "question_id": "", "search": "null", "question": "null", "revealed": "null"})
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
        meta_key, batches_key, _ = self._keys(code)
        if not self._redis.exists(meta_key):
            return
        pipe = self._redis.pipeline()  # one transaction: no batch of the old search slips in between
        pipe.delete(batches_key)
        pipe.hset(meta_key, mapping={"search": json.dumps(started), "search_id": started["search"],
                                     "done": 0, "count": 0, "step": -1})
        self._renew(pipe, code)
        pipe.execute()

    def add_batch(self, code: str, search_id: str, jsonl: str, n: int, first: int | None = None) -> bool:
        meta_key, batches_key, _ = self._keys(code)
        added = bool(self._add_batch(keys=[meta_key, batches_key], args=[search_id, jsonl, n, "" if first is None else first]))
        if added:
            pipe = self._redis.pipeline()
            self._renew(pipe, code)
            pipe.execute()
        return added

    def end_search(self, code: str, search_id: str) -> None:
        if self._redis.hget(self._keys(code)[0], "search_id") == search_id:
            self._write(code, {"done": 1})

    def batches(self, code: str, search_id: str) -> list[str] | None:
        meta_key, batches_key, _ = self._keys(code)
        pipe = self._redis.pipeline()  # the id and the list read together
        pipe.hget(meta_key, "search_id")
        pipe.lrange(batches_key, 0, -1)
        current, batches = pipe.execute()
        return list(batches) if current == search_id else None

    def ask(self, code: str, question: dict[str, Any]) -> None:
        meta_key, _, answers_key = self._keys(code)
        if not self._redis.exists(meta_key):
            return
        pipe = self._redis.pipeline()
        pipe.delete(answers_key)
        pipe.hset(meta_key, mapping={"question": json.dumps(question), "question_id": question["id"], "revealed": "null"})
        self._renew(pipe, code)
        pipe.execute()

    def answer(self, code: str, question_id: str, client: str, answer: str) -> tuple[int, dict[str, int]] | None:
        meta_key, _, answers_key = self._keys(code)
        flat = self._answer(keys=[meta_key, answers_key], args=[question_id, client, answer, self.idle_seconds])
        if not flat:
            return None
        everyone = dict(zip(flat[0::2], flat[1::2]))
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
        pipe = self._redis.pipeline()
        pipe.delete(*self._keys(code))
        pipe.zrem(self.LIVE, code)
        pipe.execute()


def rooms_for(message_queue: str | None, idle_seconds: float, max_rooms: int) -> Rooms:
    """In Redis when the processes share a Redis message queue, else in this process's memory."""
    if message_queue and message_queue.startswith(("redis://", "rediss://", "unix://")):
        return RedisRooms(message_queue, idle_seconds, max_rooms)
    return MemoryRooms(idle_seconds, max_rooms)
