"""Iterative deepening on a clock, as game-playing programs use it (AIMA 4th ed. §5.2.4): depth
limit 1, 2, ... until the budget is spent; an iteration the clock cuts short is not used, and the move is the
deepest finished iteration's, chosen as iterative deepening to that depth chooses it, so that the viewer's search
(iterative deepening with that depth, the reply's `why`) replays the same iterations to the same move.

The budget covers the whole choice: iterations may run for ITERATION_SHARE of it; choosing among tied root
children (IterativeDeepening.action_with_value searches them again) has what is left. If that runs out too,
the move is the previous depth's, found again by iterative deepening to that depth (a fraction of the time).
The ordering comparison afterwards (search.play.timed_direct) has DIRECT_SHARE more, so a reply comes within
about 1.25 times the budget, plus minimax's count.
"""

from __future__ import annotations

import time
from typing import Any

from search.algorithms.iterative import IterativeDeepening
from search.errors import InputError
from search.games.game import Game
from search.play.clock import Deadline
from search.play.engine_move import EngineMove, action_of
from search.play.timed_direct import DIRECT_SHARE, timed_direct
from search.traces.recorder import NULL_RECORDER, SearchStopped

ITERATION_SHARE = 0.7
"""The share of the budget in which iterations may run; the rest is for choosing among tied children."""


def budgeted_iterations(game: Game[Any, Any], max_depth: int, seconds: float, nodes: int) -> EngineMove:
    """Iterations until the budget's ITERATION_SHARE of `seconds` pass (or `nodes` are visited, or `max_depth` is
    searched), then the move, within the budget if it can be."""
    began = time.monotonic()
    iterative = IterativeDeepening(game, max_depth, "prune", Deadline(began + seconds * ITERATION_SHARE, nodes))
    iterative.compare_direct = False  # counted below, on its own clock
    iterative.exact_rec = Deadline(began + seconds, nodes)
    try:
        result = iterative.search()  # stopped by the clock, it keeps the finished iterations' summaries and tallies
        done = iterative.iterations
        if not done:
            raise InputError("seconds", f"not even the first iteration finished in {seconds:g} s: give a longer time budget")
        depth, value = done[-1]["depth"], done[-1]["value"]
        if result.complete:  # every depth up to max_depth, the move chosen already
            action = action_of(game, result.move)
        else:  # as IterativeDeepening chooses at its last depth: its root values are the last finished iteration's
            iterative.rec, iterative.depth_limit = NULL_RECORDER, depth
            action = iterative.action_with_value(value)
        found = EngineMove(action, value, iterative.visited, iterative.leaves, depth, 0.0, done, None)
    except SearchStopped:  # the tied children's searches ran out of time: one depth less
        found = previous_depth(game, iterative)
    found.seconds = time.monotonic() - began
    found.direct = timed_direct(game, found.depth, seconds * DIRECT_SHARE, nodes)
    return found


def previous_depth(game: Game[Any, Any], stopped: IterativeDeepening) -> EngineMove:
    """The move of iterative deepening to one depth less than `stopped` reached (at depth 1, to depth 1 with no
    clock: choosing among depth 1's children is quick), as the viewer's search to that depth finds it."""
    depth = max(1, stopped.iterations[-1]["depth"] - 1)
    again = IterativeDeepening(game, depth, "prune", None)
    again.compare_direct = False
    result = again.search()
    assert result.value is not None and result.move is not None, "a position with moves (search.play.body checks it)"
    return EngineMove(action_of(game, result.move), result.value, again.visited, again.leaves, depth, 0.0, again.iterations, None)
