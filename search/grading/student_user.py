"""The unprivileged user a student's code runs as when the grader is root (as Gradescope runs an autograder).

One user of its own (limits.GRADE_USER, created when missing, with no home and no login shell), so that
"every process of the student's code" is exactly "every process of that user": the grader kills them all
before it writes a verdict. Two grading runs on one host would kill each other's code, so a run holds
an exclusive lock on a file for as long as the user has processes (`one_run_at_a_time`).
"""

from __future__ import annotations

import fcntl
import os
import pwd
import shutil
import subprocess
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterator

from search import limits

LOCK_FILE = "/run/minimax-lab-grader.lock"


class StudentUserError(RuntimeError):
    """The grader runs as root but cannot make the student's user: it refuses to run the code as root."""


@dataclass(frozen=True, slots=True)
class StudentUser:
    name: str
    uid: int
    gid: int


def grader_is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def student_user(name: str = limits.GRADE_USER) -> StudentUser:
    """The user, made (useradd --system) when missing."""
    try:
        entry = pwd.getpwnam(name)
    except KeyError:
        _create(name)
        entry = pwd.getpwnam(name)
    if entry.pw_uid == 0 or entry.pw_gid == 0:
        raise StudentUserError(f"the user {name} has uid or gid 0: the student's code must not run as root")
    return StudentUser(name, entry.pw_uid, entry.pw_gid)


def _create(name: str) -> None:
    useradd = shutil.which("useradd") or "/usr/sbin/useradd"
    shell = "/usr/sbin/nologin" if os.path.exists("/usr/sbin/nologin") else "/bin/false"
    done = subprocess.run([useradd, "--system", "--no-create-home", "--home-dir", "/nonexistent", "--shell", shell,
                           "--user-group", name], capture_output=True, text=True)
    if done.returncode != 0 and done.returncode != 9:  # 9: made meanwhile by another grader
        raise StudentUserError(f"cannot create the user {name} for the student's code: {done.stderr.strip() or done.returncode}")


@contextmanager
def one_run_at_a_time(path: str = LOCK_FILE) -> Iterator[None]:
    """Hold the grader's host-wide lock for a run as the student's user."""
    folder = os.path.dirname(path)
    if not os.path.isdir(folder):
        path = os.path.join("/tmp", os.path.basename(path))
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        yield
    finally:
        os.close(descriptor)
