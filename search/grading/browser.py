"""The code lab's entry points in Pyodide (static/js/code/): one call per Run, JSON in and out.

The page's Web Worker loads this package into Pyodide and calls check(source, problem_json); the
student's code runs in the browser, never on the server. The time limit is the page's: it ends the
worker.
"""

from __future__ import annotations

import json
from typing import Any

from search.errors import InputError
from search.grading.problem import Problem
from search.grading.record import run_student
from search.grading.report import judge


def check(source: str, problem_json: str, filename: str = "student.py") -> str:
    """Run `source` on the problem and judge it: the report (docs/grading.md) as strict JSON text."""
    problem = Problem.from_request(json.loads(problem_json))
    return json.dumps(judge(run_student(source, problem, filename).to_json(), problem), allow_nan=False)


def problem_json(query: dict[str, Any]) -> str:
    """A problem from URL-like fields, validated (raises search.InputError naming the field)."""
    return json.dumps(Problem.from_request(query).to_json(), allow_nan=False)


__all__ = ["InputError", "check", "problem_json"]
