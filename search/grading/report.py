"""The verdict on a student's search: set against the reference on the same problem, the first divergence
in the slides' words, the misconception that reproduces it, and both searches as trace events to draw.
The report's shape is docs/grading.md's (the code lab and `python -m search grade --json` share it).
"""

from __future__ import annotations

from typing import Any

from search import limits
from search.grading.diagnose import reproducing
from search.grading.divergence import NAMES, Divergence, first_divergence
from search.grading.position_names import PositionNames, names_for
from search.grading.problem import Problem
from search.grading.student_trace import student_trace
from search.grading.values import json_value
from search.grading.walks import Walk, engine_walk, shown_number
from search.traces.recorder import Recorder


def judge(run: dict[str, Any], problem: Problem, events: bool = True,
          reference_events: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The report on `run` (StudentRecord.to_json: a student's search of `problem`); events: include both searches'
    events; reference_events: the engine's search of `problem`, when the caller has run it already."""
    if reference_events is None:
        recorder = Recorder()
        problem.request.run(recorder)
        reference_events = recorder.events()
    reference = engine_walk(reference_events)
    student_events, student = student_trace(run, reference_events[0], problem.algorithm, events)
    report: dict[str, Any] = {
        "verdict": "error", "headline": "", "title": problem.describe(), "problem": problem.to_json(), "entry": problem.entry,
        "error": run.get("error"), "divergence": None, "misconception": None,
        "also": [], "same_search": [], "values_recorded": bool(run.get("values_recorded")), "output": run.get("output", ""),
    }
    names = names_for(reference_events[0], reference_events, run.get("steps") or [])
    report.update(student=_summary(student, len(student.visits), names), reference=_summary(reference, len(reference.visits), names))
    name = NAMES[problem.algorithm]
    error = run.get("error")
    if error is not None:
        where = "" if error.get("line") is None else f" (line {error['line']})"
        report["headline"] = f"Your {problem.entry} could not be judged: {error['message']}{where}"
    else:
        divergence = first_divergence(student, reference, problem.algorithm, problem.depth, names.name)
        if divergence is None:
            report.update(verdict="match", headline=_match_words(problem, student, reference))
            if len(reference.visits) <= limits.GRADE_DIAGNOSE_MAX_VISITS:
                report["same_search"] = [m.id for m in reproducing(student, problem, reference_events)]
        else:
            report.update(verdict="differs", divergence={**divergence.to_json(), "name": names.name(divergence.node)},
                          headline=f"Your {problem.entry} differs from {name}: {divergence.message}.")
            found = reproducing(student, problem, reference_events)
            if found:
                first = found[0]
                report["misconception"] = {**first.to_json(), "message": _diagnosis_words(divergence, first.follows)}
                report["also"] = [m.id for m in found[1:]]
    if events:
        report.update(_events("student", student_events), **_events("reference", reference_events))
    return report


def _summary(walk: Walk, visited: int, names: PositionNames) -> dict[str, Any]:
    """What a search came to; `name` is the move chosen as the page names its child ("X 4", "B")."""
    return {"visited": visited, "value": None if walk.value is None else json_value(walk.value), "move": walk.move,
            "child": walk.child, "name": None if walk.child is None else names.name(walk.child)}


def _events(side: str, events: list[dict[str, Any]]) -> dict[str, Any]:
    left_out = len(events) > limits.GRADE_MAX_REPORT_EVENTS
    return {f"{side}_events": [] if left_out else events, f"{side}_events_left_out": left_out}


def _match_words(problem: Problem, student: Walk, reference: Walk) -> str:
    value = "" if reference.value is None else f", value {shown_number(reference.value)}"
    return (f"Your {problem.entry} matches {NAMES[problem.algorithm]}: the same {len(reference.visits):,} positions in the same "
            f"order, the same values where your code returns them, and the same move{value}.")


def _diagnosis_words(divergence: Divergence, follows: str) -> str:
    return f"{divergence.message[0].upper()}{divergence.message[1:]}: it matches {follows}."
