"""Hypothesis strategies the engine and server tests share: trees as the nested-list shorthand, tie
rules, estimates for depth limits, tic-tac-toe positions reached by legal play."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from search import tree_from_json
from search.games.tictactoe import TicTacToe
from search.trees.node import TreeNode

values = st.integers(min_value=-20, max_value=20)
shorthand = st.recursive(values, lambda kids: st.lists(kids, min_size=1, max_size=4), max_leaves=40).filter(
    lambda t: isinstance(t, list)
)
ties = st.sampled_from(["prune", "explore"])


def with_estimates(tree: Any, draw_eval: Any) -> TreeNode:
    """The shorthand tree with an eval on every internal node, for depth-limited searches."""
    root = tree_from_json(tree)
    for node in root.walk():
        if node.children:
            node.eval = draw_eval(values)
    return root


@st.composite
def positions(draw: Any) -> str:
    """A tic-tac-toe position reached by legal play from the empty board (possibly finished)."""
    game, board = TicTacToe(), "." * 9
    for _ in range(draw(st.integers(0, 8))):
        if game.is_terminal(board):
            break
        board = game.result(board, draw(st.sampled_from(game.actions(board))))
    return board
