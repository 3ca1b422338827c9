"""The pseudocode lines of traces written before format 5, moved to the lines format 5 gives them.

Up to format 4 the enhancements and the chance sum had no lines of their own, so their steps lit a
line that said something else: a table hit lit the function's head, a store "return v", quiescence's
"not quiet: search on" lit CUTOFF-TEST's "return EVAL", a beam the plain "for each a in ACTIONS(state)",
and an expectiminimax chance node's backups and return the one-line case "return Σ r P(r) · ...".
Format 5 (search.algorithms.pseudocode) writes each of them a line. Every new line follows from the
event and the one before it, so nothing is searched again: a store is part of the return its value left
by, which is the event just before it at the same node (its leaf, or its return).
"""

from __future__ import annotations

from typing import Any

from search.algorithms.pseudocode import BEAM_LINES, EMM_LINES, LINES_OF, SEARCH_RETURN

Event = dict[str, Any]

MOVED: dict[str, dict[str, str]] = {
    "tt_hit": {LINES_OF[p].head: LINES_OF[p].tt_lookup for p in LINES_OF},
    "quiescence": {LINES_OF[p].cutoff: LINES_OF[p].quiescence for p in LINES_OF},
    "beam": {f"{p}.actions": BEAM_LINES[p] for p in LINES_OF},
    "backup": {EMM_LINES.chance: EMM_LINES.chance_sum},  # only a chance node's backups were at the chance case
    "return": {EMM_LINES.chance: EMM_LINES.chance_return},
}
"""By event type, old line -> new line, where the event alone says it."""

OLD_STORE_LINES = frozenset({LINES_OF["max"].ret, LINES_OF["min"].ret, SEARCH_RETURN})
"""Where format 4 put every tt_store: the function's "return v" (MINIMAX-DECISION's line at minimax's root)."""


def upgrade_lines(events: list[Event]) -> list[Event]:
    """The events of a trace of format 4 or older with the lines format 5 gives them (the others as they are).
    Call it on the events of any trace older than format 5, before the schema checks them."""
    out: list[Event] = []
    for i, event in enumerate(events):
        line = _new_line(event, events[i - 1] if i else None)
        out.append(event if line is None else {**event, "line": line})
    return out


def _new_line(event: Any, before: Any) -> str | None:
    """The event's new line, or None when it keeps its own."""
    if not isinstance(event, dict):
        return None
    kind, line = event.get("type"), event.get("line")
    if kind == "tt_store":
        if line in OLD_STORE_LINES and isinstance(before, dict) and before.get("node") == event.get("node") \
                and before.get("type") in ("leaf", "return") and isinstance(before.get("line"), str):
            return before["line"] if before["line"] != line else None
        return None
    moved = MOVED.get(kind) if isinstance(kind, str) else None
    return moved.get(line) if moved is not None and isinstance(line, str) else None
