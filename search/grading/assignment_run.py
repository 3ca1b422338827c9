"""Grading a submission on every problem of an assignment's config (search.grading.assignment): each problem run by
grade_source (the file read once) with its own time limit, scored with its points, and the whole as one GradeOutcome per problem plus the
exit code and words `python -m search grade --config` prints."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from search.errors import InputError
from search.grading.assignment import Assignment, AssignmentProblem
from search.grading.grade_file import grade_source, read_student_file, unreadable
from search.grading.outcome import MATCH, NOT_JUDGED, GradedTest, GradeOutcome


@dataclass(slots=True)
class AssignmentOutcome:
    outcomes: list[GradeOutcome]  # one per problem, in the config's order, each with one test scored in points
    execution_time: float  # seconds of the whole grading (Gradescope's execution_time)
    reason: str | None = None  # why nothing could be run (an unreadable file), else None

    @property
    def exit_code(self) -> int:
        """0 when every problem matches, 1 when any differs, 2 when any cannot be judged."""
        return max((outcome.exit_code for outcome in self.outcomes), default=MATCH)

    @property
    def score(self) -> float:
        return sum(outcome.score for outcome in self.outcomes)

    @property
    def max_score(self) -> float:
        return sum(test.max_score for outcome in self.outcomes for test in outcome.tests)

    def summary(self) -> str:
        if self.reason is not None:
            return self.reason
        matched = sum(1 for outcome in self.outcomes if outcome.exit_code == MATCH)
        return f"{matched} of {len(self.outcomes)} problems match: {self.score:g} of {self.max_score:g} points."

    def text(self) -> str:
        """What the CLI prints: each problem's name, points and verdict (indented), then the score."""
        lines = []
        for outcome in self.outcomes:
            test = outcome.tests[0]
            lines.append(f"{test.name}: {test.score:g} of {test.max_score:g} points")
            lines += [f"    {line}" if line else "" for line in outcome.text.splitlines()]
        lines.append(self.summary())
        return "\n".join(lines)


def grade_assignment(student: Path, assignment: Assignment) -> AssignmentOutcome:
    """The student's file on every problem. The file is read first: unreadable, every problem gets 0 with the reason
    and nothing runs; a syntax error, found by the first problem's run, is every problem's verdict of the same entry."""
    started = time.monotonic()
    try:
        source = read_student_file(student)
    except InputError as error:
        reason = unreadable(error)
        outcomes = [_scored(item, GradeOutcome(NOT_JUDGED, reason)) for item in assignment.problems]
        return AssignmentOutcome(outcomes, time.monotonic() - started, reason)
    syntax: dict[str, GradeOutcome] = {}  # entry -> the outcome of a file that does not compile
    outcomes = []
    for item in assignment.problems:
        outcome = syntax.get(item.problem.entry) or grade_source(source, student, item.problem, item.time_limit)
        error = (outcome.report or {}).get("error") or {}
        if error.get("kind") == "syntax":
            syntax[item.problem.entry] = outcome
        outcomes.append(_scored(item, outcome))
    return AssignmentOutcome(outcomes, time.monotonic() - started)


def _scored(item: AssignmentProblem, outcome: GradeOutcome) -> GradeOutcome:
    """The outcome as the config's test: its name, all of its points on a match and none otherwise, its visibility."""
    points = item.points if outcome.exit_code == MATCH else 0.0
    return GradeOutcome(outcome.exit_code, outcome.text, [GradedTest(item.name, points, item.points, outcome.text, item.visibility)],
                        outcome.report)
