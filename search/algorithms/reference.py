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
Each search says whether something made it a guess (ValueSearch.reference, EnhancedSearch.reference).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from search.limits import REFERENCE_MAX_NODES
from search.traces.recorder import SearchStopped

if TYPE_CHECKING:
    from search.algorithms.value_search import ValueSearch

WITHOUT_BEAM = "without the beam"
WITHOUT_CAP = "without the quiescence cap"
TO_THE_END = "to the end"


def search_again(search: ValueSearch, what: str, enhancements: Any = None, uncapped: bool = False) -> dict[str, Any] | None:
    """The reference: `search` again, untraced, without what made it a guess (`what`): with `enhancements`
    (the beam left out, or the quiescence cap lifted: `uncapped`) at its depth limit, or, to the end, plain
    alpha-beta with no limit, which gives minimax's value and move too (AIMA 4th ed. §5.2.3). None past
    limits.REFERENCE_MAX_NODES. (The algorithms are imported here, not above: each of them imports this.)"""
    from search.algorithms.alphabeta import AlphaBeta
    from search.algorithms.baseline import _NodeCap
    from search.algorithms.enhanced import EnhancedAlphaBeta, EnhancedMinimax, Enhancements
    from search.algorithms.minimax import Minimax
    from search.labs.ordering import OrderedGame

    game = getattr(search, "plain_game", search.game)
    if isinstance(game, OrderedGame):  # its order was surveyed to the depth limit only: the game's own order past it
        game = game.game
    if what == TO_THE_END and getattr(getattr(game, "game", game), "depth_limit_needed", None):
        return None  # Connect Four: no search reaches its end, so none is started to find out
    ties = search.options.get("ties", "prune")
    depth = None if what == TO_THE_END else search.options["depth"]
    minimax = search.algorithm == "minimax" and what != TO_THE_END
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
