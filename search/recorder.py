"""Records a search as typed events (docs/trace-format.md): the algorithm calls one method per step.

The recorder knows nothing of what consumes the events. On the hot path it appends one compact
record per event (search.event_records) and hands them on in numbered batches to a sink (a file, a
websocket), which turns them into dicts or JSON Lines as it needs; it keeps them too unless told not
to. It enforces a cap on the number of events and a cancel flag, both checked at batch boundaries:
the batch ends early where the cap falls, so the cap is exact.
"""

from __future__ import annotations

import sys
from typing import Any, Callable

from search.event_records import (
    BACKUP, BOUND, INF, LEAF, OTHER, VISIT, Batch, Describe, DescribeJson, Event, Record, json_number, no_extra,
)

FORMAT_VERSION = 1
Sink = Callable[[Batch], None]
__all__ = ["FORMAT_VERSION", "INF", "Batch", "Event", "Recorder", "SearchStopped", "Sink", "json_number"]


class SearchStopped(Exception):
    """Raised inside a search to unwind it: cancelled, or the event cap was reached."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Recorder:
    """Collects a search's events in order.

    sink: receives each Batch as soon as it is full (and the rest at the end).
    keep: also keep every event (`events()`), off for huge searches streamed to a file.
    max_events: stop the search, with an incomplete result, once this many events were made.
    """

    __slots__ = ("sink", "keep", "batch_size", "max_events", "cancelled", "stop_reason", "describe",
                 "describe_json", "_kept", "_first", "_batch", "_room")

    def __init__(
        self,
        sink: Sink | None = None,
        *,
        keep: bool = True,
        batch_size: int = 1000,
        max_events: int | None = None,
    ) -> None:
        self.sink = sink
        self.keep = keep
        self.batch_size = batch_size
        self.max_events = max_events if max_events is not None else sys.maxsize
        self.cancelled = False
        self.stop_reason = "cancelled"
        self.describe: Describe = no_extra
        self.describe_json: DescribeJson | None = None
        self._kept: list[Batch] = []
        self._first = 0  # seq of the pending batch's first record
        self._batch: list[Record] = []
        self._room = self._room_after(0)

    @property
    def count(self) -> int:
        """Events made so far."""
        return self._first + len(self._batch)

    def events(self) -> list[Event]:
        """Every kept event as a dict (built on each call: keep the list if you need it twice)."""
        return [event for batch in self._kept for event in batch.events()]

    # --- plumbing -------------------------------------------------------------------------
    def _room_after(self, first: int) -> int:
        """How long the batch starting at `first` may grow before the next boundary: a full batch,
        or one event past the cap (that event is then taken back and the search stopped)."""
        return max(1, min(self.batch_size, self.max_events - first + 1))

    def _boundary(self) -> None:
        """The batch reached its room: over the cap, stop; else hand it on."""
        if self._first + len(self._batch) > self.max_events:
            self._batch.pop()  # the event past the cap is not made; the rest go with the result
            raise SearchStopped("event limit")
        self.flush()

    def flush(self) -> None:
        """Hand the pending batch on; the place where cancellation is noticed."""
        self._hand_on()
        if self.cancelled:
            raise SearchStopped(self.stop_reason)

    def _hand_on(self) -> None:
        batch, self._batch = self._batch, []
        first = self._first
        self._first = first + len(batch)
        self._room = self._room_after(self._first)
        if batch:
            handed = Batch(first, batch, self.describe, self.describe_json)
            if self.keep:
                self._kept.append(handed)
            if self.sink is not None:
                self.sink(handed)

    def _push_rare(self, make: Callable[[int], Event]) -> None:
        """Record an event that is not on the hot path (start, prune): make(seq) builds it."""
        batch = self._batch
        batch.append((OTHER, make))
        if len(batch) >= self._room:
            self._boundary()

    def cancel(self, reason: str = "cancelled") -> None:
        """Ask the running search to stop at the next batch boundary (safe from another thread).
        It stays cancelled: sinks can tell that the last batch belongs to a stopped search."""
        self.stop_reason = reason
        self.cancelled = True

    # --- the typed events -----------------------------------------------------------------
    # A traced search calls these about 2.5 times per node, millions of times in all, so each one
    # only appends a tuple and checks the batch's room (bench/engine.py measures the cost):
    # numbering, infinities as "inf", dicts and JSON all wait for the sink (search.event_records).
    def start(
        self, root: str, algorithm: str, options: dict[str, Any], source: dict[str, Any],
        describe: Describe = no_extra, describe_json: DescribeJson | None = None,
    ) -> None:
        """The first event; also learns how the game describes a visited position."""
        self.describe, self.describe_json = describe, describe_json
        self._push_rare(lambda seq: {
            "seq": seq, "type": "start", "node": root, "line": "search.call",
            "format": FORMAT_VERSION, "algorithm": algorithm, "options": options, "source": source,
        })

    def visit(
        self, node: str, line: str, parent: str | None, depth: int, player: str,
        alpha: float | None, beta: float | None, state: Any, move: Any,
    ) -> None:
        """A node entered; alpha and beta are None for minimax, the window received for alpha-beta."""
        batch = self._batch
        batch.append((VISIT, node, line, parent, depth, player, alpha, beta, state, move))
        if len(batch) >= self._room:
            self._boundary()

    def leaf(self, node: str, line: str, value: float, kind: str) -> None:
        batch = self._batch
        batch.append((LEAF, node, line, value, kind))
        if len(batch) >= self._room:
            self._boundary()

    def backup(self, node: str, line: str, child: str, child_value: float, before: float, after: float) -> None:
        batch = self._batch
        batch.append((BACKUP, node, line, child, child_value, before, after))
        if len(batch) >= self._room:
            self._boundary()

    def bound(self, node: str, line: str, bound: str, old: float, new: float) -> None:
        batch = self._batch
        batch.append((BOUND, node, line, bound, old, new))
        if len(batch) >= self._room:
            self._boundary()

    def prune(
        self, node: str, line: str, pruned: list[str], test: str, cut: str,
        v: float, alpha: float, beta: float,
    ) -> None:
        self._push_rare(lambda seq: {
            "seq": seq, "type": "prune", "node": node, "line": line, "pruned": pruned,
            "test": test, "cut": cut, "v": v, "alpha": json_number(alpha), "beta": json_number(beta),
        })

    def result(self, root: str, fields: dict[str, Any]) -> None:
        """The last event; never refused by the cap, so a stopped search still says so."""
        self._batch.append((OTHER, lambda seq: {
            "seq": seq, "type": "result", "node": root, "line": "search.return", **fields,
        }))
        self._hand_on()  # delivered even when cancelled: it says how the search ended
