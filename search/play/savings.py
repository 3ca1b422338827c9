"""What the engine's search for this move cost, and what pruning, the table and ordering saved, as sentences with
their numbers: alpha-beta against minimax on the same position and depth limit (AIMA 4th ed. §5.2.3), the table
against the same search without it (§5.2.4 on transpositions), and iterative deepening's root ordering against
one alpha-beta in the game's own order (§5.2.4 on move ordering)."""

from __future__ import annotations

import time
from typing import Any

from search.algorithms.alphabeta import AlphaBeta
from search.algorithms.baseline import minimax_baseline
from search.limits import BASELINE_MAX_NODES, PLAY_MAX_NODES
from search.play.body import PlayRequest
from search.play.clock import Deadline
from search.play.engine_move import EngineMove
from search.play.timed_direct import MIN_DIRECT_SECONDS
from search.traces.recorder import INF, SearchStopped

Saving = dict[str, Any]
"""{"kind": "searched" | "pruning" | "table" | "ordering", "text": the sentence, and its numbers}."""


def savings(play: PlayRequest, found: EngineMove) -> list[Saving]:
    """The sentences for the move just made, in the order the page lists them."""
    if play.algorithm == "minimax":
        return [{"kind": "searched", "visited": found.visited, "text": f"minimax searched {found.visited:,} nodes"}]
    out = [pruning(play, found)]
    if play.tt:
        out.append(table(play, found))
    if play.algorithm == "iterative" and found.iterations:
        out.append(ordering(found))
    return out


def pruning(play: PlayRequest, found: EngineMove) -> Saving:
    """Alpha-beta's nodes (iterative deepening's, over all its iterations) against minimax's to the same depth."""
    baseline = minimax_baseline(play.game, found.depth)
    minimax = None if baseline is None else baseline["visited"]
    would = f"more than {BASELINE_MAX_NODES:,}" if minimax is None else f"{minimax:,}"
    to = "" if found.depth is None else f" to depth {found.depth}"
    if play.algorithm == "iterative":
        n = len(found.iterations)
        searched = f"iterative deepening searched {found.visited:,} nodes in {n} iteration{'s' if n != 1 else ''}"
    else:
        searched = f"alpha-beta{' with the table' if play.tt else ''} searched {found.visited:,} nodes"
    return {"kind": "pruning", "visited": found.visited, "minimax": minimax,
            "text": f"{searched}; minimax{to} would search {would}"}


def table(play: PlayRequest, found: EngineMove) -> Saving:
    """The same alpha-beta without the transposition table, untraced, on a clock (as long again as the search with
    the table, MIN_DIRECT_SECONDS at least): the nodes the table answered for, or "not counted" past it."""
    search = AlphaBeta(play.game, play.depth, "prune", None)
    search.rec = Deadline(time.monotonic() + max(found.seconds, MIN_DIRECT_SECONDS), PLAY_MAX_NODES)
    try:
        search.value_of[play.game.to_move(play.game.initial)](play.game.initial, None, 0, -INF, INF)
    except SearchStopped:
        return {"kind": "table", "saved": None, "without": None,
                "text": f"alpha-beta without the table searched more than {search.visited:,} nodes before it was stopped "
                        "(it would take far longer than with it)"}
    without = search.visited
    saved = without - found.visited
    words = f"the table saved {saved:,} nodes" if saved >= 0 else f"the table cost {-saved:,} more nodes"
    return {"kind": "table", "saved": saved, "without": without, "text": f"{words} (alpha-beta without it: {without:,})"}


def ordering(found: EngineMove) -> Saving:
    """The last iteration, its root ordered by the one before, against one alpha-beta at that depth in the game's order."""
    last = found.iterations[-1]["visited"]
    direct = None if found.direct is None else found.direct["visited"]
    if direct is None:
        return {"kind": "ordering", "saved": None, "last": last, "direct": None,
                "text": f"the last iteration searched {last:,} nodes (alpha-beta in the game's own order: not counted, "
                        "it needed more than a quarter of the search's time)"}
    saved = direct - last
    words = (f"ordering the root by the last iteration saved {saved:,} nodes" if saved > 0 else
             "ordering the root by the last iteration saved nothing" if saved == 0 else
             f"ordering the root by the last iteration cost {-saved:,} more nodes")
    return {"kind": "ordering", "saved": saved, "last": last, "direct": direct,
            "text": f"{words} ({last:,} against {direct:,} in the game's own order)"}
