"""A GameBase game as the engine's Game (search.games.game): players named MAX and MIN, ids, moves, source.

The engine's searches speak a richer interface than the textbook's five functions: a node id for
each child, a move as a trace writes it, a position's fields for a visit event, the source a trace
records. CourseGame supplies them from a course's GameBase game:

- players: the one to move at the searched position is "max", any other "min" (GameBase.CHANCE is
  "chance"); a game with `players` keeps their names (max^n). UTILITY(s) for MAX is utility(s, MAX's
  player); with players, the vector of each one's utility.
- ids are the move path from the root ("root", "root.2", "root.2.take 1"), as the built-in games'.
- a move is written as itself when a trace can hold it (a whole number, a text, two whole numbers),
  else as its text; a position as describe(state), at most 40 characters on one line.
- its source is {"kind": "custom", "game", "state", "players"}: a game the server does not know,
  which a trace can only replay as recorded (docs/trace-format.md).
"""

from __future__ import annotations

import math
from numbers import Real
from typing import Any, Hashable, Sequence

from search.errors import InputError, quoted
from search.games.game import path_id
from search.library.game_base import GameBase
from search.limits import MAX_LABEL_LENGTH, MAX_PLAYERS

CHANCE = GameBase.CHANCE


def node_text(text: Any) -> str:
    """describe()'s text as a node shows it: one line (control characters become spaces), at most
    MAX_LABEL_LENGTH characters (longer ends in "…"), never empty."""
    words = " ".join("".join(ch if ch.isprintable() else " " for ch in str(text)).split())
    if len(words) > MAX_LABEL_LENGTH:
        words = words[: MAX_LABEL_LENGTH - 1] + "…"
    return words or "·"


def move_json(action: Any) -> Any:
    """The move as a trace writes it (events.Move: a whole number, a text, or two whole numbers); other
    moves as their text."""
    if isinstance(action, bool):
        return str(action)
    if isinstance(action, int) or isinstance(action, str):
        return action
    if isinstance(action, (tuple, list)) and len(action) == 2 and all(type(x) is int for x in action):
        return list(action)
    return str(action)


def move_text(action: Any) -> str:
    """The move in a node id: "2", "1-3" for two numbers, else its text."""
    written = move_json(action)
    return "-".join(str(x) for x in written) if isinstance(written, list) else str(written)


class CourseGame:
    """A GameBase game, searched from `state` (its initial position when None), as the engine's Game."""

    root_id = "root"

    def __init__(self, game: GameBase, state: Any = None, chance: bool = True) -> None:
        self.game = game
        self.initial = game.initial if state is None else state
        self.root_player = game.to_move(self.initial)
        self.chance = chance  # whether the algorithm has a rule for chance nodes (expectiminimax)
        self.players = [str(p) for p in game.players] if game.players is not None else None
        self.names: dict[Any, str] = {}
        if self.players is not None:
            check_players(game)
            self.names = {p: str(p) for p in game.players}  # type: ignore[union-attr]
        elif self.root_player == CHANCE:
            raise InputError("state", "the position searched is a chance node: nobody chooses there; start from a player's turn")

    # --- the textbook's functions, as the engine calls them ---------------------------------------
    def to_move(self, state: Any) -> str:
        mover = self.game.to_move(state)
        if mover == CHANCE:
            if not self.chance:
                raise InputError("algorithm", f"the position {quoted(node_text(self.game.describe(state)))} is a chance node, "
                                              "which minimax and alpha-beta have no rule for: use expectiminimax")
            return CHANCE
        if self.players is not None:
            if mover not in self.names:
                raise InputError("players", f"to_move returned {quoted(mover)}, which is not one of players {self.players}")
            return self.names[mover]
        return "max" if mover == self.root_player else "min"

    def actions(self, state: Any) -> list[Any]:
        actions = list(self.game.actions(state))
        if not actions:  # a search would back up −∞ or +∞ from no children: the game has a slip, say where
            raise InputError("actions", f"{type(self.game).__name__}.actions returned no moves at "
                                        f"{quoted(node_text(self.game.describe(state)))}, which is_terminal says is not over")
        return actions

    def result(self, state: Any, action: Any) -> Any:
        return self.game.result(state, action)

    def is_terminal(self, state: Any) -> bool:
        return bool(self.game.is_terminal(state))

    def utility(self, state: Any) -> float | list[float]:
        game = self.game
        if self.players is not None:
            return [number(game.utility(state, p), "utility", game, state) for p in game.players]  # type: ignore[union-attr]
        return number(game.utility(state, self.root_player), "utility", game, state)

    def evaluate(self, state: Any) -> float | list[float]:
        self.require_evaluate()
        game = self.game
        value = game.evaluate(state)
        if self.players is not None:
            if not isinstance(value, (list, tuple)) or len(value) != len(self.players):
                raise InputError("evaluate", f"with players, evaluate({quoted(node_text(game.describe(state)))}) returns one "
                                             f"estimate per player ({len(self.players)}), got {quoted(value)}")
            return [number(v, "evaluate", game, state) for v in value]
        return number(value, "evaluate", game, state)

    def require_evaluate(self) -> None:
        """A depth limit needs EVAL: refuse, before searching, a game that does not write it."""
        if not self.game.has("evaluate"):
            raise InputError("depth", f"{type(self.game).__name__} has no evaluate(state): a depth limit scores the positions "
                                      "where it stops with EVAL (AIMA 4th ed. §5.3); write evaluate, or search without a depth")

    def probability(self, state: Any, outcome: Any) -> float:
        """P(r) at a chance node (search.algorithms.expectiminimax)."""
        return number(self.game.probability(state, outcome), "probability", self.game, state)

    # --- what the engine adds -------------------------------------------------------------------
    def child_id(self, parent_id: str, action: Any, child: Any) -> str:
        return path_id(parent_id, move_text(action))

    def move_json(self, action: Any) -> Any:
        return move_json(action)

    def describe(self, state: Any, move: Any) -> dict[str, Any]:
        return {"state": node_text(self.game.describe(state)), "move": None if move is None else move_json(move)}

    def source(self) -> dict[str, Any]:
        if self.players is not None:
            players = list(self.players)
        else:
            other = next((str(p) for p in self.two_players() if p != self.root_player), "MIN")
            players = [str(self.root_player), other]
        return {"kind": "custom", "game": node_text(self.game.game_name()), "state": node_text(self.game.describe(self.initial)),
                "players": [node_text(p) for p in players]}

    def two_players(self) -> list[Any]:
        """MAX's player and, as far as the root's children tell, MIN's (for the source's names)."""
        found = [self.root_player]
        if not self.game.is_terminal(self.initial):
            for action in self.game.actions(self.initial):
                mover = self.game.to_move(self.game.result(self.initial, action))
                if mover != self.root_player and mover != CHANCE:
                    return [self.root_player, mover]
        return found

    def position_key(self, state: Any) -> Hashable:
        """The transposition table's key (--tt): the position and whose turn it is (states must be hashable)."""
        try:
            hash(state)
        except TypeError:
            raise InputError("tt", f"a transposition table keys positions by their state: {type(state).__name__} "
                                   "is not hashable (use tuples, not lists)") from None
        return (state, self.to_move(state))


def number(value: Any, what: str, game: GameBase, state: Any) -> float:
    """A game's number, checked: a real, finite number, or an error naming the method and the position."""
    if isinstance(value, bool) or not isinstance(value, Real) or not math.isfinite(value):
        raise InputError(what, f"{type(game).__name__}.{what} returned {quoted(value)} at {quoted(node_text(game.describe(state)))}: "
                               "expected a finite number")
    return float(value) if not isinstance(value, int) else value


def check_players(game: GameBase) -> None:
    players: Sequence[Any] = game.players or []
    if not 2 <= len(players) <= MAX_PLAYERS or len({str(p) for p in players}) != len(players):
        raise InputError("players", f"expected 2 to {MAX_PLAYERS} distinct players, got {quoted(list(players))}")
