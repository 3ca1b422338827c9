"""A small game position written out as an explicit tree, so it can be practised like one.

Every line of play from the position is expanded to its end (an exercise searches to the leaves),
with the shorthand's names (A; B, C; B1 ...) as ids and the move with the id as label ("X4 (B2)": X
plays cell 4; the same move is made in many places, and the id tells them apart in the feedback).
A position with more than EXERCISE_GAME_MAX_NODES nodes below it is refused: nobody fills in more
by hand, and the message says how many it would have been.
"""

from __future__ import annotations

from typing import Any

from search import limits
from search.errors import InputError
from search.games.game import Game
from search.games.registry import GAMES, named_game
from search.trees.node import TreeNode
from search.trees.parse import shorthand_child_id


def position_tree(game_name: Any, state: Any) -> TreeNode:
    """The tree of `game_name` ("tictactoe" or "isolation") from `state` (the start if none)."""
    if game_name not in GAMES:
        raise InputError("game", f"expected one of {', '.join(GAMES)}")
    if state is not None and not isinstance(state, str):
        raise InputError("state", "expected a position as text, e.g. XO.X..O..")
    game = named_game(game_name, state, None)
    return expand(game)


def expand(game: Game[Any, Any]) -> TreeNode:
    """The whole game tree below `game.initial`, or InputError past limits.EXERCISE_GAME_MAX_NODES."""
    count = 0

    def build(state: Any, node_id: str, label: str, depth: int) -> TreeNode:
        nonlocal count
        count += 1
        if count > limits.EXERCISE_GAME_MAX_NODES:
            raise InputError("state", f"this position has more than {limits.EXERCISE_GAME_MAX_NODES} nodes below it "
                                      "(the practice limit): play a few more moves first")
        node = TreeNode(id=node_id, label=label, player=game.to_move(state))
        if game.is_terminal(state):
            node.value = game.utility(state)
            return node
        mark = "X" if node.player == "max" else "O"
        for index, action in enumerate(game.actions(state)):
            move = game.move_json(action)
            move_text = "-".join(str(part) for part in move) if isinstance(move, list) else str(move)
            child_id = shorthand_child_id(node_id, index, depth + 1)
            node.children.append(build(game.result(state, action), child_id, f"{mark}{move_text} ({child_id})", depth + 1))
        return node

    root = build(game.initial, "A", "A", 0)
    if not root.children:
        raise InputError("state", "the game is over in this position: there is nothing to search")
    return root
