"""Who moves and what a value is worth to whom, as the student's game tells it: one view per kind of game.

The engine keeps its own names ("max", "min", "chance"; a several-player tree's names) and its values for MAX
(a vector per position in max^n). A student's search asks in the course's words instead, so each view says:

- TwoPlayers: trees and the built-in games. "MAX"/"MIN"/"CHANCE" on a tree, a built-in game's sides by their short
  names as its registration gives them (`narration["short"]`: "X"/"O" in tic-tac-toe and Connect Four, "P1"/"P2" in
  Isolation, as the viewer names them); a value for MIN is −(MAX's).
- CoursePlayers: a course's own GameBase game (search.library): its own to_move values, and its own
  utility(s, p) for whichever player is asked; EVAL is for the player to move at the start (its negation for
  the other), as GameBase.evaluate is written.
- VectorPlayers: max^n (AIMA 4th ed. §5.2.2), a tree whose root lists players or a course's game with
  `players`: utility(s, p) is p's component; utility(s) the whole vector, as the pseudocode's UTILITY(state).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from search.errors import quoted
from search.games.game import Game, TreeGame
from search.grading.values import plain_number
from search.library.course_game import CHANCE, CourseGame

if TYPE_CHECKING:
    from search.grading.student_game import Position

TREE_NAMES = {"max": "MAX", "min": "MIN", "chance": "CHANCE"}


class GameUseError(Exception):
    """The student's code asked the game something it cannot answer (a move not among the actions, the
    utility of a game that is not over): reported with the student's line, like any exception."""


class Players(Protocol):
    names: list[Any]
    """The players, as the student's game.players gives them."""

    def name(self, position: Position) -> Any:
        """TO-MOVE(s) in the course's words."""
        ...

    def utility(self, engine_value: Any, position: Position, player: Any) -> Any:
        """UTILITY(s, p) for the student from the engine's value (for MAX, or a vector)."""
        ...

    def estimate(self, engine_value: Any, position: Position, player: Any) -> Any:
        """EVAL(s) for `player` (None: the player to move at the start) from the engine's."""
        ...

    def as_engine(self, value: Any) -> Any:
        """A value the student's search returned (read by `read`) as the engine's."""
        ...

    def read(self, returned: Any) -> Any:
        """What a value function returned as a value (a (value, move) pair counts as its value), or None."""
        ...


def players_view(game: Game[Any, Any]) -> Players:
    """The view of `game`'s players the student's search gets."""
    players = getattr(game, "players", None)
    root = game.to_move(game.initial)
    if players:
        return VectorPlayers(game)
    if isinstance(game, CourseGame):
        return CoursePlayers(game)
    names = TREE_NAMES if isinstance(game, TreeGame) else player_names(game)
    return TwoPlayers(names, -1 if root == "min" else 1)


def player_names(game: Game[Any, Any]) -> dict[str, str]:
    """A registered game's sides by their short names ({"max": "X", "min": "O"}), as the viewer names them; a game
    registered without any, MAX and MIN."""
    info = getattr(type(game), "game_info", None)
    return dict(info.narration["short"]) if info is not None else TREE_NAMES


def read_number(returned: Any) -> float | None:
    """A returned value as a number: itself, or the first of a (value, move) pair; None when it is neither."""
    if isinstance(returned, (tuple, list)) and returned:
        returned = returned[0]
    return plain_number(returned)


class TwoPlayers:
    def __init__(self, names: dict[str, str], root_sign: int) -> None:
        self._names = names
        self._roles = {name: role for role, name in names.items()}
        self._root_sign = root_sign
        self.names = [names["max"], names["min"]]

    def name(self, position: Position) -> Any:
        return self._names[position.player]

    def utility(self, engine_value: Any, position: Position, player: Any) -> Any:
        return self._signed(engine_value, player, "utility")

    def estimate(self, engine_value: Any, position: Position, player: Any) -> Any:
        return self._signed(engine_value, player, "evaluate")

    def as_engine(self, value: Any) -> Any:
        return self._root_sign * value

    def read(self, returned: Any) -> Any:
        return read_number(returned)

    def _signed(self, value: float, player: Any, method: str) -> float:
        if player is None:
            return self._root_sign * value
        if player not in self._roles or player == self._names.get("chance"):
            raise GameUseError(f"{method}(state, player): player {quoted(player)} is not one of {quoted(self.names)} "
                               "(use player = game.to_move(state) at the start)")
        return value if self._roles[player] == "max" else -value


class CoursePlayers:
    def __init__(self, course: CourseGame) -> None:
        self._course = course
        self.names = [course.root_player, *(p for p in course.two_players() if p != course.root_player)]

    def name(self, position: Position) -> Any:
        return self._course.game.to_move(position.state)

    def utility(self, engine_value: Any, position: Position, player: Any) -> Any:
        if player is None or player == self._course.root_player:
            return engine_value
        self._check(player, "utility")
        return self._course.game.utility(position.state, player)

    def estimate(self, engine_value: Any, position: Position, player: Any) -> Any:
        if player is None or player == self._course.root_player:
            return engine_value
        self._check(player, "evaluate")
        return -engine_value

    def as_engine(self, value: Any) -> Any:
        return value

    def read(self, returned: Any) -> Any:
        return read_number(returned)

    def _check(self, player: Any, method: str) -> None:
        if player == CHANCE:
            raise GameUseError(f"{method}(state, player): {quoted(player)} is the chance player, whose value is no one's")


class VectorPlayers:
    def __init__(self, game: Game[Any, Any]) -> None:
        self._course = game if isinstance(game, CourseGame) else None
        self.names = list(self._course.game.players) if self._course is not None else list(game.players)  # type: ignore[attr-defined, arg-type]
        self._index = {p: i for i, p in enumerate(self.names)}
        self._index.update({str(p): i for i, p in enumerate(self.names)})

    def name(self, position: Position) -> Any:
        return self._course.game.to_move(position.state) if self._course is not None else position.player

    def utility(self, engine_value: Any, position: Position, player: Any) -> Any:
        return self._component(engine_value, player, "utility")

    def estimate(self, engine_value: Any, position: Position, player: Any) -> Any:
        return self._component(engine_value, player, "evaluate")

    def as_engine(self, value: Any) -> Any:
        return value

    def read(self, returned: Any) -> list[float] | None:
        """A vector: a tuple or list of one number per player (in game.players' order), or a dict by player; a
        (vector, move) pair counts as its vector."""
        if isinstance(returned, (tuple, list)) and len(returned) == 2 and isinstance(returned[0], (tuple, list, dict)):
            returned = returned[0]
        if isinstance(returned, dict):
            by_index = {self._index.get(p, self._index.get(str(p))): v for p, v in returned.items()}
            returned = [by_index.get(i) for i in range(len(self.names))]
        if not isinstance(returned, (tuple, list)) or len(returned) != len(self.names):
            return None
        numbers = [plain_number(x) for x in returned]
        return None if any(x is None for x in numbers) else numbers  # type: ignore[return-value]

    def _component(self, vector: list[float], player: Any, method: str) -> Any:
        if player is None:
            return tuple(vector)
        try:
            return vector[self._index[player]]
        except (KeyError, TypeError):
            raise GameUseError(f"{method}(state, player): player {quoted(player)} is not one of {quoted(self.names)} "
                               "(p = game.to_move(state); utility(state) without a player is the whole vector)") from None
