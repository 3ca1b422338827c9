"""Whether a test run changed the checkout (issue 48: `git status` is as clean after `make test` as before).

tests/conftest.py takes a snapshot when the session starts and, when it ends, names every file git sees that
was added, changed or removed meanwhile: a test that writes into the checkout (a picture into docs/, a file
beside the code) shows at once. Outside a git checkout, or without git, it does nothing."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

Snapshot = dict[str, tuple[str, int]]
"""path -> (git's two-letter status, the file's mtime in ns, or -1 when it is gone)."""


def snapshot(root: Path) -> Snapshot | None:
    """The files git reports as not clean (untracked included, ignored ones not), with their mtimes; None outside git."""
    if shutil.which("git") is None or not (root / ".git").exists():
        return None
    listed = subprocess.run(["git", "status", "--porcelain=v1", "-z", "--untracked-files=all"], cwd=root,
                            capture_output=True, text=True, timeout=60)
    if listed.returncode != 0:
        return None
    out: Snapshot = {}
    for entry in filter(None, listed.stdout.split("\0")):
        status, path = entry[:2], entry[3:]
        try:
            out[path] = (status, (root / path).stat().st_mtime_ns)
        except OSError:
            out[path] = (status, -1)
    return out


def changed(before: Snapshot, after: Snapshot) -> list[str]:
    """The paths whose state differs between the snapshots (new in `after`, changed again, or clean again)."""
    return sorted(path for path in set(before) | set(after) if before.get(path) != after.get(path))
