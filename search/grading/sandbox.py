"""Run a student's code locked in, and hand back only data (the CLI's grader and a course's autograder).

The student's file is not trusted to end, to stay small, to leave the host alone or to leave the grader
alone. The grader starts a warden (search.grading.child, a fresh Python) whose worker locks itself in
just before the student's code runs (search.grading.lockdown: as root a user of its own, no network, a
private /tmp, limits on memory, CPU, processes and file size) and whose answer comes only after every
process of the student's code is gone (search.grading.reaper). As root the grader checks that itself
once more. What comes back is the task's JSON, never the student's objects; the verdict and any results
file are written afterwards, by the grader alone.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from search import limits
from search.grading.child import SETUP_SECONDS, TASKS
from search.grading.lockdown import ENGINE_FOLDER
from search.grading.reaper import end_user
from search.grading.student_user import StudentUserError, grader_is_root, one_run_at_a_time, student_user

CLEANUP_SECONDS = 60


@dataclass(slots=True)
class ChildOutcome:
    result: dict[str, Any] | None  # the task's answer; None when the child was stopped or crashed
    stopped: str | None = None  # "timeout", "memory", "crashed" or "refused": why there is no answer
    detail: str = ""
    lock: dict[str, Any] = field(default_factory=dict)  # what held: user, network, tmp, folder (lockdown.lock_in)
    cpu: float | None = None  # CPU seconds the worker used


def run_in_child(task: str, payload: dict[str, Any], timeout: float = limits.GRADE_TIMEOUT_SECONDS,
                 memory: int = limits.GRADE_MEMORY_BYTES) -> ChildOutcome:
    """`task` (a key of child.TASKS) on `payload`, locked in, `timeout` CPU seconds of the student's code."""
    if task not in TASKS:
        raise ValueError(f"unknown task {task!r}")
    try:
        return _locked_run(task, payload, timeout, memory)
    except (StudentUserError, OSError, RuntimeError) as error:  # no user of its own, a kill that did not hold
        return ChildOutcome(None, "refused", f"{type(error).__name__}: {error}")


def _locked_run(task: str, payload: dict[str, Any], timeout: float, memory: int) -> ChildOutcome:
    with ExitStack() as stack:
        user = None
        if grader_is_root():
            user = student_user()
            stack.enter_context(one_run_at_a_time())
        scratch = tempfile.mkdtemp(prefix="minimax-grade-")
        stack.callback(shutil.rmtree, scratch, True)
        if user is not None:
            os.chown(scratch, user.uid, user.gid)
        job = {"task": task, "payload": payload, "memory": memory, "timeout": timeout, "scratch": scratch,
               "lock": {"uid": None if user is None else user.uid, "gid": None if user is None else user.gid}}
        outcome = _run_warden(job, scratch, timeout)
        if user is not None:
            end_user(user.uid, reap=False)  # the warden did; a grader trusts only what it checked
    return outcome


def _run_warden(job: dict[str, Any], scratch: str, timeout: float) -> ChildOutcome:
    environment = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8",
                   "PYTHONPATH": str(Path(ENGINE_FOLDER).parent) + os.pathsep + os.environ.get("PYTHONPATH", ""),
                   "PYTHONDONTWRITEBYTECODE": "1", "PYTHONHASHSEED": "0"}
    warden = subprocess.Popen([sys.executable, "-P", "-m", "search.grading.child"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environment, cwd=scratch,
                              start_new_session=True)
    try:
        out, err = warden.communicate(json.dumps(job).encode(), timeout=SETUP_SECONDS + 10 * timeout + 60 + CLEANUP_SECONDS)
    except subprocess.TimeoutExpired:
        os.killpg(warden.pid, 9)
        warden.communicate()
        return ChildOutcome(None, "crashed", "the grader's warden did not answer in time")
    first, _, rest = out.partition(b"\n")
    try:
        report = json.loads(first)
    except ValueError:
        return ChildOutcome(None, "crashed", err.decode("utf-8", "replace")[-2000:])
    common = {"lock": report.get("lock") or {}, "cpu": report.get("cpu")}
    if report.get("stopped"):
        return ChildOutcome(None, report["stopped"], report.get("detail", ""), **common)
    try:
        answer = json.loads(rest)
    except (ValueError, RecursionError):
        return ChildOutcome(None, "crashed", "the run's record is not JSON", **common)
    if not isinstance(answer, dict):
        return ChildOutcome(None, "crashed", "the run's record is not an object", **common)
    return ChildOutcome(answer, **common)


def lock_notes(outcome: ChildOutcome) -> list[str]:
    """What the lock left open, in words for the grader's output (nothing when all held or the code never ran)."""
    lock = outcome.lock
    notes = []
    if lock.get("network", "closed") != "closed":
        notes.append(f"Note: the student's code could reach the network: {lock['network']}.")
    if lock.get("tmp", "private") != "private":
        notes.append(f"Note: the student's code could write the shared temporary folders: {lock['tmp']}.")
    if lock.get("engine", "hidden") != "hidden":
        notes.append(f"Note: the student's code could import the engine's searches from disk: {lock['engine']}.")
    return notes
