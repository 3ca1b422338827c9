"""Iterative deepening (AIMA 4th ed. §5.2.4): alpha-beta at depth limit 1, 2, ..., N, one after another.

    function ITERATIVE-DEEPENING-SEARCH(state, N) returns an action
        for limit = 1 to N do
            order ACTIONS(state) best first by the last iteration's values
            v ← MAX-VALUE(state, −∞, +∞, 0)        (CUTOFF-TEST: depth = limit)
            best ← the action in ACTIONS(state) with value v
        return best

Each iteration is the ordinary alpha-beta (search.algorithms.alphabeta), recording through the same recorder,
on the game seen through `RootOrdered`: the root's children come in the order the previous
iteration's values say is best first for the player at the root (a stable sort, so equal values
keep their order; the first iteration takes them as given). Deeper nodes keep the game's order.

The trace (docs/trace-format.md): one `start`, then each iteration's events, each closed by an
`iteration` event (its depth, value, move, counts, and the order the next one uses), then one
`result` whose counts are the sums over the iterations. Every event carries `iteration`: the start
belongs to iteration 1, the result to the last iteration that ran.

The answer equals one alpha-beta search at depth N, value and move: the value because each
iteration is a complete alpha-beta search, whatever the order; the move because, when several root
children tie at v, the one first in the game's own order is chosen, as alpha-beta would (children
whose final value is only a bound equal to v are searched again untraced to know if they reach v).
"""

from __future__ import annotations

import json
from typing import Any, Sequence

from search.algorithms.alphabeta import AlphaBeta, Ties, to_the_end
from search.algorithms.baseline import _NodeCap
from search.algorithms.descriptor import RunOptions
from search.algorithms.pseudocode import SEARCH_ITERATION
from search.algorithms.value_search import ValueSearch
from search.games.game import Game
from search.limits import BASELINE_MAX_NODES
from search.result import SearchResult
from search.traces.recorder import INF, SearchRecorder, SearchStopped
from search.trees.node import TreeNode
from search.trees.parse import MissingEstimate, check_estimates


class RootOrdered:
    """`game` with the root's actions in a given order; every other call is the game's own."""

    def __init__(self, game: Game[Any, Any], order: Sequence[Any]) -> None:
        self.game = game
        self.order = list(order)
        self.initial = game.initial
        self.root_id = game.root_id
        # Bound once: the search calls these for every node.
        self.to_move, self.result, self.is_terminal = game.to_move, game.result, game.is_terminal
        self.utility, self.evaluate, self.child_id, self.move_json = game.utility, game.evaluate, game.child_id, game.move_json
        self.describe, self.source = game.describe, game.source
        if hasattr(game, "describe_json"):
            self.describe_json = game.describe_json  # type: ignore[attr-defined]

    def actions(self, state: Any) -> Sequence[Any]:
        return self.order if state is self.initial else self.game.actions(state)


def iterative_deepening(
    game: Game[Any, Any], *, depth: int, ties: Ties = "prune", recorder: SearchRecorder | None = None
) -> SearchResult:
    """function ITERATIVE-DEEPENING-SEARCH(state, N) returns an action"""
    return IterativeDeepening(game, depth, ties, recorder).search()


def run(game: Game[Any, Any], options: RunOptions, recorder: SearchRecorder | None) -> SearchResult:
    """The registry's entry (search.algorithms.descriptors.iterative); the request requires its depth limit."""
    assert options.depth is not None, "parse_options requires a depth for iterative deepening"
    return iterative_deepening(game, depth=options.depth, ties=options.ties, recorder=recorder)  # type: ignore[arg-type]


class IterativeDeepening(ValueSearch):
    """Alpha-beta at each depth limit from 1 to `depth`; the tallies are the sums over the iterations."""

    algorithm = "iterative"
    __slots__ = ("ties", "iterations", "order", "exact_rec", "compare_direct")
    max_value = min_value = None  # the value functions are each iteration's AlphaBeta's

    def __init__(self, game: Game[Any, Any], depth: int, ties: Ties, recorder: SearchRecorder | None) -> None:
        if depth < 1:
            raise ValueError("iterative deepening needs a depth limit of 1 or more")
        super().__init__(game, depth, recorder, {"depth": depth, "ties": ties})
        self.ties = ties
        self.iterations: list[dict[str, Any]] = []
        self.order: list[Any] = []
        # For a caller on a clock (the /play engine, search.play.budget): what watches exact_value's re-searches
        # (None: nothing, they run to the end), and whether the result counts one direct alpha-beta to compare.
        self.exact_rec: SearchRecorder | None = None
        self.compare_direct = True

    def search(self) -> SearchResult:
        game, rec = self.game, self.rec
        v: float = 0.0
        try:
            rec.begin_iteration(1)
            rec.start(game, self.algorithm, self.options)
            self.order = [] if game.is_terminal(game.initial) else list(game.actions(game.initial))
            for limit in range(1, self.depth_limit + 1):
                if limit > 1:
                    rec.begin_iteration(limit)
                v = self.iterate(limit)
        except SearchStopped as stop:
            return self.result(None, None, stop.reason)
        return self.result(v, self.action_with_value(v), None)

    def iterate(self, limit: int) -> float:
        """One alpha-beta search at depth `limit` with the root's children in self.order; then the
        order for the next iteration, best first for the root's player by this one's values."""
        game = self.game
        one = AlphaBeta(RootOrdered(game, self.order), limit, self.ties, None)  # type: ignore[arg-type]
        one.rec = self.rec
        v = one.value_of[game.to_move(game.initial)](game.initial, None, 0, -INF, INF)
        self.visited += one.visited
        self.leaves += one.leaves
        self.prunes += one.prunes
        self.pruned += one.pruned
        self.root_values = one.root_values
        self.cut_at_limit = one.cut_at_limit  # the answer is the last iteration's: did an estimate stand in for a value?
        searched = [a for a, _ in one.root_values]
        value = {id(a): u for a, u in one.root_values}
        maximize = game.to_move(game.initial) == "max"
        self.order = sorted(searched, key=lambda a: -value[id(a)] if maximize else value[id(a)])
        best = one.action_with_value(v)
        root, last = game.root_id, limit == self.depth_limit
        child = None if best is None else game.child_id(root, best, game.result(game.initial, best))
        summary = {
            "depth": limit, "value": v, "move": None if best is None else game.move_json(best), "child": child,
            "visited": one.visited, "leaves": one.leaves, "prunes": one.prunes, "pruned": one.pruned,
        }
        self.iterations.append(summary)
        self.rec.iteration_end(SEARCH_ITERATION, {
            **summary,
            "children": [{"child": game.child_id(root, a, game.result(game.initial, a)), "move": game.move_json(a),
                          "value": u} for a, u in one.root_values],
            "next_order": None if last else [game.child_id(root, a, game.result(game.initial, a)) for a in self.order],
        })
        return v

    def action_with_value(self, v: float) -> Any:
        """As alpha-beta at depth N chooses: the first root child in the game's own order whose
        value is v. The last iteration searched them in another order, so a child that returned v
        as a bound (after the one that reached v) may or may not reach it: searched again, untraced."""
        game = self.game
        first = super().action_with_value(v)  # the first in searched order: its value is exact
        if first is None:
            return None
        key = lambda a: json.dumps(game.move_json(a))  # noqa: E731  # moves name root children uniquely
        tied = {key(a) for a, u in self.root_values if u == v}
        for a in game.actions(game.initial):
            k = key(a)
            if k == key(first) or (k in tied and self.exact_value(a) == v):
                return a
        return first

    def exact_value(self, action: Any) -> float:
        """The child's value at the last depth limit, by alpha-beta with a full window."""
        game = self.game
        one = AlphaBeta(game, self.depth_limit, self.ties, self.exact_rec)  # type: ignore[arg-type]
        child = game.result(game.initial, action)
        return one.value_of[game.to_move(child)](child, action, 1, -INF, INF)

    def reference(self) -> dict[str, Any] | None:
        """The answer to the end when the last iteration's estimates stood in for values (alpha-beta's to_the_end)."""
        return to_the_end(self) if self.cut_at_limit else None

    def result_extras(self, result: SearchResult, stopped: str | None) -> dict[str, Any]:
        """The iterations' summaries, and one direct alpha-beta at depth N to compare (null if stopped
        or past limits.BASELINE_MAX_NODES nodes)."""
        direct = None if stopped or not self.compare_direct else direct_alphabeta(self.game, self.depth_limit, self.ties)
        return {"iterations": self.iterations, "direct": direct}


def direct_alphabeta(game: Game[Any, Any], depth: int, ties: Ties, cap: int = BASELINE_MAX_NODES) -> dict[str, int] | None:
    """One alpha-beta search at `depth` in the game's own order, untraced: its visited, leaves and
    prunes (None past `cap` nodes)."""
    one = AlphaBeta(game, depth, ties, None)
    one.rec = _NodeCap(cap)
    try:
        one.value_of[game.to_move(game.initial)](game.initial, None, 0, -INF, INF)
    except SearchStopped:
        return None
    return {"visited": one.visited, "leaves": one.leaves, "prunes": one.prunes}


def check_iteration_estimates(root: TreeNode, depth: int, within: str = "") -> None:
    """Iterative deepening cuts the tree at every limit from 1 to `depth`: every internal node at
    those depths needs an `eval`. The error names the first one missing, as check_estimates does,
    and the iteration that cuts it."""
    for limit in range(1, depth + 1):
        try:
            check_estimates(root, limit, within)
        except MissingEstimate as exc:
            problem = f"{exc.problem} (iterative deepening searches with every limit from 1 to {depth}: iteration {limit} cuts it)"
            raise MissingEstimate(exc.where, problem, node=exc.node, depth_limit=limit) from None
