"""How an answer is scored: the share of its marks that are right, so the number means what an instructor
reads into it, the same on the page, in the results, the CSV and an LMS gradebook.

Every asked mark counts once: each value the exercise asks (every visited internal node), each window (every
visited node) and each child the search prunes (marked: right; left unmarked: wrong). A blank is a wrong mark.
A mark the search has no use for adds one wrong mark: a prune marked on a child the search looks at, a value or
window written at a node it never reaches. So

    score = right ÷ (asked + extra)

and with the instructor's weights per part (values, bounds, pruned), Σ wₚ·rightₚ ÷ Σ wₚ·(askedₚ + extraₚ).
A misconception that explains many marks is named in the feedback; it is never a discount (issue 46: under the
rule before, "marks of one slip count once", an answer wrong at 25 of 26 nodes scored 96%).

RULE names this rule on every attempt it scores; attempts stored before it keep their score, labelled with
the rule they were given (OLD_RULE).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from search.errors import InputError, quoted

RULE = "marks"
"""Every asked mark once, blanks and extra marks wrong: right ÷ (asked + extra), weighted per part."""
OLD_RULE = "one-per-slip"
"""The rule of attempts stored before issue 46: the marks one misconception explains counted as one mistake."""
RULES = {RULE: "each mark once: right ÷ (asked + extra)",
         OLD_RULE: "before 2026-11-28: the marks of one misconception counted once"}
"""Each rule as the results page and the CSV's legend say it."""

PARTS = ("values", "bounds", "pruned")
PART_OF_KIND = {"value": "values", "bound": "bounds", "missed_prune": "pruned", "extra_prune": "pruned"}
"""Which part a mistake's kind is a mark of."""
MAX_WEIGHT = 100
"""The largest weight a part may be given (weights are relative: 2 for values, 1 for the rest doubles values)."""
DEFAULT_WEIGHTS = {part: 1.0 for part in PARTS}


@dataclass(slots=True)
class Tally:
    """Per part: the marks asked, the extra marks the answer made, and the wrong ones among both."""

    asked: dict[str, int]
    extra: dict[str, int] = field(default_factory=dict)
    wrong: dict[str, int] = field(default_factory=dict)

    def add_extra(self, part: str) -> None:
        self.extra[part] = self.extra.get(part, 0) + 1

    def add_wrong(self, part: str) -> None:
        self.wrong[part] = self.wrong.get(part, 0) + 1

    def right(self, part: str) -> int:
        return self.asked.get(part, 0) + self.extra.get(part, 0) - self.wrong.get(part, 0)


def scored(tally: Tally, weights: dict[str, float] | None = None) -> dict[str, Any]:
    """The check's score fields: {"score", "asked", "extra", "right", "rule"} (counts unweighted; the score weighted)."""
    parts = [part for part in PARTS if part in tally.asked or part in tally.extra]
    marks = {part: tally.asked.get(part, 0) + tally.extra.get(part, 0) for part in parts}
    if not any((weights or DEFAULT_WEIGHTS).get(part, 1.0) * marks[part] for part in parts):
        weights = None  # every mark there is weighs 0 (a tree with no prune, only prunes weighed): count them all alike
    weights = weights or DEFAULT_WEIGHTS
    total = sum(weights.get(part, 1.0) * marks[part] for part in parts)
    got = sum(weights.get(part, 1.0) * tally.right(part) for part in parts)
    score = 1.0 if total == 0 else round(got / total, 4)
    return {"score": score, "asked": sum(tally.asked.values()), "extra": sum(tally.extra.values()),
            "right": sum(tally.right(part) for part in parts), "rule": RULE}


def parse_weights(data: Any, ask: tuple[str, ...]) -> dict[str, float] | None:
    """"weights": {"values": 2, "bounds": 1, "pruned": 1} (each 0 to MAX_WEIGHT, a part not given weighs 1;
    only parts the exercise asks; at least one above 0). None: every mark weighs the same."""
    if data is None:
        return None
    if not isinstance(data, dict):
        raise InputError("weights", f"expected an object giving some of {', '.join(ask)} a number")
    weights = {}
    for part, weight in data.items():
        where = f"weights.{str(part)[:40]}"
        if part not in PARTS:
            raise InputError(where, f"expected one of {', '.join(PARTS)}")
        if part not in ask:
            raise InputError(where, f"this exercise does not ask for {part}: it asks for {', '.join(ask)}")
        if isinstance(weight, bool) or not isinstance(weight, (int, float)) or not math.isfinite(weight) \
                or not 0 <= weight <= MAX_WEIGHT:
            raise InputError(where, f"expected a number from 0 to {MAX_WEIGHT}, got {quoted(weight)}")
        weights[part] = float(weight)
    full = {part: weights.get(part, 1.0) for part in ask}
    if not any(full.values()):
        raise InputError("weights", "at least one part must weigh more than 0")
    return None if all(weight == 1.0 for weight in full.values()) else full


def scoring_words(ask: tuple[str, ...], weights: dict[str, float] | None) -> str:
    """How the student's page says the exercise is scored."""
    names = {"values": "value", "bounds": "window", "pruned": "pruned branch"}
    marks = ", ".join(f"each {names[part]}" for part in ask)
    rule = (f"Scored by marks: {marks} you are asked for is one mark. A blank is a wrong mark"
            + (", and a mark where the search has none (a branch marked pruned that the search looks at, an answer at a "
               "node it never reaches) is one more wrong mark" if "pruned" in ask else "")
            + ". Your score is the marks right ÷ all marks.")
    if weights:
        plural = {"values": "values", "bounds": "windows", "pruned": "pruned branches"}
        rule += " Each kind of mark is weighed: " + ", ".join(f"{plural[part]} ×{_weight(weights[part])}" for part in ask) + "."
    return rule


def _weight(weight: float) -> str:
    return str(int(weight)) if weight == int(weight) else f"{weight:g}"
