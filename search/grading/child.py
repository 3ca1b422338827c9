"""The grader's warden: `python -m search.grading.child` reads one job on stdin (search.grading.sandbox).

It loads the engine, becomes a child subreaper and forks the worker, which locks itself in
(search.grading.lockdown) and runs the task (the student's code) with its CPU limit. The warden keeps
the clock on the wall, and when the worker ends, or is stopped, it kills every process the student's code
left (search.grading.reaper) and waits for them; only then does it answer, on its stdout, which nothing
of the student's can reach: one line of what happened, then the worker's answer.
"""

from __future__ import annotations

import importlib
import json
import os
import signal
import sys
import threading
import time
import traceback
from typing import Any, Callable

from search import limits
from search.format_libraries import skip_unused_format_libraries
from search.grading import linux_calls
from search.grading.lockdown import limit_cpu, lock_in
from search.grading.reaper import end_descendants, end_user

TASKS = {"grade": "search.grading.child_tasks:grade_task", "quiz": "search.grading.quiz_run:quiz_task"}
"""What a worker can be asked to run: a module-level function taking the payload dict and a callable to call
just before the student's code runs (the lock), and returning a JSON-able dict."""
PRELOADED = ("math", "random", "functools", "itertools", "collections", "copy", "heapq", "time", "typing",
             "dataclasses", "enum", "operator", "bisect", "string", "re", "statistics", "numbers", "fractions",
             "decimal", "json", "abc", "array", "traceback", "inspect", "socket", "encodings.idna", "subprocess", "signal")
"""Modules a student's search may import, loaded before the user switch: the Python a grader runs may sit
where the student's user cannot read it (a root-only home)."""
SETUP_SECONDS = 60
MAX_ANSWER_BYTES = 400 * limits.GRADE_MAX_VISITS
"""A run's record at most: about 3 steps of 130 bytes for each position GRADE_MAX_VISITS allows; past it the record is cut, so broken."""
MAX_OUTPUT_BYTES = 64_000


class _Drain(threading.Thread):
    """Reads a pipe to its end (keeping at most `cap` bytes), so a writer never blocks on a full pipe."""

    def __init__(self, descriptor: int, cap: int, first_line: threading.Event | None = None) -> None:
        super().__init__(daemon=True)
        self.descriptor, self.cap, self.first_line = descriptor, cap, first_line
        self.data = bytearray()
        self.start()

    def run(self) -> None:
        while chunk := os.read(self.descriptor, 1 << 16):
            if len(self.data) < self.cap:
                self.data += chunk[: self.cap - len(self.data)]
            if self.first_line is not None and b"\n" in self.data:
                self.first_line.set()
        os.close(self.descriptor)
        if self.first_line is not None:
            self.first_line.set()


def _worker(job: dict[str, Any], task: Callable[..., dict[str, Any]], answer: int, output: int) -> None:
    """In the forked worker: the task, which calls `enter` just before the student's code runs; `enter` locks
    the process in, says what holds (the first line of the answer, written before any of the student's code
    runs) and starts the CPU limit."""
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.dup2(output, 1)
    os.dup2(output, 2)
    os.closerange(3, answer)
    os.closerange(answer + 1, 1 << 16)
    lock = job["lock"]
    entered = False

    def enter() -> None:
        nonlocal entered
        status = lock_in(lock["uid"], lock["gid"], job["scratch"], int(job["memory"]))
        os.write(answer, json.dumps(status).encode() + b"\n")
        entered = True
        limit_cpu(float(job["timeout"]))

    try:
        result = task(job["payload"], enter)
    except BaseException as error:  # the lock did not hold (LockError, OSError), or the code raised past the task
        if not entered:
            os.write(answer, json.dumps({"refused": f"{type(error).__name__}: {error}"}).encode() + b"\n")
            os._exit(70)
        traceback.print_exc()
        os._exit(71)
    try:
        with os.fdopen(answer, "w", encoding="utf-8") as out:  # streamed: a big run is not copied whole
            if not entered:  # the code never ran (a syntax error, no entry point): nothing was locked in
                out.write('{"entered": false}\n')
            json.dump(result, out, allow_nan=False)
            out.write("\n")
    except Exception:
        traceback.print_exc()
        os._exit(71)
    os._exit(0)


def main() -> None:
    skip_unused_format_libraries()  # a student waits for every child that starts
    job: dict[str, Any] = json.loads(sys.stdin.read())
    module_name, function_name = TASKS[job["task"]].split(":")
    task = getattr(importlib.import_module(module_name), function_name)
    for name in PRELOADED:
        importlib.import_module(name)
    if linux_calls.available():
        linux_calls.prctl(linux_calls.PR_SET_CHILD_SUBREAPER, 1)
    answer_read, answer_write = os.pipe()
    output_read, output_write = os.pipe()
    sys.stdout.flush()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(answer_read)
            os.close(output_read)
            _worker(job, task, answer_write, output_write)
        finally:
            os._exit(71)
    os.close(answer_write)
    os.close(output_write)
    ready = threading.Event()
    answer, output = _Drain(answer_read, MAX_ANSWER_BYTES, ready), _Drain(output_read, MAX_OUTPUT_BYTES)
    report = _watch(pid, job, ready)
    report["ended"] = end_descendants()
    if job["lock"]["uid"] is not None:
        report["ended"] += end_user(job["lock"]["uid"])
    answer.join(10)
    output.join(10)
    lines = bytes(answer.data).split(b"\n", 2)
    try:  # written before any of the student's code ran
        status = json.loads(lines[0]) if lines[0] else {}
    except ValueError:
        status = {}
    report["lock"] = status
    text = output.data.decode("utf-8", "replace")
    if "refused" in status:
        report.update(stopped="refused", detail=status["refused"])
    elif report.get("stopped") is None and (len(lines) < 2 or not lines[1]):
        report.update(stopped="memory" if "MemoryError" in text else "crashed", detail=text[-2000:])
    sys.stdout.write(json.dumps(report) + "\n")
    if report.get("stopped") is None:
        sys.stdout.write(lines[1].decode("utf-8", "replace") + "\n")
    sys.stdout.flush()


def _watch(pid: int, job: dict[str, Any], ready: threading.Event) -> dict[str, Any]:
    """Wait for the worker: its CPU time, and why it stopped when it did not finish (timeout, memory, crashed)."""
    ended: dict[str, Any] = {}

    def wait() -> None:
        _, status, usage = os.wait4(pid, 0)
        ended.update(status=status, cpu=usage.ru_utime + usage.ru_stime)

    waiter = threading.Thread(target=wait, daemon=True)
    waiter.start()
    ready.wait(SETUP_SECONDS)
    timeout = float(job["timeout"])
    started = time.monotonic()
    while waiter.is_alive():
        waiter.join(1.0)
        on_clock = time.monotonic() - started
        if waiter.is_alive() and _stalled(pid, timeout, on_clock):
            os.kill(pid, signal.SIGKILL)
            waiter.join()
            return {"stopped": "timeout", "cpu": round(ended["cpu"], 3),
                    "detail": f"stopped after {on_clock:.0f} s on the clock, using {ended['cpu']:.1f} s of CPU"}
    status = ended["status"]
    report: dict[str, Any] = {"stopped": None, "cpu": round(ended["cpu"], 3)}
    if os.WIFSIGNALED(status):
        signalled = os.WTERMSIG(status)
        if signalled == signal.SIGXCPU or (signalled == signal.SIGKILL and ended["cpu"] >= timeout):
            report.update(stopped="timeout", detail=f"stopped after {ended['cpu']:.1f} s of CPU")
        else:
            report.update(stopped="crashed", detail=f"the process ended by signal {signal.Signals(signalled).name}")
    return report


def proc_stat(pid: int) -> list[str]:
    """/proc/PID/stat's fields after the command's name (which may hold spaces and parentheses): [0] is the state."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        return stat.read().rsplit(")", 1)[1].split()


def _stalled(pid: int, timeout: float, on_clock: float) -> bool:
    """Past twice the limit and 5 s on the clock while idle (sleeping or waiting now, and little CPU used so far), or ten
    times the limit and a minute whatever it does: the CPU limit stops code that computes, however busy the machine is.
    A process that is running or ready to run now is computing: on a loaded machine a busy loop gets a small share of
    the CPU, and judging by its share alone stopped it "on the clock", as if it slept."""
    if on_clock > 10 * timeout + 60:
        return True
    if on_clock <= 2 * timeout + 5:
        return False
    try:
        fields = proc_stat(pid)
        state = fields[0]
        cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return True
    return state != "R" and cpu < 0.25 * on_clock

if __name__ == "__main__":
    main()
