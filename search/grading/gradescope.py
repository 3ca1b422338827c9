"""Gradescope's autograder results (results.json): a course's `run_autograder` runs `python -m search grade
... --gradescope /autograder/results/results.json` and Gradescope shows the score and each test's output.
The format: https://gradescope-autograders.readthedocs.io/en/latest/specs/ (score, tests with name,
score, max_score, output)."""

from __future__ import annotations

import json
from pathlib import Path

from search.grading.outcome import GradeOutcome


def write_results(outcome: GradeOutcome, path: Path) -> None:
    results = {"score": outcome.score, "output": outcome.text.splitlines()[0] if outcome.text else "",
               "tests": [test.to_json() for test in outcome.tests]}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(results, allow_nan=False, ensure_ascii=False, indent=1), encoding="utf-8")
