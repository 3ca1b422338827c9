"""The run a worker hands back, checked before it is judged: it was written in the process that ran the student's
code, so it is the student's to forge. Nothing in it may crash the grader or swell its output: its shape is
checked (a broken one is "the run's record is broken", exit 2) and its texts are cut to MAX_OUTPUT."""

from __future__ import annotations

from typing import Any

from search.grading.student_code import MAX_OUTPUT

ERROR_TEXTS = ("kind", "message", "traceback")


class BrokenRun(ValueError):
    """The record is not a run."""


def checked_run(run: Any) -> dict[str, Any]:
    """`run` with its texts cut, or BrokenRun naming what is wrong."""
    if not isinstance(run, dict):
        raise BrokenRun("not an object")
    if not isinstance(run.get("steps"), list) or not all(isinstance(step, dict) for step in run["steps"]):
        raise BrokenRun("steps is not a list of objects")
    error = run.get("error")
    if error is not None:
        if not isinstance(error, dict) or not all(isinstance(error.get(key, ""), str) for key in ERROR_TEXTS):
            raise BrokenRun("error is not an object of texts")
        if error.get("line") is not None and type(error["line"]) is not int:
            raise BrokenRun("error.line is not a whole number")
        run["error"] = {key: _cut(error.get(key, "")) for key in ERROR_TEXTS} | {"line": error.get("line")}
    for key in ("output", "returned"):
        if run.get(key) is not None and not isinstance(run[key], str):
            raise BrokenRun(f"{key} is not a text")
        if run.get(key) is not None:
            run[key] = _cut(run[key])
    if not isinstance(run.get("values_recorded", False), bool):
        raise BrokenRun("values_recorded is not true or false")
    return run


def _cut(text: str) -> str:
    return text if len(text) <= MAX_OUTPUT else text[: MAX_OUTPUT - 1] + "…"
