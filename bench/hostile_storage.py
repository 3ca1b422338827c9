"""How much can one hostile client add to the database, with the default quotas (issue 31, server/quotas.py)?

Before the quotas one client grew the database by 8.76 GB in 5 minutes, every request 201: two connections posting a
3.69 MB trace in a loop, one posting the 117-byte request of a depth-8 generated exercise (740,787 bytes stored),
and trees, exercises and checks as fast as one connection went. This runs that attack from one address against
`python -m server` (production mode, default limits, a throwaway database) for a fixed time (30 s unless told),
one connection (thread) per loop:

- traces x 2: tic-tac-toe iterative deepening to depth 7 (a 3.6 MB trace, near the 5 MB upload limit);
- generate: {"generate": {"depth": 8, "min_branching": 3, "max_branching": 3, ...}}, a new seed each time;
- trees, exercises (the lecture tree), checks (of one exercise, a new learner token each time).

It prints each loop's answers by status, the bytes the quota counted, and the database's growth (the file and its
WAL after a checkpoint), then the bound for 5 minutes: an address stores at most QUOTA_STORED_BYTES (uploads) plus
QUOTA_ANSWER_BYTES (attempts and noted help) in any QUOTA_STORED_WINDOW_SECONDS (a day), so any 5 minutes hold at
most that much, whatever it sends.

    .venv/bin/python bench/hostile_storage.py              # 30 s of attack
    .venv/bin/python bench/hostile_storage.py --seconds 10
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any, Callable

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from search.request import parse_request  # noqa: E402
from search.traces.recorder import Recorder  # noqa: E402
from server.config import DEFAULTS  # noqa: E402

LECTURE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
BEFORE_BYTES_5_MIN = 8.76e9
"""The issue's measurement before the quotas: the database's growth in 5 minutes."""


def big_trace() -> str:
    pieces: list[str] = []
    recorder = Recorder(lambda batch: pieces.append(batch.jsonl()), keep=False, batch_size=2000)
    parse_request({"game": "tictactoe", "state": "X........", "algorithm": "iterative", "depth": 7}).run(recorder)
    return "".join(pieces)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(db: Path, log: Any) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "server", "--port", str(port), "--db", str(db)], cwd=ROOT,
                              env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return server, f"http://127.0.0.1:{port}"
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the server did not start") from None
            time.sleep(0.1)


def db_bytes(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return sum(p.stat().st_size for p in (db, Path(f"{db}-wal")) if p.exists())


def loop(url: str, until: float, send: Callable[[requests.Session, int], requests.Response], tally: Counter[int]) -> None:
    session = requests.Session()
    for n in itertools.count():
        if time.monotonic() >= until:
            return
        tally[send(session, n).status_code] += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="how long the attack runs (default %(default)s)")
    args = parser.parse_args()
    trace = big_trace()
    print(f"trace: {len(trace.encode()):,} bytes; attack: {args.seconds:g} s from one address, default limits")
    with tempfile.TemporaryDirectory(prefix="minimax-hostile-") as tmp, open(Path(tmp) / "server.log", "w+b") as log:
        db = Path(tmp) / "lab.sqlite"
        server, url = start_server(db, log)
        try:
            made = requests.post(url + "/api/exercises", json={"tree": LECTURE}, timeout=30).json()["id"]
            before = db_bytes(db)
            with sqlite3.connect(db) as conn:
                charged_before = conn.execute("SELECT COALESCE(SUM(bytes), 0) FROM stored_bytes").fetchone()[0]
            ndjson = {"Content-Type": "application/x-ndjson"}
            loops: dict[str, Callable[[requests.Session, int], requests.Response]] = {
                "trace A": lambda s, n: s.post(url + "/api/traces", data=trace.encode(), headers=ndjson, timeout=60),
                "trace B": lambda s, n: s.post(url + "/api/traces", data=trace.encode(), headers=ndjson, timeout=60),
                "generate": lambda s, n: s.post(url + "/api/exercises", timeout=60, json={"generate": {
                    "depth": 8, "min_branching": 3, "max_branching": 3, "min_value": -99, "max_value": 99, "seed": n}}),
                "trees": lambda s, n: s.post(url + "/api/trees", json=LECTURE, timeout=60),
                "exercises": lambda s, n: s.post(url + "/api/exercises", json={"tree": LECTURE}, timeout=60),
                "checks": lambda s, n: s.post(f"{url}/api/exercises/{made}/check", timeout=60,
                                              json={"values": {"B": 3}, "learner": f"hostile-{n:08d}"}),
            }
            tallies = {name: Counter[int]() for name in loops}
            until = time.monotonic() + args.seconds
            threads = [threading.Thread(target=loop, args=(url, until, send, tallies[name])) for name, send in loops.items()]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            grown = db_bytes(db) - before
            with sqlite3.connect(db) as conn:
                charged = conn.execute("SELECT COALESCE(SUM(bytes), 0) FROM stored_bytes").fetchone()[0] - charged_before
        finally:
            server.terminate()
            server.wait(timeout=30)
    for name, tally in tallies.items():
        print(f"  {name:10} " + ", ".join(f"{status}: {count:,}" for status, count in sorted(tally.items())))
    # uploads and answers (attempts, noted help) have a budget each: together the bound
    quota = int(DEFAULTS["QUOTA_STORED_BYTES"]) + int(DEFAULTS["QUOTA_ANSWER_BYTES"])  # type: ignore[call-overload]
    window = float(DEFAULTS["QUOTA_STORED_WINDOW_SECONDS"])  # type: ignore[arg-type]
    print(f"measured in {args.seconds:g} s: the quota counted {charged:,} bytes; the database grew by {grown:,} bytes "
          f"({grown / 1e6:.1f} MB)")
    print(f"bound for 5 minutes (any 5 minutes, from the limits): {quota:,} bytes ({quota / 1e6:.0f} MB) per address per "
          f"{window / 3600:g} h; before the quotas {BEFORE_BYTES_5_MIN / 1e9:.2f} GB in 5 minutes "
          f"({BEFORE_BYTES_5_MIN / quota:.0f}x the bound)")
    print(json.dumps({"seconds": args.seconds, "charged_bytes": charged, "db_growth_bytes": grown, "bound_5_min_bytes": quota}))


if __name__ == "__main__":
    main()
