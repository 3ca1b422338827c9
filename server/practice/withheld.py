"""A check's answer without the right values, for an exercise whose solution is hidden (issue 31).

The engine's feedback teaches by quoting the search: each mistake's `expected` value or window, sentences
such as "so it returns 3; you wrote 8", a misconception's "C was searched with [−∞, +∞] instead of
[3, +∞]", and `seq` / `step`, places in the solution's trace. With the solution hidden (graded use), one
empty check would hand all of that back, so a student's check keeps the score, where the marks are
(node and kind), what they wrote, and the misconceptions' names and ideas, and loses the rest. A prune
mark is right or wrong, so its kind still tells that one child's answer: an instructor limits attempts
for that (docs/practice.md#graded-use). The instructor's key gets the full answer.
"""

from __future__ import annotations

from typing import Any

from search.misconceptions.catalogue import CATALOGUE
from search.practice import Exercise, wording as words


def sentence(exercise: Exercise, mistake: dict[str, Any]) -> str:
    """What was wrong at the mark, quoting only the student's own answer."""
    name = exercise.key.name(mistake["node"])
    kind = mistake["kind"]
    if kind in ("value", "bound"):
        what = "value" if kind == "value" else "window"
        if "got" not in mistake:
            return f"you left {name}'s {what} empty"
        got = words.window(mistake["got"]) if kind == "bound" else words.show(mistake["got"])
        return f"you wrote {got}: not the {what} this search gives {name}"
    if kind == "missed_prune":
        return f"this search never looks at {name}: you kept it"
    return f"this search looks at {name}: you pruned it"


def _tally(explained: int, marks: int) -> str:
    if marks == 1:
        return "This one slip explains your one mark."
    if explained == marks:
        return "This one slip explains both your marks." if marks == 2 else f"This one slip explains all {marks} of your marks."
    return f"This one slip explains {explained} of your {marks} marks."


def misconception_sentence(found: dict[str, Any], marks: int) -> str:
    """"Your answers follow <slip>. <its idea>. This one slip explains 2 of your 3 marks." (no place, no value)"""
    entry = CATALOGUE.get(found["id"])
    follows = entry.follows if entry is not None else found.get("follows", found["name"])
    idea = entry.idea if entry is not None else found.get("idea", "")
    idea_text = f" {idea[0].upper()}{idea[1:]}." if idea else ""
    return f"Your answers follow {follows}.{idea_text} {_tally(len(found.get('explains') or []), marks)}"


def without_answers(exercise: Exercise, result: dict[str, Any]) -> dict[str, Any]:
    """The check's answer with no right value, window or place in the solution's trace; `withheld`: true."""
    mistakes = []
    for mistake in result["mistakes"]:
        kept = {k: v for k, v in mistake.items() if k not in ("expected", "seq", "explanation")}
        mistakes.append({**kept, "explanation": sentence(exercise, mistake)})
    misconceptions = [{**{k: v for k, v in found.items() if k != "step"},
                       "explanation": misconception_sentence(found, len(mistakes))} for found in result["misconceptions"]]
    return {**result, "mistakes": mistakes, "first_mistake": mistakes[0] if mistakes else None,
            "misconceptions": misconceptions, "withheld": True}
