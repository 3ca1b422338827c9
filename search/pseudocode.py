"""The pseudocode a student follows, line by line, with the ids events carry in `line`.

The alpha-beta text is the lecture slides' (seed 003, the canonical form); minimax is seed 003's
MINIMAX-DECISION / MAX-VALUE / MIN-VALUE. The cutoff lines appear only with a depth limit.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

SEARCH_CALL = "search.call"
"""The decision function's call of the root's value function (the `start` event)."""
SEARCH_RETURN = "search.return"
"""The decision function's answer (the `result` event)."""


@dataclass(frozen=True, slots=True)
class ValueLines:
    """The ids of the lines of MAX-VALUE or MIN-VALUE that a step can be at, named as the slides'
    lines: the algorithms record events at these, and the listing below shows them."""

    head: str  # function MAX-VALUE(state, α, β)                 visit
    terminal: str  # if TERMINAL-TEST(state) then return UTILITY    leaf (utility)
    cutoff: str  # if CUTOFF-TEST(state, depth) then return EVAL     leaf (estimate)
    update: str  # v ← MAX(v, MIN-VALUE(RESULT(s, a), α, β))        backup
    test: str  # if v ≥ β then return v                             prune
    bound: str  # α ← MAX(α, v)                                      bound


def _value_lines(player: str) -> ValueLines:
    return ValueLines(*(f"{player}.{step}" for step in ("head", "terminal", "cutoff", "update", "test", "bound")))


MAX_LINES = _value_lines("max")
MIN_LINES = _value_lines("min")
LINES_OF = {"max": MAX_LINES, "min": MIN_LINES}


class Line(TypedDict):
    id: str | None
    text: str
    indent: int
    depth_only: bool


def _line(line_id: str | None, text: str, indent: int = 0, depth_only: bool = False) -> Line:
    return {"id": line_id, "text": text, "indent": indent, "depth_only": depth_only}


def _value_function(player: str, algorithm: str, ties: str) -> list[Line]:
    is_max = player == "max"
    ids = LINES_OF[player]
    name, other = ("MAX-VALUE", "MIN-VALUE") if is_max else ("MIN-VALUE", "MAX-VALUE")
    ab = algorithm == "alphabeta"
    args = "state, α, β" if ab else "state"
    lines = [
        _line(ids.head, f"function {name}({args}) returns a utility value"),
        _line(ids.terminal, "if TERMINAL-TEST(state) then return UTILITY(state)", 1),
        _line(ids.cutoff, "if CUTOFF-TEST(state, depth) then return EVAL(state)", 1, depth_only=True),
        _line(None, f"v ← {'−∞' if is_max else '+∞'}", 1),
        _line(None, "for each a in ACTIONS(state) do", 1),
        _line(ids.update, f"v ← {'MAX' if is_max else 'MIN'}(v, {other}(RESULT(s, a){', α, β' if ab else ''}))", 2),
    ]
    if ab:
        strict = ties == "explore"
        test = ("v > β" if strict else "v ≥ β") if is_max else ("v < α" if strict else "v ≤ α")
        lines.append(_line(ids.test, f"if {test} then return v", 2))
        lines.append(_line(ids.bound, "α ← MAX(α, v)" if is_max else "β ← MIN(β, v)", 2))
    lines.append(_line(None, "return v", 1))
    return lines


def listing(algorithm: str, ties: str = "prune") -> list[Line]:
    """The whole pseudocode for `algorithm`, in display order."""
    if algorithm == "alphabeta":
        head = [
            _line(None, "function ALPHA-BETA-SEARCH(state) returns an action"),
            _line(SEARCH_CALL, "v ← MAX-VALUE(state, −∞, +∞)   (MIN-VALUE if MIN moves first)", 1),
            _line(SEARCH_RETURN, "return the action in ACTIONS(state) with value v", 1),
        ]
    else:
        head = [
            _line(None, "function MINIMAX-DECISION(state) returns an action"),
            _line(SEARCH_CALL, "v ← MAX-VALUE(state)   (MIN-VALUE if MIN moves first)", 1),
            _line(SEARCH_RETURN, "return arg max a ∈ ACTIONS(state) of MIN-VALUE(RESULT(state, a))", 1),
        ]
    return head + [_line(None, "")] + _value_function("max", algorithm, ties) + [_line(None, "")] + _value_function("min", algorithm, ties)
