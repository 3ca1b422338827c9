"""Minimax and alpha-beta with three enhancements: a transposition table (AIMA 4th ed. §5.2.4),
quiescence (§5.3.2), a beam (§5.3.3).

The plain searches (search.algorithms.minimax, search.algorithms.alphabeta) stay as the slides write them, and as fast;
the classes here reuse their MAX-VALUE and MIN-VALUE unchanged and add each enhancement around them:

- transposition table (`tt`): the value functions the bodies call on each child (`value_of`) are
  wrapped. A position already in the table whose entry answers is not searched again: its visit
  is followed by a `tt_hit` with the stored value. Otherwise the plain body searches it and its
  value goes into the table (`tt_store`, after the node's return). Alpha-beta stores a value that
  fell outside the window it was searched with as a bound (fail-soft: v ≤ α an upper bound, v ≥ β a
  lower bound; with strict tests, ties="explore", only v < α and v > β are bounds); a bound answers
  only when it decides the window the node is called with.
  The key is the position and the depth still allowed below it (None without a depth limit).
- quiescence: CUTOFF-TEST, which the bodies ask at and past the depth limit (`cutoff_test`), does
  not hold where the position is not quiet (a `quiescence` event: the side to move can win at once
  or must block), up to limits.QUIESCENCE_MAX_PLIES past the limit.
- beam (forward pruning): the bodies' ACTIONS(state) keeps only the K children with the best
  estimate for the mover (UTILITY of a finished child, else EVAL), in their given order; a `beam`
  event names the kept and the dropped, with their estimates.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple, Sequence

from search import limits
from search.algorithms.alphabeta import AlphaBeta, Returns, Ties
from search.algorithms.baseline import _NodeCap
from search.algorithms.descriptor import RunOptions
from search.algorithms.minimax import Minimax
from search.algorithms.pseudocode import BEAM_LINES, LINES_OF, MINIMAX_ROOT_LINES, SEARCH_RETURN, ValueLines
from search.algorithms.reference import WITHOUT_BEAM, WITHOUT_CAP, game_to_search_again, search_again
from search.games.game import Game
from search.result import SearchResult
from search.traces.events import Baseline
from search.traces.recorder import INF, SearchRecorder


class Enhancements(NamedTuple):
    """Which enhancements a search uses (all off: use the plain search instead)."""

    tt: bool = False
    quiescence: bool = False
    beam: int | None = None

    def options(self) -> dict[str, Any]:
        """The start event's `options` keys, each present only when it is on."""
        out: dict[str, Any] = {}
        if self.tt:
            out["tt"] = True
        if self.quiescence:
            out["quiescence"] = True
        if self.beam is not None:
            out["beam"] = self.beam
        return out


class Entry(NamedTuple):
    """A transposition-table entry: the value, what it means, and the node whose search filled it."""

    value: float
    flag: str  # "exact"; "lower": the true value is at least `value`; "upper": at most
    node: str | None  # None when nobody records (the untraced search has no ids)

    def answers(self, window: tuple[float, ...], strict: bool) -> bool:
        """Whether the entry settles a call with this window: always when exact; a bound only when
        it decides the window, by the pruning test's own rule (strict with ties="explore")."""
        if self.flag == "exact":
            return True
        alpha, beta = window
        if self.flag == "lower":
            return self.value > beta or (not strict and self.value == beta)
        return self.value < alpha or (not strict and self.value == alpha)


def window_flag(v: float, window: tuple[float, ...], strict: bool) -> str:
    """What a fail-soft value means for the window it was searched with: a bound only where the
    pruning tests could have cut the search short. With the slides' tests (v ≥ β, v ≤ α) a value at
    the window's edge may be one; with strict tests (ties="explore") a value in [α, β], edges
    included, was searched in full and is exact (flagging it a bound would only re-search it)."""
    if not window:
        return "exact"
    alpha, beta = window
    if strict:
        return "upper" if v < alpha else "lower" if v > beta else "exact"
    return "upper" if v <= alpha else "lower" if v >= beta else "exact"


Scored = list[tuple[Any, float]]


def beam_split(game: Game[Any, Any], state: Any, actions: Sequence[Any], width: int) -> tuple[Scored, Scored]:
    """The `width` actions whose child is best for the mover by its estimate (UTILITY where the game is
    over there, else EVAL), and the rest, each as (action, estimate) in their given order (a stable
    sort: ties keep their order). What a beam search keeps, and what the tree it draws keeps
    (search.games.position_tree)."""
    scored = [(a, game.utility(c) if game.is_terminal(c) else game.evaluate(c)) for a in actions for c in (game.result(state, a),)]
    sign = -1 if game.to_move(state) == "max" else 1
    keep = set(sorted(range(len(scored)), key=lambda i: sign * scored[i][1])[:width])
    return [scored[i] for i in range(len(scored)) if i in keep], [scored[i] for i in range(len(scored)) if i not in keep]


class BeamGame:
    """The game as a beam search sees it: ACTIONS keeps the K best children for the mover; all else
    is the game's own (delegated)."""

    def __init__(self, game: Game[Any, Any], width: int, search: "EnhancedSearch") -> None:
        self.inner = game
        self.width = width
        self.search = search

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def actions(self, state: Any) -> Sequence[Any]:
        game = self.inner
        actions = game.actions(state)
        if len(actions) <= self.width:
            return actions
        kept, dropped = beam_split(game, state, actions, self.width)
        self.search.beam_dropped = True
        player = game.to_move(state)
        root = state is game.initial  # the search is handed the initial state itself at the root
        self.search.rec.beam(self.search.actions_line(player, root), state, kept, dropped)
        return [a for a, _ in kept]


class EnhancedSearch:
    """What the enhanced minimax and alpha-beta add to their plain class (a mixin: the attributes
    live in the subclasses' slots)."""

    __slots__ = ()
    game: Any
    rec: SearchRecorder
    depth_limit: int
    options: dict[str, Any]
    value_of: dict[str, Callable[..., float]]
    visited: int
    leaves: int
    enhancements: Enhancements
    table: dict[tuple[Any, int | None], Entry]
    tt_hits: int
    tt_stored: int
    plain_game: Game[Any, Any]
    limited: bool
    strict: bool

    def enhance(self, enhancements: Enhancements, limited: bool, strict: bool) -> None:
        self.enhancements = enhancements
        self.options.update(enhancements.options())
        self.plain_game = self.game
        self.limited = limited
        self.strict = strict
        self.table = {}
        self.tt_hits = self.tt_stored = 0
        self.beam_dropped = False  # the beam left a child out (search.algorithms.reference)
        self.quiescence_capped = False  # quiescence stopped at its cap where a position was not quiet
        self.quiescence_cap: int | None = limits.QUIESCENCE_MAX_PLIES  # None: on until every line is quiet (a reference)
        if enhancements.beam is not None:
            self.game = BeamGame(self.game, enhancements.beam, self)
        if enhancements.tt:
            self.value_of = {player: self.from_table(plain, player) for player, plain in self.value_of.items()}

    def lines(self, player: str, depth: int) -> ValueLines:
        return LINES_OF[player]

    def actions_line(self, player: str, root: bool) -> str:
        return BEAM_LINES[player]

    def reference(self) -> dict[str, Any] | None:
        """What made this search a guess, first: the beam left children out, or quiescence stopped at its
        cap where a position was not quiet; else the depth limit's estimates (ValueSearch.reference)."""
        options = self.enhancements
        if self.beam_dropped:
            return self.again(WITHOUT_BEAM, options._replace(beam=None), uncapped=False)
        if self.quiescence_capped:
            return self.again(WITHOUT_CAP, options, uncapped=True)
        return super().reference()  # type: ignore[misc]

    def again(self, what: str, enhancements: Enhancements, uncapped: bool) -> dict[str, Any] | None:
        """This search again at its depth limit, untraced, with `enhancements` (the beam left out, or the quiescence
        cap lifted: `uncapped`): the reference (search.algorithms.reference)."""
        game = game_to_search_again(self, what)  # type: ignore[arg-type]
        depth, ties = self.options["depth"], self.options.get("ties", "prune")  # type: ignore[attr-defined]
        minimax = self.algorithm == "minimax"  # type: ignore[attr-defined]
        if enhancements != Enhancements():
            again: Any = (EnhancedMinimax(game, depth, None, enhancements) if minimax
                          else EnhancedAlphaBeta(game, depth, ties, None, enhancements))
            if uncapped:
                again.quiescence_cap = None
        else:
            again = Minimax(game, depth, None) if minimax else AlphaBeta(game, depth, ties, None)
        return search_again(again, game, what, windowed=not minimax)

    # --- quiescence -----------------------------------------------------------------------
    def cutoff_test(self, state: Any, depth: int) -> bool:
        """CUTOFF-TEST at or past the depth limit: holds unless quiescence is on, the position is not
        quiet and the search is less than QUIESCENCE_MAX_PLIES past the limit."""
        past = depth - self.depth_limit
        cap = self.quiescence_cap
        if not self.enhancements.quiescence or (cap is not None and past >= cap):
            if self.enhancements.quiescence:  # stopped by the cap: was the position still not quiet?
                self.quiescence_capped = self.quiescence_capped or self.game.noise(state) is not None
            self.cut_at_limit = True
            return True
        noise = self.game.noise(state)
        if noise is None:
            self.cut_at_limit = True
            return True
        player = self.game.to_move(state)
        self.rec.quiescence(self.lines(player, depth).quiescence, noise.reason, noise.moves, past)
        return False

    # --- transposition table --------------------------------------------------------------
    def from_table(self, plain: Callable[..., float], player: str) -> Callable[..., float]:
        """`plain` (MAX-VALUE or MIN-VALUE) behind the table."""
        game, table, strict = self.game, self.table, self.strict
        fail_hard = getattr(self, "fail_hard", False)  # alpha-beta's returns="bound" (minimax has no window)

        def value(state: Any, move: Any, depth: int, *window: float) -> float:
            remaining = self.depth_limit - depth if self.limited else None
            key = (game.position_key(state), remaining)
            entry = table.get(key)
            lines = self.lines(player, depth)
            if entry is not None and entry.answers(window, strict):
                rec = self.rec
                rec.visit(lines.head, state, move, depth, player, *(window or (None, None)))
                self.visited += 1
                self.tt_hits += 1
                return rec.tt_hit(lines.tt_lookup, entry.value, entry.flag, entry.node, remaining)
            v = plain(state, move, depth, *window)
            # The fail-hard form returns α or β themselves on a cut: at the window's edge a value is a
            # bound whatever the tie rule, so the slides' reading (≤ α, ≥ β) is the one that holds.
            flag = window_flag(v, window, strict and not fail_hard)
            # The store is part of the step the value left by (its leaf, or its return: "return TABLE-STORE(...)"),
            # so it is at that step's line, which the recorder knows (None: the line of the event before).
            table[key] = Entry(v, flag, self.rec.tt_store(None, v, flag, remaining))
            self.tt_stored += 1
            return v

        return value

    def table_counts(self) -> dict[str, Any]:
        if not self.enhancements.tt:
            return {}
        return {"tt_hits": self.tt_hits, "tt_stored": self.tt_stored}


class EnhancedMinimax(EnhancedSearch, Minimax):
    """Minimax with a transposition table, quiescence and/or a beam."""

    __slots__ = ("enhancements", "table", "tt_hits", "tt_stored", "plain_game", "limited", "strict", "beam_dropped",
                 "quiescence_capped", "quiescence_cap")

    def __init__(self, game: Game[Any, Any], depth: int | None, recorder: SearchRecorder | None,
                 enhancements: Enhancements) -> None:
        super().__init__(game, depth, recorder)
        self.enhance(enhancements, depth is not None, False)

    def lines(self, player: str, depth: int) -> ValueLines:
        return LINES_OF[player] if depth else MINIMAX_ROOT_LINES[player]

    def actions_line(self, player: str, root: bool) -> str:
        return SEARCH_RETURN if root else BEAM_LINES[player]

    def result_extras(self, result: SearchResult, stopped: str | None) -> dict[str, Any]:
        counts = self.table_counts()
        result.tt_hits, result.tt_stored = counts.get("tt_hits"), counts.get("tt_stored")
        return counts


class EnhancedAlphaBeta(EnhancedSearch, AlphaBeta):
    """Alpha-beta with a transposition table, quiescence and/or a beam."""

    __slots__ = ("enhancements", "table", "tt_hits", "tt_stored", "plain_game", "limited", "strict", "beam_dropped",
                 "quiescence_capped", "quiescence_cap")

    def __init__(self, game: Game[Any, Any], depth: int | None, ties: Ties, recorder: SearchRecorder | None,
                 enhancements: Enhancements, returns: Returns = "v") -> None:
        super().__init__(game, depth, ties, recorder, returns)
        self.enhance(enhancements, depth is not None, ties == "explore")

    def result_extras(self, result: SearchResult, stopped: str | None) -> dict[str, Any]:
        """The baseline is minimax's with the same enhancements, on the same game and depth limit."""
        wanted = not stopped and self.counts_baseline()
        result.baseline = enhanced_baseline(self.plain_game, self.options["depth"], self.enhancements) if wanted else None
        counts = self.table_counts()
        result.tt_hits, result.tt_stored = counts.get("tt_hits"), counts.get("tt_stored")
        return {"baseline": result.baseline, **counts}


def enhanced_baseline(game: Game[Any, Any], depth: int | None, enhancements: Enhancements,
                      cap: int = limits.BASELINE_MAX_NODES) -> Baseline | None:
    """minimax's `visited` and `leaves` with the same enhancements (so "alpha-beta saved" compares
    like with like), untraced, or None past `cap` nodes (search.algorithms.baseline)."""
    search = EnhancedMinimax(game, depth, None, enhancements)
    search.rec = _NodeCap(cap)
    result = search.run(lambda root_value, state: root_value(state, None, 0))
    return {"visited": result.visited, "leaves": result.leaves} if result.complete else None


def enhanced_minimax(game: Game[Any, Any], enhancements: Enhancements, *, depth: int | None = None,
                     recorder: SearchRecorder | None = None) -> SearchResult:
    """MINIMAX-DECISION with the enhancements."""
    search = EnhancedMinimax(game, depth, recorder, enhancements)
    return search.run(lambda root_value, state: root_value(state, None, 0))


def enhanced_alphabeta(game: Game[Any, Any], enhancements: Enhancements, *, depth: int | None = None,
                       ties: Ties = "prune", recorder: SearchRecorder | None = None, returns: Returns = "v",
                       baseline: bool = False) -> SearchResult:
    """ALPHA-BETA-SEARCH with the enhancements (`returns`: "bound" for the fail-hard form; `baseline`: as alphabeta's)."""
    search = EnhancedAlphaBeta(game, depth, ties, recorder, enhancements, returns)
    search.want_baseline = baseline
    return search.run(lambda root_value, state: root_value(state, None, 0, -INF, INF))


def run_minimax(game: Game[Any, Any], options: RunOptions, recorder: SearchRecorder | None) -> SearchResult:
    """The registry's entry for minimax with enhancements (search.algorithms.descriptors.minimax)."""
    return enhanced_minimax(game, options.enhancements, depth=options.depth, recorder=recorder)


def run_alphabeta(game: Game[Any, Any], options: RunOptions, recorder: SearchRecorder | None) -> SearchResult:
    """The registry's entry for alpha-beta with enhancements (search.algorithms.descriptors.alphabeta)."""
    return enhanced_alphabeta(game, options.enhancements, depth=options.depth, ties=options.ties,  # type: ignore[arg-type]
                              recorder=recorder, returns=options.returns)  # type: ignore[arg-type]
