"""The lock a student's code runs in, put on by the grader's worker process just before the code runs.

In order: a check that none of the engine's searches is in the process's memory (the code could hand back the
reference's run as its own); a session of its own; a network namespace with no interface up (so no
connection, not even to 127.0.0.1), an IPC namespace (no shared memory left behind) and a mount namespace
whose world-writable folders (/tmp, /var/tmp, /dev/shm, /run/lock) are private, empty and small and whose
engine package is an empty folder (as root directly; otherwise inside a user namespace, where the kernel
allows one); limits on memory, file size, open files and processes; no new privileges (a setuid program
gains nothing); and, as root, the user of its own (search.grading.student_user) with no supplementary
groups. What could not be closed is said in the status (`network`, `tmp`, `engine`), never silently left
open; a user switch that fails, or an engine search in memory, stops the run.
"""

from __future__ import annotations

import os
import resource
import sys
from pathlib import Path
from typing import Any

from search import limits
from search.grading import linux_calls
from search.grading.linux_calls import CLONE_NEWIPC, CLONE_NEWNET, CLONE_NEWNS, CLONE_NEWUSER
from search.grading.reaper import user_processes
from search.grading.worker_problem import loaded_engine_searches

PRIVATE_FOLDERS = ("/tmp", "/var/tmp", "/dev/shm", "/run/lock")
"""Every folder of a Debian system any user may write (mode 1777); /var/lock is a link to /run/lock."""
ENGINE_FOLDER = str(Path(__file__).resolve().parents[1])
"""The `search` package: hidden from the student's code once the worker has what it needs."""
CPU_GRACE_SECONDS = 5
"""CPU seconds past the soft limit (SIGXCPU) before the hard one (SIGKILL): what the worker needs to hand
the run back. The warden's wall-clock limit stops code that sleeps instead of computing."""


class LockError(RuntimeError):
    """A part of the lock that must hold did not (the user switch): the student's code is not run."""


def lock_in(uid: int | None, gid: int | None, scratch: str, memory: int) -> dict[str, Any]:
    """Lock this process in; returns what holds: {"user", "network", "tmp", "engine", "folder"}."""
    status: dict[str, Any] = {"user": None, "network": "closed", "tmp": "private", "engine": "hidden", "folder": scratch}
    loaded = loaded_engine_searches(sys.modules)
    if loaded:
        raise LockError(f"the engine's searches are loaded in the worker ({', '.join(loaded[:3])}): the code could run them")
    os.setsid()
    closed = _namespaces(as_root=uid is not None)
    if closed is not None:
        status["network"] = status["tmp"] = status["engine"] = f"open ({closed})"
    else:
        try:
            status["folder"] = _private_folders()
        except OSError as error:
            status["tmp"] = status["engine"] = f"open (the kernel refused a private /tmp: {error.strerror})"
    os.chdir(status["folder"])
    _limits(memory, uid)
    linux_calls.prctl(linux_calls.PR_SET_NO_NEW_PRIVS, 1)
    if uid is not None and gid is not None:
        _become(uid, gid)
        status["user"] = uid
    os.environ.clear()
    os.environ.update(PATH="/usr/local/bin:/usr/bin:/bin", HOME=status["folder"], TMPDIR=status["folder"],
                      LANG="C.UTF-8")
    return status


def limit_cpu(seconds: float) -> None:
    """From now on, `seconds` more of CPU (then SIGXCPU; SIGKILL CPU_GRACE_SECONDS later)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    soft = int(usage.ru_utime + usage.ru_stime + seconds + 0.999)
    resource.setrlimit(resource.RLIMIT_CPU, (soft, soft + CPU_GRACE_SECONDS))


def _namespaces(as_root: bool) -> str | None:
    """A network and a mount namespace of its own; None when made, else the kernel's reason."""
    if not linux_calls.available():
        return "not Linux"
    uid, gid = os.getuid(), os.getgid()
    try:
        linux_calls.unshare(CLONE_NEWNET | CLONE_NEWNS | CLONE_NEWIPC | (0 if as_root else CLONE_NEWUSER))
    except OSError as error:
        return f"the kernel refused a namespace: {error.strerror}"
    if not as_root:  # inside the new user namespace: map this user to itself, so files keep their owner
        for name, text in (("setgroups", "deny"), ("uid_map", f"{uid} {uid} 1"), ("gid_map", f"{gid} {gid} 1")):
            with open(f"/proc/self/{name}", "w", encoding="ascii") as out:
                out.write(text)
    return None


def _private_folders() -> str:
    """Empty, small tmpfs over the shared writable folders (the student's folder is the new /tmp), and an empty,
    read-only one over the engine's package, so the code cannot import the engine's searches from disk either."""
    linux_calls.mount("none", "/", None, linux_calls.MS_REC | linux_calls.MS_PRIVATE)
    flags = linux_calls.MS_NOSUID | linux_calls.MS_NODEV
    # The engine first: installed under /tmp (a virtual environment there), it is out of reach once /tmp is covered.
    linux_calls.mount("minimax-engine", ENGINE_FOLDER, "tmpfs", flags | linux_calls.MS_RDONLY, "size=4k,mode=555")
    for folder in PRIVATE_FOLDERS:
        if os.path.isdir(folder) and not os.path.islink(folder):
            linux_calls.mount("minimax-student", folder, "tmpfs", flags, f"size={limits.GRADE_FILE_BYTES * 4},mode=1777")
    return "/tmp"


def _limits(memory: int, uid: int | None) -> None:
    own = len(user_processes(os.getuid())) if uid is None else 0  # not root: the grader's user's processes count too
    wanted = {resource.RLIMIT_AS: memory, resource.RLIMIT_FSIZE: limits.GRADE_FILE_BYTES,
              resource.RLIMIT_NOFILE: limits.GRADE_OPEN_FILES, resource.RLIMIT_CORE: 0,
              resource.RLIMIT_NPROC: own + limits.GRADE_PROCESSES}
    for which, cap in wanted.items():
        _, hard = resource.getrlimit(which)
        cap = cap if hard == resource.RLIM_INFINITY else min(cap, hard)
        resource.setrlimit(which, (cap, cap))


def _become(uid: int, gid: int) -> None:
    os.setgroups([])
    os.setresgid(gid, gid, gid)
    os.setresuid(uid, uid, uid)
    if os.getuid() != uid or os.geteuid() != uid or os.getgid() != gid:
        raise LockError("the switch to the student's user did not hold")
    try:
        os.setuid(0)
    except PermissionError:
        return
    raise LockError("root could be taken back after the switch to the student's user")
