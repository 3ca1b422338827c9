"""What compiling our own packages at setup saves the tests, where Python writes no bytecode (docs/testing.md).

Our CI sets PYTHONDONTWRITEBYTECODE=1: a process that imports `search` or `server` then compiles every module it
imports from source, and writes nothing for the next one. Each server, gunicorn worker, grader and Jupyter kernel a
test starts paid that again. `make setup` compiles both packages once (`compileall`). This runs the same tests side by
side, alternately without and with that bytecode, and prints the machine's busy CPU (/proc/stat: every process) and
the wall time of each run, and the ratios. Run it on an otherwise idle machine.

    .venv/bin/python bench/compiled_modules.py                           # the deploy and hostile tiers, 2 rounds
    .venv/bin/python bench/compiled_modules.py --rounds 3 tests/deploy   # any pytest arguments
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from suite_cpu import machine_busy_seconds  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("search", "server")


def set_bytecode(compiled: bool) -> None:
    """Remove our packages' bytecode, then compile them again if `compiled` (as `make setup` does)."""
    for package in PACKAGES:
        for pyc in (ROOT / package).rglob("*.pyc"):
            pyc.unlink()
    if compiled:
        subprocess.run([sys.executable, "-m", "compileall", "-q", "-j", "0", *PACKAGES], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)


def measured_run(pytest_args: list[str]) -> tuple[float, float, int]:
    """(wall s, machine busy CPU s, pytest's exit code) of one pytest run, as `make test` runs it."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    command = [sys.executable, "-m", "pytest", "-q", "-n", "2", "--dist", "worksteal", "-p", "no:cacheprovider", *pytest_args]
    cpu, wall = machine_busy_seconds(), time.monotonic()
    code = subprocess.run(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
    return time.monotonic() - wall, machine_busy_seconds() - cpu, code


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("pytest_args", nargs="*", default=["tests/deploy", "tests/hostile"])
    args = parser.parse_args()
    totals = {False: [0.0, 0.0], True: [0.0, 0.0]}
    try:
        for round_ in range(1, args.rounds + 1):
            for compiled in (False, True):
                set_bytecode(compiled)
                wall, cpu, code = measured_run(args.pytest_args)
                totals[compiled][0] += wall
                totals[compiled][1] += cpu
                name = "compiled" if compiled else "from source"
                print(f"round {round_}, {name:>11}: wall {wall:6.1f} s, machine CPU {cpu:6.1f} s, pytest exit {code}", flush=True)
    finally:
        set_bytecode(True)  # as `make setup` leaves the checkout
    (wall_a, cpu_a), (wall_b, cpu_b) = totals[False], totals[True]
    print(f"compiled / from source: wall {wall_b / wall_a:.2f}x, machine CPU {cpu_b / cpu_a:.2f}x "
          f"({cpu_a - cpu_b:.0f} CPU s saved over {args.rounds} runs)")


if __name__ == "__main__":
    main()
