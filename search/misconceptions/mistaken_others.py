"""The slips of the other searches the lecture teaches: expectiminimax with chance nodes read wrong
(AIMA 4th ed. §5.5), max^n where every player maximises the root player's share (§5.2.2), and
minimax with MAX and MIN swapped. Each changes one thing of the real search and inherits the rest,
so its trace is the real search's with that one change."""

from __future__ import annotations

from typing import Any

from search.algorithms.expectiminimax import Expectiminimax
from search.algorithms.maxn import MaxN
from search.algorithms.minimax import Minimax
from search.games.game import Game, TreeGame
from search.traces.recorder import SearchRecorder


class SwappedMinimax(Minimax):
    """Minimax with MAX nodes searched by MIN-VALUE and MIN nodes by MAX-VALUE."""

    __slots__ = ()

    def __init__(self, game: Game[Any, Any], depth: int | None, recorder: SearchRecorder | None, misconception: str) -> None:
        super().__init__(game, depth, recorder)
        self.options = {**self.options, "misconception": misconception}
        self.value_of = {**self.value_of, "max": self.min_value, "min": self.max_value}


class MistakenExpectiminimax(Expectiminimax):
    """EMINIMAX with one slip: "chance-as-min" takes a chance node's worst outcome (MIN-VALUE runs
    there), "unweighted-average" sums the outcomes with 1/n each instead of P(r), "max-min-swapped"
    swaps the MAX and MIN cases."""

    __slots__ = ("equal_weights",)

    def __init__(self, game: Game[Any, Any], depth: int | None, recorder: SearchRecorder | None, misconception: str) -> None:
        super().__init__(game, depth, recorder)
        self.options = {**self.options, "misconception": misconception}
        self.equal_weights = misconception == "unweighted-average"
        if misconception == "chance-as-min":
            self.value_of = {**self.value_of, "chance": self.min_value}
        elif misconception == "max-min-swapped":
            self.value_of = {**self.value_of, "max": self.min_value, "min": self.max_value}

    def probability(self, state: Any, outcome: Any) -> float:
        if not self.equal_weights:
            return super().probability(state, outcome)
        return 1 / len(self.game.actions(state))  # the slip: each outcome counts the same, whatever its P(r)


class RootComponentMaxN(MaxN):
    """MAXN-VALUE where every player keeps the child best for the root's player (p is always the
    root player's index): max^n read as "everyone plays for me"."""

    __slots__ = ()

    def __init__(self, game: TreeGame, depth: int | None, recorder: SearchRecorder | None, misconception: str) -> None:
        super().__init__(game, depth, recorder)
        self.options = {**self.options, "misconception": misconception}
        root = self.component[game.to_move(game.initial)]
        self.component = {name: root for name in self.component}
