"""Max^n, minimax for several players (AIMA 4th ed. §5.2.2), to be read beside it (and beside
minimax.py). In Billings, "The Minimax Algorithm" (CS 330 notes, Bryn Mawr College, 2008):
"the value of each node must be changed to a vector of values ... each player is effectively Max
and wants to choose the move with the highest value in its element of the vector."

    function MAXN-VALUE(state) returns a vector ⟨v1, ..., vn⟩
        if TERMINAL-TEST(state) then return UTILITY(state)
        p ← TO-MOVE(state)
        v ← none
        for each a in ACTIONS(state) do
            u ← MAXN-VALUE(RESULT(state, a))
            if v = none or u[p] > v[p] then v ← u
        return v

A tie keeps the vector found first (the first such child), as minimax keeps its first best move.
Only explicit trees whose root lists `players` have vectors; search.request refuses the rest.
"""

from __future__ import annotations

from typing import Any

from search.algorithms.descriptor import RunOptions
from search.algorithms.pseudocode import MAXN_LINES as MAXN
from search.algorithms.value_search import ValueSearch
from search.games.game import Game
from search.result import SearchResult
from search.traces.recorder import SearchRecorder

Vector = list[float]


def maxn(game: Game[Any, Any], *, depth: int | None = None, recorder: SearchRecorder | None = None) -> SearchResult:
    """function MAXN-DECISION(state) returns an action: v ← MAXN-VALUE(state), then the first
    action whose vector is v."""
    search = MaxN(game, depth, recorder)
    return search.run(lambda root_value, state: root_value(state, None, 0))


def run(game: Game[Any, Any], options: RunOptions, recorder: SearchRecorder | None) -> SearchResult:
    """The registry's entry (search.algorithms.descriptors.maxn)."""
    return maxn(game, depth=options.depth, recorder=recorder)


class MaxN(ValueSearch):
    """MAXN-VALUE; `depth` counts edges from the root. Every player's name maps to the one value
    function (value_of), which reads the mover's component from the node."""

    algorithm = "maxn"
    __slots__ = ("component",)

    def __init__(self, game: Game[Any, Any], depth: int | None, recorder: SearchRecorder | None) -> None:
        super().__init__(game, depth, recorder, {"depth": depth})
        players = getattr(game, "players", None) or []  # a tree's root's players, a course game's (search.library)
        self.component = {name: i for i, name in enumerate(players)}  # p ← TO-MOVE(state), as an index
        self.value_of = {name: self.maxn_value for name in players}

    def maxn_value(self, state: Any, move: Any, depth: int) -> Vector:
        """function MAXN-VALUE(state) returns a vector"""
        game, rec = self.game, self.rec
        mover = game.to_move(state)
        rec.visit(MAXN.head, state, move, depth, mover, None, None)
        self.visited += 1
        if game.is_terminal(state):                                 # if TERMINAL-TEST(state) then
            self.leaves += 1
            return rec.leaf(MAXN.terminal, game.utility(state), "utility")  # return UTILITY(state)
        if depth == self.depth_limit:                               # if CUTOFF-TEST(state, depth) then
            self.leaves += 1
            return rec.leaf(MAXN.cutoff, game.evaluate(state), "estimate")  # return EVAL(state)
        p = self.component[mover]                                   # p ← TO-MOVE(state)
        rec.init_none(MAXN.init)                                    # v ← none
        v: Vector | None = None
        for a in game.actions(state):                               # for each a in ACTIONS(state) do
            child = game.result(state, a)
            u = self.value_of[game.to_move(child)](child, a, depth + 1)  # u ← MAXN-VALUE(RESULT(state, a))
            v = rec.maxn_backup(MAXN.update, mover, u, v, u if v is None or u[p] > v[p] else v)  # if u[p] > v[p] then v ← u
            if depth == 0:
                self.root_values.append((a, u))
        assert v is not None, "an internal node has children"
        return rec.ret(MAXN.ret, v)                                 # return v

    # ValueSearch's table names MAX-VALUE and MIN-VALUE; here every player's entry is MAXN-VALUE.
    max_value = min_value = maxn_value
