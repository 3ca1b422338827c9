"""Alpha-beta search as the lecture slides write it (AIMA 4th ed. §5.2.3, figure 5.7), to be read side by side with them.

    function ALPHA-BETA-SEARCH(state) returns an action
        v ← MAX-VALUE(state, −∞, +∞)
        return the action in ACTIONS(state) with value v

    function MAX-VALUE(state, α, β) returns a utility value
        if TERMINAL-TEST(state) then return UTILITY(state)
        v ← −∞
        for each a in ACTIONS(state) do
            v ← MAX(v, MIN-VALUE(RESULT(s, a), α, β))
            if v ≥ β then return v
            α ← MAX(α, v)
        return v

MIN-VALUE is the mirror image: v ← +∞, MIN, `if v ≤ α then return v`, β ← MIN(β, v). With a depth
limit, CUTOFF-TEST / EVAL score a node at the limit (AIMA 4th ed. §5.3). With ties="explore" the tests are
strict (v > β, v < α), the convention of some autograders.

The slides' figure draws the fail-hard form ("If V_i ≥ β, β pruning ... Return α"): with
returns="bound", MAX-VALUE returns β when it cuts and α at its end, MIN-VALUE α and β; the steps are
the same, only what is returned differs, and a node's value outside its window comes back clamped
to the window's edge (Knuth & Moore 1975 call the two forms fail-hard and fail-soft).

On a tree with chance nodes and declared bounds [lo, hi] (AIMA 4th ed. §5.5: with the
utility bounded, alpha-beta pruning reaches chance nodes), CHANCE-VALUE adds the weighted sum of
its outcomes and returns early once that sum, with the outcomes not yet searched at the bound, can
no longer reach the window (the Star1 idea). Each outcome is searched with the window [lo, hi]: any value of it can still move the
sum, so it must be exact.

Each step goes through `self.rec`, a Recorder that turns it into an event at the named pseudocode
line, or the NullRecorder, whose calls do nothing, when nobody watches (docs/trace-format.md).
"""

from __future__ import annotations

import math
from typing import Any, Literal

from search.algorithms.baseline import minimax_baseline
from search.algorithms.descriptor import RunOptions
from search.algorithms.pseudocode import CHANCE_LINES as CHANCE, MAX_LINES as MAX, MIN_LINES as MIN
from search.algorithms.reference import TO_THE_END, game_to_search_again, has_no_end, search_again
from search.algorithms.value_search import ValueSearch
from search.games.game import Game
from search.result import SearchResult
from search.traces.recorder import INF, NullRecorder, SearchRecorder

Ties = Literal["prune", "explore"]
Returns = Literal["v", "bound"]


def alphabeta(
    game: Game[Any, Any], *, depth: int | None = None, ties: Ties = "prune", recorder: SearchRecorder | None = None,
    more_options: dict[str, Any] | None = None, returns: Returns = "v", baseline: bool = False,
) -> SearchResult:
    """function ALPHA-BETA-SEARCH(state) returns an action. `more_options`: what the start event's
    options add (e.g. the move ordering the game is seen in); `returns`: "bound" for the fail-hard form;
    `baseline`: an untraced search also counts minimax's nodes (a traced one always does, for its result event)."""
    search = AlphaBeta(game, depth, ties, recorder, returns)
    search.want_baseline = baseline
    if more_options:
        search.options = {**search.options, **more_options}
    return search.run(lambda root_value, state: root_value(state, None, 0, -INF, INF))  # v ← MAX-VALUE(state, −∞, +∞)


def run(game: Game[Any, Any], options: RunOptions, recorder: SearchRecorder | None) -> SearchResult:
    """The registry's entry (search.algorithms.descriptors.alphabeta): traced with a recorder, untraced without."""
    return alphabeta(game, depth=options.depth, ties=options.ties, recorder=recorder,  # type: ignore[arg-type]
                     more_options=options.more_options, returns=options.returns)  # type: ignore[arg-type]


class AlphaBeta(ValueSearch):
    """MAX-VALUE and MIN-VALUE with their α-β window; `depth` counts edges from the root."""

    algorithm = "alphabeta"
    __slots__ = ("prune_on_tie", "beta_test", "alpha_test", "bounds", "fail_hard", "want_baseline")

    def __init__(self, game: Game[Any, Any], depth: int | None, ties: Ties, recorder: SearchRecorder | None,
                 returns: Returns = "v") -> None:
        super().__init__(game, depth, recorder, {"depth": depth, "ties": ties, **({"returns": "bound"} if returns == "bound" else {})})
        self.want_baseline = False  # untraced: no minimax run behind the answer unless asked (a traced search always has one)
        self.fail_hard = returns == "bound"  # return the bound cut against (β, α) and the window's edge at the end
        self.prune_on_tie = ties == "prune"  # "v ≥ β" as the slides; "explore": only v > β prunes
        self.beta_test = "v >= beta" if self.prune_on_tie else "v > beta"
        self.alpha_test = "v <= alpha" if self.prune_on_tie else "v < alpha"
        self.bounds: tuple[float, float] | None = getattr(game.initial, "bounds", None)
        if self.bounds is not None:  # a tree with bounds may have chance nodes (search.request refuses them otherwise)
            self.value_of["chance"] = self.chance_value

    def max_value(self, state: Any, move: Any, depth: int, alpha: float, beta: float) -> float:
        """function MAX-VALUE(state, α, β) returns a utility value"""
        game, rec = self.game, self.rec
        rec.visit(MAX.head, state, move, depth, "max", alpha, beta)
        self.visited += 1
        if game.is_terminal(state):                                 # if TERMINAL-TEST(state) then
            self.leaves += 1
            return rec.leaf(MAX.terminal, game.utility(state), "utility")  # return UTILITY(state)
        if depth >= self.depth_limit and self.cutoff_test(state, depth):  # if CUTOFF-TEST(state, depth) then
            self.leaves += 1
            return rec.leaf(MAX.cutoff, game.evaluate(state), "estimate")  # return EVAL(state)
        v = rec.init(MAX.init, -INF)                                # v ← −∞
        actions = game.actions(state)
        for i, a in enumerate(actions):                             # for each a in ACTIONS(state) do
            child = game.result(state, a)
            u = self.value_of[game.to_move(child)](child, a, depth + 1, alpha, beta)  # MIN-VALUE(RESULT(s, a), α, β)
            v = rec.backup(MAX.update, "max", u, v, u if u > v else v)  # v ← MAX(v, MIN-VALUE(...))
            if depth == 0:
                self.root_values.append((a, u))
            if rec.test(MAX.test, self.beta_test, v, alpha, beta,
                        v > beta or (v == beta and self.prune_on_tie)):     # if v ≥ β then return v
                self.prune(MAX.test, state, actions[i + 1:], self.beta_test, "beta", v, alpha, beta)
                return rec.ret(MAX.test, beta if self.fail_hard else v)  # (fail-hard: return β)
            alpha = rec.bound(MAX.bound, "alpha", alpha, v if v > alpha else alpha)  # α ← MAX(α, v)
        return rec.ret(MAX.ret, alpha if self.fail_hard else v)     # return v (fail-hard: return α)

    def min_value(self, state: Any, move: Any, depth: int, alpha: float, beta: float) -> float:
        """function MIN-VALUE(state, α, β) returns a utility value"""
        game, rec = self.game, self.rec
        rec.visit(MIN.head, state, move, depth, "min", alpha, beta)
        self.visited += 1
        if game.is_terminal(state):                                 # if TERMINAL-TEST(state) then
            self.leaves += 1
            return rec.leaf(MIN.terminal, game.utility(state), "utility")  # return UTILITY(state)
        if depth >= self.depth_limit and self.cutoff_test(state, depth):  # if CUTOFF-TEST(state, depth) then
            self.leaves += 1
            return rec.leaf(MIN.cutoff, game.evaluate(state), "estimate")  # return EVAL(state)
        v = rec.init(MIN.init, INF)                                 # v ← +∞
        actions = game.actions(state)
        for i, a in enumerate(actions):                             # for each a in ACTIONS(state) do
            child = game.result(state, a)
            u = self.value_of[game.to_move(child)](child, a, depth + 1, alpha, beta)  # MAX-VALUE(RESULT(s, a), α, β)
            v = rec.backup(MIN.update, "min", u, v, u if u < v else v)  # v ← MIN(v, MAX-VALUE(...))
            if depth == 0:
                self.root_values.append((a, u))
            if rec.test(MIN.test, self.alpha_test, v, alpha, beta,
                        v < alpha or (v == alpha and self.prune_on_tie)):   # if v ≤ α then return v
                self.prune(MIN.test, state, actions[i + 1:], self.alpha_test, "alpha", v, alpha, beta)
                return rec.ret(MIN.test, alpha if self.fail_hard else v)  # (fail-hard: return α)
            beta = rec.bound(MIN.bound, "beta", beta, v if v < beta else beta)  # β ← MIN(β, v)
        return rec.ret(MIN.ret, beta if self.fail_hard else v)      # return v (fail-hard: return β)

    def chance_value(self, state: Any, move: Any, depth: int, alpha: float, beta: float) -> float:
        """function CHANCE-VALUE(state, α, β) returns a utility value"""
        game, rec = self.game, self.rec
        assert self.bounds is not None, "registered only for a tree with bounds"
        lo, hi = self.bounds
        rec.visit(CHANCE.head, state, move, depth, "chance", alpha, beta)
        self.visited += 1
        v = rec.init(CHANCE.init, 0)                                # v ← 0; rest ← 1
        outcomes = game.actions(state)
        chances = [state.outcome_probability(game.result(state, r)) for r in outcomes]
        low_test = "v + rest * hi <= alpha" if self.prune_on_tie else "v + rest * hi < alpha"
        high_test = "v + rest * lo >= beta" if self.prune_on_tie else "v + rest * lo > beta"
        for i, r in enumerate(outcomes):                            # for each outcome r, with probability P(r) do
            child = game.result(state, r)
            u = self.value_of[game.to_move(child)](child, r, depth + 1, lo, hi)  # VALUE(RESULT(state, r), lo, hi)
            p = chances[i]
            v = rec.chance_backup(CHANCE.update, u, p, v, v + p * u)  # v ← v + P(r) × VALUE(...)
            rest = math.fsum(chances[i + 1:])                       # rest ← rest − P(r), summed afresh: exactly 0 at the end
            reach = v + rest * hi
            if rec.chance_test(CHANCE.test_alpha, low_test, v, rest, reach, alpha, beta,
                               reach < alpha or (reach == alpha and self.prune_on_tie)):  # if v + rest × hi ≤ α
                self.prune(CHANCE.test_alpha, state, outcomes[i + 1:], low_test, "alpha", reach, alpha, beta)
                return rec.ret(CHANCE.test_alpha, reach)            # then return v + rest × hi
            reach = v + rest * lo
            if rec.chance_test(CHANCE.test_beta, high_test, v, rest, reach, alpha, beta,
                               reach > beta or (reach == beta and self.prune_on_tie)):  # if v + rest × lo ≥ β
                self.prune(CHANCE.test_beta, state, outcomes[i + 1:], high_test, "beta", reach, alpha, beta)
                return rec.ret(CHANCE.test_beta, reach)             # then return v + rest × lo
        return rec.ret(CHANCE.ret, v)                               # return v

    def result_extras(self, result: SearchResult, stopped: str | None) -> dict[str, Any]:
        """What alpha-beta saved: minimax's counts on the same input and depth (null if stopped); untraced,
        only when asked (a library call or a lab's runs pay for nothing they did not ask for)."""
        result.baseline = None if stopped or not self.counts_baseline() else minimax_baseline(self.game, self.options["depth"])
        return {"baseline": result.baseline}

    def counts_baseline(self) -> bool:
        """Whether the result carries minimax's counts: always when traced (the result event has them)."""
        return self.want_baseline or not isinstance(self.rec, NullRecorder)

    def reference(self) -> dict[str, Any] | None:
        """The answer to the end (to_the_end) when an estimate stood in for a value at the depth limit."""
        return to_the_end(self) if self.cut_at_limit else None

    def prune(self, line: str, state: Any, rest: Any, test: str, cut: str, v: float, alpha: float, beta: float) -> None:
        """The test held: the actions after this one are never looked at."""
        self.prunes += 1
        self.pruned += len(rest)
        self.rec.prune(line, state, rest, test, cut, v, alpha, beta)


def to_the_end(search: ValueSearch) -> dict[str, Any] | None:
    """The reference "to the end" of a minimax, alpha-beta or iterative deepening search cut at its depth limit:
    plain alpha-beta with no limit and the search's tie rule, which gives minimax's value and move too (AIMA
    4th ed. §5.2.3; its counts are alpha-beta's). None for a game no search reaches the end of, or past
    limits.REFERENCE_MAX_NODES nodes (search.algorithms.reference)."""
    game = game_to_search_again(search, TO_THE_END)
    if has_no_end(game):
        return None
    return search_again(AlphaBeta(game, None, search.options.get("ties", "prune"), None), game, TO_THE_END, windowed=True)
