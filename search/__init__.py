"""Minimax Lab's search engine: pure Python, no Flask.

Trees and games go in (search.tree_io, search.tictactoe, search.isolation); minimax and alpha-beta
run with or without a Recorder; the Recorder emits the typed events of docs/trace-format.md.
"""

from search.alphabeta import alphabeta
from search.errors import InputError
from search.game import Game, TreeGame
from search.isolation import Isolation
from search.minimax import minimax
from search.recorder import Recorder
from search.request import SearchRequest, parse_request
from search.result import SearchResult
from search.tictactoe import TicTacToe
from search.tree_io import parse_tree_text, tree_from_json

__all__ = [
    "Game", "InputError", "Isolation", "Recorder", "SearchRequest", "SearchResult", "TicTacToe",
    "TreeGame", "alphabeta", "minimax", "parse_request", "parse_tree_text", "tree_from_json",
]
