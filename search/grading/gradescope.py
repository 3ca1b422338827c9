"""Gradescope's autograder results (results.json): a course's `run_autograder` runs `python -m search grade ...
--gradescope /autograder/results/results.json` (one problem, or an assignment's config of several) and Gradescope
shows the score and each test's output. The format: https://gradescope-autograders.readthedocs.io/en/latest/specs/
(score, execution_time, output, visibility, and tests with name, score, max_score, visibility, output)."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any, Sequence

from search.grading.outcome import GradeOutcome


def results_json(outcomes: GradeOutcome | Sequence[GradeOutcome], execution_time: float = 0.0,
                 visibility: str = "visible", output: str | None = None) -> dict[str, Any]:
    """results.json's object: the tests of every outcome in order, the score their sum; `output` defaults to the
    one outcome's verdict line, or to how many of several problems match."""
    several = [outcomes] if isinstance(outcomes, GradeOutcome) else list(outcomes)
    tests = [test for outcome in several for test in outcome.tests]
    score = sum(test.score for test in tests)
    if output is None:
        if len(several) == 1:
            output = several[0].text.splitlines()[0] if several[0].text else ""
        else:
            matched = sum(1 for outcome in several if outcome.exit_code == 0)
            output = (f"{matched} of {len(several)} problems match: {score:g} of {sum(t.max_score for t in tests):g} points.")
    return {"score": score, "execution_time": round(execution_time, 3), "output": output, "visibility": visibility,
            "tests": [test.to_json() for test in tests]}


def write_results(outcomes: GradeOutcome | Sequence[GradeOutcome], path: Path, execution_time: float = 0.0,
                  visibility: str = "visible", output: str | None = None) -> None:
    """Write results.json atomically (a temporary file in the same folder, then os.replace): Gradescope never reads
    half a file, and strict JSON (no NaN), which Gradescope's parser requires."""
    text = json.dumps(results_json(outcomes, execution_time, visibility, output), allow_nan=False, ensure_ascii=False, indent=1)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
