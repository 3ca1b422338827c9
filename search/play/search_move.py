"""The engine's search for its move: the request's own search, untraced, on a clock (clock.py).

A search with a depth limit (or none) runs as the viewer would run it, and is refused if it passes
PLAY_MAX_SECONDS or PLAY_MAX_NODES (the page waits on it). Iterative deepening runs its iterations one
after another (search.algorithms.iterative); with a time budget it stops when the budget is spent, and the
move is the deepest finished iteration's (budget.py).
"""

from __future__ import annotations

import time
from typing import Any

from search.algorithms.iterative import IterativeDeepening
from search.errors import InputError
from search.limits import PLAY_MAX_NODES, PLAY_MAX_SECONDS
from search.play.body import PlayRequest
from search.play.budget import budgeted_iterations
from search.play.clock import OUT_OF_TIME, Deadline
from search.play.engine_move import EngineMove, action_of
from search.play.timed_direct import DIRECT_SHARE, timed_direct
from search.result import SearchResult
from search.traces.recorder import SearchStopped


def search_move(play: PlayRequest) -> EngineMove:
    """The move the engine plays, for the side to move; an InputError naming `depth` when it takes too long."""
    began = time.monotonic()
    if play.seconds is not None:
        return budgeted_iterations(play.game, play.depth or 1, play.seconds, PLAY_MAX_NODES)
    clock = Deadline(began + PLAY_MAX_SECONDS, PLAY_MAX_NODES)
    iterations: list[dict[str, Any]] = []
    try:
        if play.algorithm == "iterative":
            assert play.depth is not None, "parse_request gives iterative deepening a depth"
            iterative = IterativeDeepening(play.game, play.depth, "prune", clock)
            iterative.compare_direct = False  # counted below, on its own clock
            iterative.exact_rec = clock  # choosing among tied root children searches them again: on the same clock
            result = iterative.search()
            iterations = iterative.iterations
        else:
            result = play.search.run(clock)
    except SearchStopped as stop:
        result = SearchResult(None, None, None, complete=False, reason=stop.reason)
    seconds = time.monotonic() - began
    if not result.complete:
        why = f"took longer than {PLAY_MAX_SECONDS:g} s" if result.reason == OUT_OF_TIME else f"passed {PLAY_MAX_NODES:,} nodes"
        raise InputError("depth", f"the engine's search {why}: give a smaller depth limit, or iterative deepening "
                                  "with a time budget")
    assert result.value is not None
    # What the root ordering saved: one alpha-beta in the game's own order, with a quarter of the search's time.
    direct = timed_direct(play.game, play.depth, seconds * DIRECT_SHARE, PLAY_MAX_NODES) if iterations and play.depth else None
    return EngineMove(action_of(play.game, result.move), result.value, result.visited, result.leaves, play.depth, seconds,
                      iterations, direct)

