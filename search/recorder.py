"""Records a search as typed events (docs/trace-format.md): the algorithm calls one method per step.

The recorder knows nothing of what consumes the events. It numbers them, writes infinities as the
strings "inf"/"-inf" (strict JSON), and hands them on in batches to a sink (a file, a websocket),
keeping them in memory too unless told not to. It also enforces a cap on the number of events
(checked as each event is numbered) and a cancel flag (checked at batch boundaries).
"""

from __future__ import annotations

import math
import sys
from typing import Any, Callable

FORMAT_VERSION = 1
INF = math.inf
Event = dict[str, Any]
Sink = Callable[[list[Event]], None]


def json_number(x: float) -> float | str:
    """A finite number as itself, an infinity as "inf" / "-inf"."""
    return x if -INF < x < INF else ("inf" if x > 0 else "-inf")


def from_json_number(x: float | str) -> float:
    """The inverse of json_number, for readers of traces."""
    return INF if x == "inf" else -INF if x == "-inf" else x  # type: ignore[return-value]


class SearchStopped(Exception):
    """Raised inside a search to unwind it: cancelled, or the event cap was reached."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Recorder:
    """Collects a search's events in order.

    sink: receives each batch of events as soon as it is full (and the rest at the end).
    keep: also keep every event in `self.events` (off for huge searches streamed to a file).
    max_events: stop the search, with an incomplete result, once this many events were made.
    """

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
        self.max_events = max_events if max_events is not None else sys.maxsize  # int: a fast compare
        self.events: list[Event] = []
        self.count = 0
        self.cancelled = False
        self.stop_reason = "cancelled"
        self._batch: list[Event] = []

    # --- plumbing -------------------------------------------------------------------------
    def flush(self) -> None:
        """Hand the pending batch on; the place where cancellation is noticed."""
        self._hand_on()
        if self.cancelled:
            raise SearchStopped(self.stop_reason)

    def _hand_on(self) -> None:
        batch, self._batch = self._batch, []
        if batch:
            if self.keep:
                self.events.extend(batch)
            if self.sink is not None:
                self.sink(batch)

    def _push_rare(self, make: Callable[[int], Event]) -> None:
        """Number and hand on an event that is not on the hot path (start, prune)."""
        seq = self.count
        if seq >= self.max_events:
            raise SearchStopped("event limit")
        self.count = seq + 1
        self._batch.append(make(seq))
        if len(self._batch) >= self.batch_size:
            self.flush()

    def cancel(self, reason: str = "cancelled") -> None:
        """Ask the running search to stop at the next batch boundary (safe from another thread).
        It stays cancelled: sinks can tell that the last batch belongs to a stopped search."""
        self.stop_reason = reason
        self.cancelled = True

    # --- the typed events -----------------------------------------------------------------
    # A traced search calls these about 2.5 times per node, millions of times in all, so each one
    # does its own plumbing instead of calling helpers (a call costs about as much as the rest):
    #     seq = self.count; stop if seq reached max_events; self.count = seq + 1   (numbering)
    #     batch.append(event); flush if the batch is full                        (handing on)
    # bench/engine.py measures the cost of tracing.
    def start(self, root: str, algorithm: str, options: dict[str, Any], source: dict[str, Any]) -> None:
        self._push_rare(lambda seq: {
            "seq": seq, "type": "start", "node": root, "line": "search.call",
            "format": FORMAT_VERSION, "algorithm": algorithm, "options": options, "source": source,
        })

    def visit(
        self, node: str, line: str, parent: str | None, depth: int, player: str,
        alpha: float | None, beta: float | None, extra: dict[str, Any],
    ) -> None:
        seq = self.count
        if seq >= self.max_events:
            raise SearchStopped("event limit")
        self.count = seq + 1
        if alpha is None:  # minimax
            event: Event = {
                "seq": seq, "type": "visit", "node": node, "line": line,
                "parent": parent, "depth": depth, "player": player, **extra,
            }
        else:  # alpha-beta adds the window the call received
            event = {
                "seq": seq, "type": "visit", "node": node, "line": line,
                "parent": parent, "depth": depth, "player": player,
                "alpha": alpha if -INF < alpha < INF else ("inf" if alpha > 0 else "-inf"),
                "beta": beta if -INF < beta < INF else ("inf" if beta > 0 else "-inf"),  # type: ignore[operator]
                **extra,
            }
        batch = self._batch
        batch.append(event)
        if len(batch) >= self.batch_size:
            self.flush()

    def leaf(self, node: str, line: str, value: float, kind: str) -> None:
        seq = self.count
        if seq >= self.max_events:
            raise SearchStopped("event limit")
        self.count = seq + 1
        batch = self._batch
        batch.append({
            "seq": seq, "type": "leaf", "node": node, "line": line, "value": value, "kind": kind,
        })
        if len(batch) >= self.batch_size:
            self.flush()

    def backup(self, node: str, line: str, child: str, child_value: float, before: float, after: float) -> None:
        seq = self.count
        if seq >= self.max_events:
            raise SearchStopped("event limit")
        self.count = seq + 1
        batch = self._batch
        batch.append({
            "seq": seq, "type": "backup", "node": node, "line": line, "child": child,
            "child_value": child_value,
            "v_before": before if -INF < before < INF else ("inf" if before > 0 else "-inf"),
            "v_after": after,
        })
        if len(batch) >= self.batch_size:
            self.flush()

    def bound(self, node: str, line: str, bound: str, old: float, new: float) -> None:
        seq = self.count
        if seq >= self.max_events:
            raise SearchStopped("event limit")
        self.count = seq + 1
        batch = self._batch
        batch.append({
            "seq": seq, "type": "bound", "node": node, "line": line, "bound": bound,
            "old": old if -INF < old < INF else ("inf" if old > 0 else "-inf"), "new": new,
        })
        if len(batch) >= self.batch_size:
            self.flush()

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
        self._batch.append({
            "seq": self.count, "type": "result", "node": root, "line": "search.return", **fields,
        })
        self.count += 1
        self._hand_on()  # delivered even when cancelled: it says how the search ended
