"""What alpha-beta saved: minimax's counts on the same input and depth limit, for the result's `baseline`.

Minimax runs untraced (the NullRecorder's calls cost next to nothing), with a cap on the nodes it
may visit (limits.BASELINE_MAX_NODES) so an alpha-beta search that pruned a huge tree down to a
small one is not held up by the tree it avoided. Answers are remembered for the last few inputs:
the lecture example and the opening positions are searched again and again, and the full
tic-tac-toe tree takes minimax seconds.

A game that names its positions (`position_key`: tic-tac-toe, Isolation, Connect Four) is counted
without searching it: minimax's tree below a position depends only on the position and the depth
left, so each (position, depth left) is counted once and its counts reused wherever it recurs.
Connect Four at depth 6 is 137,257 nodes for minimax but about 1,400 positions to expand.

A game without position keys (a tree, a course's game) is walked as minimax walks it, without values:
minimax visits every node down to the limit whatever the values are, so its counts are the tree's shape.
So this module imports no search, and the searches can import it (alpha-beta's result, the references'
node cap) without a circle.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any

from search.games.game import Game
from search.limits import BASELINE_MAX_NODES
from search.traces.events import Baseline
from search.traces.recorder import NullRecorder, SearchStopped

_REMEMBERED = 64
_answers: OrderedDict[str, Baseline | None] = OrderedDict()


class _NodeCap(NullRecorder):  # search.algorithms.enhanced uses it too
    """Records nothing; stops the search once it has entered `cap` nodes."""

    __slots__ = ("left",)

    def __init__(self, cap: int) -> None:
        self.left = cap

    def visit(self, line: str, state: Any, move: Any, depth: int, player: str, alpha: float | None,
              beta: float | None) -> None:
        self.left -= 1
        if self.left < 0:
            raise SearchStopped("event limit")


def minimax_baseline(game: Game[Any, Any], depth: int | None, cap: int = BASELINE_MAX_NODES) -> Baseline | None:
    """minimax's `visited` and `leaves` on `game` to `depth`, or None past `cap` nodes."""
    # symmetry: the same source searched with symmetric moves dropped is a smaller tree (search.games.symmetry)
    source = game.source()
    # Remembered only where the source names the game completely (a tree, a built-in game): a course's
    # game (search.library, kind "custom") is known by its name and position only, which two games can share.
    remember = source.get("kind") != "custom"
    key = json.dumps([source, depth, cap, getattr(game, "symmetry", False)], sort_keys=True, allow_nan=False)
    if remember and key in _answers:
        _answers.move_to_end(key)
        return _answers[key]
    if callable(getattr(game, "position_key", None)):
        answer = counted_baseline(game, depth, cap)
    else:
        answer = searched_baseline(game, depth, cap)
    if remember:
        _answers[key] = answer
        if len(_answers) > _REMEMBERED:
            _answers.popitem(last=False)
    return answer


def searched_baseline(game: Game[Any, Any], depth: int | None, cap: int) -> Baseline | None:
    """minimax's counts by walking the tree as minimax does (a tree, a game without position keys): every node
    down to the limit is visited, a terminal one or one at the limit is a leaf; None past `cap` nodes. A tree
    with chance nodes (alpha-beta over bounds) is measured against expectiminimax, whose walk is the same."""
    is_terminal, actions, result = game.is_terminal, game.actions, game.result
    counts = [0, 0]  # visited, leaves

    def walk(state: Any, depth_here: int) -> None:
        counts[0] += 1
        if counts[0] > cap:
            raise SearchStopped("baseline cap")
        if is_terminal(state) or (depth is not None and depth_here >= depth):
            counts[1] += 1
            return
        for a in actions(state):
            walk(result(state, a), depth_here + 1)

    try:
        walk(game.initial, 0)
    except SearchStopped:
        return None
    return {"visited": counts[0], "leaves": counts[1]}


def counted_baseline(game: Game[Any, Any], depth: int | None, cap: int) -> Baseline | None:
    """minimax's counts from each distinct (position, depth left) once: the same numbers as searching,
    None past `cap` nodes as there. A node at the limit or terminal is one leaf; one just above the
    limit has its children as leaves without making them (their own test cannot change that)."""
    memo: dict[tuple[Any, int | None], tuple[int, int]] = {}
    is_terminal, actions, result, key = game.is_terminal, game.actions, game.result, game.position_key

    def count(state: Any, left: int | None) -> tuple[int, int]:
        if left == 0:
            return 1, 1
        at = (key(state), left)
        known = memo.get(at)
        if known is not None:
            return known
        if is_terminal(state):
            known = (1, 1)
        elif left == 1:
            n = len(actions(state))
            known = (1 + n, n)
        else:
            visited, leaves = 1, 0
            below = None if left is None else left - 1
            for a in actions(state):
                v, lv = count(result(state, a), below)
                visited += v
                leaves += lv
            if visited > cap:
                raise SearchStopped("baseline cap")
            known = (visited, leaves)
        memo[at] = known
        return known

    try:
        visited, leaves = count(game.initial, depth)
    except SearchStopped:
        return None
    return {"visited": visited, "leaves": leaves} if visited <= cap else None
