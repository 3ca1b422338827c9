"""The games a request can name, built from a name, a position and an estimate.

Kept apart from search.request so that anything needing a game by name (a request, a practice
exercise made from a position) can build one without importing the request's whole validator.
"""

from __future__ import annotations

from typing import Any

from search.errors import InputError
from search.games.game import Game
from search.games.isolation import Isolation
from search.games.tictactoe import TicTacToe

GAMES = ("tictactoe", "isolation")


def named_game(name: Any, state: Any, estimate: Any) -> Game[Any, Any]:
    """The game `name` at `state` (its start if None), with the estimate named (its default if None)."""
    if estimate is not None and not isinstance(estimate, str):
        raise InputError("estimate", "expected a name, e.g. \"zero\" or \"mobility\" for Isolation")
    if not isinstance(name, str):
        raise InputError("game", f"expected one of {', '.join(GAMES)}")
    if name == "tictactoe":
        if estimate not in (None, "open-lines"):
            raise InputError("estimate", "tic-tac-toe has one estimate: open-lines")
        return TicTacToe(state or "." * 9)
    if name == "isolation":
        return Isolation(state or ".....#", estimate or "zero")
    raise InputError("game", f"expected one of {', '.join(GAMES)}, got {name!r}")
