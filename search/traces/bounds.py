"""Whether a returned value is the node's value or only a bound on it: the `bound` of a return event.

Alpha-beta returns early from a node once its value cannot matter (the slides: "C, which is a MIN
node, has a value of *at most* 2"); what such a node returns is a bound, not its value. Knuth & Moore
(1975) state it for the whole search: a call with window (α, β) returns its exact value when that lies
inside the window, else an upper bound (at or below α) or a lower bound (at or above β). The tracker
below says it node by node from what the search did, so it is exact where it can be: a node that saw
every child is exact when the children that decide its v are exact, and a bound when one of them was
a bound (a MAX node over a cut MIN child "≤ 2" and a leaf 1 is itself "≤ 2", whatever its window).

For a node's v after its children so far, two facts are tracked:
- `lower`: its true value is at least v (MAX: the child that gave v is exact or a lower bound);
- `upper`: its true value is at most v (MAX: every child so far is exact or an upper bound, none skipped).
MIN mirrors them; a chance node's weighted sum keeps each fact while every term keeps it. The return
is exact when both hold, "lower" or "upper" when one does. The fail-hard form returns α or β instead
of v: a value above v keeps only `upper`, one below keeps only `lower`.

The recorder (search.traces.recorder) feeds the tracker as the search runs; search.traces.upgrade
feeds it the events of a trace written before returns carried their bound.
"""

from __future__ import annotations

from typing import Literal

Flag = Literal["upper", "lower"] | None
"""A returned value's kind: None is the node's exact value."""


class BoundTracker:
    """The `lower` / `upper` facts of each node being searched, innermost last, and the flag the
    last finished child returned with (None: exact, as a leaf's)."""

    __slots__ = ("frames", "last")

    def __init__(self) -> None:
        self.frames: list[list[float | bool]] = []  # [v, lower, upper] per internal node on the path
        self.last: Flag = None

    def open(self, v: float) -> None:
        """v ← −∞, +∞ or 0 at an internal node: nothing seen yet, both facts hold vacuously."""
        self.frames.append([v, True, True])

    def leaf(self) -> None:
        """A leaf's value is exact (its utility, or the estimate the search stops at)."""
        self.last = None

    def answered(self, flag: str) -> None:
        """A transposition hit answers for the node with the entry's flag ("exact", "lower", "upper")."""
        self.last = None if flag == "exact" else flag  # type: ignore[assignment]

    def backup(self, op: str, child_value: float, before: float, after: float) -> None:
        """The finished child (its flag in `last`) went into v: MAX or MIN keep the better, "chance" adds.
        A child's "upper" breaks the `lower` fact and its "lower" the `upper` one. MAX's `lower` holds
        by the child that gave v (a tie may give it again), its `upper` by every child; MIN the other way round;
        a chance node's sum keeps each fact only while every term does."""
        frame = self.frames[-1]
        child, frame[0] = self.last, after
        keeps = (None, child != "upper", child != "lower")  # by fact: 1 lower, 2 upper
        best, every = (1, 2) if op == "max" else (2, 1) if op == "min" else (0, 0)
        if best == 0:  # chance
            frame[1] = frame[1] and keeps[1]
            frame[2] = frame[2] and keeps[2]
            return
        if after != before:
            frame[best] = keeps[best]
        elif child_value == after:
            frame[best] = frame[best] or keeps[best]
        frame[every] = frame[every] and keeps[every]

    def cut(self, cut: str, skipped: int) -> None:
        """A test held with `skipped` children left unseen: a β cut (v ≥ β) can no longer say "at most",
        an α cut "at least". At the last child nothing is skipped and nothing changes."""
        if skipped:
            self.frames[-1][2 if cut == "beta" else 1] = False

    def close(self, returned: float) -> Flag:
        """The node returns `returned` (its v, or α / β in the fail-hard form): its flag, kept in `last`."""
        v, lower, upper = self.frames.pop()
        if v is None or isinstance(returned, list):  # max^n: vectors, and nothing is ever skipped
            self.last = None
            return None
        if returned > v:  # type: ignore[operator]
            lower = False
        elif returned < v:  # type: ignore[operator]
            upper = False
        flag: Flag = None if lower and upper else "lower" if lower else "upper" if upper else None
        self.last = flag
        return flag
