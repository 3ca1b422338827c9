"""Expectiminimax as AIMA 4th ed. §5.5 writes it, to be read beside it (and beside minimax.py):

    EMINIMAX(s) = UTILITY(s)                              if TERMINAL-TEST(s)
                  max a ∈ ACTIONS(s) EMINIMAX(RESULT(s, a))  if TO-MOVE(s) = MAX
                  min a ∈ ACTIONS(s) EMINIMAX(RESULT(s, a))  if TO-MOVE(s) = MIN
                  Σ r P(r) · EMINIMAX(RESULT(s, r))          if TO-MOVE(s) = CHANCE

Each case is one method (max_value, min_value, chance_value), and each records its steps at its
own line of the listing (search.algorithms.pseudocode.EMM_LINES): the visit at EMINIMAX's head, then v's
start, each child's backup and the return at the line of the node's case. The chance case is
written out as the sum is made: v ← 0, then each backup adds the term P(r) × the outcome's value
at "v ← v + P(r) · EMINIMAX(RESULT(s, r))", so the events show the running sum, then "return v". With a depth limit, CUTOFF-TEST / EVAL score a node at the limit.
"""

from __future__ import annotations

from typing import Any

from search.algorithms.descriptor import RunOptions
from search.algorithms.pseudocode import EMM_LINES as EMM
from search.algorithms.value_search import ValueSearch
from search.games.game import Game
from search.result import SearchResult
from search.traces.recorder import INF, SearchRecorder


def expectiminimax(game: Game[Any, Any], *, depth: int | None = None, recorder: SearchRecorder | None = None) -> SearchResult:
    """function EXPECTIMINIMAX-DECISION(state) returns an action: v ← EMINIMAX(state), then the
    first action whose value is v (none when a chance node is at the root: nobody chooses there)."""
    search = Expectiminimax(game, depth, recorder)
    return search.run(lambda root_value, state: root_value(state, None, 0))


def run(game: Game[Any, Any], options: RunOptions, recorder: SearchRecorder | None) -> SearchResult:
    """The registry's entry (search.algorithms.descriptors.expectiminimax)."""
    return expectiminimax(game, depth=options.depth, recorder=recorder)


class Expectiminimax(ValueSearch):
    """EMINIMAX's four cases; `depth` counts edges from the root."""

    algorithm = "expectiminimax"
    __slots__ = ()

    def __init__(self, game: Game[Any, Any], depth: int | None, recorder: SearchRecorder | None) -> None:
        super().__init__(game, depth, recorder, {"depth": depth})
        self.value_of = {"max": self.max_value, "min": self.min_value, "chance": self.chance_value}

    def enter(self, state: Any, move: Any, depth: int, player: str) -> float | None:
        """The visit, then the terminal or cutoff case if one applies (its value), else None."""
        game, rec = self.game, self.rec
        rec.visit(EMM.head, state, move, depth, player, None, None)
        self.visited += 1
        if game.is_terminal(state):                                     # if TERMINAL-TEST(s)
            self.leaves += 1
            return rec.leaf(EMM.terminal, game.utility(state), "utility")  # then return UTILITY(s)
        if depth == self.depth_limit:                                   # if CUTOFF-TEST(s, depth)
            self.leaves += 1
            return rec.leaf(EMM.cutoff, game.evaluate(state), "estimate")  # then return EVAL(s)
        return None

    def max_value(self, state: Any, move: Any, depth: int) -> float:
        """if TO-MOVE(s) = MAX then return max a ∈ ACTIONS(s) of EMINIMAX(RESULT(s, a))"""
        scored = self.enter(state, move, depth, "max")
        if scored is not None:
            return scored
        game, rec = self.game, self.rec
        v = rec.init(EMM.max, -INF)
        for a in game.actions(state):
            child = game.result(state, a)
            u = self.value_of[game.to_move(child)](child, a, depth + 1)
            v = rec.backup(EMM.max, "max", u, v, u if u > v else v)
            if depth == 0:
                self.root_values.append((a, u))
        return rec.ret(EMM.max, v)

    def min_value(self, state: Any, move: Any, depth: int) -> float:
        """if TO-MOVE(s) = MIN then return min a ∈ ACTIONS(s) of EMINIMAX(RESULT(s, a))"""
        scored = self.enter(state, move, depth, "min")
        if scored is not None:
            return scored
        game, rec = self.game, self.rec
        v = rec.init(EMM.min, INF)
        for a in game.actions(state):
            child = game.result(state, a)
            u = self.value_of[game.to_move(child)](child, a, depth + 1)
            v = rec.backup(EMM.min, "min", u, v, u if u < v else v)
            if depth == 0:
                self.root_values.append((a, u))
        return rec.ret(EMM.min, v)

    def chance_value(self, state: Any, move: Any, depth: int) -> float:
        """if TO-MOVE(s) = CHANCE then return Σ r P(r) · EMINIMAX(RESULT(s, r))"""
        scored = self.enter(state, move, depth, "chance")
        if scored is not None:
            return scored
        game, rec = self.game, self.rec
        v = rec.init(EMM.chance, 0)                                    # v ← 0
        for r in game.actions(state):                                  # for each outcome r of s, with probability P(r)
            child = game.result(state, r)
            u = self.value_of[game.to_move(child)](child, r, depth + 1)
            p = self.probability(state, r)
            v = rec.chance_backup(EMM.chance_sum, u, p, v, v + p * u)  # v ← v + P(r) · EMINIMAX(RESULT(s, r))
        return rec.ret(EMM.chance_return, v)                       # return v

    def probability(self, state: Any, outcome: Any) -> float:
        """P(r): the outcome's probability, as the game gives it (a tree's child, a course game's
        probability(state, outcome)); search.misconceptions overrides it."""
        return self.game.probability(state, outcome)
