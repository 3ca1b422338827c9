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
Each search says whether something made it a guess, in its own class (Minimax.reference,
AlphaBeta.reference, IterativeDeepening.reference, EnhancedSearch.reference; ValueSearch has none) and
builds the search to run again itself, so this module imports no search: the algorithms import it,
never the other way round.
"""

from __future__ import annotations

from typing import Any, Protocol

from search.algorithms.baseline import _NodeCap
from search.limits import REFERENCE_MAX_NODES
from search.traces.recorder import INF, SearchStopped

WITHOUT_BEAM = "without the beam"
WITHOUT_CAP = "without the quiescence cap"
TO_THE_END = "to the end"


class Searched(Protocol):
    """What a reference reads of the search it stands beside (a ValueSearch)."""

    game: Any
    options: dict[str, Any]
    algorithm: str


class Again(Protocol):
    """The search run again (a ValueSearch, untraced)."""

    rec: Any
    value_of: dict[str, Any]
    visited: int
    leaves: int

    def action_with_value(self, v: float) -> Any: ...


def game_to_search_again(search: Searched, what: str) -> Any:
    """The game `search` searched, without its beam (EnhancedSearch keeps the game before it as `plain_game`),
    and in its own order: a move ordering's order was surveyed to the depth limit only."""
    game = getattr(search, "plain_game", search.game)
    return getattr(game, "unordered", game)  # search.labs.ordering.OrderedGame names the game it orders


def has_no_end(game: Any) -> bool:
    """Connect Four: no search reaches its end (`depth_limit_needed`), so none is started to find out."""
    return bool(getattr(getattr(game, "game", game), "depth_limit_needed", None))


def search_again(again: Again, game: Any, what: str, windowed: bool) -> dict[str, Any] | None:
    """The reference: `again` (built by the search it stands beside, untraced, without what made it a guess:
    `what`) run on `game` from the root, with at most limits.REFERENCE_MAX_NODES nodes (None past them);
    `windowed`: an alpha-beta, whose value functions take the window (−∞, +∞)."""
    again.rec = _NodeCap(REFERENCE_MAX_NODES)
    root = again.value_of[game.to_move(game.initial)]
    try:
        v = root(game.initial, None, 0, -INF, INF) if windowed else root(game.initial, None, 0)
    except SearchStopped:
        return None
    action = again.action_with_value(v)
    return {"value": v, "move": None if action is None else game.move_json(action), "search": what,
            "visited": again.visited, "leaves": again.leaves}
