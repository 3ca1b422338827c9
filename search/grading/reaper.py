"""Ending every process a student's code started, before the grader writes a verdict.

A submission can fork, call setsid, close its descriptors and fork again, then sleep and rewrite the
results file after the grader has exited. Two nets catch it:
- the warden (search.grading.child) is a child subreaper, so every orphan of the student's code is
  re-parented to it rather than to init: killing its descendants until none are left, and waiting for
  each, ends them all (`end_descendants`);
- as root, the code runs as a user of its own: a process of that user sends SIGKILL to every process of
  the user (kill(-1) as that user), again and again until /proc lists none (`end_user`).
"""

from __future__ import annotations

import os
import signal
import time

ROUNDS = 200
"""Rounds of killing before giving up: each round kills every process seen, so only a process forking
faster than SIGKILL lands survives a round; the limit on processes makes that a handful."""


def _processes() -> dict[int, tuple[int, int]]:
    """pid -> (parent pid, real uid) of every process /proc lists now."""
    found: dict[int, tuple[int, int]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/status", encoding="utf-8") as status:
                fields = dict(line.split(":", 1) for line in status if ":" in line)
            found[int(name)] = (int(fields["PPid"]), int(fields["Uid"].split()[0]))
        except (OSError, KeyError, ValueError):
            continue  # gone meanwhile
    return found


def descendants(of: int) -> set[int]:
    table = _processes()
    children: dict[int, list[int]] = {}
    for pid, (parent, _) in table.items():
        children.setdefault(parent, []).append(pid)
    found: set[int] = set()
    waiting = [of]
    while waiting:
        for child in children.get(waiting.pop(), []):
            if child not in found:
                found.add(child)
                waiting.append(child)
    return found


def user_processes(uid: int) -> set[int]:
    return {pid for pid, (_, owner) in _processes().items() if owner == uid}


def end_descendants() -> int:
    """Kill every descendant of this process and wait for each (this process is their subreaper); how many."""
    ended: set[int] = set()
    for _ in range(ROUNDS):
        alive = descendants(os.getpid())
        if not alive:
            break
        for pid in alive:
            _kill(pid)
        ended |= alive
        _reap()
    _reap()
    return len(ended)


def end_user(uid: int, reap: bool = True) -> int:
    """Kill every process of `uid` (as root), until /proc lists none; how many were seen. reap: wait for
    this process's children that ended (the warden, which has no others; never a grader with children of its own)."""
    seen: set[int] = set()
    for _ in range(ROUNDS):
        alive = {pid for pid in user_processes(uid) if not _is_zombie(pid)}
        if not alive:
            return len(seen)
        seen |= alive
        _kill_all_as(uid)
        if reap:
            _reap()
        time.sleep(0.001 * len(alive) if len(alive) < 50 else 0.05)
    raise RuntimeError(f"processes of uid {uid} survived {ROUNDS} rounds of SIGKILL")


def _kill_all_as(uid: int) -> None:
    """kill(-1, SIGKILL) from a process of `uid`: every process of the user at once, forks in flight included."""
    pid = os.fork()
    if pid == 0:
        try:
            os.setgroups([])
            os.setresuid(uid, uid, uid)
            os.kill(-1, signal.SIGKILL)
        finally:
            os._exit(0)
    os.waitpid(pid, 0)


def _kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _reap() -> None:
    """Wait for every child that has ended (orphans re-parented here included)."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def _is_zombie(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except (OSError, IndexError):
        return True
