"""What a class's followers may hold: the room's search up to the instructor's furthest step.

The room keeps the whole search (server/classroom/rooms.py) for the instructor, its other key
holders and what is shown later; a follower holds only events 0..furthest, where `furthest` is
the furthest event the instructor has shown of this search. Before "What does B return?" the
event where B returns is not on any student's device, because the instructor has not shown it.

Per room and search the store keeps `furthest`, `count` (events the search has made so far),
`released` (events 0..released-1 went to the followers) and the first `seq` of each kept batch
(batches are not all the same size: iterative deepening ends one at each iteration), so a span of
events can be cut out of the kept JSON Lines batches. `added` (a batch kept) and `advance` (the
instructor stepped) move `released` up atomically and say which events are new to the followers:
whoever moved it sends exactly those, so no event goes out twice or not at all. With several
processes the state is a Redis hash beside the room's keys, changed by Lua scripts.

While a question is open (asked, not revealed) the room has a `cap`, the question's step - 1: the
followers get events only up to it, however far the instructor steps (`furthest` keeps moving, so
the key holders' pages step freely). `capped` sets or lifts it (Reveal, another question) and, like
`advance`, says which events that released: `released` is always min(furthest, cap) + 1, at most
`count`. The cap is the room's, not the search's: a search started while the question is open is
held back as well (its question could be about the same tree).
"""

from __future__ import annotations

import bisect
import threading
from dataclasses import dataclass, field
from typing import Any, Protocol

from server.classroom.redis_client import redis_client
from server.classroom.rooms import RedisRooms, Rooms


@dataclass(frozen=True)
class Span:
    """Events first..last-1, newly released to the followers."""

    first: int
    last: int


@dataclass(frozen=True)
class Held:
    """What the followers hold of a search: `released` events, of `count` made so far."""

    released: int
    count: int
    starts: list[int]  # the first seq of each kept batch


class Release(Protocol):
    def begin(self, code: str, search_id: str) -> None: ...
    def added(self, code: str, search_id: str, first: int, n: int) -> Span | None: ...
    def advance(self, code: str, search_id: str, step: int) -> Span | None: ...
    def capped(self, code: str, search_id: str | None, cap: int | None) -> Span | None: ...
    def held(self, code: str, search_id: str) -> Held | None: ...
    def texts(self, code: str, search_id: str, first: int, last: int) -> list[str] | None: ...
    def forget(self, code: str) -> None: ...


def cut(batches: list[str], starts: list[int], first: int, last: int) -> list[str]:
    """The JSON texts of events first..last-1, out of kept JSON Lines batches starting at `starts`."""
    out: list[str] = []
    for text, start in zip(batches, starts):
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        out.extend(lines[max(0, first - start):max(0, last - start)])
    return out


def batch_span(starts: list[int], first: int, last: int) -> tuple[int, int]:
    """Indexes i..j (inclusive) of the batches holding events first..last-1."""
    return bisect.bisect_right(starts, first) - 1, bisect.bisect_right(starts, last - 1) - 1


@dataclass
class _State:
    search_id: str
    furthest: int = -1
    released: int = 0
    count: int = 0
    starts: list[int] = field(default_factory=list)

    def move(self, cap: int | None) -> Span | None:
        new = min(self.furthest + 1, self.count, self.count if cap is None else cap + 1)
        if new <= self.released:
            return None
        span, self.released = Span(self.released, new), new
        return span


class MemoryRelease:
    """One process's rooms (MemoryRooms): the batches are read from the room's store."""

    def __init__(self, rooms: Rooms) -> None:
        self.rooms = rooms
        self._states: dict[str, _State] = {}
        self._caps: dict[str, int] = {}  # code -> the open question's step - 1
        self._lock = threading.Lock()

    def _state(self, code: str, search_id: str) -> _State | None:
        state = self._states.get(code)
        return state if state is not None and state.search_id == search_id else None

    def begin(self, code: str, search_id: str) -> None:
        with self._lock:
            self._states[code] = _State(search_id)

    def added(self, code: str, search_id: str, first: int, n: int) -> Span | None:
        with self._lock:
            if (state := self._state(code, search_id)) is None:
                return None
            state.starts.append(first)
            state.count = first + n
            return state.move(self._caps.get(code))

    def advance(self, code: str, search_id: str, step: int) -> Span | None:
        with self._lock:
            if (state := self._state(code, search_id)) is None:
                return None
            state.furthest = max(state.furthest, step)
            return state.move(self._caps.get(code))

    def capped(self, code: str, search_id: str | None, cap: int | None) -> Span | None:
        with self._lock:
            if cap is None:
                self._caps.pop(code, None)
            else:
                self._caps[code] = cap
            state = self._state(code, search_id) if search_id is not None else None
            return None if state is None else state.move(cap)

    def held(self, code: str, search_id: str) -> Held | None:
        with self._lock:
            state = self._state(code, search_id)
            return None if state is None else Held(state.released, state.count, list(state.starts))

    def texts(self, code: str, search_id: str, first: int, last: int) -> list[str] | None:
        held = self.held(code, search_id)
        batches = self.rooms.batches(code, search_id)
        if held is None or batches is None:
            return None
        if first >= last:
            return []
        i, j = batch_span(held.starts, first, last)
        return cut(batches[i:j + 1], held.starts[i:j + 1], first, last)

    def forget(self, code: str) -> None:
        with self._lock:
            self._states.pop(code, None)
            self._caps.pop(code, None)


# KEYS: the release hash, the list of batch starts. ARGV: search id, then as below, then the ttl.
_MOVE = """
local function move()
  local count = tonumber(redis.call('HGET', KEYS[1], 'count'))
  local old = tonumber(redis.call('HGET', KEYS[1], 'released'))
  local new = math.min(tonumber(redis.call('HGET', KEYS[1], 'furthest')) + 1, count)
  local cap = redis.call('HGET', KEYS[1], 'cap')
  if cap then new = math.min(new, tonumber(cap) + 1) end
  redis.call('EXPIRE', KEYS[1], ARGV[#ARGV])
  redis.call('EXPIRE', KEYS[2], ARGV[#ARGV])
  if new <= old then return {old, old} end
  redis.call('HSET', KEYS[1], 'released', new)
  return {old, new}
end
"""
_SAME_SEARCH = """
if redis.call('HGET', KEYS[1], 'search_id') ~= ARGV[1] then return false end
"""
# ARGV[2]: the cap, '' for none. Set even before the room's first search (the hash then holds only it).
_CAPPED = _MOVE + """
if ARGV[2] == '' then redis.call('HDEL', KEYS[1], 'cap') else redis.call('HSET', KEYS[1], 'cap', ARGV[2]) end
redis.call('EXPIRE', KEYS[1], ARGV[#ARGV])
""" + _SAME_SEARCH + """
return move()
"""
_ADDED = _MOVE + _SAME_SEARCH + """
redis.call('RPUSH', KEYS[2], ARGV[2])
redis.call('HSET', KEYS[1], 'count', tonumber(ARGV[2]) + tonumber(ARGV[3]))
return move()
"""
_ADVANCE = _MOVE + _SAME_SEARCH + """
if tonumber(ARGV[2]) > tonumber(redis.call('HGET', KEYS[1], 'furthest')) then
  redis.call('HSET', KEYS[1], 'furthest', ARGV[2])
end
return move()
"""


class RedisRelease:
    """Rooms in Redis (RedisRooms): `minimax-lab:class:<code>:release` (a hash) and `:starts` (a list),
    expiring with the room (each write renews them for the room's idle time)."""

    def __init__(self, url: str, idle_seconds: float, prefix: str) -> None:
        self.ttl = max(1, int(idle_seconds))
        self.prefix = prefix
        self._redis = redis_client(url)
        self._added = self._redis.register_script(_ADDED)
        self._advance = self._redis.register_script(_ADVANCE)
        self._capped = self._redis.register_script(_CAPPED)

    def _keys(self, code: str) -> list[str]:
        return [self.prefix + code + ":release", self.prefix + code + ":starts"]

    @staticmethod
    def _span(moved: Any) -> Span | None:
        if not moved or moved[1] <= moved[0]:
            return None
        return Span(int(moved[0]), int(moved[1]))

    def begin(self, code: str, search_id: str) -> None:
        release, starts = self._keys(code)
        pipe = self._redis.pipeline()  # MULTI; the hash's every field but the room's `cap` is set anew
        pipe.delete(starts)
        pipe.hset(release, mapping={"search_id": search_id, "furthest": -1, "released": 0, "count": 0})
        pipe.expire(release, self.ttl)
        pipe.execute()

    def added(self, code: str, search_id: str, first: int, n: int) -> Span | None:
        return self._span(self._added(keys=self._keys(code), args=[search_id, first, n, self.ttl]))

    def advance(self, code: str, search_id: str, step: int) -> Span | None:
        return self._span(self._advance(keys=self._keys(code), args=[search_id, step, self.ttl]))

    def capped(self, code: str, search_id: str | None, cap: int | None) -> Span | None:
        return self._span(self._capped(keys=self._keys(code), args=[search_id or "", "" if cap is None else cap, self.ttl]))

    def held(self, code: str, search_id: str) -> Held | None:
        release, starts = self._keys(code)
        pipe = self._redis.pipeline()
        pipe.hgetall(release)
        pipe.lrange(starts, 0, -1)
        state, firsts = pipe.execute()
        if state.get("search_id") != search_id:
            return None
        return Held(int(state["released"]), int(state["count"]), [int(s) for s in firsts])

    def texts(self, code: str, search_id: str, first: int, last: int) -> list[str] | None:
        held = self.held(code, search_id)
        if held is None:
            return None
        if first >= last:
            return []
        i, j = batch_span(held.starts, first, last)
        pipe = self._redis.pipeline()  # the batches and the id of the room's search, read together
        pipe.hget(self.prefix + code + ":meta", "search_id")
        pipe.lrange(self.prefix + code + ":batches", i, j)
        current, batches = pipe.execute()
        return cut(batches, held.starts[i:j + 1], first, last) if current == search_id else None

    def forget(self, code: str) -> None:
        self._redis.delete(*self._keys(code))


def release_for(rooms: Rooms, message_queue: str | None, idle_seconds: float) -> Release:
    """Beside the rooms: in Redis when they are, else in this process's memory."""
    if message_queue and isinstance(rooms, RedisRooms):
        return RedisRelease(message_queue, idle_seconds, RedisRooms.PREFIX)
    return MemoryRelease(rooms)
