"""The game a student's search receives: the textbook's functions (AIMA 4th ed. §5.1), each call recorded.

A student's minimax_search(game, state) needs no cooperation to be traced: the positions it is handed
are Position objects the game made, so every question about one is seen. A node is *visited* the first
time the search asks about it (is_terminal, actions, utility or evaluate: the lecture's quiz counts
calls of terminal_test); `result` makes a new Position each call, so a subtree searched twice is
visited twice. utility and evaluate record the leaf's value.

Players are named as the course names them: "MAX", "MIN" and "CHANCE" on a tree, "X" and "O" in
tic-tac-toe and Connect Four, "P1" and "P2" in Isolation, a several-player tree's own names (max^n), a
course's GameBase game its own to_move values (search.grading.student_players). Values are those of the
engine (for MAX, X or P1; a vector in max^n), turned to the point of view of the player asked about.
"""

from __future__ import annotations

from typing import Any, Callable

from search import limits
from search.errors import quoted
from search.games.game import Game, TreeGame
from search.grading.position_names import PositionNames
from search.grading.student_players import TREE_NAMES, GameUseError, players_view

__all__ = ["TREE_NAMES", "GameUseError", "Position", "StudentGame", "VisitLimit"]


class VisitLimit(BaseException):
    """Past limits.GRADE_MAX_VISITS: a BaseException, so a student's `except Exception` does not swallow it."""


class Position:
    """A state the game handed to the student's code: the engine's state, where it is in the tree, and
    whether the search has looked at it yet."""

    __slots__ = ("id", "state", "parent", "depth", "move", "player", "visited", "_moves")

    def __init__(self, node_id: str, state: Any, parent: Position | None, depth: int, move: Any, player: str) -> None:
        self.id = node_id
        self.state = state
        self.parent = parent
        self.depth = depth
        self.move = move  # the engine's action from the parent (None at the root)
        self.player = player  # the engine's: "max", "min" or "chance"
        self.visited = False
        self._moves: dict[Any, Any] | None = None  # the student's move -> the engine's action

    def __repr__(self) -> str:
        return f"<position {self.id}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and (other.state is self.state or other.state == self.state)

    def __hash__(self) -> int:
        try:
            return hash(self.state)
        except TypeError:
            return id(self.state)


class StudentGame:
    """The engine's game as a student's search sees it, recording what the search does (`log`)."""

    def __init__(self, game: Game[Any, Any], depth_limit: int | None, log: Callable[..., None]) -> None:
        self._game = game
        self._log = log
        self.depth_limit = depth_limit
        """The problem's depth limit (None: search to the end); cutoff(state, depth) tests it."""
        self._view = players_view(game)
        self.visits = 0
        self.initial = Position(game.root_id, game.initial, None, 0, None, game.to_move(game.initial))
        self.players = list(self._view.names)
        """The players as to_move names them (max^n: in the order of each vector's components)."""
        self._page_names = PositionNames(game.source(), game.root_id)

    # --- the textbook's functions ------------------------------------------------------------
    def named(self, position: Position) -> str:
        """`position` as the page names it (a tree's label, a game's moves: "X 2 · O 4"), for the words a student reads."""
        if self._page_names.labels is not None:
            return self._page_names.name(position.id)
        moves: list[tuple[str, Any]] = []
        while position.parent is not None:
            moves.append((position.parent.player, self._game.move_json(position.move)))
            position = position.parent
        return self._page_names.path(reversed(moves))

    def to_move(self, state: Position) -> str:
        """TO-MOVE(s): "MAX"/"MIN"/"CHANCE" on a tree, "X"/"O" in tic-tac-toe and Connect Four, "P1"/"P2" in
        Isolation, a players tree's names, a course game's own."""
        return self._view.name(self._position(state, "to_move"))

    def actions(self, state: Position) -> list[Any]:
        """ACTIONS(s), in the order the search must try them: a tree's child ids, tic-tac-toe's cells 0-8,
        Isolation's (x, y)."""
        position = self._looked_at(state, "actions")
        return list(self._moves(position))

    def result(self, state: Position, action: Any) -> Position:
        """RESULT(s, a): a new position (each call makes a new one: searching it twice visits it twice)."""
        position = self._position(state, "result")
        moves = self._moves(position)
        key = _key(action)
        if key not in moves:
            raise GameUseError(f"result({self.named(position)}, {quoted(action)}): {quoted(action)} is not one of ACTIONS({self.named(position)}) = "
                               f"{quoted(list(moves))}")
        engine_action = moves[key]
        child = self._game.result(position.state, engine_action)
        node_id = self._game.child_id(position.id, engine_action, child)
        return Position(node_id, child, position, position.depth + 1, engine_action, self._game.to_move(child))

    def is_terminal(self, state: Position) -> bool:
        """IS-TERMINAL(s): whether the game is over."""
        return self._game.is_terminal(self._looked_at(state, "is_terminal").state)

    def terminal_test(self, state: Position) -> bool:
        """AIMA 3rd ed.'s name for is_terminal (its games.py), for courses still on it."""
        return self.is_terminal(state)

    def utility(self, state: Position, player: Any = None) -> Any:
        """UTILITY(s, p): the value of a finished game for `player` (max^n: p's component; without a player the
        whole vector, as the pseudocode's UTILITY(state), or for the player to move at the start)."""
        position = self._looked_at(state, "utility")
        if not self._game.is_terminal(position.state):
            raise GameUseError(f"utility({self.named(position)}, {quoted(player)}): the game is not over at {self.named(position)}; "
                               "test is_terminal(state) first (a depth limit uses evaluate(state))")
        value = self._game.utility(position.state)
        self._log("leaf", position, value, "utility")
        return self._view.utility(value, position, player)

    def evaluate(self, state: Position, player: Any = None) -> Any:
        """EVAL(s): the estimate at a depth limit, for the player to move at the start or for `player` (max^n:
        the vector, or p's component)."""
        position = self._looked_at(state, "evaluate")
        try:
            value = self._game.evaluate(position.state)
        except AssertionError:
            raise GameUseError(f"evaluate({self.named(position)}): this tree gives no estimate at {self.named(position)}") from None
        self._log("leaf", position, value, "estimate")
        return self._view.estimate(value, position, player)

    def probability(self, state: Position, outcome: Any) -> float:
        """P(r): the probability of `outcome` at a chance node."""
        position = self._position(state, "probability")
        moves = self._moves(position)
        if _key(outcome) not in moves:
            raise GameUseError(f"probability({self.named(position)}, {quoted(outcome)}): {quoted(outcome)} is not one of "
                               f"ACTIONS({self.named(position)})")
        return self._game.probability(position.state, moves[_key(outcome)])  # type: ignore[attr-defined]

    def cutoff(self, state: Position, depth: int) -> bool:
        """Whether a depth-limited search stops at `depth` (the root is depth 0): depth >= depth_limit."""
        self._position(state, "cutoff")
        return self.depth_limit is not None and depth >= self.depth_limit

    # --- bookkeeping ---------------------------------------------------------------------------
    @property
    def engine(self) -> Game[Any, Any]:
        """The engine's game behind this one (how a position is described in a trace)."""
        return self._game

    def value_for_max(self, value: Any) -> Any:
        """A value the student's search returned (for the player to move at the start) as the engine's (for MAX;
        a max^n vector as it is)."""
        return self._view.as_engine(value)

    def read_value(self, returned: Any) -> Any:
        """What a value function returned as a value (a number, a max^n vector), or None when it is not one."""
        return self._view.read(returned)

    def engine_move(self, move: Any) -> tuple[str, Any] | None:
        """(child id, the engine's action) of a move the search returned at the start, or None if it is not one."""
        moves = self._moves(self.initial)
        key = _key(move)
        if key not in moves:
            return None
        action = moves[key]
        return self._game.child_id(self.initial.id, action, self._game.result(self.initial.state, action)), action

    def _moves(self, position: Position) -> dict[Any, Any]:
        if position._moves is None:
            position._moves = {_key(self._student_move(a)): a for a in self._game.actions(position.state)}
        return position._moves

    def _student_move(self, action: Any) -> Any:
        """A tree's child is its id; a game's action is itself (Isolation's (x, y) stays a tuple)."""
        return action.id if isinstance(self._game, TreeGame) else action

    def _position(self, state: Any, method: str) -> Position:
        if not isinstance(state, Position):
            raise GameUseError(f"{method}() expects a state the game gave you (the start, or result(state, a)), "
                               f"got {quoted(state)}")
        return state

    def _looked_at(self, state: Any, method: str) -> Position:
        """The position, counted as visited the first time the search looks at it."""
        position = self._position(state, method)
        if not position.visited:
            position.visited = True
            self.visits += 1
            if self.visits > limits.GRADE_MAX_VISITS:
                raise VisitLimit(f"the search looked at more than {limits.GRADE_MAX_VISITS:,} positions")
            self._log("visit", position)
        return position


def _key(move: Any) -> Any:
    """A move as a dict key: lists (an Isolation move typed as [x, y]) as tuples."""
    if isinstance(move, list):
        return tuple(move)
    try:
        hash(move)
    except TypeError:
        return repr(move)
    return move
