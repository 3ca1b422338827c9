"""How long the storage tests take on PostgreSQL beside SQLite (issue 33's figures).

The storage tests (tests/server/test_storage.py, test_trees_api.py, test_exercise_api.py) marked both_backends run once per back
end, parametrised [sqlite] and [postgresql] (tests/conftest.py's `database` fixture: a fresh SQLite file, or a fresh
database on one real PostgreSQL server started once per run, tests/helpers/postgres_server.py). This runs them as a
developer would, `pytest -q -p no:xdist FILES -m both_backends -k sqlite` and then `-k postgresql`, each in its own
process (only the tests marked both_backends run on PostgreSQL in the suite, so only they are compared), and prints
the wall time of each and the ratio. The PostgreSQL run includes starting its throwaway server (initdb, start, stop):
that is timed apart too, so the ratio can be read without it.

    .venv/bin/python bench/storage_tests.py
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.helpers.postgres_server import postgres_process  # noqa: E402

FILES = ("tests/server/test_storage.py", "tests/server/test_trees_api.py", "tests/server/test_exercise_api.py")


def run_tests(backend: str) -> tuple[float, str]:
    """The storage tests of one back end in a fresh pytest process: wall seconds and pytest's summary line."""
    began = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:xdist", "-p", "no:cacheprovider", *FILES,
                           "-m", "both_backends", "-k", backend], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    seconds = time.monotonic() - began
    summary = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr.strip()[-500:]
    if done.returncode != 0:
        raise RuntimeError(f"the {backend} storage tests failed: {done.stdout[-3000:]}{done.stderr[-1000:]}")
    return seconds, re.sub(r" in [0-9.]+s.*$", "", summary)


def postgres_start_seconds() -> float:
    """initdb, start and stop of the tests' throwaway PostgreSQL, as the [postgresql] run pays once."""
    began = time.monotonic()
    with postgres_process():
        pass
    return time.monotonic() - began


def main() -> None:
    print(f"pytest -q -p no:xdist {' '.join(FILES)} -m both_backends -k BACKEND ({os.cpu_count()} cores)")
    times = {}
    for backend in ("sqlite", "postgresql"):
        times[backend], summary = run_tests(backend)
        print(f"  -k {backend:<10} {times[backend]:6.1f} s  ({summary})")
    server = postgres_start_seconds()
    ratio = times["postgresql"] / times["sqlite"]
    print(f"  PostgreSQL / SQLite: {ratio:.2f}x; starting and stopping the throwaway PostgreSQL alone: {server:.1f} s "
          f"(without it: {(times['postgresql'] - server) / times['sqlite']:.2f}x)")
    print(json.dumps({"sqlite_seconds": round(times["sqlite"], 1), "postgresql_seconds": round(times["postgresql"], 1),
                      "postgres_server_seconds": round(server, 1)}))


if __name__ == "__main__":
    main()
