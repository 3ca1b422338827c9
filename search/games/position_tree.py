"""A small game search written out as an explicit tree, so it can be practised like one.

The tree is the one the search draws from the position: every line of play to its end, or, with a
depth limit, to the limit, where the position's estimate becomes the leaf's value (EVAL, AIMA 4th
ed. §5.3), as the search scores it; with quiescence, on past the limit while the position is not
quiet (§5.3.2); with a beam, only the children the beam keeps (§5.3.3); with symmetry, one move of
each class of equal positions (search.games.symmetry). Its ids are the shorthand's names (A; B, C;
B1 ...) and its labels the move with the id ("X4 (B2)": X plays cell 4; the same move is made in
many places, and the id tells them apart in the feedback).
A search that draws more than EXERCISE_GAME_MAX_NODES nodes is refused: nobody fills in more by
hand, and the message says what to change. The nodes are counted as they are made, so a huge game
costs no more than the limit.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from search import limits
from search.algorithms.enhanced import beam_split
from search.errors import InputError
from search.games.game import Game
from search.games.registry import game_ids
from search.request import parse_request
from search.trees.node import TreeNode
from search.trees.parse import shorthand_child_id


class SearchShape(NamedTuple):
    """What decides the nodes a game search draws (search.request validates each; all off: the whole game)."""

    depth: int | None = None
    quiescence: bool = False
    beam: int | None = None


def position_tree(game_name: Any, state: Any, options: dict[str, Any] | None = None) -> TreeNode:
    """The tree the search of `game_name` (a registered game's id, search.games.registry) from `state` (the start if
    none) draws; `options`: the search request's depth, symmetry, beam and quiescence, checked as a
    search request checks them (the same errors, naming the same fields)."""
    if game_name not in game_ids():
        raise InputError("game", f"expected one of {', '.join(game_ids())}")
    if state is not None and not isinstance(state, str):
        raise InputError("state", "expected a position as text, e.g. XO.X..O..")
    request = parse_request({"game": game_name, "state": state, "algorithm": "minimax", **(options or {})})
    if request.depth == 0:
        raise InputError("depth", "a depth limit of 0 searches nothing below the position: give 1 or more, or none")
    shape = SearchShape(request.depth, request.enhancements.quiescence, request.enhancements.beam)
    return expand(request.game, shape, _within(options or {}))


def _within(options: dict[str, Any]) -> str:
    """The options in words, to begin the refusal ("searched with depth limit 3, symmetric moves dropped, ")."""
    words = []
    if options.get("depth") is not None:
        words.append(f"depth limit {options['depth']}")
    if options.get("symmetry"):
        words.append("symmetric moves dropped")
    if options.get("beam") is not None:
        words.append(f"a beam of {options['beam']}")
    if options.get("quiescence"):
        words.append("quiescence")
    return f"searched with {', '.join(words)}, " if words else ""


def expand(game: Game[Any, Any], shape: SearchShape = SearchShape(), within: str = "") -> TreeNode:
    """The tree the search draws below `game.initial`, or InputError past limits.EXERCISE_GAME_MAX_NODES."""
    count = 0
    limit = shape.depth

    def cut_off(state: Any, depth: int) -> bool:
        """CUTOFF-TEST at or past the limit: as search.algorithms.enhanced asks it (quiescence goes on while not quiet)."""
        if limit is None or depth < limit:
            return False
        if not shape.quiescence or depth - limit >= limits.QUIESCENCE_MAX_PLIES:
            return True
        return game.noise(state) is None  # type: ignore[attr-defined]

    def build(state: Any, node_id: str, label: str, depth: int) -> TreeNode:
        nonlocal count
        count += 1
        if count > limits.EXERCISE_GAME_MAX_NODES:
            raise InputError("state", f"{within}this position has more than {limits.EXERCISE_GAME_MAX_NODES} nodes below it "
                                      "(the practice limit): play a few more moves first"
                                      + (", or give a depth limit" if limit is None else ", or give a smaller depth limit"))
        node = TreeNode(id=node_id, label=label, player=game.to_move(state))
        if game.is_terminal(state):
            node.value = game.utility(state)
            return node
        if cut_off(state, depth):
            node.value = game.evaluate(state)
            return node
        mark = "X" if node.player == "max" else "O"
        actions = list(game.actions(state))
        if shape.beam is not None:
            actions = [a for a, _ in beam_split(game, state, actions, shape.beam)[0]] if len(actions) > shape.beam else actions
        for index, action in enumerate(actions):
            move = game.move_json(action)
            move_text = "-".join(str(part) for part in move) if isinstance(move, list) else str(move)
            child_id = shorthand_child_id(node_id, index, depth + 1)
            node.children.append(build(game.result(state, action), child_id, f"{mark}{move_text} ({child_id})", depth + 1))
        return node

    root = build(game.initial, "A", "A", 0)
    if not root.children:
        raise InputError("state", "the game is over in this position: there is nothing to search")
    return root
