"""Which idea a student's search follows when it differs: the misconceptions of the catalogue
(search.misconceptions) whose mistaken search makes the student's very search — the same visits, the
same values where recorded, the same move. The one that changes the fewest things from the right search is named
(search/misconceptions/distance.py: the strict test before "no pruning" when both reproduce a search), then the
catalogue's order; the others are listed as giving the same search.
"""

from __future__ import annotations

from typing import Any

from search.grading.divergence import first_divergence
from search.grading.problem import Problem
from search.grading.walks import Walk, engine_walk
from search.misconceptions import Misconception, Setting, applicable, run
from search.misconceptions.distance import changes, trace_marks
from search.traces.recorder import Recorder

EVENTS_PER_VISIT = 12
"""More events than the engine writes for one visited node (visit, init, leaf or return, backup, test, bound,
prune): a mistaken search that writes more than this per position the student's search visited cannot be
the same search, so it is stopped there (full tic-tac-toe without pruning is 550,000 positions)."""


def reproducing(student: Walk, problem: Problem, reference_events: list[dict[str, Any]] | None = None) -> list[Misconception]:
    """The catalogue's misconceptions whose search is the student's, the fewest changes from the right search first
    (`reference_events`: the right search's trace, when the caller has it)."""
    request = problem.request
    setting = Setting(request.algorithm, request.ties, request.returns)
    found: list[tuple[Misconception, list[dict[str, Any]]]] = []  # each that reproduces it, with its trace
    budget = EVENTS_PER_VISIT * (len(student.visits) + 1) + 100
    for misconception in applicable(setting):
        follower = _Follower(student.visits)
        recorder = follower.recorder = Recorder(follower, max_events=budget, batch_size=500)
        try:
            result = run(misconception, request.game, setting, depth=request.depth, recorder=recorder)
        except Exception:  # a slip that cannot run on this game (none known): it reproduces nothing
            continue
        if not result.complete:  # it visits far more than the student's search: not the same search
            continue
        if first_divergence(student, engine_walk(recorder.events()), request.algorithm, request.depth) is None:
            found.append((misconception, recorder.events()))
    if len(found) < 2:
        return [misconception for misconception, _ in found]
    if reference_events is None:
        right = Recorder()
        request.run(right)
        reference_events = right.events()
    right_marks = trace_marks(reference_events)
    ranked = sorted(found, key=lambda entry: changes(right_marks, trace_marks(entry[1])))  # stable: then the catalogue's order
    return [misconception for misconception, _ in ranked]


class _Follower:
    """A recorder's sink that stops a mistaken search as soon as it visits a position the student's search did not
    visit there: it cannot be the same search, and the rest of a large game need not be searched."""

    def __init__(self, visits: list[str]) -> None:
        self.visits = visits
        self.next = 0
        self.recorder: Recorder | None = None

    def __call__(self, batch: Any) -> None:
        for event in batch.events():
            if event["type"] == "visit" and event["parent"] is not None:
                if self.next >= len(self.visits) or self.visits[self.next] != event["node"]:
                    assert self.recorder is not None
                    self.recorder.cancel()
                    return
                self.next += 1
