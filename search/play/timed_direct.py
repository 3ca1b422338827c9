"""What iterative deepening's root ordering saved, counted on a clock: one alpha-beta at the same depth in the
game's own order (search.algorithms.iterative.direct_alphabeta's count), stopped when its share of time runs out, so
that counting what ordering saved never takes as long again as the search it is about."""

from __future__ import annotations

import time
from typing import Any

from search.algorithms.alphabeta import AlphaBeta
from search.games.game import Game
from search.play.clock import Deadline
from search.traces.recorder import INF, SearchStopped

DIRECT_SHARE = 0.25
"""The comparison's time, as a share of the budget (or of the search's own time, at least MIN_DIRECT_SECONDS)."""

MIN_DIRECT_SECONDS = 0.2


def timed_direct(game: Game[Any, Any], depth: int, seconds: float, nodes: int) -> dict[str, int] | None:
    """One alpha-beta at `depth` in the game's own order, untraced: its visited, leaves and prunes; None if it takes
    longer than `seconds` (MIN_DIRECT_SECONDS at least) or visits more than `nodes`."""
    one = AlphaBeta(game, depth, "prune", None)
    one.rec = Deadline(time.monotonic() + max(seconds, MIN_DIRECT_SECONDS), nodes)
    try:
        one.value_of[game.to_move(game.initial)](game.initial, None, 0, -INF, INF)
    except SearchStopped:
        return None
    return {"visited": one.visited, "leaves": one.leaves, "prunes": one.prunes}
