"""The code lab's entry points in Pyodide (static/js/code/): one call per Run, JSON in and out.

The page's Web Worker loads this package into Pyodide and calls run_code(source, problem_json), then
judge_run(run, problem_json) (check does both); the student's code runs in the browser, never on the
server. The time limit is the page's, for run_code: it ends the worker. Judging is the engine's own
searches, bounded by the problem's size, so it does not count against the student's time.
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
    return judge_run(run_code(source, problem_json, filename), problem_json)


def run_code(source: str, problem_json: str, filename: str = "student.py") -> str:
    """Only the student's search (what the page's time limit is for): the run as JSON text, for judge_run."""
    problem = Problem.from_request(json.loads(problem_json))
    return json.dumps(run_student(source, problem, filename).to_json(), allow_nan=False)


def judge_run(run_json: str, problem_json: str) -> str:
    """The report on a run from run_code: the reference search, the comparison and the misconceptions tried."""
    problem = Problem.from_request(json.loads(problem_json))
    return json.dumps(judge(json.loads(run_json), problem), allow_nan=False)


def problem_json(query: dict[str, Any]) -> str:
    """A problem from URL-like fields, validated (raises search.InputError naming the field)."""
    return json.dumps(Problem.from_request(query).to_json(), allow_nan=False)


__all__ = ["InputError", "check", "judge_run", "problem_json", "run_code"]
