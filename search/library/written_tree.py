"""A small course game written out as an explicit tree, so its trace is an ordinary tree trace.

A trace of a tree replays anywhere: its start event holds the whole tree, so the server can search
it again to verify an upload and /r/<id> replays it. A course's game is code the server does not
have; but when its whole tree is small (at most limits.MAX_TREE_NODES nodes, within the tree limits
on depth and branching), searching the tree is searching the game, node for node. The tree's ids are
the shorthand's (A; B, C; B1 ...), its labels the positions (describe), leaves hold the utility (for
MAX, or one per player), internal nodes the estimate where a depth limit may stop (evaluate), a
chance node's outcomes their probability. Nodes are counted as they are made, so a huge game costs no
more than the limit before it is searched as a game instead (search.library.course_game).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from search import limits
from search.library.course_game import CHANCE, CourseGame, node_text
from search.trees.node import TreeNode
from search.trees.parse import shorthand_child_id


class TooLarge(Exception):
    """The game's tree is past a tree limit: it is searched as a game."""


class WrittenTree(NamedTuple):
    root: TreeNode
    root_actions: list[Any]
    """The game's actions at the root, in the order of root.children (to name the move chosen)."""


def write_out(game: CourseGame, depth: int | None) -> WrittenTree | None:
    """The whole tree below game.initial, or None past the tree limits. `depth`: the depth limit the
    search will use; internal nodes down to it carry the game's estimate (an iterative search uses
    every limit up to it). Errors in the game's numbers are raised (InputError), as the search would."""
    count = 0
    estimates = depth is not None and game.game.has("evaluate")

    def build(state: Any, node_id: str, at: int) -> TreeNode:
        nonlocal count
        count += 1
        if count > limits.MAX_TREE_NODES or at > limits.MAX_TREE_DEPTH or len(node_id) > limits.MAX_LABEL_LENGTH:
            raise TooLarge
        node = TreeNode(id=node_id, label=node_text(game.game.describe(state)), player=game.to_move(state))
        if game.is_terminal(state):
            node.value = game.utility(state)
            return node
        actions = game.actions(state)
        if len(actions) > limits.MAX_BRANCHING:
            raise TooLarge
        if estimates and at <= depth:  # type: ignore[operator]
            node.eval = game.evaluate(state)
        for index, action in enumerate(actions):
            child = build(game.result(state, action), shorthand_child_id(node_id, index, at + 1), at + 1)
            if node.player == CHANCE and game.game.has("probability"):
                child.probability = game.probability(state, action)
            node.children.append(child)
        return node

    try:
        root = build(game.initial, "A", 0)
    except (TooLarge, RecursionError):
        return None
    if game.players is not None:
        root.players = list(game.players)
    if game.game.bounds is not None:
        root.bounds = (float(game.game.bounds[0]), float(game.game.bounds[1]))
    return WrittenTree(root, [] if game.is_terminal(game.initial) else game.actions(game.initial))
