"""The games a request can name, built from a name, a position and an estimate.

Kept apart from search.request so that anything needing a game by name (a request, a practice
exercise made from a position) can build one without importing the request's whole validator.
"""

from __future__ import annotations

from typing import Any

from search.errors import InputError, quoted
from search.games.connect4 import ConnectFour
from search.games.game import Game
from search.games.isolation import Isolation
from search.games.tictactoe import TicTacToe

GAMES = ("tictactoe", "isolation", "connect4")

GAME_NAMES = {"tictactoe": "tic-tac-toe", "isolation": "Isolation", "connect4": "Connect Four"}
"""Each game as a sentence names it."""

GAME_EXAMPLES: dict[str, dict[str, Any]] = {
    "tictactoe-symmetry": {
        "label": "Tic-tac-toe, depth 2, symmetries (slides)",
        "request": {"game": "tictactoe", "state": ".........", "algorithm": "minimax", "depth": 2, "symmetry": True},
    },
}
"""Game searches the page lists among its built-in examples (each a search request, run as given):
the lecture slides' tic-tac-toe with e = open lines for MAX - open lines for MIN, symmetries taken
into account, depth limit 2 (3 moves at the root, 12 leaves, value 1: the centre)."""


def named_game(name: Any, state: Any, estimate: Any, symmetry: Any = False) -> Game[Any, Any]:
    """The game `name` at `state` (its start if None), with the estimate named (its default if None);
    `symmetry`: tic-tac-toe drops moves whose position a rotation or reflection makes equal to another's."""
    if not isinstance(symmetry, bool):
        raise InputError("symmetry", "expected true or false")
    if estimate is not None and not isinstance(estimate, str):
        raise InputError("estimate", "expected a name, e.g. \"zero\" or \"mobility\" for Isolation")
    if not isinstance(name, str):
        raise InputError("game", f"expected one of {', '.join(GAMES)}")
    if name == "tictactoe":
        if estimate not in (None, "open-lines"):
            raise InputError("estimate", "tic-tac-toe has one estimate: open-lines")
        return TicTacToe(state or "." * 9, symmetry)
    if symmetry and name in ("isolation", "connect4"):
        raise InputError("symmetry", f"goes with tic-tac-toe (the 8 symmetries of its square), not {GAME_NAMES[name]}")
    if name == "isolation":
        return Isolation(state or ".....#", estimate or "zero")
    if name == "connect4":
        if estimate not in (None, "windows"):
            raise InputError("estimate", "Connect Four has one estimate: windows")
        return ConnectFour(state or "." * 42)
    raise InputError("game", f"expected one of {', '.join(GAMES)}, got {quoted(name)}")


def game_catalogue() -> list[dict[str, Any]]:
    """Every built-in game as /api/catalogue lists it: its id and name. (A minimal list, for the algorithm
    registry's branch of issue #48; the game registry gives each game's full description.)"""
    return [{"id": game, "name": GAME_NAMES[game]} for game in GAMES]
