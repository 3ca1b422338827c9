"""Requests per second for saving and loading a tree and for a Check, on SQLite and on PostgreSQL (issue 33's figures).

What a class waits on when storage moves to PostgreSQL (docs/deploy.md, several hosts): every save, load and Check is
a round trip to the database server instead of a file in the process, so this measures the production server as users
run it, `python -m server` (gunicorn, one worker, its threads) with `--database sqlite:///...` and with
`--database postgresql://...` (a throwaway PostgreSQL on a free port: tests/helpers/postgres_server.py), both
started from empty databases and running at once, so one run measures them side by side:

- save: POST /api/trees with the lecture tree in its full JSON form (13 nodes, 754 bytes with ids, labels and players);
- load: GET /api/trees/<id>, cycling over the trees the save rounds stored;
- check: POST /api/exercises/<id>/check of the lecture exercise (alpha-beta), all values and prunes right, with a `student` name (one per
  client), so each Check also stores an attempt (the student's earlier attempts are read for its help and count).

C clients (1 and 16), each a thread with its own requests.Session (keep-alive, one connection), send one request
after another for a few seconds; requests per second is the 2xx answers over the time (any other answer stops the
bench). Each figure is the median of 3 rounds; the rounds of the two back ends alternate (SQLite first in odd rounds,
PostgreSQL first in even ones), so a busy machine slows both alike. The quotas would refuse this volume from one
address (600 trees a minute, 20 checks a minute per student): the servers run with every QUOTA_* raised
(tests/helpers/configured_server.py changes server/config.py's DEFAULTS before `python -m server` starts).

The clients are Python threads on the same machine: they share its cores with the server and PostgreSQL, so the
figures are lower bounds of what the server alone would answer.

    .venv/bin/python bench/storage.py            # 3 rounds of 2.5 s per figure: about 1.5 minutes
    .venv/bin/python bench/storage.py --quick    # 3 rounds of 0.4 s: under 30 s
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Callable, Iterator

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from search.trees.node import LECTURE_SHORTHAND  # noqa: E402
from search.trees.parse import parse_tree_text  # noqa: E402
from server.config import DEFAULTS  # noqa: E402
from tests.helpers.postgres_server import postgres_process  # noqa: E402
from tests.helpers.server_process import free_port, wait_listening  # noqa: E402

CLIENTS = (1, 16)
ROUNDS = 3
LECTURE_TREE = json.dumps(parse_tree_text(json.dumps(LECTURE_SHORTHAND)).to_json())
"""The lecture tree as the editor saves it: every node with its id."""
LECTURE_ANSWER = {"values": {"A": 3, "B": 3, "C": 2, "D": 2}, "pruned": ["C2", "C3"]}
"""The lecture exercise's answer, all right (alpha-beta, the default ask: values and prunes)."""
RAISED = {**{name: 10**9 for name in DEFAULTS if name.startswith("QUOTA_") and name.endswith("_PER_MINUTE")},
          "QUOTA_STORED_BYTES": 10**12, "QUOTA_ANSWER_BYTES": 10**12}
"""Every quota out of the bench's way: one address sends thousands of saves and checks a minute."""

Request = Callable[[requests.Session, int, int], requests.Response]
"""One request of a client: (its session, the client's number, its request's number) -> the answer."""


@contextmanager
def production_server(database: str, log: Path) -> Iterator[str]:
    """`python -m server --port P --database DATABASE` (gunicorn) with the quotas raised; its base URL."""
    port = free_port()
    with open(log, "w") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-m", "tests.helpers.configured_server", json.dumps(RAISED), "--port", str(port),
             "--database", database], cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdout=subprocess.DEVNULL, stderr=stderr, text=True)
        try:
            try:
                wait_listening(process, port, f"the server on {database}")
            except RuntimeError:
                raise RuntimeError(f"the server on {database} did not start: {log.read_text()[-2000:]}") from None
            yield f"http://127.0.0.1:{port}"
        finally:
            process.terminate()
            process.wait(timeout=60)


def run_clients(clients: int, seconds: float, send: Request) -> float:
    """`clients` threads sending one request after another for `seconds`; 2xx answers per second."""
    sessions = [requests.Session() for _ in range(clients)]
    counts = [0] * clients
    failures: list[str] = []
    start = threading.Barrier(clients + 1)
    until = [0.0]

    def client(number: int) -> None:
        session = sessions[number]
        start.wait()
        n = 0
        while time.monotonic() < until[0] and not failures:
            answer = send(session, number, n)
            if not answer.ok:
                failures.append(f"{answer.request.method} {answer.url}: {answer.status_code} {answer.text[:200]}")
                return
            counts[number] += 1
            n += 1

    threads = [threading.Thread(target=client, args=(number,)) for number in range(clients)]
    for thread in threads:
        thread.start()
    began = time.monotonic()
    until[0] = began + seconds
    start.wait()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - began
    for session in sessions:
        session.close()
    if failures:
        raise RuntimeError(f"a request failed: {failures[0]}")
    return sum(counts) / elapsed


class Backend:
    """One running server and what its requests need: the trees saved so far, the lecture exercise."""

    def __init__(self, name: str, url: str) -> None:
        self.name = name
        self.url = url
        self.saved: list[str] = []
        self.saved_lock = threading.Lock()
        made = requests.post(url + "/api/exercises", json={"tree": LECTURE_SHORTHAND}, timeout=60)
        made.raise_for_status()
        self.exercise = made.json()["id"]
        self.warm()

    def warm(self) -> None:
        """One of each request first: the worker's imports, the exercise's key and the pool's first connection."""
        session = requests.Session()
        for send in (self.save, self.load, self.check):
            send(session, 0, 0).raise_for_status()
        if send(session, 0, 0).json()["score"] != 1.0:
            raise RuntimeError(f"the lecture answer {LECTURE_ANSWER} is not all right: the bench would time mistakes")

    def save(self, session: requests.Session, client: int, n: int) -> requests.Response:
        answer = session.post(self.url + "/api/trees", data=LECTURE_TREE, headers={"Content-Type": "application/json"},
                              timeout=60)
        if answer.status_code == 201:
            with self.saved_lock:
                self.saved.append(answer.json()["id"])
        return answer

    def load(self, session: requests.Session, client: int, n: int) -> requests.Response:
        return session.get(f"{self.url}/api/trees/{self.saved[(client * 7919 + n) % len(self.saved)]}", timeout=60)

    def check(self, session: requests.Session, client: int, n: int) -> requests.Response:
        return session.post(f"{self.url}/api/exercises/{self.exercise}/check", timeout=60,
                            json={**LECTURE_ANSWER, "student": f"bench student {client}"})


def measure(backends: list[Backend], seconds: float) -> list[tuple[str, int, list[float]]]:
    """Each operation at each number of clients: the median req/s of each back end, rounds alternating."""
    table = []
    for operation in ("save", "load", "check"):
        for clients in CLIENTS:
            rounds: dict[str, list[float]] = {backend.name: [] for backend in backends}
            for r in range(ROUNDS):
                for backend in backends if r % 2 == 0 else backends[::-1]:
                    rounds[backend.name].append(run_clients(clients, seconds, getattr(backend, operation)))
            table.append((operation, clients, [statistics.median(rounds[backend.name]) for backend in backends]))
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="rounds of 0.4 s instead of 2.5 s (under 30 s in all)")
    parser.add_argument("--seconds", type=float, help="seconds per round (default 2.5, --quick 0.4)")
    args = parser.parse_args()
    seconds = args.seconds or (0.4 if args.quick else 2.5)
    began = time.monotonic()
    with ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="minimax-bench-storage-")))
        postgres = stack.enter_context(postgres_process())
        databases = {"SQLite": f"sqlite:///{folder / 'lab.sqlite'}", "PostgreSQL": postgres.new_database("bench")}
        backends = [Backend(name, stack.enter_context(production_server(database, folder / f"{name}.log")))
                    for name, database in databases.items()]
        print(f"python -m server (gunicorn, 1 worker) on each back end, quotas raised; clients: Python threads on the same "
              f"{os.cpu_count()} cores; median of {ROUNDS} rounds of {seconds:g} s, back ends alternating")
        table = measure(backends, seconds)
    print(f"{'operation':<38} {'clients':>7} {'req/s SQLite':>13} {'req/s PostgreSQL':>17} {'PG/SQLite':>10}")
    what = {"save": "save: POST /api/trees", "load": "load: GET /api/trees/<id>",
            "check": "check: POST /api/exercises/<id>/check"}
    for operation, clients, (sqlite, postgresql) in table:
        print(f"{what[operation]:<38} {clients:>7} {sqlite:>13.0f} {postgresql:>17.0f} {postgresql / sqlite:>9.2f}x")
    print(f"({time.monotonic() - began:.0f} s in all)")
    print(json.dumps([{"operation": operation, "clients": clients, "sqlite_rps": round(sqlite, 1),
                       "postgresql_rps": round(postgresql, 1)} for operation, clients, (sqlite, postgresql) in table]))


if __name__ == "__main__":
    main()
