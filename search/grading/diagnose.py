"""Which idea a student's search follows when it differs: the misconceptions of the catalogue
(search.misconceptions) whose mistaken search makes the student's very search — the same visits, the
same values where recorded, the same move. The first in the catalogue's order is named; the others are
listed as giving the same search.
"""

from __future__ import annotations

from dataclasses import dataclass

from search.grading.divergence import first_divergence
from search.grading.problem import Problem
from search.grading.walks import Walk, engine_walk
from search.misconceptions import Misconception, Setting, applicable, run
from search.traces.recorder import Recorder


@dataclass(slots=True)
class Diagnosis:
    misconception: Misconception | None
    also: list[str]


def reproducing(student: Walk, problem: Problem) -> list[Misconception]:
    """The catalogue's misconceptions (in its order) whose search is the student's."""
    request = problem.request
    setting = Setting(request.algorithm, request.ties, request.returns)
    found = []
    for misconception in applicable(setting):
        recorder = Recorder()
        try:
            run(misconception, request.game, setting, depth=request.depth, recorder=recorder)
        except Exception:  # a slip that cannot run on this game (none known): it reproduces nothing
            continue
        if first_divergence(student, engine_walk(recorder.events()), request.algorithm, request.depth) is None:
            found.append(misconception)
    return found


def diagnose(student: Walk, problem: Problem) -> Diagnosis:
    found = reproducing(student, problem)
    return Diagnosis(found[0] if found else None, [m.id for m in found[1:]])
