"""The searches as functions that take a course's GameBase game as readily as an engine game or a tree.

search.alphabeta(Nim()) answers at once, untraced: the GameBase game is seen through CourseGame (the
engine's names for its players, nodes and moves), then the algorithm runs as it does for the
built-in games. The result's `move` is the move as a trace writes it; search.trace gives the game's
own action. Nothing else runs behind the answer: alpha-beta's minimax baseline only with
baseline=True.
"""

from __future__ import annotations

from typing import Any

from search.algorithms import (
    alphabeta as _alphabeta,
    expectiminimax as _expectiminimax,
    iterative as _iterative,
    maxn as _maxn,
    minimax as _minimax,
)
from search.errors import InputError
from search.games.builtin_game import is_course_game
from search.games.game import Game
from search.library.course_game import CourseGame
from search.request import check_depth_needed
from search.result import SearchResult

ENGINE_METHODS = ("child_id", "move_json", "describe", "source")
"""What the engine asks of a game beyond the textbook's methods (search.games.game.Game): GameBase supplies them."""


def engine_game(game: Any, chance: bool = False) -> Any:
    """The engine's Game for `game`: a course's GameBase game wrapped, a game that speaks the engine's interface
    as it is; anything else refused, naming what to do, rather than failing deep inside the search."""
    if is_course_game(game):
        return CourseGame(game, chance=chance)
    missing = [name for name in ENGINE_METHODS  # absent, or the Protocol's own stub (a subclass of search.Game)
               if not callable(getattr(game, name, None)) or getattr(type(game), name, None) is getattr(Game, name)]
    if missing:
        raise InputError("game", f"{type(game).__name__} has no {missing[0]}(): write the game as a subclass of "
                                 "search.GameBase, which needs only the textbook's methods (docs/library.md)")
    return game


def limited(game: Any, options: dict[str, Any], chance: bool = False) -> Any:
    """engine_game(game), refused without a depth limit when the game is too big to search to its end (Connect
    Four: search.request.check_depth_needed), rather than started and never finished."""
    engine = engine_game(game, chance)
    check_depth_needed(engine, options.get("depth"))
    return engine


def minimax(game: Any, **options: Any) -> SearchResult:
    """MINIMAX-DECISION (AIMA 4th ed. §5.2.1); options: depth, recorder."""
    return _minimax.minimax(limited(game, options), **options)


def alphabeta(game: Any, **options: Any) -> SearchResult:
    """ALPHA-BETA-SEARCH (AIMA 4th ed. §5.2.3); options: depth, ties, returns, recorder, baseline."""
    return _alphabeta.alphabeta(limited(game, options), **options)


def expectiminimax(game: Any, **options: Any) -> SearchResult:
    """EXPECTIMINIMAX (AIMA 4th ed. §5.5), for games and trees with chance nodes; options: depth, recorder."""
    return _expectiminimax.expectiminimax(limited(game, options, chance=True), **options)


def maxn(game: Any, **options: Any) -> SearchResult:
    """MAX^N (AIMA 4th ed. §5.2.2), for games and trees of several players; options: depth, recorder."""
    return _maxn.maxn(limited(game, options), **options)


def iterative_deepening(game: Any, **options: Any) -> SearchResult:
    """Alpha-beta with depth limits 1, 2, ..., depth (AIMA 4th ed. §3.4.4, §5.3); options: depth, ties, recorder."""
    return _iterative.iterative_deepening(limited(game, options), **options)
