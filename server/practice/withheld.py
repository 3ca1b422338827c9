"""A check's answer with nothing of the answer in it, for an exercise whose solution is hidden (issue 31).

The engine's feedback teaches by quoting the search: each mistake's `expected` value or window, sentences
such as "so it returns 3; you wrote 8", a misconception's "C was searched with [−∞, +∞] instead of
[3, +∞]", and `seq` / `step`, places in the solution's trace. Where the marks are tells the answer too: a
prune mark is right or wrong, so "missed prune at C2" says C2 is pruned, and "you left D1's window empty"
lists the nodes the search visits. With the solution hidden (graded use), one empty check would hand all
of that back. So a student's check keeps the score, the wrong values and windows the student wrote
(node, kind, what they wrote), and the misconceptions' names and ideas; marks left empty and prune marks
are only counted (`unlisted`), and no right value, window or trace place is given. The instructor's key
gets the full answer.
"""

from __future__ import annotations

from typing import Any

from search.misconceptions.catalogue import CATALOGUE
from search.practice import Exercise, wording as words


def sentence(exercise: Exercise, mistake: dict[str, Any]) -> str:
    """What was wrong at a listed mark (a value or window written), quoting only the student's own answer."""
    name = exercise.key.name(mistake["node"])
    what = "value" if mistake["kind"] == "value" else "window"
    got = words.window(mistake["got"]) if mistake["kind"] == "bound" else words.show(mistake["got"])
    return f"you wrote {got}: not the {what} this search gives {name}"


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


def listed(mistake: dict[str, Any]) -> bool:
    """A mark that tells nothing of the answer by being listed: a value or window the student wrote."""
    return mistake["kind"] in ("value", "bound") and "got" in mistake


BUILT_KEPT = {
    "ordering": ("visited", "fewest", "most", "leaves", "pruned"),
    "make-it-prune": ("pruned", "happen", "reasons", "not_pruned", "also_pruned", "leaves", "visited", "asked_visited"),
    "parsons": ("runs",),
}
"""What a built kind's check keeps with the solution hidden: what the student's own order, leaves or program did
(the real search of what they built), not what the right one is (make-it-prune's `asked_visited` is the K its copy
shows)."""


def without_answers(exercise: Exercise, result: dict[str, Any]) -> dict[str, Any]:
    """The check's answer with no right value or window, no place in the solution's trace, and no mark whose
    place tells the answer (those are counted in `unlisted`: {"left_empty", "prune_marks"}); `withheld`: true."""
    if exercise.kind != "values":
        return built_without_answers(exercise, result)
    marks = len(result["mistakes"])
    mistakes = []
    for mistake in filter(listed, result["mistakes"]):
        kept = {k: v for k, v in mistake.items() if k not in ("expected", "seq", "explanation")}
        mistakes.append({**kept, "explanation": sentence(exercise, mistake)})
    shown = {(m["node"], m["kind"]) for m in mistakes}
    misconceptions = [{**{k: v for k, v in found.items() if k not in ("step", "explains")},
                       "explains": [mark for mark in found.get("explains") or [] if (mark["node"], mark["kind"]) in shown],
                       "explanation": misconception_sentence(found, marks)} for found in result["misconceptions"]]
    unlisted = {"left_empty": sum(1 for m in result["mistakes"] if m["kind"] in ("value", "bound") and "got" not in m),
                "prune_marks": sum(1 for m in result["mistakes"] if m["kind"] in ("missed_prune", "extra_prune"))}
    return {**result, "mistakes": mistakes, "first_mistake": mistakes[0] if mistakes else None,
            "misconceptions": misconceptions, "withheld": True, "unlisted": unlisted}


def built_without_answers(exercise: Exercise, result: dict[str, Any]) -> dict[str, Any]:
    """A built kind's check with the solution hidden: the score and what the student's own build did (the leaves
    their order visits, the prunes their leaves make: the real search of their own answer); make-it-prune keeps its
    reasons, which quote the student's own leaves. No better order, no line's right place, no misconception named
    (a distractor's name tells which line to drop)."""
    kept = {k: result[k] for k in ("correct", "score", "asked", "extra", "right", "rule", *BUILT_KEPT[exercise.kind]) if k in result}
    mistakes = result["mistakes"] if exercise.kind == "make-it-prune" else []
    return {**kept, "mistakes": mistakes, "first_mistake": mistakes[0] if mistakes else None, "ignored": [],
            "misconceptions": [], "withheld": True, "unlisted": {"mistakes": len(result["mistakes"]) - len(mistakes)}}
