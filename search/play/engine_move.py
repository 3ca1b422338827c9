"""What the engine's search found for its move, whichever way it searched (search_move.py, budget.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from search.games.game import Game


@dataclass(slots=True)
class EngineMove:
    action: Any  # the game's own move (Isolation: an (x, y) tuple)
    value: float
    visited: int
    leaves: int
    depth: int | None  # the depth limit searched (a time budget: the deepest iteration finished)
    seconds: float
    iterations: list[dict[str, Any]] = field(default_factory=list)  # iterative deepening's summaries, one per depth
    direct: dict[str, int] | None = None  # iterative deepening: one alpha-beta at its depth, in the game's own order


def action_of(game: Game[Any, Any], move: Any) -> Any:
    """The root action whose JSON form is `move` (a search result writes its move as JSON)."""
    return next(a for a in game.actions(game.initial) if game.move_json(a) == move)
