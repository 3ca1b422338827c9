"""Iterative deepening on a clock, as game-playing programs use it (AIMA 4th ed. §5.2.4): depth
limit 1, 2, ... until the budget is spent; an iteration the clock cuts short is not used, and the move is the
deepest finished iteration's, chosen as iterative deepening to that depth chooses it, so that the viewer's search
(iterative deepening with that depth, the reply's `why`) replays the same iterations to the same move.
"""

from __future__ import annotations

import time
from typing import Any

from search.algorithms.alphabeta import AlphaBeta
from search.algorithms.iterative import IterativeDeepening
from search.errors import InputError
from search.games.game import Game
from search.play.clock import Deadline
from search.play.engine_move import EngineMove
from search.traces.recorder import INF, NULL_RECORDER, SearchStopped

DIRECT_SHARE = 0.25
"""The share of the budget the ordering comparison may take after the move is found (timed_direct), so the
reply comes within about 1.25 times the budget plus minimax's count; past it the page says it could not count."""


def budgeted_iterations(game: Game[Any, Any], max_depth: int, seconds: float, nodes: int) -> EngineMove:
    """Iterations until `seconds` pass (or `nodes` are visited, or `max_depth` is searched)."""
    began = time.monotonic()
    clock = Deadline(began + seconds, nodes)
    iterative = IterativeDeepening(game, max_depth, "prune", clock)
    finished = iterative.search()  # stopped by the clock: it keeps the finished iterations' summaries and tallies
    elapsed = time.monotonic() - began
    done = iterative.iterations
    if not done:
        raise InputError("seconds", f"not even the first iteration finished in {seconds:g} s: give a longer time budget")
    depth, value = done[-1]["depth"], done[-1]["value"]
    if finished.complete:
        action = next(a for a in game.actions(game.initial) if game.move_json(a) == finished.move)
        return EngineMove(action, value, iterative.visited, iterative.leaves, depth, elapsed, done, clock.payload.get("direct"))
    # As IterativeDeepening chooses at its last depth: its root values are the last finished iteration's.
    iterative.rec, iterative.depth_limit = NULL_RECORDER, depth
    action = iterative.action_with_value(value)
    direct = timed_direct(game, depth, seconds * DIRECT_SHARE, nodes)
    return EngineMove(action, value, iterative.visited, iterative.leaves, depth, elapsed, done, direct)


def timed_direct(game: Game[Any, Any], depth: int, seconds: float, nodes: int) -> dict[str, int] | None:
    """search.algorithms.iterative.direct_alphabeta (one alpha-beta at `depth` in the game's own order, to set
    beside the last iteration), on its own clock of `seconds` (DIRECT_SHARE of the budget): None if it takes longer.
    Without it, counting what ordering saved could take as long again as the budget."""
    one = AlphaBeta(game, depth, "prune", None)
    one.rec = Deadline(time.monotonic() + seconds, nodes)
    try:
        one.value_of[game.to_move(game.initial)](game.initial, None, 0, -INF, INF)
    except SearchStopped:
        return None
    return {"visited": one.visited, "leaves": one.leaves, "prunes": one.prunes}
