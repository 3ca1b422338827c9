"""The grader's child task: a student's file run on a problem, handed back as data (StudentRecord.to_json).

Only the run happens here, beside the student's code; the judging happens in the parent
(search.grading.grade_file), where the student's code cannot reach the reference or the comparison.
"""

from __future__ import annotations

from typing import Any, Callable

from search.grading.record import run_student
from search.grading.worker_problem import worker_problem


def grade_task(payload: dict[str, Any], enter: Callable[[], None] | None = None) -> dict[str, Any]:
    """{"source", "filename", "problem"} -> the student's run; `enter` is called just before the student's code runs."""
    problem = worker_problem(payload["problem"])
    return run_student(payload["source"], problem, payload["filename"], enter).to_json()
