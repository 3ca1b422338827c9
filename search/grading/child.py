"""The grader's child process: `python -m search.grading.child` reads one job on stdin (search.grading.sandbox).

It limits its own address space first (RLIMIT_AS, where the platform has it), then runs the task and
writes the task's JSON answer to the file the job names. Nothing the student prints reaches the parent's
answer: the task collects it.
"""

from __future__ import annotations

import importlib
import json
import sys
from typing import Any

from search.grading.sandbox import TASKS


def _limit_memory(limit: int) -> None:
    try:
        import resource
    except ImportError:  # not on this platform (Windows): the time limit still holds
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = limit if hard == resource.RLIM_INFINITY else min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))


def main() -> None:
    # jsonschema loads rfc3987_syntax (a lark grammar, ~1 s) for the "iri" format when it is installed (JupyterLab's
    # dependencies bring it); no schema of ours checks formats, and a student waits for every child that starts.
    sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]
    job: dict[str, Any] = json.loads(sys.stdin.read())
    module_name, function_name = TASKS[job["task"]].split(":")
    task = getattr(importlib.import_module(module_name), function_name)
    _limit_memory(int(job["memory"]))
    answer = task(job["payload"])
    with open(job["answer"], "w", encoding="utf-8") as out:
        json.dump(answer, out, allow_nan=False)


if __name__ == "__main__":
    main()
