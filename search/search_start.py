"""The first and last steps every algorithm shares: the start event and the result."""

from __future__ import annotations

from typing import Any

from search.game import Game
from search.recorder import Recorder
from search.result import Counts, SearchResult


def start(rec: Recorder, game: Game[Any, Any], algorithm: str, depth: int | None, ties: str) -> None:
    rec.start(game.root_id, algorithm, {"depth": depth, "ties": ties}, game.source(), game.describe,
              getattr(game, "describe_json", None))  # optional: without it, describe()'s dict is encoded


def finish(
    rec: Recorder | None, game: Game[Any, Any], counts: Counts,
    value: float | None, action: Any, child: str | None, stopped: str | None,
) -> SearchResult:
    """Build the result; the root's child id is only known when recording, so derive it if not."""
    if stopped is None and child == "" and action is not None:
        child = game.child_id(game.root_id, action, game.result(game.initial, action))
    result = SearchResult(
        value=value,
        move=None if action is None else game.move_json(action),
        child=child,
        visited=counts.visited, leaves=counts.leaves, prunes=counts.prunes, pruned=counts.pruned,
        complete=stopped is None, reason=stopped,
    )
    if rec:
        rec.result(game.root_id, result.to_json())
    return result
