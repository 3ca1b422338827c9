"""The /play page's request to the engine, validated: search.request's own validator does the game, the depth
limit, the algorithm and the table; only what is play's is checked here (the time budget, a game not yet over)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from search import limits
from search.algorithms.registry import PLAYABLE
from search.errors import InputError, quoted
from search.games.game import Game
from search.games.registry import GameInfo, game_info
from search.play.position import checked_body
from search.request import SearchRequest, parse_request

ALGORITHMS = PLAYABLE
"""The algorithms /play's computer moves by (search.algorithms.registry: the descriptors with play)."""
FIELDS = ("game", "state", "estimate", "algorithm", "depth", "seconds", "tt")
MIN_SECONDS, MAX_SECONDS = limits.PLAY_MIN_SECONDS, limits.PLAY_MAX_SECONDS


@dataclass(slots=True)
class PlayRequest:
    search: SearchRequest  # the search as the viewer would run it (with a time budget: to the deepest iteration allowed)
    name: str  # a registered game's id (search.games.registry)
    seconds: float | None

    @property
    def game(self) -> Game[Any, Any]:
        return self.search.game

    @property
    def algorithm(self) -> str:
        return self.search.algorithm

    @property
    def depth(self) -> int | None:
        """The depth limit; with a time budget, the deepest iteration allowed (limits.MAX_SEARCH_DEPTH unless given)."""
        return self.search.depth

    @property
    def tt(self) -> bool:
        return self.search.enhancements.tt

    def estimate(self) -> str | None:
        """The estimate a search request names when the game has several (Isolation); None for a game of one."""
        return self.game.source().get("estimate") if len(self.info.estimates) > 1 else None

    @property
    def info(self) -> GameInfo:
        return game_info(self.name)


def parse_play(body: Any) -> PlayRequest:
    """Validate the page's body; errors name the field, as "seconds: ..."."""
    name = checked_body(body, FIELDS, "expected an object with game, state and algorithm").id
    algorithm = body.get("algorithm", "alphabeta")
    if algorithm not in ALGORITHMS:
        raise InputError("algorithm", f"expected one of {', '.join(ALGORITHMS)}, got {quoted(algorithm)}")
    seconds = parse_seconds(body.get("seconds"), algorithm)
    tt = body.get("tt", False)
    if tt is not False and algorithm != "alphabeta":
        raise InputError("tt", f"the transposition table goes with alpha-beta here, not {algorithm}")
    depth = body.get("depth")
    if isinstance(depth, int) and not isinstance(depth, bool) and depth < 1:
        raise InputError("depth", "the engine needs a depth limit of 1 or more to choose a move, or none")
    if seconds is not None and depth is None:
        # The clock stops it first, or the game's end: in the grid games every move fills (or, in Isolation, takes)
        # an open cell, so the open cells bound the depth; a game written otherwise is bounded by the limit alone.
        state = body.get("state")
        open_cells = state.count(".") if isinstance(state, str) else 0
        depth = max(1, min(limits.MAX_SEARCH_DEPTH, open_cells)) if open_cells else limits.MAX_SEARCH_DEPTH
    search = {"game": name, "state": body.get("state"), "estimate": body.get("estimate"), "algorithm": algorithm,
              "depth": depth, "tt": tt}
    request = parse_request({key: value for key, value in search.items() if value is not None})
    game = request.game
    if game.is_terminal(game.initial):
        raise InputError("state", "the game is over in this position: there is no move to make")
    return PlayRequest(request, name, seconds)


def parse_seconds(seconds: Any, algorithm: str) -> float | None:
    """A time budget in seconds, MIN_SECONDS to MAX_SECONDS, for iterative deepening alone; None if not given."""
    if seconds is None:
        return None
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not MIN_SECONDS <= seconds <= MAX_SECONDS:
        raise InputError("seconds", f"expected a number of seconds from {MIN_SECONDS} to {MAX_SECONDS:g}, or none")
    if algorithm != "iterative":
        raise InputError("seconds", f"a time budget goes with iterative deepening (it stops between iterations), not {algorithm}")
    return float(seconds)
