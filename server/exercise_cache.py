"""A small in-process LRU of practice exercises by id.

Reading an exercise back (search.exercise.exercise_from_json) runs its search again to know the
answers; a class of 60 students checking the same exercise should pay for that once, not per check.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Callable, Generic, TypeVar

T = TypeVar("T")


class LruCache(Generic[T]):
    """The `size` most recently used items; `get(key, load)` calls `load()` on a miss (None: not
    found, and nothing is cached). Thread-safe: requests run on many threads."""

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self._items: OrderedDict[str, T] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str, load: Callable[[], T | None]) -> T | None:
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        item = load()  # outside the lock: a slow load does not hold up other exercises
        if item is None:
            return None
        with self._lock:
            self._items[key] = item
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)
        return item
