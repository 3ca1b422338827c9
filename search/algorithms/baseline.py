"""What alpha-beta saved: minimax's counts on the same input and depth limit, for the result's `baseline`.

Minimax runs untraced (the NullRecorder's calls cost next to nothing), with a cap on the nodes it
may visit (limits.BASELINE_MAX_NODES) so an alpha-beta search that pruned a huge tree down to a
small one is not held up by the tree it avoided. Answers are remembered for the last few inputs:
the lecture example and the opening positions are searched again and again, and the full
tic-tac-toe tree takes minimax seconds.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any

from search.algorithms.expectiminimax import Expectiminimax
from search.algorithms.minimax import Minimax
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
    # A tree with chance nodes (alpha-beta over bounds) is measured against expectiminimax.
    chance = getattr(game.initial, "bounds", None) is not None and any(n.player == "chance" for n in game.initial.walk())
    search = (Expectiminimax if chance else Minimax)(game, depth, None)
    search.rec = _NodeCap(cap)
    result = search.run(lambda root_value, state: root_value(state, None, 0))
    answer: Baseline | None = {"visited": result.visited, "leaves": result.leaves} if result.complete else None
    if remember:
        _answers[key] = answer
        if len(_answers) > _REMEMBERED:
            _answers.popitem(last=False)
    return answer
