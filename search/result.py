"""What a search returns, with or without a recorder."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass(slots=True)
class SearchResult:
    """The root's value and the chosen move: the first child, in order, that reaches the value."""

    value: float | None
    move: Any
    child: str | None
    visited: int = 0
    leaves: int = 0
    prunes: int = 0
    pruned: int = 0
    complete: bool = True
    reason: str | None = None
    baseline: dict[str, int] | None = None  # alpha-beta: minimax's visited and leaves (search.algorithms.baseline)
    tt_hits: int | None = None  # with a transposition table (search.algorithms.enhanced): positions answered from it
    tt_stored: int | None = None  # ... and entries written to it
    reference: dict[str, Any] | None = None  # a traced search that could be wrong: the same without the guess (search.algorithms.reference)

    def to_json(self) -> dict[str, Any]:
        """The result event's fields, without `baseline` and the table's counts (the searches that
        have them add them: search.algorithms.alphabeta, search.algorithms.enhanced)."""
        out = asdict(self)
        del out["baseline"], out["tt_hits"], out["tt_stored"], out["reference"]
        if out["reason"] is None:
            del out["reason"]
        return out
