"""The pseudocode a student follows, line by line, with the ids events carry in `line`.

The text is the lecture slides' (AIMA 4th ed. §5.2, the canonical form): MINIMAX-DECISION / ALPHA-BETA-SEARCH
and MAX-VALUE / MIN-VALUE. The listing is written for the search at hand: the root's value function
is the one of the player at the root (MIN-VALUE when MIN moves first, arg min for minimax), and with
a depth limit every value function takes `depth`, which CUTOFF-TEST reads (H-MINIMAX of AIMA 4th ed. §5.3
passes d + 1 down), so the signature and the calls agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

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


STEPS = ("head", "terminal", "cutoff", "init", "update", "test", "bound", "ret")


def _value_lines(player: str) -> ValueLines:
    return ValueLines(*(f"{player}.{'return' if step == 'ret' else step}" for step in STEPS))


MAX_LINES = _value_lines("max")
MIN_LINES = _value_lines("min")
LINES_OF = {"max": MAX_LINES, "min": MIN_LINES}
ACTIONS_LINES = {"max": "max.actions", "min": "min.actions"}
"""The loop over ACTIONS(state): where a beam search (search.algorithms.enhanced) drops children. Minimax's
root loops on MINIMAX-DECISION's arg max line (SEARCH_RETURN)."""
MINIMAX_ROOT_LINES = {
    player: ValueLines(SEARCH_RETURN, lines.terminal, lines.cutoff, SEARCH_RETURN, SEARCH_RETURN, lines.test,
                       lines.bound, SEARCH_RETURN)
    for player, lines in LINES_OF.items()
}
"""Minimax's lines at the root: MINIMAX-DECISION's arg max line (a root that is itself a leaf is
scored at TERMINAL-TEST / CUTOFF-TEST, as the slides' MAX-VALUE would)."""


class Line(TypedDict):
    id: str | None
    text: str
    indent: int
    depth_only: bool


def _line(line_id: str | None, text: str, indent: int = 0, depth_only: bool = False) -> Line:
    return {"id": line_id, "text": text, "indent": indent, "depth_only": depth_only}


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


def _value_function(player: str, algorithm: str, ties: str, depth: bool) -> list[Line]:
    is_max = player == "max"
    ids = LINES_OF[player]
    other = _name("min" if is_max else "max")
    ab = algorithm in ("alphabeta", "iterative")
    params = ", ".join(["state"] + (["α", "β"] if ab else []) + (["depth"] if depth else []))
    args = ", ".join(["RESULT(s, a)"] + (["α", "β"] if ab else []) + (["depth + 1"] if depth else []))
    lines = _opening((ids.head, f"function {_name(player)}({params}) returns a utility value"), ids.terminal, ids.cutoff, depth)
    lines += [
        _line(ids.init, f"v ← {'−∞' if is_max else '+∞'}", 1),
        _line(ACTIONS_LINES[player], "for each a in ACTIONS(state) do", 1),
        _line(ids.update, f"v ← {'MAX' if is_max else 'MIN'}(v, {other}({args}))", 2),
    ]
    if ab:
        strict = ties == "explore"
        test = ("v > β" if strict else "v ≥ β") if is_max else ("v < α" if strict else "v ≤ α")
        lines.append(_line(ids.test, f"if {test} then return v", 2))
        lines.append(_line(ids.bound, "α ← MAX(α, v)" if is_max else "β ← MIN(β, v)", 2))
    lines.append(_line(ids.ret, "return v", 1))
    return lines


def listing(algorithm: str, ties: str = "prune", root: str = "max", depth: bool = False, chance: bool = False) -> list[Line]:
    """The whole pseudocode for `algorithm` in display order, for a search whose root is `root`'s
    to move, with (`depth`) or without a depth limit; `chance`: alpha-beta's listing gains
    CHANCE-VALUE, for a tree with chance nodes and bounds."""
    if algorithm == "expectiminimax":
        return expectiminimax_listing(depth)
    if algorithm == "maxn":
        return maxn_listing(depth)
    if algorithm == "alphabeta" and chance:
        return alphabeta_listing_with_chance(ties, root, depth)
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
        head = [
            _line(SEARCH_CALL, "function MINIMAX-DECISION(state) returns an action"),
            _line(SEARCH_RETURN, f"return {arg} a ∈ ACTIONS(s) of {child}(RESULT(state, a){', 1' if depth else ''})", 1),
        ]
        functions = ("min", "max") if root == "max" else ("max", "min")
    out = head
    for player in functions:
        out = out + [_line(None, "")] + _value_function(player, algorithm, ties, depth)
    return out


@dataclass(frozen=True, slots=True)
class ExpectLines:
    """EMINIMAX's lines (the four cases of AIMA 4th ed. §5.5): a node's init, backups and return are at the
    line of its case (max, min or chance)."""

    head: str
    terminal: str
    cutoff: str
    max: str
    min: str
    chance: str


EMM_LINES = ExpectLines("emm.head", "emm.terminal", "emm.cutoff", "emm.max", "emm.min", "emm.chance")


def expectiminimax_listing(depth: bool = False) -> list[Line]:
    """AIMA 4th ed. §5.5's EXPECTIMINIMAX written as a function, EMINIMAX: the terminal case, then one line per mover."""
    d, dd = (", depth", ", depth + 1") if depth else ("", "")
    call = f"EMINIMAX(RESULT(s, a){dd})"
    return _decision("EXPECTIMINIMAX-DECISION", f"EMINIMAX(state{', 0' if depth else ''})") + [_line(None, "")] + _opening(
        (EMM_LINES.head, f"function EMINIMAX(s{d}) returns a value"), EMM_LINES.terminal, EMM_LINES.cutoff, depth, "s") + [
        _line(EMM_LINES.max, f"if TO-MOVE(s) = MAX then return max a ∈ ACTIONS(s) of {call}", 1),
        _line(EMM_LINES.min, f"if TO-MOVE(s) = MIN then return min a ∈ ACTIONS(s) of {call}", 1),
        _line(EMM_LINES.chance, f"if TO-MOVE(s) = CHANCE then return Σ r P(r) · EMINIMAX(RESULT(s, r){dd})", 1),
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


CHANCE_LINES = ChanceLines("chance.head", "chance.init", "chance.update", "chance.test", "chance.test_beta", "chance.return")


def chance_value_function(ties: str, depth: bool) -> list[Line]:
    le, ge = ("<", ">") if ties == "explore" else ("≤", "≥")
    params = "state, α, β, depth" if depth else "state, α, β"
    args = "RESULT(state, r), lo, hi, depth + 1" if depth else "RESULT(state, r), lo, hi"
    return [
        _line(CHANCE_LINES.head, f"function CHANCE-VALUE({params}) returns a utility value"),
        _line(CHANCE_LINES.init, "v ← 0; rest ← 1", 1),
        _line(None, "for each outcome r of state, with probability P(r) do", 1),
        _line(CHANCE_LINES.update, f"v ← v + P(r) × VALUE({args}); rest ← rest − P(r)", 2),
        _line(CHANCE_LINES.test_alpha, f"if v + rest × hi {le} α then return v + rest × hi", 2),
        _line(CHANCE_LINES.test_beta, f"if v + rest × lo {ge} β then return v + rest × lo", 2),
        _line(CHANCE_LINES.ret, "return v", 1),
    ]


def alphabeta_listing_with_chance(ties: str, root: str, depth: bool) -> list[Line]:
    """ALPHA-BETA-SEARCH with CHANCE-VALUE beside MAX-VALUE and MIN-VALUE. VALUE is the value
    function of whoever moves in the outcome; [lo, hi] are the tree's bounds: an outcome is searched
    with the window [lo, hi], since any value of it can still move the sum."""
    first = "CHANCE-VALUE" if root == "chance" else _name(root)
    out = _decision("ALPHA-BETA-SEARCH", f"{first}(state, −∞, +∞{', 0' if depth else ''})")
    for player in ("max", "min"):
        out += [_line(None, "")] + _value_function(player, "alphabeta", ties, depth)
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


MAXN_LINES = MaxnLines("maxn.head", "maxn.terminal", "maxn.cutoff", "maxn.init", "maxn.update", "maxn.return")


def maxn_listing(depth: bool = False) -> list[Line]:
    """Several players (AIMA 4th ed. §5.2.2): values are vectors, each player maximises its own component."""
    d, dd = (", depth", ", depth + 1") if depth else ("", "")
    return _decision("MAXN-DECISION", f"MAXN-VALUE(state{', 0' if depth else ''})", "vector v") + [_line(None, "")] + _opening(
        (MAXN_LINES.head, f"function MAXN-VALUE(state{d}) returns a vector ⟨v1, ..., vn⟩"), MAXN_LINES.terminal,
        MAXN_LINES.cutoff, depth) + [
        _line(None, "p ← TO-MOVE(state)", 1),
        _line(MAXN_LINES.init, "v ← none", 1),
        _line(None, "for each a in ACTIONS(state) do", 1),
        _line(None, f"u ← MAXN-VALUE(RESULT(state, a){dd})", 2),
        _line(MAXN_LINES.update, "if v = none or u[p] > v[p] then v ← u", 2),
        _line(MAXN_LINES.ret, "return v", 1),
    ]
