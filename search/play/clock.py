"""A recorder that records nothing and stops a search when its clock or its node allowance runs out.

Like search.algorithms.baseline's node cap, it is a NullRecorder, so the search runs at its untraced
speed; reading the clock costs about as much as visiting a node, so it is read every CHECK_EVERY visits.
"""

from __future__ import annotations

import time
from typing import Any

from search.traces.recorder import NullRecorder, SearchStopped

CHECK_EVERY = 256
"""Visits between two readings of the clock: a few hundred microseconds of search at most."""

OUT_OF_TIME = "time budget"
OUT_OF_NODES = "node limit"


class Deadline(NullRecorder):
    """Raises SearchStopped(OUT_OF_TIME) once time.monotonic() passes `deadline`, or SearchStopped(OUT_OF_NODES)
    past `nodes` visits; keeps the result event's payload (an iterative search's `direct` is only there)."""

    __slots__ = ("deadline", "nodes", "until_check", "payload")

    def __init__(self, deadline: float, nodes: int) -> None:
        self.deadline = deadline
        self.nodes = nodes
        self.until_check = CHECK_EVERY
        self.payload: dict[str, Any] = {}

    def visit(self, line: str, state: Any, move: Any, depth: int, player: str, alpha: float | None,
              beta: float | None) -> None:
        self.until_check -= 1
        if self.until_check:
            return
        self.until_check = CHECK_EVERY
        self.nodes -= CHECK_EVERY
        if self.nodes < 0:
            raise SearchStopped(OUT_OF_NODES)
        if time.monotonic() > self.deadline:
            raise SearchStopped(OUT_OF_TIME)

    def result(self, fields: dict[str, Any]) -> None:
        self.payload = fields
