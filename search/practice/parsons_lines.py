"""The lines of a Parsons problem (issue #50): the slides' MAX-VALUE and MIN-VALUE of alpha-beta (AIMA 4th ed.
§5.2.3, figure 5.7) or of minimax (§5.2.1), or EMINIMAX (expectiminimax, §5.5), cut into lines, and the distractors.

Each line's text is the tool's own listing (search.algorithms.pseudocode), so the exercise reads as the
pseudocode panel does; beside each text is the server's own Python for it (PYTHON, one entry per text), which
is all a checked program is ever made of. A text missing from PYTHON fails loudly, so a change of the
listing's wording cannot slip past. Lines of the same text (the two loops, the two "return v") are one line
twice: the student cannot tell them apart, and they need not.

A distractor is a line one misconception of the catalogue (search.misconceptions.catalogue) would write, in
place of a partner line of the solution; swapped in for its partner it runs as that slip.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache

from search.algorithms.pseudocode import listing
from search.misconceptions import CATALOGUE, Setting

PARSONS_ALGORITHMS = ("alphabeta", "minimax", "expectiminimax")
"""The searches whose pseudocode a Parsons problem asks for."""
RETURNS = ("v", "bound")
"""Alpha-beta's two forms: the slides' pseudocode (return v) and the slides' figure, fail-hard (return α / β)."""
CHANCE_CASE = "emm.chance_case"
"""The key of EMINIMAX's "if TO-MOVE(s) = CHANCE then" line, which the listing gives no id (no step stops there)."""

PYTHON: dict[str, str] = {
    "function MAX-VALUE(state, α, β) returns a utility value": "def max_value(state, alpha, beta):",
    "function MIN-VALUE(state, α, β) returns a utility value": "def min_value(state, alpha, beta):",
    "function MAX-VALUE(state) returns a utility value": "def max_value(state):",
    "function MIN-VALUE(state) returns a utility value": "def min_value(state):",
    "if TERMINAL-TEST(state) then return UTILITY(state)": "if terminal_test(state): return utility(state)",
    "v ← −∞": "v = -inf",
    "v ← +∞": "v = inf",
    "for each a in ACTIONS(state) do": "for a in actions(state):",
    "v ← MAX(v, MIN-VALUE(RESULT(s, a), α, β))": "v = max(v, min_value(result(state, a), alpha, beta))",
    "v ← MIN(v, MAX-VALUE(RESULT(s, a), α, β))": "v = min(v, max_value(result(state, a), alpha, beta))",
    "v ← MAX(v, MIN-VALUE(RESULT(s, a)))": "v = max(v, min_value(result(state, a)))",
    "v ← MIN(v, MAX-VALUE(RESULT(s, a)))": "v = min(v, max_value(result(state, a)))",
    "if v ≥ β then return v": "if v >= beta: return v",
    "if v ≤ α then return v": "if v <= alpha: return v",
    "if v ≥ β then return β": "if v >= beta: return beta",
    "if v ≤ α then return α": "if v <= alpha: return alpha",
    "α ← MAX(α, v)": "alpha = max(alpha, v)",
    "β ← MIN(β, v)": "beta = min(beta, v)",
    "return v": "return v",
    "return α": "return alpha",
    "return β": "return beta",
    "function EMINIMAX(s) returns a value": "def eminimax(s):",
    "if TERMINAL-TEST(s) then return UTILITY(s)": "if terminal_test(s): return utility(s)",
    "if TO-MOVE(s) = MAX then return max a ∈ ACTIONS(s) of EMINIMAX(RESULT(s, a))":
        "if to_move(s) == MAX: return max(eminimax(result(s, a)) for a in actions(s))",
    "if TO-MOVE(s) = MIN then return min a ∈ ACTIONS(s) of EMINIMAX(RESULT(s, a))":
        "if to_move(s) == MIN: return min(eminimax(result(s, a)) for a in actions(s))",
    "if TO-MOVE(s) = CHANCE then   (v = Σ r P(r) · EMINIMAX(RESULT(s, r)))": "if to_move(s) == CHANCE:",
    "v ← 0": "v = 0",
    "for each outcome r of s, with probability P(r) do": "for r in actions(s):",
    "v ← v + P(r) · EMINIMAX(RESULT(s, r))": "v = v + probability(s, r) * eminimax(result(s, r))",
    # the distractors' lines
    "if v > β then return v": "if v > beta: return v",
    "if v > β then return β": "if v > beta: return beta",
    "if v ≤ β then return v": "if v <= beta: return v",
    "if v ≤ β then return β": "if v <= beta: return beta",
    "v ← MAX(v, MIN-VALUE(RESULT(s, a), −∞, +∞))": "v = max(v, min_value(result(state, a), -inf, inf))",
    "v ← MIN(v, MIN-VALUE(RESULT(s, a)))": "v = min(v, min_value(result(state, a)))",
    "v ← MAX(v, MAX-VALUE(RESULT(s, a)))": "v = max(v, max_value(result(state, a)))",
    "if TO-MOVE(s) = MAX then return min a ∈ ACTIONS(s) of EMINIMAX(RESULT(s, a))":
        "if to_move(s) == MAX: return min(eminimax(result(s, a)) for a in actions(s))",
    "if TO-MOVE(s) = MIN or CHANCE then return min a ∈ ACTIONS(s) of EMINIMAX(RESULT(s, a))":
        "if to_move(s) in (MIN, CHANCE): return min(eminimax(result(s, a)) for a in actions(s))",
    "v ← v + EMINIMAX(RESULT(s, r)) / n   (n: the number of outcomes of s)":
        "v = v + eminimax(result(s, r)) / len(actions(s))",
}
"""Each line's text -> the server's own Python for it (one statement on one line, indented by the student's indent)."""

DISTRACTORS: dict[tuple[str, str], tuple[tuple[str, str, str], ...]] = {
    ("alphabeta", "v"): (
        ("max.test", "if v > β then return v", "strict-test"),
        ("max.update", "v ← MAX(v, MIN-VALUE(RESULT(s, a), −∞, +∞))", "window-not-passed"),
        ("max.return", "return α", "fail-hard"),
        ("min.test", "if v ≤ β then return v", "tests-wrong-bound"),
    ),
    ("alphabeta", "bound"): (  # fail-soft where a leaf's value can lie outside the window: a fail-hard child never does
        ("max.test", "if v > β then return β", "strict-test"),
        ("max.update", "v ← MAX(v, MIN-VALUE(RESULT(s, a), −∞, +∞))", "window-not-passed"),
        ("min.test", "if v ≤ α then return v", "fail-soft"),
        ("min.test", "if v ≤ β then return β", "tests-wrong-bound"),
    ),
    ("minimax", "v"): (
        ("max.update", "v ← MIN(v, MIN-VALUE(RESULT(s, a)))", "max-min-swapped"),
        ("min.update", "v ← MAX(v, MAX-VALUE(RESULT(s, a)))", "max-min-swapped"),
    ),
    ("expectiminimax", "v"): (
        ("emm.max", "if TO-MOVE(s) = MAX then return min a ∈ ACTIONS(s) of EMINIMAX(RESULT(s, a))", "max-min-swapped"),
        ("emm.min", "if TO-MOVE(s) = MIN or CHANCE then return min a ∈ ACTIONS(s) of EMINIMAX(RESULT(s, a))",
         "chance-as-min"),
        ("emm.chance_sum", "v ← v + EMINIMAX(RESULT(s, r)) / n   (n: the number of outcomes of s)", "unweighted-average"),
    ),
}
"""(algorithm, returns) -> (the partner line's key, the distractor's text, the misconception it brings)."""

MISSING_NAMES = {("alphabeta", "max.bound"): "alpha-not-updated", ("alphabeta", "min.bound"): "beta-not-updated"}
"""A solution line whose absence is itself a misconception of the catalogue: MAX-VALUE without α ← MAX(α, v) is
alpha-beta with α not updated."""


@dataclass(frozen=True, slots=True)
class ParsonsLine:
    """One line the student may place: a solution line (`partner` None) or a distractor."""

    key: str  # the listing's line id ("max.test"); a distractor's is its partner's and its misconception's
    text: str  # what the student reads
    python: str  # the server's own Python for it
    indent: int  # where the solution has it (a distractor: its partner's place)
    function: str  # the function it is a line of: "MAX-VALUE", "MIN-VALUE", "EMINIMAX"
    misconception: str | None = None
    partner: str | None = None  # a distractor's partner line (its key)


def check_form(algorithm: str, returns: str) -> None:
    """A Parsons problem is set for the three searches; the fail-hard form ("bound") is alpha-beta's only."""
    if algorithm not in PARSONS_ALGORITHMS:
        raise ValueError(f"a Parsons problem is for {', '.join(PARSONS_ALGORITHMS)}, not {algorithm!r}")
    if returns not in RETURNS or (returns == "bound" and algorithm != "alphabeta"):
        raise ValueError(f"returns={returns!r}: 'bound' is alpha-beta's fail-hard form, 'v' every search's")


@cache
def solution_lines(algorithm: str, returns: str = "v") -> tuple[ParsonsLine, ...]:
    """The right program in the listing's order: its value functions (the decision function above them is the
    scaffolding's, not the student's), MAX-VALUE first."""
    check_form(algorithm, returns)
    shown = listing(algorithm, "prune", "min" if algorithm == "minimax" else "max", returns=returns)  # type: ignore[arg-type]
    start = next(i for i, line in enumerate(shown) if line["indent"] == 0 and line["text"].startswith("function ")
                 and line["id"] and line["id"].endswith(".head"))
    out: list[ParsonsLine] = []
    function = ""
    for line in shown[start:]:
        text = line["text"]
        if not text:
            continue
        if line["indent"] == 0:
            function = text.split()[1].split("(")[0]
        key = line["id"] or CHANCE_CASE
        out.append(ParsonsLine(key, text, PYTHON[text], line["indent"], function))
    return tuple(out)


@cache
def distractor_lines(algorithm: str, returns: str = "v") -> tuple[ParsonsLine, ...]:
    """The distractors, each with its partner's place and function."""
    partners = {line.key: line for line in solution_lines(algorithm, returns)}
    setting = Setting(algorithm, "prune", returns)
    out = []
    for partner, text, misconception in DISTRACTORS[(algorithm, returns)]:
        assert CATALOGUE[misconception].applies(setting), f"{misconception} is no slip of {setting}"
        place = partners[partner]
        out.append(ParsonsLine(f"{partner}~{misconception}", text, PYTHON[text], place.indent, place.function,
                               misconception, partner))
    return tuple(out)


def functions_of(algorithm: str, returns: str = "v") -> list[str]:
    """The program's functions, as the student's copy names them."""
    return list(dict.fromkeys(line.function for line in solution_lines(algorithm, returns)))


@cache
def accepted_orders(algorithm: str, returns: str = "v") -> tuple[tuple[ParsonsLine, ...], ...]:
    """Every order of the solution that is the same program: its functions in either order, and EMINIMAX's
    TO-MOVE cases (after TERMINAL-TEST) in any order. The listing's own order first."""
    functions: list[list[ParsonsLine]] = []
    for line in solution_lines(algorithm, returns):
        if line.indent == 0:
            functions.append([])
        functions[-1].append(line)
    variants = [_case_orders(body) for body in functions]
    orders = []
    for arrangement in itertools.permutations(range(len(functions))):
        for choice in itertools.product(*(variants[i] for i in arrangement)):
            orders.append(tuple(line for body in choice for line in body))
    return tuple(orders)


def _case_orders(body: list[ParsonsLine]) -> list[list[ParsonsLine]]:
    """A function's orders: as written, or with its TO-MOVE cases (each a case line and the lines under it) permuted."""
    first = next((i for i, line in enumerate(body) if line.text.startswith("if TO-MOVE")), None)
    if first is None:
        return [body]
    cases: list[list[ParsonsLine]] = []
    for line in body[first:]:
        if line.text.startswith("if TO-MOVE"):
            cases.append([])
        cases[-1].append(line)
    return [body[:first] + [line for case in order for line in case] for order in itertools.permutations(cases)]
