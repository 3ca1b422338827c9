"""Where the suite's CPU goes, test by test, and what that leaves of issue 48's 300 s (docs/testing.md).

The suite is CPU-bound on a 2-core machine: with `-n 2` both cores are busy through most of the run, so its wall
time is about the CPU its tests use, over 2. This runs the tests serially (no xdist: one test at a time, so the
machine's CPU over a test is that test's: its own process, its in-process servers, Chromium's processes, the
Playwright driver, PostgreSQL, Redis and nginx) and records for each test and phase the wall seconds and the
machine's busy CPU seconds (/proc/stat: every process, which `time` and `getrusage` miss for daemons and for
Chromium's renderers). Then it prints the totals by tier, the costliest files and tests, and the budget: a run of
`-n 2` within 300 s on 2 cores leaves at most 600 CPU seconds for every test. Run it on an otherwise idle machine;
the whole suite takes about 20 minutes serially.

    .venv/bin/python bench/suite_cpu.py                         # the whole suite
    .venv/bin/python bench/suite_cpu.py tests/browser           # a tier (any pytest arguments)
    .venv/bin/python bench/suite_cpu.py --rows /tmp/cpu.jsonl   # keep the per-test rows, one JSON object a line

The same file is the pytest plugin that records (`-p suite_cpu`, with bench/ on the path): its hooks write
one line per test to $SUITE_CPU_ROWS.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any, Iterator

import pytest

ROOT = Path(__file__).resolve().parent.parent
PHASES = ("setup", "call", "teardown")
GOAL_SECONDS = 300
"""Issue 48's figure for pytest -n 2."""


def machine_busy_seconds() -> float:
    """CPU seconds all cores spent busy since boot (user, nice, system, irq, softirq, steal)."""
    with open("/proc/stat", encoding="ascii") as stat:
        user, nice, system, _idle, _iowait, irq, softirq, steal = (int(x) for x in stat.readline().split()[1:9])
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


# --- the plugin: one JSON line per test, {"id", "setup": [wall, cpu], "call": [...], "teardown": [...]} ----------
_row: dict[str, Any] = {}


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    _row.clear()
    yield
    with open(os.environ["SUITE_CPU_ROWS"], "a", encoding="utf-8") as rows:
        rows.write(json.dumps({"id": item.nodeid, **_row}) + "\n")


def _measured(phase: str) -> Any:
    @pytest.hookimpl(hookwrapper=True)
    def hook(item: pytest.Item) -> Iterator[None]:
        began, busy = time.perf_counter(), machine_busy_seconds()
        yield
        _row[phase] = [round(time.perf_counter() - began, 3), round(machine_busy_seconds() - busy, 2)]
    return hook


pytest_runtest_setup = _measured("setup")
pytest_runtest_call = _measured("call")
pytest_runtest_teardown = _measured("teardown")


# --- the report ----------------------------------------------------------------------------------------------------
def totals(row: dict[str, Any]) -> tuple[float, float]:
    """A test's (wall, CPU) over its three phases."""
    return (sum(row[p][0] for p in PHASES if p in row), sum(row[p][1] for p in PHASES if p in row))


def report(rows: list[dict[str, Any]], cores: int) -> str:
    """Totals by tier, the 15 costliest files and tests, and the budget the goal leaves."""
    tiers: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0])
    files: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0])
    for row in rows:
        wall, cpu = totals(row)
        path = row["id"].split("::")[0]
        for key, table in ((path.split("/")[1] if "/" in path else path, tiers), (path, files)):
            table[key][0] += wall
            table[key][1] += cpu
            table[key][2] += 1
    wall = sum(t[0] for t in tiers.values())
    cpu = sum(t[1] for t in tiers.values())
    budget = GOAL_SECONDS * cores
    out = [f"{len(rows)} tests, serially: {wall:.0f} s of wall time, {cpu:.0f} s of the machine's CPU",
           f"pytest -n {cores} within {GOAL_SECONDS} s on {cores} cores allows at most {budget} CPU seconds: "
           f"this is {cpu / budget:.2f}x that; at full use of {cores} cores it takes at least {cpu / cores:.0f} s",
           "", f"{'tier':<10} {'tests':>6} {'CPU s':>8} {'share':>6} {'CPU s a test':>13}"]
    for tier, (_w, c, n) in sorted(tiers.items(), key=lambda kv: -kv[1][1]):
        out.append(f"{tier:<10} {int(n):>6} {c:>8.1f} {c / cpu:>6.0%} {c / n:>13.2f}")
    out += ["", "the costliest files (CPU s, tests, file):"]
    out += [f"  {c:7.1f} {int(n):4d}  {path}" for path, (_w, c, n) in sorted(files.items(), key=lambda kv: -kv[1][1])[:15]]
    out += ["", "the costliest tests (CPU s, wall s, test):"]
    ranked = sorted(rows, key=lambda r: -totals(r)[1])[:15]
    out += [f"  {totals(r)[1]:7.1f} {totals(r)[0]:6.1f}  {r['id']}" for r in ranked]
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=Path, help="keep the per-test rows in this file (JSON lines)")
    parser.add_argument("--cores", type=int, default=2, help="the cores the goal is for; default 2")
    args, pytest_args = parser.parse_known_args()
    with tempfile.TemporaryDirectory(prefix="suite-cpu-") as tmp:
        rows_file = args.rows or Path(tmp) / "rows.jsonl"
        rows_file.write_text("", encoding="utf-8")
        env = {**os.environ, "SUITE_CPU_ROWS": str(rows_file),
               "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT / "bench"), os.environ.get("PYTHONPATH")]))}
        done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "suite_cpu", "-p", "no:cacheprovider",
                               *pytest_args], cwd=ROOT, env=env)
        rows = [json.loads(line) for line in rows_file.read_text(encoding="utf-8").splitlines() if line]
    if not rows:
        sys.exit(f"no test ran (pytest exited {done.returncode})")
    print(report(rows, args.cores))
    if done.returncode != 0:
        print(f"\npytest exited {done.returncode}: the figures include failed tests")


if __name__ == "__main__":
    main()
