"""A small in-process LRU of practice exercises by id, bounded by count and by total weight.

Reading an exercise back (search.practice.exercise.exercise_from_json) runs its search again to know the
answers; a class of 60 students checking the same exercise should pay for that once, not per check.
What is kept grows with the tree (its trace, key and sentences: about 3 KB a node, 33 MB for a tree
at the 10,000-node limit; the misconceptions' answers a check is diagnosed against add about a fifth), so the exercise cache also weighs each one by its nodes: 64 exercises at
the limit, which anyone may make, would otherwise hold 2 GB.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Callable, Generic, TypeVar

T = TypeVar("T")


class LruCache(Generic[T]):
    """The `size` most recently used items, and while their total `weight` is over `budget`, fewer
    (the newest is kept whatever it weighs). `get(key, load)` calls `load()` on a miss (None: not
    found, and nothing is cached). Thread-safe: requests run on many threads."""

    def __init__(self, size: int = 64, budget: int | None = None, weight: Callable[[T], int] = lambda item: 1) -> None:
        self.size = size
        self.budget = budget
        self.weight = weight
        self.total = 0
        self._items: OrderedDict[str, tuple[T, int]] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: str, load: Callable[[], T | None]) -> T | None:
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key][0]
        item = load()  # outside the lock: a slow load does not hold up other exercises
        if item is None:
            return None
        weight = self.weight(item)
        with self._lock:
            if key in self._items:  # loaded meanwhile by another request: keep one
                self.total -= self._items[key][1]
            self._items[key] = (item, weight)
            self.total += weight
            self._items.move_to_end(key)
            while len(self._items) > 1 and (len(self._items) > self.size or
                                            (self.budget is not None and self.total > self.budget)):
                _, (_, dropped) = self._items.popitem(last=False)
                self.total -= dropped
        return item
