"""A search reduced to what can be compared with a student's: the positions it visits in order, the values
it returns, the move it chooses. Made from the engine's events (the reference, a misconception's search)
or from a student's record, so the one comparison (search.grading.divergence) serves both.

The root is left out of the visits on both sides: a student's *_search may loop over the root's actions
without testing the root (as AIMA's minimax_search and the lecture quiz's minimax_decision do).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from search.grading.values import vector_text
from search.traces.json_values import from_json_number, json_number

Event = dict[str, Any]


@dataclass(slots=True)
class Walk:
    root: str
    visits: list[str] = field(default_factory=list)  # node ids, root left out
    visit_seqs: list[int] = field(default_factory=list)  # the event each visit is (for pointing the player at it)
    returns: list[tuple[str, float, int, int, str]] = field(default_factory=list)
    """(node, value, visits before it, event seq, the function that returned it) in the order returned (student walks)."""
    values: dict[str, tuple[float, int]] = field(default_factory=dict)  # node -> (value, event seq): the engine's
    parents: dict[str, str | None] = field(default_factory=dict)
    depths: dict[str, int] = field(default_factory=dict)
    players: dict[str, str] = field(default_factory=dict)
    prunes: list[Event] = field(default_factory=list)
    last_child: dict[int, str] = field(default_factory=dict)  # a prune's seq -> the child searched just before it
    child: str | None = None  # the child the move leads to
    move: Any = None
    returned: Any = None  # what a student's search returned, when it is not a move at the start
    value: float | None = None
    result_seq: int | None = None

    def pruned_by(self, node: str, parents: dict[str, str | None]) -> tuple[Event, str] | None:
        """The prune event of this search that cut `node` or one of its ancestors, and the node it cut (`parents`:
        another search's, when this one never saw the node)."""
        cut = {pruned: event for event in self.prunes for pruned in event["pruned"]}
        current: str | None = node
        while current is not None:
            if current in cut:
                return cut[current], current
            current = parents.get(current, self.parents.get(current))
        return None


def engine_walk(events: list[Event]) -> Walk:
    """The walk of an engine trace (reference or misconception)."""
    start = events[0]
    walk = Walk(root=start["node"])
    last_backup: dict[str, str] = {}
    for event in events:
        kind, node = event["type"], event["node"]
        if kind == "visit":
            walk.parents[node] = event["parent"]
            walk.depths[node] = event["depth"]
            walk.players[node] = event["player"]
            if event["parent"] is not None:
                walk.visits.append(node)
                walk.visit_seqs.append(event["seq"])
        elif kind in ("leaf", "return"):
            walk.values[node] = (from_json_number(event["value"]), event["seq"])
        elif kind == "backup":
            last_backup[node] = event["child"]
        elif kind == "prune":
            walk.prunes.append(event)
            if node in last_backup:
                walk.last_child[event["seq"]] = last_backup[node]
        elif kind == "result":
            walk.child, walk.move, walk.result_seq = event["child"], event["move"], event["seq"]
            walk.value = None if event["value"] is None else from_json_number(event["value"])
    if walk.value is not None and walk.root not in walk.values and walk.result_seq is not None:
        walk.values[walk.root] = (walk.value, walk.result_seq)
    return walk


def same_value(a: float | None, b: float | None) -> bool:
    """Equal as numbers, up to rounding (an expected value summed in another order); max^n's vectors component by component."""
    if a is None or b is None:
        return a is b
    if isinstance(a, (list, tuple)) or isinstance(b, (list, tuple)):
        return (isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)) and len(a) == len(b)
                and all(same_value(x, y) for x, y in zip(a, b)))
    if a == b:
        return True
    if not (math.isfinite(a) and math.isfinite(b)):
        return False
    return abs(a - b) <= 1e-9 * max(1.0, abs(a), abs(b))


def shown_move(move: Any) -> str:
    """A move as a message shows it: B, 4, (0, 1) for a pair; "none" when there is none."""
    if isinstance(move, (list, tuple)):
        return "(" + ", ".join(str(x) for x in move) + ")"
    return "none" if move is None else str(move)


def shown_number(value: float | None) -> str:
    """A value as a message shows it: 3, 2.5, ∞, −∞; a max^n vector as ⟨1, 2, 6⟩."""
    if value is None:
        return "nothing"
    if isinstance(value, (list, tuple)):
        return vector_text(list(value), shown_number)
    written = json_number(value)
    if written == "inf":
        return "∞"
    if written == "-inf":
        return "−∞"
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
