"""A real PostgreSQL server (Debian's `postgresql`, installed by `make test`) on a free port in a temporary folder:
for the storage tests on the PostgreSQL back end and the several-hosts deployment test (docs/deploy.md).

initdb makes a fresh cluster (trust authentication on 127.0.0.1 only, fsync on as in production), pg_ctl starts it
with its socket in the same folder. PostgreSQL refuses to run as root: under root the cluster is made and run as the
`postgres` user the package creates. `PostgresProcess.stop(signal.SIGKILL)` is kill -9 of the server.
"""

from __future__ import annotations

import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from tests.helpers.server_process import free_port
from tests.helpers.socket_client import PATIENCE_SECONDS

USER = "minimax"
"""The role and database the tests use (a superuser of the throwaway cluster)."""


def postgres_bin() -> Path:
    """Debian's server programs live in /usr/lib/postgresql/<major>/bin (not on PATH): the newest installed."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/postgres"), key=lambda p: int(p.parent.parent.name))
    if not found:
        raise RuntimeError("PostgreSQL is not installed: `make test` installs it (Debian's postgresql)")
    return found[-1].parent


def _as_server_user() -> list[str]:
    """The prefix that runs a program as the cluster's owner: `postgres` under root, else ourselves."""
    return ["setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups", "--"] if os.geteuid() == 0 else []


class PostgresProcess:
    def __init__(self) -> None:
        self.bin = postgres_bin()
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="minimax-lab-pg-"))
        self.data = self.folder / "data"
        self.url = f"postgresql://{USER}@127.0.0.1:{self.port}/{USER}"
        self.process: subprocess.Popen[str] | None = None
        if os.geteuid() == 0:
            owner = pwd.getpwnam("postgres")
            os.chown(self.folder, owner.pw_uid, owner.pw_gid)
        subprocess.run([*_as_server_user(), str(self.bin / "initdb"), "-D", str(self.data), "-U", USER, "-A", "trust",
                        "-E", "UTF8", "--locale=C.UTF-8", "--no-instructions"], check=True, capture_output=True, text=True)

    def start(self) -> None:
        """The server itself (not pg_ctl's daemon), so kill -9 hits it; then the tests' database made."""
        log = self._log()
        self.process = subprocess.Popen(
            [*_as_server_user(), str(self.bin / "postgres"), "-D", str(self.data), "-p", str(self.port),
             "-c", "listen_addresses=127.0.0.1", "-c", f"unix_socket_directories={self.folder}", "-c", "max_connections=200",
             "-c", "shared_buffers=32MB", "-c", "logging_collector=off"],
            stdout=subprocess.DEVNULL, stderr=log, text=True)
        os.close(log)
        self._wait_ready()
        if self.psql(f"SELECT 1 FROM pg_database WHERE datname = '{USER}'").strip() != "1":
            self.psql(f"CREATE DATABASE {USER}", database="postgres")

    def _wait_ready(self) -> None:
        """Until it accepts queries (pg_isready): after kill -9 it listens first, then replays its log."""
        deadline = time.monotonic() + PATIENCE_SECONDS
        while subprocess.run([str(self.bin / "pg_isready"), "-q", "-h", "127.0.0.1", "-p", str(self.port)]).returncode != 0:
            if self.process is None or self.process.poll() is not None or time.monotonic() > deadline:
                log = (self.folder / "postgres.log").read_text()[-2000:]
                raise RuntimeError(f"postgres did not start on port {self.port}; its log: {log}")
            time.sleep(0.05)

    def _log(self) -> int:
        """The server's log file (a pipe nobody reads would fill and stop it); read it when a start fails."""
        return os.open(self.folder / "postgres.log", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)

    def psql(self, sql: str, database: str = "postgres") -> str:
        """Run one statement with psql over TCP; its output (tuples only)."""
        done = subprocess.run(["psql", "-X", "-q", "-t", "-A", "-h", "127.0.0.1", "-p", str(self.port), "-U", USER,
                               "-d", database, "-c", sql], capture_output=True, text=True, timeout=60)
        if done.returncode != 0:
            raise RuntimeError(f"psql {sql!r}: {done.stderr.strip()}")
        return done.stdout

    def new_database(self, name: str) -> str:
        """A fresh empty database on this server, `name` or, when a database of that name is there already, `name_2`,
        `name_3`...; its URL. pytest-xdist's worksteal can set a module's fixture up a second time on one worker, while
        the first may still be in use: each setup gets a database of its own."""
        taken = set(self.psql("SELECT datname FROM pg_database").split())
        fresh = next(candidate for candidate in (name, *(f"{name}_{n}" for n in range(2, 10_000))) if candidate not in taken)
        self.psql(f'CREATE DATABASE "{fresh}"')
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{fresh}"

    def stop(self, how: signal.Signals = signal.SIGINT) -> None:
        """SIGINT: PostgreSQL's fast shutdown; SIGKILL: kill -9."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(how)
            self.process.wait(timeout=60)
        self.process = None


@contextmanager
def postgres_process() -> Iterator[PostgresProcess]:
    server = PostgresProcess()
    server.start()
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(server.folder, ignore_errors=True)


@contextmanager
def postgres_server() -> Iterator[str]:
    """Yield `postgresql://minimax@127.0.0.1:PORT/minimax` of a fresh server; stop it afterwards."""
    with postgres_process() as server:
        yield server.url
