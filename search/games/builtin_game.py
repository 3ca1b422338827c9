"""BuiltInGame: a GameBase game that also speaks the engine's Game interface itself, so a search runs on it as it is.

The built-in games (tic-tac-toe, Connect Four, Isolation) are written as a course writes a game: a GameBase
subclass with the textbook's methods (AIMA 4th ed. §5.1), registered with `@register_game`. They also write what
CourseGame would otherwise add around a course's game (node ids, the move as JSON, the trace's fields spliced by
hand, a position's key for the transposition table), because a search calls those for every node and a trace
runs to millions of lines. So the engine takes one unwrapped, where it wraps a course's game (`is_course_game`).

Two of the textbook's methods take the engine's form here: `utility(state, player="max")` answers for MAX when no
player is named (the engine's values are MAX's), and `describe(state, move)` gives a visit event's fields
(search.games.game.Game.describe), not GameBase's one line of text.
"""

from __future__ import annotations

from typing import Any

from search.library.game_base import GameBase


class BuiltInGame(GameBase, abstract=True):
    """Subclass it for a built-in game in search/games/: GameBase's methods plus the engine's (search.games.game.Game)."""

    root_id = "root"

    def describe(self, state: Any, move: Any = None) -> dict[str, Any]:  # type: ignore[override]  # the engine's form
        """A visit event's fields for `state`, reached by `move` (None at the root): the position and the move."""
        raise NotImplementedError


def is_course_game(game: Any) -> bool:
    """Whether `game` is a course's GameBase game, which the engine searches through CourseGame, rather than a
    built-in one, which it searches as it is."""
    return isinstance(game, GameBase) and not isinstance(game, BuiltInGame)
