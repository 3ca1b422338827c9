"""GameBase: a game written as the textbook writes one, and nothing more.

AIMA 4th ed. §5.1 defines a game by its initial state and five functions: TO-MOVE(s), ACTIONS(s),
RESULT(s, a), IS-TERMINAL(s) and UTILITY(s, p). A course's game subclasses GameBase and writes those
(plus, if it wants them, EVAL for depth limits and a way to show a position); everything else the
engine needs (node ids, how a move is written in a trace, what a trace records as its source) has a
default in search.library.course_game.

    class Nim(search.GameBase):
        initial = ((1, 2, 3), "P1")
        def to_move(self, state): return state[1]
        def actions(self, state): ...
        def result(self, state, action): ...
        def is_terminal(self, state): return sum(state[0]) == 0
        def utility(self, state, player): ...

Players are whatever to_move returns: the one to move at the searched position is MAX, the other
MIN. to_move returning GameBase.CHANCE makes a chance node (AIMA 4th ed. §5.5), whose actions are its
outcomes (probability(state, outcome), uniform unless written). A game that declares `players`
(several names) is searched by max^n (§5.2.2): utility(state, p) is each player's own value.
"""

from __future__ import annotations

import inspect
from typing import Any, ClassVar, Sequence

REQUIRED = ("to_move", "actions", "result", "is_terminal", "utility")
"""The methods a game must write: the textbook's (AIMA 4th ed. §5.1)."""


class GameBase:
    """Subclass it and write the textbook's methods; see the module docstring and docs/library.md."""

    CHANCE: ClassVar[str] = "chance"
    """What to_move returns at a chance node."""

    initial: Any
    """The position a search starts from (unless search.trace is given another)."""
    name: ClassVar[str | None] = None
    """How a trace names the game; the class name, lowercased, when not given."""
    players: ClassVar[Sequence[Any] | None] = None
    """For a game of several players (max^n): every player to_move can return, in order."""
    bounds: ClassVar[tuple[float, float] | None] = None
    """Optional [lo, hi] every utility lies in: lets alpha-beta prune at chance nodes (AIMA 4th ed. §5.5)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game that forgets a method is refused when its class is made, naming the method, not deep
        inside a search (a subclass that is itself abstract says so with `abstract=True`)."""
        abstract = kwargs.pop("abstract", False)
        super().__init_subclass__(**kwargs)
        if abstract:
            return
        missing = [name for name in REQUIRED if getattr(cls, name) is getattr(GameBase, name)]
        if missing:
            raise TypeError(f"{cls.__name__} does not write {', '.join(m + '()' for m in missing)}: a game writes "
                            f"{', '.join(REQUIRED)} (AIMA 4th ed. §5.1)")
        utility = inspect.signature(cls.utility)
        if len([p for p in utility.parameters.values() if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]) < 3:
            raise TypeError(f"{cls.__name__}.utility takes (self, state, player): the value of a finished game for `player` "
                            "(AIMA 4th ed. §5.1's UTILITY(s, p))")

    # --- the textbook's methods (required) -------------------------------------------------------
    def to_move(self, state: Any) -> Any:
        """TO-MOVE(s): the player whose turn it is (any value; GameBase.CHANCE at a chance node)."""
        raise NotImplementedError

    def actions(self, state: Any) -> Sequence[Any]:
        """ACTIONS(s): the legal moves, in the order the search tries them."""
        raise NotImplementedError

    def result(self, state: Any, action: Any) -> Any:
        """RESULT(s, a): the position after the move (a new state: never change `state`)."""
        raise NotImplementedError

    def is_terminal(self, state: Any) -> bool:
        """IS-TERMINAL(s): whether the game is over."""
        raise NotImplementedError

    def utility(self, state: Any, player: Any) -> float:
        """UTILITY(s, p): the final value of a finished game for `player`."""
        raise NotImplementedError

    # --- optional ------------------------------------------------------------------------------
    def evaluate(self, state: Any) -> float | Sequence[float]:
        """EVAL(s): an estimate for MAX (the player to move at the root) where a depth limit stops the
        search (AIMA 4th ed. §5.3); with `players`, one estimate per player. Needed only with a depth."""
        raise NotImplementedError

    def describe(self, state: Any) -> str:
        """How a node shows its position in the viewer and the trace (at most 40 characters are kept)."""
        return str(state)

    def probability(self, state: Any, outcome: Any) -> float:
        """P(r) of `outcome` at a chance node: uniform unless written."""
        return 1 / len(self.actions(state))

    # --- what the library asks of a game -------------------------------------------------------
    def game_name(self) -> str:
        """The name a trace records: `name`, or the class name lowercased."""
        return self.name or type(self).__name__.lower()

    def has(self, method: str) -> bool:
        """Whether the game writes an optional method (evaluate, probability) rather than inheriting GameBase's."""
        return getattr(type(self), method) is not getattr(GameBase, method)
