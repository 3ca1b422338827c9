"""The pseudocode a student follows, line by line, with the ids events carry in `line`.

The text is the lecture slides' (AIMA 4th ed. §5.2, the canonical form): MINIMAX-DECISION / ALPHA-BETA-SEARCH
and MAX-VALUE / MIN-VALUE. The listing is written for the search at hand: the root's value function
is the one of the player at the root (MIN-VALUE when MIN moves first, arg min for minimax), and with
a depth limit every value function takes `depth`, which CUTOFF-TEST reads (H-MINIMAX of AIMA 4th ed. §5.3
passes d + 1 down), so the signature and the calls agree.

The search's options write their own lines (`ListingOptions`, the start event's options), so every step
of an enhanced search lights a line that says what it does: the transposition table (AIMA 4th ed.
§5.2.4) looks a position up at the top of MAX-VALUE / MIN-VALUE and stores each value it returns
("return TABLE-STORE(...)": the engine stores once the value is known, so the store is part of the
return it follows); quiescence (§5.3.2) writes CUTOFF-TEST as "depth ≥ limit and IS-QUIET" and
has a line of its own for "not quiet: search on"; a beam (§5.3.3) loops over "the K best of
ACTIONS(state)"; `returns="bound"` is the slides' fail-hard form ("If V ≥ β ... Return β", "Return α").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Mapping, NotRequired, TypedDict

from search.algorithms.registry import REGISTRY
from search.limits import QUIESCENCE_MAX_PLIES

SEARCH_CALL = "search.call"
"""The decision function's first line (the `start` event): alpha-beta's v ← MAX-VALUE(state, −∞, +∞);
minimax's function head."""
SEARCH_RETURN = "search.return"
"""The decision function's answer (the `result` event). For minimax it is the line
"return arg max a ∈ ACTIONS(s) of MIN-VALUE(RESULT(state, a))", so the root's own steps (its
visit, v ← −∞, its backups and its return) are at this line too: MINIMAX-DECISION does the root's
work itself rather than calling MAX-VALUE on it."""

SEARCH_ITERATION = "search.iteration"
"""Iterative deepening's line after each iteration, "best ← the action in ACTIONS(state) with value v"
(the `iteration` event); its `start` is at SEARCH_CALL (the loop's alpha-beta call) and its `result`
at SEARCH_RETURN ("return best")."""


@dataclass(frozen=True, slots=True)
class ValueLines:
    """The ids of the lines of MAX-VALUE or MIN-VALUE that a step can be at, named as the slides'
    lines: the algorithms record events at these, and the listing below shows them."""

    head: str  # function MAX-VALUE(state, α, β)                 visit
    terminal: str  # if TERMINAL-TEST(state) then return UTILITY    leaf (utility)
    cutoff: str  # if CUTOFF-TEST(state, depth) then return EVAL     leaf (estimate)
    init: str  # v ← −∞                                              init
    update: str  # v ← MAX(v, MIN-VALUE(RESULT(s, a), α, β))        backup
    test: str  # if v ≥ β then return v                             test, prune, and the return after a prune
    bound: str  # α ← MAX(α, v)                                      bound
    ret: str  # return v                                             return
    tt_lookup: str  # if TABLE-LOOKUP(state, ...) answers then return its value   tt_hit
    quiescence: str  # if depth ≥ limit then search on: not IS-QUIET(state)       quiescence


STEPS = ("head", "terminal", "cutoff", "init", "update", "test", "bound", "ret", "tt_lookup", "quiescence")


def _value_lines(player: str) -> ValueLines:
    return ValueLines(*(f"{player}.{'return' if step == 'ret' else step}" for step in STEPS))


MAX_LINES = _value_lines("max")
MIN_LINES = _value_lines("min")
LINES_OF = {"max": MAX_LINES, "min": MIN_LINES}
ACTIONS_LINES = {"max": "max.actions", "min": "min.actions"}
"""The loop over ACTIONS(state), which takes the next child. Minimax's root loops on MINIMAX-DECISION's
arg max line (SEARCH_RETURN)."""
BEAM_LINES = {"max": "max.beam", "min": "min.beam"}
"""The loop of a beam search (search.algorithms.enhanced), "for each a in the K best of ACTIONS(state)
by EVAL": where the beam drops children. At minimax's root, the arg max line (SEARCH_RETURN) says the same."""
MINIMAX_ROOT_LINES = {
    player: ValueLines(SEARCH_RETURN, lines.terminal, lines.cutoff, SEARCH_RETURN, SEARCH_RETURN, lines.test,
                       lines.bound, SEARCH_RETURN, lines.tt_lookup, lines.quiescence)
    for player, lines in LINES_OF.items()
}
"""Minimax's lines at the root: MINIMAX-DECISION's arg max line (a root that is itself a leaf is
scored at TERMINAL-TEST / CUTOFF-TEST, as the slides' MAX-VALUE would)."""


class Line(TypedDict):
    id: str | None
    text: str
    indent: int
    depth_only: bool
    loop_after: NotRequired[list[str]]  # a loop line: it takes the next child after a step at one of these lines


def _line(line_id: str | None, text: str, indent: int = 0, depth_only: bool = False) -> Line:
    return {"id": line_id, "text": text, "indent": indent, "depth_only": depth_only}


def _loop(line_id: str, text: str, indent: int, after: list[str]) -> Line:
    """A loop over the children: the page shows it beside a child's visit, as the line that took the
    child, when the step before the visit (the parent's, at one of `after`) is in its function."""
    return {**_line(line_id, text, indent), "loop_after": after}


@dataclass(frozen=True, slots=True)
class ListingOptions:
    """What a search's start event's options say of its listing, beyond the algorithm and the tie rule."""

    tt: bool = False
    quiescence: bool = False
    beam: int | None = None
    returns: Literal["v", "bound"] = "v"

    @classmethod
    def of(cls, options: Mapping[str, Any]) -> ListingOptions:
        """From the start event's `options` (each key present only when on)."""
        return cls(bool(options.get("tt", False)), bool(options.get("quiescence", False)), options.get("beam"),
                   "bound" if options.get("returns") == "bound" else "v")


PLAIN = ListingOptions()


def _name(player: str) -> str:
    return "MAX-VALUE" if player == "max" else "MIN-VALUE"


def _decision(name: str, call: str, chosen: str = "value v") -> list[Line]:
    """The top-level search: `name`-DECISION calls the value function once and returns the action."""
    return [
        _line(None, f"function {name}(state) returns an action"),
        _line(SEARCH_CALL, f"v ← {call}", 1),
        _line(SEARCH_RETURN, f"return the action in ACTIONS(state) with {chosen}", 1),
    ]


def _opening(head: tuple[str, str], terminal: str, cutoff: str, depth: bool, s: str = "state") -> list[Line]:
    """A value function's head (id, text), its terminal case and, with a depth limit, its cutoff."""
    lines = [_line(head[0], head[1]), _line(terminal, f"if TERMINAL-TEST({s}) then return UTILITY({s})", 1)]
    if depth:
        lines.append(_line(cutoff, f"if CUTOFF-TEST({s}, depth) then return EVAL({s})", 1, depth_only=True))
    return lines


def _actions(options: ListingOptions) -> str:
    """ACTIONS(state), or under a beam of width K the K children it keeps (AIMA 4th ed. §5.3.3)."""
    return "ACTIONS(state)" if options.beam is None else f"the {options.beam} best of ACTIONS(state) by EVAL"


def _stored(value: str, flag: str | None, options: ListingOptions) -> str:
    """What a value function returns: the value, or with a transposition table the value stored first
    (TABLE-STORE gives back the value it stores); `flag` only where the search has a window."""
    if not options.tt:
        return value
    return f"TABLE-STORE(state, {value}{'' if flag is None else ', ' + flag})"


def _cutoffs(ids: ValueLines, options: ListingOptions, flag: str | None) -> list[Line]:
    """CUTOFF-TEST at the depth limit, or with quiescence (AIMA 4th ed. §5.3.2) only at a quiet position, and
    the line of the steps where it does not hold: the position is not quiet, so the search goes on."""
    if not options.quiescence:
        return [_line(ids.cutoff, f"if CUTOFF-TEST(state, depth) then return {_stored('EVAL(state)', flag, options)}",
                      1, depth_only=True)]
    return [
        _line(ids.cutoff, f"if depth ≥ limit + {QUIESCENCE_MAX_PLIES} or (depth ≥ limit and IS-QUIET(state)) "
                          f"then return {_stored('EVAL(state)', flag, options)}", 1, depth_only=True),
        _line(ids.quiescence, "if depth ≥ limit then search on: not IS-QUIET(state)", 1, depth_only=True),
    ]


def _value_function(player: str, algorithm: str, ties: str, depth: bool, options: ListingOptions = PLAIN) -> list[Line]:
    is_max = player == "max"
    ids = LINES_OF[player]
    other = _name("min" if is_max else "max")
    ab = algorithm in ("alphabeta", "iterative")
    window = ["α", "β"] if ab else []
    params = ", ".join(["state"] + window + (["depth"] if depth else []))
    args = ", ".join(["RESULT(s, a)"] + window + (["depth + 1"] if depth else []))
    exact = "exact" if ab else None
    lines = [_line(ids.head, f"function {_name(player)}({params}) returns a utility value")]
    if options.tt:
        key = ", ".join(["state"] + (["depth"] if depth else []) + window)
        lines.append(_line(ids.tt_lookup, f"if TABLE-LOOKUP({key}) answers then return its value", 1))
    lines.append(_line(ids.terminal, f"if TERMINAL-TEST(state) then return {_stored('UTILITY(state)', exact, options)}", 1))
    if depth:
        lines += _cutoffs(ids, options, exact)
    loop = ACTIONS_LINES[player] if options.beam is None else BEAM_LINES[player]
    lines += [
        _line(ids.init, f"v ← {'−∞' if is_max else '+∞'}", 1),
        _loop(loop, f"for each a in {_actions(options)} do", 1,
              [ids.init, loop, ids.update] + ([ids.test, ids.bound] if ab else [])),
        _line(ids.update, f"v ← {'MAX' if is_max else 'MIN'}(v, {other}({args}))", 2),
    ]
    final = "v"
    if ab:
        strict = ties == "explore"
        test = ("v > β" if strict else "v ≥ β") if is_max else ("v < α" if strict else "v ≤ α")
        cut = "v" if options.returns == "v" else "β" if is_max else "α"  # fail-hard: the bound that was crossed
        final = "v" if options.returns == "v" else "α" if is_max else "β"
        lines.append(_line(ids.test, f"if {test} then return {_stored(cut, 'lower' if is_max else 'upper', options)}", 2))
        lines.append(_line(ids.bound, "α ← MAX(α, v)" if is_max else "β ← MIN(β, v)", 2))
    lines.append(_line(ids.ret, f"return {_stored(final, 'flag' if ab else None, options)}", 1))
    return lines


TABLE_NOTE = ("TABLE-STORE(state, v, flag) keeps v for the position and gives v back; flag: exact, "
              "or a bound where the window cut the search short")


def listing(algorithm: str, ties: str = "prune", root: str = "max", depth: bool = False, chance: bool = False, *,
            tt: bool = False, quiescence: bool = False, beam: int | None = None,
            returns: Literal["v", "bound"] = "v") -> list[Line]:
    """The whole pseudocode for `algorithm` in display order, for a search whose root is `root`'s
    to move, with (`depth`) or without a depth limit; `chance`: alpha-beta's listing gains
    CHANCE-VALUE, for a tree with chance nodes and bounds. `tt`, `quiescence`, `beam` (K) and
    `returns` are the search's own options (minimax and alpha-beta; `returns` alpha-beta's)."""
    options = ListingOptions(tt, quiescence, beam, returns)
    return REGISTRY[algorithm].listing_function()(ties, root, depth, chance, options)  # the descriptor names its listing


def minimax_listing(ties: str, root: str, depth: bool, chance: bool, options: ListingOptions) -> list[Line]:
    """MINIMAX-DECISION, then MIN-VALUE and MAX-VALUE (search.algorithms.descriptors.minimax)."""
    return _two_player_listing("minimax", ties, root, depth, options)


def alphabeta_listing(ties: str, root: str, depth: bool, chance: bool, options: ListingOptions) -> list[Line]:
    """ALPHA-BETA-SEARCH, then MAX-VALUE and MIN-VALUE; CHANCE-VALUE too on a tree with chance nodes and bounds."""
    if chance:
        return alphabeta_listing_with_chance(ties, root, depth, options)
    return _two_player_listing("alphabeta", ties, root, depth, options)


def iterative_listing(ties: str, root: str, depth: bool, chance: bool, options: ListingOptions) -> list[Line]:
    """ITERATIVE-DEEPENING-SEARCH, then alpha-beta's MAX-VALUE and MIN-VALUE (search.algorithms.descriptors.iterative)."""
    return _two_player_listing("iterative", ties, root, depth, options)


def expectiminimax_entry(ties: str, root: str, depth: bool, chance: bool, options: ListingOptions) -> list[Line]:
    """EMINIMAX's cases (search.algorithms.descriptors.expectiminimax): only the depth limit changes them."""
    return expectiminimax_listing(depth)


def maxn_entry(ties: str, root: str, depth: bool, chance: bool, options: ListingOptions) -> list[Line]:
    """MAXN-VALUE (search.algorithms.descriptors.maxn): only the depth limit changes it."""
    return maxn_listing(depth)


def _two_player_listing(algorithm: str, ties: str, root: str, depth: bool, options: ListingOptions) -> list[Line]:
    """Minimax's, alpha-beta's and iterative deepening's listings: their decision function and the value functions."""
    first = _name(root if root in LINES_OF else "max")
    if algorithm == "iterative":  # AIMA 4th ed. §5.2.4: alpha-beta at depth 1, 2, ..., N, each ordered by the last
        depth = True
        head = [
            _line(None, "function ITERATIVE-DEEPENING-SEARCH(state, N) returns an action"),
            _line(None, "for limit = 1 to N do", 1),
            _line(None, "order ACTIONS(state) best first by the last iteration's values", 2),
            _line(SEARCH_CALL, f"v ← {first}(state, −∞, +∞, 0)   (CUTOFF-TEST: depth = limit)", 2),
            _line(SEARCH_ITERATION, "best ← the action in ACTIONS(state) with value v", 2),
            _line(SEARCH_RETURN, "return best", 1),
        ]
        functions = ("max", "min") if root == "max" else ("min", "max")
    elif algorithm == "alphabeta":
        head = _decision("ALPHA-BETA-SEARCH", f"{first}(state, −∞, +∞{', 0' if depth else ''})")
        functions = ("max", "min") if root == "max" else ("min", "max")
    else:
        arg, child = ("arg max", "MIN-VALUE") if root == "max" else ("arg min", "MAX-VALUE")
        actions = "ACTIONS(s)" if options.beam is None else _actions(options)
        store = f"; TABLE-STORE(state, that {arg[4:]})" if options.tt else ""  # the root's value goes into the table too
        head = [
            _line(SEARCH_CALL, "function MINIMAX-DECISION(state) returns an action"),
            _loop(SEARCH_RETURN, f"return {arg} a ∈ {actions} of {child}(RESULT(state, a){', 1' if depth else ''}){store}", 1,
                  [SEARCH_RETURN]),
        ]
        functions = ("min", "max") if root == "max" else ("max", "min")
    out = head
    for player in functions:
        out = out + [_line(None, "")] + _value_function(player, algorithm, ties, depth, options)
    return out + _table_note(algorithm, options)


def _table_note(algorithm: str, options: ListingOptions) -> list[Line]:
    """With a table and a window (alpha-beta), what TABLE-STORE's flag says."""
    return [_line(None, ""), _line(None, TABLE_NOTE)] if options.tt and algorithm != "minimax" else []


def listing_of(algorithm: str, options: Mapping[str, Any], root: str = "max", chance: bool = False) -> list[Line]:
    """The listing of a search as its start event describes it (`options`: depth, ties, tt, quiescence, beam,
    returns): what the CLI prints, the server sends and the page asks for."""
    extra = ListingOptions.of(options)
    return listing(algorithm, options.get("ties") or "prune", root, options.get("depth") is not None, chance,
                   tt=extra.tt, quiescence=extra.quiescence, beam=extra.beam, returns=extra.returns)


@dataclass(frozen=True, slots=True)
class ExpectLines:
    """EMINIMAX's lines (the four cases of AIMA 4th ed. §5.5): a max or min node's init, backups and return are
    at the line of its case; the chance case is written out as its sum is made, v ← 0 (`chance`), one term
    per outcome (`chance_sum`) and its return."""

    head: str
    terminal: str
    cutoff: str
    max: str
    min: str
    chance: str


    outcomes: str  # for each outcome r of s, with probability P(r) do
    chance_sum: str  # v ← v + P(r) · EMINIMAX(RESULT(s, r))   a chance node's backup
    chance_return: str  # return v   (the chance case's)


EMM_LINES = ExpectLines("emm.head", "emm.terminal", "emm.cutoff", "emm.max", "emm.min", "emm.chance", "emm.outcomes",
                        "emm.chance_sum", "emm.chance_return")


def expectiminimax_listing(depth: bool = False) -> list[Line]:
    """AIMA 4th ed. §5.5's EXPECTIMINIMAX written as a function, EMINIMAX: the terminal case, then one line per mover."""
    d, dd = (", depth", ", depth + 1") if depth else ("", "")
    call = f"EMINIMAX(RESULT(s, a){dd})"
    emm = EMM_LINES
    return _decision("EXPECTIMINIMAX-DECISION", f"EMINIMAX(state{', 0' if depth else ''})") + [_line(None, "")] + _opening(
        (emm.head, f"function EMINIMAX(s{d}) returns a value"), emm.terminal, emm.cutoff, depth, "s") + [
        _loop(emm.max, f"if TO-MOVE(s) = MAX then return max a ∈ ACTIONS(s) of {call}", 1, [emm.max]),
        _loop(emm.min, f"if TO-MOVE(s) = MIN then return min a ∈ ACTIONS(s) of {call}", 1, [emm.min]),
        _line(None, "if TO-MOVE(s) = CHANCE then   (v = Σ r P(r) · EMINIMAX(RESULT(s, r)))", 1),
        _line(emm.chance, "v ← 0", 2),
        _loop(emm.outcomes, "for each outcome r of s, with probability P(r) do", 2, [emm.chance, emm.chance_sum]),
        _line(emm.chance_sum, f"v ← v + P(r) · EMINIMAX(RESULT(s, r){dd})", 3),
        _line(emm.chance_return, "return v", 2),
    ]


@dataclass(frozen=True, slots=True)
class ChanceLines:
    """CHANCE-VALUE's lines in alpha-beta over a tree with bounds [lo, hi] (the Star1 idea): the
    weighted sum so far, with the outcomes not yet searched at the bound, against the window."""

    head: str
    init: str
    update: str
    test_alpha: str  # if v + rest × hi ≤ α then return v + rest × hi
    test_beta: str  # if v + rest × lo ≥ β then return v + rest × lo
    ret: str
    outcomes: str  # for each outcome r of state, with probability P(r) do


CHANCE_LINES = ChanceLines("chance.head", "chance.init", "chance.update", "chance.test", "chance.test_beta", "chance.return",
                           "chance.outcomes")


def chance_value_function(ties: str, depth: bool) -> list[Line]:
    le, ge = ("<", ">") if ties == "explore" else ("≤", "≥")
    params = "state, α, β, depth" if depth else "state, α, β"
    args = "RESULT(state, r), lo, hi, depth + 1" if depth else "RESULT(state, r), lo, hi"
    return [
        _line(CHANCE_LINES.head, f"function CHANCE-VALUE({params}) returns a utility value"),
        _line(CHANCE_LINES.init, "v ← 0; rest ← 1", 1),
        _loop(CHANCE_LINES.outcomes, "for each outcome r of state, with probability P(r) do", 1,
              [CHANCE_LINES.init, CHANCE_LINES.update, CHANCE_LINES.test_alpha, CHANCE_LINES.test_beta]),
        _line(CHANCE_LINES.update, f"v ← v + P(r) × VALUE({args}); rest ← rest − P(r)", 2),
        _line(CHANCE_LINES.test_alpha, f"if v + rest × hi {le} α then return v + rest × hi", 2),
        _line(CHANCE_LINES.test_beta, f"if v + rest × lo {ge} β then return v + rest × lo", 2),
        _line(CHANCE_LINES.ret, "return v", 1),
    ]


def alphabeta_listing_with_chance(ties: str, root: str, depth: bool, options: ListingOptions = PLAIN) -> list[Line]:
    """ALPHA-BETA-SEARCH with CHANCE-VALUE beside MAX-VALUE and MIN-VALUE. VALUE is the value
    function of whoever moves in the outcome; [lo, hi] are the tree's bounds: an outcome is searched
    with the window [lo, hi], since any value of it can still move the sum."""
    first = "CHANCE-VALUE" if root == "chance" else _name(root)
    out = _decision("ALPHA-BETA-SEARCH", f"{first}(state, −∞, +∞{', 0' if depth else ''})")
    for player in ("max", "min"):
        out += [_line(None, "")] + _value_function(player, "alphabeta", ties, depth, options)
    return out + [_line(None, "")] + chance_value_function(ties, depth)


@dataclass(frozen=True, slots=True)
class MaxnLines:
    """MAXN-VALUE's lines that a step can be at."""

    head: str
    terminal: str
    cutoff: str
    init: str  # v ← none
    update: str  # if v = none or u[p] > v[p] then v ← u
    ret: str
    actions: str  # for each a in ACTIONS(state) do


MAXN_LINES = MaxnLines("maxn.head", "maxn.terminal", "maxn.cutoff", "maxn.init", "maxn.update", "maxn.return",
                       "maxn.actions")


def maxn_listing(depth: bool = False) -> list[Line]:
    """Several players (AIMA 4th ed. §5.2.2): values are vectors, each player maximises its own component."""
    d, dd = (", depth", ", depth + 1") if depth else ("", "")
    return _decision("MAXN-DECISION", f"MAXN-VALUE(state{', 0' if depth else ''})", "vector v") + [_line(None, "")] + _opening(
        (MAXN_LINES.head, f"function MAXN-VALUE(state{d}) returns a vector ⟨v1, ..., vn⟩"), MAXN_LINES.terminal,
        MAXN_LINES.cutoff, depth) + [
        _line(None, "p ← TO-MOVE(state)", 1),
        _line(MAXN_LINES.init, "v ← none", 1),
        _loop(MAXN_LINES.actions, "for each a in ACTIONS(state) do", 1, [MAXN_LINES.init, MAXN_LINES.update]),
        _line(None, f"u ← MAXN-VALUE(RESULT(state, a){dd})", 2),
        _line(MAXN_LINES.update, "if v = none or u[p] > v[p] then v ← u", 2),
        _line(MAXN_LINES.ret, "return v", 1),
    ]
