"""Alpha-beta with one slip: the slides' MAX-VALUE and MIN-VALUE (search.algorithms.alphabeta) written
once more, with each classic mistake a switch, so a mistaken search is run, traced and drawn like
the right one (Seppälä 2006 explains students' errors by such "mutated" algorithms).

MAX and MIN are one function here, mirrored by `player`, because every slip is the same change on
both sides; the real search keeps the slides' two functions, to be read beside them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from search.algorithms.alphabeta import AlphaBeta, Returns, Ties
from search.algorithms.pseudocode import MAX_LINES as MAX, MIN_LINES as MIN
from search.games.game import Game
from search.result import SearchResult
from search.traces.recorder import INF, SearchRecorder


@dataclass(frozen=True, slots=True)
class Slip:
    """Which line of MAX-VALUE / MIN-VALUE goes wrong (all False: the slides' alpha-beta)."""

    window_not_passed: bool = False  # children are called with (−∞, +∞), not (α, β)
    alpha_not_updated: bool = False  # MAX-VALUE never runs α ← MAX(α, v)
    beta_not_updated: bool = False  # MIN-VALUE never runs β ← MIN(β, v)
    wrong_bound: bool = False  # MAX tests v ≥ α, MIN tests v ≤ β
    swapped: bool = False  # MAX nodes are searched by MIN-VALUE and MIN nodes by MAX-VALUE
    no_test: bool = False  # the test `if v ≥ β then return v` is never made: plain minimax, α and β kept for nothing


class MistakenAlphaBeta(AlphaBeta):
    """Alpha-beta with `slip`; `ties`="explore" is the strict test, `returns`="bound" the fail-hard form."""

    __slots__ = ("slip",)

    def __init__(self, game: Game[Any, Any], depth: int | None, ties: Ties, recorder: SearchRecorder | None,
                 returns: Returns, slip: Slip, misconception: str) -> None:
        super().__init__(game, depth, ties, recorder, returns)
        self.slip = slip
        self.options = {**self.options, "misconception": misconception}
        if slip.swapped:
            self.value_of = {**self.value_of, "max": self.min_value, "min": self.max_value}

    def max_value(self, state: Any, move: Any, depth: int, alpha: float, beta: float) -> float:
        return self.value(state, move, depth, alpha, beta, "max")

    def min_value(self, state: Any, move: Any, depth: int, alpha: float, beta: float) -> float:
        return self.value(state, move, depth, alpha, beta, "min")

    def value(self, state: Any, move: Any, depth: int, alpha: float, beta: float, player: str) -> float:
        """MAX-VALUE (player "max") or MIN-VALUE (player "min"), with the slip."""
        game, rec, slip = self.game, self.rec, self.slip
        is_max = player == "max"
        lines = MAX if is_max else MIN
        rec.visit(lines.head, state, move, depth, player, alpha, beta)
        self.visited += 1
        if game.is_terminal(state):
            self.leaves += 1
            return rec.leaf(lines.terminal, game.utility(state), "utility")
        if depth >= self.depth_limit and self.cutoff_test(state, depth):
            self.leaves += 1
            return rec.leaf(lines.cutoff, game.evaluate(state), "estimate")
        v = rec.init(lines.init, -INF if is_max else INF)
        test, cut = self.test_of(is_max)
        actions = game.actions(state)
        for i, a in enumerate(actions):
            child = game.result(state, a)
            window = (-INF, INF) if slip.window_not_passed else (alpha, beta)
            u = self.value_of[game.to_move(child)](child, a, depth + 1, *window)
            v = rec.backup(lines.update, player, u, v, (u if u > v else v) if is_max else (u if u < v else v))
            if depth == 0:
                self.root_values.append((a, u))
            edge = alpha if cut == "alpha" else beta
            beyond = (v > edge) if test.startswith("v >") else (v < edge)
            if not slip.no_test and rec.test(lines.test, test, v, alpha, beta, beyond or (v == edge and self.prune_on_tie)):
                self.prune(lines.test, state, actions[i + 1:], test, cut, v, alpha, beta)
                return rec.ret(lines.test, edge if self.fail_hard else v)
            if is_max and not slip.alpha_not_updated:
                alpha = rec.bound(MAX.bound, "alpha", alpha, v if v > alpha else alpha)
            if not is_max and not slip.beta_not_updated:
                beta = rec.bound(MIN.bound, "beta", beta, v if v < beta else beta)
        return rec.ret(lines.ret, (alpha if is_max else beta) if self.fail_hard else v)

    def test_of(self, is_max: bool) -> tuple[str, str]:
        """The pruning test as this search writes it, and the bound it compares v with."""
        strict = "" if self.prune_on_tie else "strict"
        if is_max:
            test, cut = ("v >= alpha", "alpha") if self.slip.wrong_bound else ("v >= beta", "beta")
        else:
            test, cut = ("v <= beta", "beta") if self.slip.wrong_bound else ("v <= alpha", "alpha")
        return (test.replace("=", "") if strict else test), cut

    def result_extras(self, result: SearchResult, stopped: str | None) -> dict[str, Any]:
        """No minimax baseline: what a mistaken search saves is not the point."""
        result.baseline = None
        return {"baseline": None}
