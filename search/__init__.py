"""Minimax Lab's search engine: pure Python, no Flask.

Trees and games go in (search.trees.parse, search.games.tictactoe, search.games.isolation); minimax and alpha-beta
run with or without a Recorder; the Recorder emits the typed events of docs/trace-format.md.
"""

from search.algorithms.alphabeta import alphabeta
from search.algorithms.minimax import minimax
from search.errors import InputError
from search.games.game import Game, TreeGame
from search.games.isolation import Isolation
from search.games.tictactoe import TicTacToe
from search.request import SearchRequest, parse_request
from search.result import SearchResult
from search.traces.recorder import Recorder
from search.trees.parse import parse_tree_text, tree_from_json

__all__ = [
    "Game", "InputError", "Isolation", "Recorder", "SearchRequest", "SearchResult", "TicTacToe",
    "TreeGame", "alphabeta", "minimax", "parse_request", "parse_tree_text", "tree_from_json",
]
