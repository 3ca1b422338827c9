"""Minimax as the lecture slides write it (AIMA 4th ed. §5.2.1, figure 5.3), to be read side by side with them.

    function MINIMAX-DECISION(state) returns an action
        return arg max a ∈ ACTIONS(s) of MIN-VALUE(RESULT(state, a))

    function MAX-VALUE(state) returns a utility value
        if TERMINAL-TEST(state) then return UTILITY(state)
        v ← −∞
        for each a in ACTIONS(state) do
            v ← MAX(v, MIN-VALUE(RESULT(s, a)))
        return v

MIN-VALUE is the mirror image (v ← +∞, MIN). With a depth limit, CUTOFF-TEST / EVAL score a node at
the limit (AIMA 4th ed. §5.3). Each step goes through `self.rec`: a Recorder that turns it into an event at
the named pseudocode line (the root's at MINIMAX-DECISION's arg max line, which does its work), or the NullRecorder, whose calls do nothing, when nobody watches.
"""

from __future__ import annotations

from typing import Any

from search.algorithms.alphabeta import to_the_end
from search.algorithms.descriptor import RunOptions
from search.algorithms.pseudocode import MAX_LINES, MIN_LINES, MINIMAX_ROOT_LINES
from search.algorithms.value_search import ValueSearch
from search.games.game import Game
from search.result import SearchResult
from search.traces.recorder import INF, SearchRecorder


def minimax(game: Game[Any, Any], *, depth: int | None = None, recorder: SearchRecorder | None = None,
            more_options: dict[str, Any] | None = None) -> SearchResult:
    """function MINIMAX-DECISION(state) returns an action: the root's value function remembers each
    root child's value, and the decision is the first action whose value is the best one.
    `more_options`: what the start event's options add (e.g. the move ordering the game is seen in)."""
    search = Minimax(game, depth, recorder)
    if more_options:
        search.options = {**search.options, **more_options}
    return search.run(lambda root_value, state: root_value(state, None, 0))


def run(game: Game[Any, Any], options: RunOptions, recorder: SearchRecorder | None) -> SearchResult:
    """The registry's entry (search.algorithms.descriptors.minimax): traced with a recorder, untraced without."""
    return minimax(game, depth=options.depth, recorder=recorder, more_options=options.more_options)


MAX_ROOT, MIN_ROOT = MINIMAX_ROOT_LINES["max"], MINIMAX_ROOT_LINES["min"]


class Minimax(ValueSearch):
    """MAX-VALUE and MIN-VALUE; `depth` counts edges from the root."""

    algorithm = "minimax"
    __slots__ = ()

    def __init__(self, game: Game[Any, Any], depth: int | None, recorder: SearchRecorder | None) -> None:
        super().__init__(game, depth, recorder, {"depth": depth})

    def reference(self) -> dict[str, Any] | None:
        """The answer to the end (alpha-beta's to_the_end) when an estimate stood in for a value at the depth limit."""
        return to_the_end(self) if self.cut_at_limit else None

    def max_value(self, state: Any, move: Any, depth: int) -> float:
        """function MAX-VALUE(state) returns a utility value"""
        game, rec = self.game, self.rec
        MAX = MAX_LINES if depth else MAX_ROOT  # the root's steps are MINIMAX-DECISION's arg max line
        rec.visit(MAX.head, state, move, depth, "max", None, None)
        self.visited += 1
        if game.is_terminal(state):                                 # if TERMINAL-TEST(state) then
            self.leaves += 1
            return rec.leaf(MAX.terminal, game.utility(state), "utility")  # return UTILITY(state)
        if depth >= self.depth_limit and self.cutoff_test(state, depth):  # if CUTOFF-TEST(state, depth) then
            self.leaves += 1
            return rec.leaf(MAX.cutoff, game.evaluate(state), "estimate")  # return EVAL(state)
        v = rec.init(MAX.init, -INF)                                # v ← −∞
        for a in game.actions(state):                               # for each a in ACTIONS(state) do
            child = game.result(state, a)
            u = self.value_of[game.to_move(child)](child, a, depth + 1)  # MIN-VALUE(RESULT(s, a))
            v = rec.backup(MAX.update, "max", u, v, u if u > v else v)  # v ← MAX(v, MIN-VALUE(...))
            if depth == 0:
                self.root_values.append((a, u))
        return rec.ret(MAX.ret, v)                                  # return v

    def min_value(self, state: Any, move: Any, depth: int) -> float:
        """function MIN-VALUE(state) returns a utility value"""
        game, rec = self.game, self.rec
        MIN = MIN_LINES if depth else MIN_ROOT  # the root's steps are MINIMAX-DECISION's arg min line
        rec.visit(MIN.head, state, move, depth, "min", None, None)
        self.visited += 1
        if game.is_terminal(state):                                 # if TERMINAL-TEST(state) then
            self.leaves += 1
            return rec.leaf(MIN.terminal, game.utility(state), "utility")  # return UTILITY(state)
        if depth >= self.depth_limit and self.cutoff_test(state, depth):  # if CUTOFF-TEST(state, depth) then
            self.leaves += 1
            return rec.leaf(MIN.cutoff, game.evaluate(state), "estimate")  # return EVAL(state)
        v = rec.init(MIN.init, INF)                                 # v ← +∞
        for a in game.actions(state):                               # for each a in ACTIONS(state) do
            child = game.result(state, a)
            u = self.value_of[game.to_move(child)](child, a, depth + 1)  # MAX-VALUE(RESULT(s, a))
            v = rec.backup(MIN.update, "min", u, v, u if u < v else v)  # v ← MIN(v, MAX-VALUE(...))
            if depth == 0:
                self.root_values.append((a, u))
        return rec.ret(MIN.ret, v)                                  # return v
