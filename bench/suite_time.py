"""Test files' time at this checkout beside another revision, side by side in one run (issue 48's figures).

The suite is CPU-bound on a 2-core machine (Chromium, the live servers and pytest share the cores), so its wall time
is about the CPU its tests use over 2, and a whole-suite time varies with what else the machine does (two fresh
clones of the same revision here took 941 s and 1,042 s). This runs the same test files the way `make test` does
(`pytest -n 2 --dist worksteal`) at REV, in a git worktree, and at this checkout, alternating, and prints for each
the wall seconds and the machine's CPU seconds over the run (from /proc/stat: Chromium's renderers included, which
`time` misses), then the ratios. Run it on an otherwise idle machine.

    .venv/bin/python bench/suite_time.py --against b7ddf67 tests/browser/test_code_lab.py tests/browser/test_player.py
    .venv/bin/python bench/suite_time.py --against b7ddf67 --changed     # the test files changed since REV

The worktree shares this checkout's node_modules and built bundles (static/build, search/jupyter/static).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILT = ("static/build", "search/jupyter/static")


def machine_cpu_seconds() -> float:
    """CPU seconds all cores spent busy since boot (user, nice, system, irq, softirq)."""
    with open("/proc/stat", encoding="ascii") as stat:
        fields = [int(x) for x in stat.readline().split()[1:8]]
    user, nice, system, _idle, _iowait, irq, softirq = fields
    return (user + nice + system + irq + softirq) / os.sysconf("SC_CLK_TCK")


def run(checkout: Path, files: list[str]) -> tuple[float, float, str]:
    """The files under pytest -n 2 in `checkout`: wall seconds, machine CPU seconds, pytest's summary."""
    cpu, began = machine_cpu_seconds(), time.monotonic()
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", "2", "--dist", "worksteal", "-p", "no:cacheprovider",
                           *files], cwd=checkout, capture_output=True, text=True)
    wall, used = time.monotonic() - began, machine_cpu_seconds() - cpu
    lines = done.stdout.strip().splitlines()
    summary = re.sub(r" in [0-9.]+s.*$", "", lines[-1]) if lines else done.stderr[-300:]
    if done.returncode != 0:
        raise RuntimeError(f"the tests failed in {checkout}: {done.stdout[-3000:]}")
    return wall, used, summary


def worktree(rev: str, into: Path) -> Path:
    """A worktree of `rev`, with this checkout's node_modules and built bundles."""
    subprocess.run(["git", "worktree", "add", "--detach", "-q", str(into), rev], cwd=ROOT, check=True)
    (into / "node_modules").symlink_to(ROOT / "node_modules")
    for folder in BUILT:
        shutil.copytree(ROOT / folder, into / folder, dirs_exist_ok=True)
    return into


def changed_test_files(rev: str) -> list[str]:
    """Test files changed since `rev` that exist in both revisions."""
    names = subprocess.run(["git", "diff", "--name-only", rev, "HEAD", "--", "tests"], cwd=ROOT, check=True,
                           capture_output=True, text=True).stdout.split()
    present = subprocess.run(["git", "ls-tree", "-r", "--name-only", rev, "--", "tests"], cwd=ROOT, check=True,
                             capture_output=True, text=True).stdout.split()
    return [n for n in names if re.search(r"/test_[^/]+\.py$", n) and n in present and (ROOT / n).exists()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", required=True, help="the revision to compare with (e.g. b7ddf67)")
    parser.add_argument("--changed", action="store_true", help="the test files changed since --against")
    parser.add_argument("--rounds", type=int, default=1, help="rounds of (REV, this checkout); default 1")
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    files = args.files + (changed_test_files(args.against) if args.changed else [])
    if not files:
        parser.error("name test files, or --changed")
    print(f"pytest -n 2 --dist worksteal, {len(files)} files, {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory(prefix="suite-time-") as tmp:
        os.chmod(tmp, 0o755)  # the grader's tests run code as another user, who must read the worktree (else they skip)
        other = worktree(args.against, Path(tmp) / "other")
        try:
            totals = {"rev": [0.0, 0.0], "here": [0.0, 0.0]}
            for _ in range(args.rounds):
                for name, checkout in (("rev", other), ("here", ROOT)):
                    wall, cpu, summary = run(checkout, files)
                    totals[name][0] += wall
                    totals[name][1] += cpu
                    label = args.against if name == "rev" else "this checkout"
                    print(f"  {label:<14} wall {wall:7.1f} s   machine CPU {cpu:7.1f} s   ({summary})")
            (rw, rc), (hw, hc) = totals["rev"], totals["here"]
            print(f"this checkout / {args.against}: wall {hw / rw:.2f}x, machine CPU {hc / rc:.2f}x")
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(other)], cwd=ROOT, check=False)


if __name__ == "__main__":
    main()
