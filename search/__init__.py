"""Minimax Lab's search engine: pure Python, no Flask.

Trees and games go in (search.trees.parse, search.games.tictactoe, search.games.isolation,
search.games.connect4, or a course's own
game written as a GameBase); minimax, alpha-beta, expectiminimax, max^n and iterative deepening run with or
without a Recorder; search.trace runs one and keeps its events, the typed events of docs/trace-format.md;
search.show draws a trace in Jupyter (docs/library.md).
"""

from typing import Any

from search.errors import InputError
from search.games.connect4 import ConnectFour
from search.games.game import Game, TreeGame
from search.games.isolation import Isolation
from search.games.tictactoe import TicTacToe
from search.library.game_base import GameBase
from search.library.trace import Trace, trace
from search.library.untraced import alphabeta, expectiminimax, iterative_deepening, maxn, minimax
from search.request import SearchRequest, parse_request
from search.result import SearchResult
from search.traces.recorder import Recorder
from search.trees.parse import parse_tree_text, tree_from_json


def show(trace_or_game: Any, **options: Any) -> Any:
    """A Jupyter widget stepping through the search (search.jupyter; needs `pip install minimax-lab[jupyter]`)."""
    from search.jupyter import show as show_widget

    return show_widget(trace_or_game, **options)


__all__ = [
    "ConnectFour", "Game", "GameBase", "InputError", "Isolation", "Recorder", "SearchRequest", "SearchResult", "TicTacToe", "Trace",
    "TreeGame", "alphabeta", "expectiminimax", "iterative_deepening", "maxn", "minimax", "parse_request",
    "parse_tree_text", "show", "trace", "tree_from_json",
]
