"""Run a student's code in a child process with a time and a memory limit (the CLI's grader).

The student's file is not trusted to end, to stay small or to leave the grader alone: the child runs
`search.grading.child` (one job: a function of this package named by `task`, given a JSON payload),
with RLIMIT_AS set to the memory limit, and is killed at the time limit. What comes back is data (the
task's JSON), never the student's objects. A course's autograder image runs it the same way.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from search import limits

TASKS = {"grade": "search.grading.child_tasks:grade_task", "quiz": "search.grading.quiz_run:quiz_task"}
"""What a child can be asked to run: a module-level function taking the payload dict and returning a JSON-able dict."""


@dataclass(slots=True)
class ChildOutcome:
    result: dict[str, Any] | None  # the task's answer; None when the child was stopped or crashed
    stopped: str | None = None  # "timeout", "memory" or "crashed": why there is no answer
    detail: str = ""


def run_in_child(task: str, payload: dict[str, Any], timeout: float = limits.GRADE_TIMEOUT_SECONDS,
                 memory: int = limits.GRADE_MEMORY_BYTES) -> ChildOutcome:
    """`task` (a key of TASKS) on `payload` in a fresh Python process: its answer, or why there is none."""
    if task not in TASKS:
        raise ValueError(f"unknown task {task!r}")
    with tempfile.TemporaryDirectory(prefix="minimax-grade-") as folder:
        answer = Path(folder) / "answer.json"
        job = {"task": task, "payload": payload, "answer": str(answer), "memory": memory}
        environment = {**os.environ, "PYTHONPATH": _package_root() + os.pathsep + os.environ.get("PYTHONPATH", ""),
                       "PYTHONDONTWRITEBYTECODE": "1", "PYTHONHASHSEED": "0"}
        try:
            done = subprocess.run([sys.executable, "-m", "search.grading.child"], input=json.dumps(job), text=True,
                                  capture_output=True, timeout=timeout, env=environment, cwd=folder)
        except subprocess.TimeoutExpired:
            return ChildOutcome(None, "timeout", f"stopped after {timeout:g} s")
        if answer.is_file():
            return ChildOutcome(json.loads(answer.read_text(encoding="utf-8")))
        memory_hit = "MemoryError" in done.stderr
        return ChildOutcome(None, "memory" if memory_hit else "crashed", done.stderr[-2000:])


def _package_root() -> str:
    """The folder holding the `search` package, so the child imports the same engine (an installed wheel or a clone)."""
    return str(Path(__file__).resolve().parents[2])
