"""A search that can be wrong says so: the result's `reference`, the same search without what made it a guess.

Minimax and alpha-beta give the game's value only when they search to the end. Three things the
lecture teaches trade that for speed (AIMA 4th ed. §5.3): a depth limit scores positions by an
estimate, a beam never looks at some moves (forward pruning), quiescence stops at its cap while a
position is still not quiet. When one of them acted in a search, its result event carries what
the search says without it, so the page can put the two answers side by side ("beam 2 says +100
with move 2; without the beam: 2, move 1"):

    "reference": {"value", "move", "search", "visited", "leaves"}

`search` names what was left out: "without the beam" (same depth limit, same other options),
"without the quiescence cap" (quiescence searches on until every line is quiet), or "to the end"
(no depth limit: the game's own value, or the tree's to its leaves, found by alpha-beta, which gives
minimax's value and move without minimax's whole tree: its counts are alpha-beta's). The beam comes first, then the
cap, then the depth limit: one reference, for the thing that most changed the search. The
reference runs untraced with at most limits.REFERENCE_MAX_NODES nodes; past that it is left out.
Only a traced search gets one: an untraced search (a library call, a lab's runs) pays for nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from search.limits import REFERENCE_MAX_NODES
from search.traces.recorder import NullRecorder, SearchStopped

if TYPE_CHECKING:
    from search.algorithms.value_search import ValueSearch

WITHOUT_BEAM = "without the beam"
WITHOUT_CAP = "without the quiescence cap"
TO_THE_END = "to the end"


def reference_of(search: ValueSearch) -> dict[str, Any] | None:
    """The reference for a finished traced search, or None when nothing made it a guess (or the
    reference would pass the node cap)."""
    if isinstance(search.rec, NullRecorder) or search.algorithm not in ("minimax", "alphabeta", "iterative"):
        return None
    enhancements = getattr(search, "enhancements", None)
    if enhancements is not None and enhancements.beam is not None and search.beam_dropped:
        return _run(search, enhancements._replace(beam=None), search.options["depth"], WITHOUT_BEAM)
    if enhancements is not None and getattr(search, "quiescence_capped", False):
        return _run(search, enhancements, search.options["depth"], WITHOUT_CAP, uncapped=True)
    if search.cut_at_limit:  # alpha-beta: minimax's value and move, without minimax's whole tree
        return _run(search, None, None, TO_THE_END, alphabeta=True)
    return None


def _run(search: ValueSearch, enhancements: Any, depth: int | None, what: str, uncapped: bool = False,
         alphabeta: bool = False) -> dict[str, Any] | None:
    """The same search, untraced, with `enhancements` (None: plain) to `depth`; `alphabeta`: alpha-beta
    even for minimax (the same value and move: AIMA 4th ed. §5.2.3), as the search to the end is."""
    from search.algorithms.alphabeta import AlphaBeta
    from search.algorithms.baseline import _NodeCap
    from search.algorithms.enhanced import EnhancedAlphaBeta, EnhancedMinimax, Enhancements
    from search.algorithms.minimax import Minimax
    from search.labs.ordering import OrderedGame

    game = getattr(search, "plain_game", search.game)
    if isinstance(game, OrderedGame):  # its order was surveyed to the depth limit only: the game's own order past it
        game = game.game
    ties = search.options.get("ties", "prune")
    minimax = search.algorithm == "minimax" and not alphabeta
    if enhancements is not None and enhancements != Enhancements():
        again: Any = (EnhancedMinimax(game, depth, None, enhancements) if minimax
                      else EnhancedAlphaBeta(game, depth, ties, None, enhancements))
        if uncapped:
            again.quiescence_cap = None
    else:
        again = Minimax(game, depth, None) if minimax else AlphaBeta(game, depth, ties, None)
    again.rec = _NodeCap(REFERENCE_MAX_NODES)
    root = again.value_of[game.to_move(game.initial)]
    try:
        v = root(game.initial, None, 0) if minimax else root(game.initial, None, 0, -float("inf"), float("inf"))
    except SearchStopped:
        return None
    action = again.action_with_value(v)
    return {"value": v, "move": None if action is None else game.move_json(action), "search": what,
            "visited": again.visited, "leaves": again.leaves}
