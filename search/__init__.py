"""Minimax Lab's search engine: pure Python, no Flask.

Trees and games go in (search.trees.parse, search.games.tictactoe, search.games.isolation,
search.games.connect4, or a course's own
game written as a GameBase); minimax, alpha-beta, expectiminimax, max^n and iterative deepening run with or
without a Recorder; search.trace runs one and keeps its events, the typed events of docs/trace-format.md;
search.show draws a trace in Jupyter (docs/library.md).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from search.errors import InputError
    from search.games.connect4 import ConnectFour
    from search.games.game import Game, TreeGame
    from search.games.isolation import Isolation
    from search.games.tictactoe import TicTacToe
    from search.jupyter.show import show
    from search.library.game_base import GameBase
    from search.library.trace import Trace, trace
    from search.library.untraced import alphabeta, expectiminimax, iterative_deepening, maxn, minimax
    from search.request import SearchRequest, parse_request
    from search.result import SearchResult
    from search.traces.recorder import Recorder
    from search.trees.parse import parse_tree_text, tree_from_json

_EXPORTS = {
    "InputError": "search.errors", "ConnectFour": "search.games.connect4", "Game": "search.games.game",
    "TreeGame": "search.games.game", "Isolation": "search.games.isolation", "TicTacToe": "search.games.tictactoe",
    "GameBase": "search.library.game_base", "Trace": "search.library.trace", "trace": "search.library.trace",
    "alphabeta": "search.library.untraced", "expectiminimax": "search.library.untraced",
    "iterative_deepening": "search.library.untraced", "maxn": "search.library.untraced", "minimax": "search.library.untraced",
    "SearchRequest": "search.request", "parse_request": "search.request", "SearchResult": "search.result",
    "Recorder": "search.traces.recorder", "parse_tree_text": "search.trees.parse", "tree_from_json": "search.trees.parse",
    "show": "search.jupyter.show",  # a Jupyter widget stepping through the search (needs the wheel's [jupyter] extra)
}
"""The front door's names, each imported when first asked for (PEP 562): importing one part of the engine
(a game, the grader's worker) does not load the rest. The grader's worker relies on it: the engine's
searches are never in the memory of a process that runs a student's code."""


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module 'search' has no attribute {name!r}")
    value = getattr(importlib.import_module(_EXPORTS[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS])


__all__ = [
    "ConnectFour", "Game", "GameBase", "InputError", "Isolation", "Recorder", "SearchRequest", "SearchResult", "TicTacToe", "Trace",
    "TreeGame", "alphabeta", "expectiminimax", "iterative_deepening", "maxn", "minimax", "parse_request",
    "parse_tree_text", "show", "trace", "tree_from_json",
]
