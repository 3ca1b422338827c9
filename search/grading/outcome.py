"""What grading a file comes to, whatever was graded (a search against the engine's, or the lecture's quiz):
an exit code, the words printed, and the tests a Gradescope results.json lists."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

MATCH, DIFFERS, NOT_JUDGED = 0, 1, 2
"""`python -m search grade` exits 0 when the search matches the reference, 1 when it differs, 2 when it
cannot be judged (a syntax error, an exception, no entry point, the time or memory limit)."""


@dataclass(slots=True)
class GradedTest:
    """One line of Gradescope's results.json `tests`: a name, a score out of max_score, what to tell the student."""

    name: str
    score: float
    max_score: float
    output: str
    visibility: str = "visible"  # Gradescope's: visible, hidden, after_due_date or after_published

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "score": self.score, "max_score": self.max_score, "visibility": self.visibility,
                "output": self.output}


@dataclass(slots=True)
class GradeOutcome:
    exit_code: int  # MATCH, DIFFERS or NOT_JUDGED
    text: str  # what the grader prints: the verdict, then the first divergence and the diagnosis, or the error
    tests: list[GradedTest] = field(default_factory=list)
    report: dict[str, Any] | None = None  # the full report (search.grading.report), where there is one
    cpu: float | None = None  # CPU seconds the student's code used (the worker's), when it ran

    def add_notes(self, notes: list[str]) -> None:
        """Lines that hold for every test (what the grader's lock left open) after the words and each test's output."""
        if notes:
            self.text = "\n".join([self.text, *notes])
            for test in self.tests:
                test.output = "\n".join([test.output, *notes])

    @property
    def score(self) -> float:
        return sum(test.score for test in self.tests)
