"""`python -m server` as a user starts it, in its own process, so a test can count the threads and
file descriptors it holds before and after a hostile request (/proc/PID)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator, NamedTuple

from tests.helpers.socket_client import PATIENCE_SECONDS, wait_until

ROOT = Path(__file__).resolve().parents[2]


class ServerProcess(NamedTuple):
    url: str
    host: str
    port: int
    process: subprocess.Popen[str]

    @property
    def serving_pid(self) -> int:
        """The process that serves requests: gunicorn's one worker, a child of the process started
        (`python -m server --dev` serves in that process itself)."""
        pid = self.process.pid
        with open(f"/proc/{pid}/task/{pid}/children") as children:
            workers = children.read().split()
        return int(workers[0]) if len(workers) == 1 else pid

    def kill(self) -> None:
        """kill -9 of the server, as a host that loses power: gunicorn's master, then its worker (a worker whose
        master is killed alone serves on until it notices). Nothing of it gets to close or answer."""
        worker = self.serving_pid
        self.process.kill()
        if worker != self.process.pid:
            os.kill(worker, signal.SIGKILL)
        self.process.wait(timeout=PATIENCE_SECONDS)

    def threads(self) -> int:
        return len(os.listdir(f"/proc/{self.serving_pid}/task"))

    def fds(self) -> int:
        return len(os.listdir(f"/proc/{self.serving_pid}/fd"))

    def connections(self) -> int:
        """Sockets the server holds: its listening socket and one per open connection. A descriptor
        closed between the listing and its reading is not counted (the server is running)."""
        fds = f"/proc/{self.serving_pid}/fd"
        held = 0
        for fd in os.listdir(fds):
            try:
                held += os.readlink(f"{fds}/{fd}").startswith("socket:")
            except FileNotFoundError:
                pass
        return held

    def settles_to(self, threads: int, connections: int) -> None:
        """Wait until the server holds no more threads and sockets than it did: a closed request's
        thread ends a moment after the client sees the answer."""
        wait_until(lambda: self.threads() <= threads and self.connections() <= connections,
                   f"the server to hold {threads} threads and {connections} sockets "
                   f"(it holds {self.threads()} and {self.connections()})")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def accepts(port: int) -> bool:
    """Whether something accepts connections on `port` (redis-server, nginx)."""
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
        return True
    except OSError:
        return False


def answers(port: int) -> bool:
    """Whether an HTTP request on `port` gets an answer. A connection alone is not enough for our server:
    gunicorn's master listens before it forks the worker that answers, and a test that looked for the
    worker then found none."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=2) as connection:
            connection.sendall(b"GET /api/limits HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
            return connection.recv(5) == b"HTTP/"
    except OSError:
        return False


@contextmanager
def serving(python: str, args: list[str], cwd: Path, env: dict[str, str], what: str) -> Iterator[str]:
    """`python -m server ARGS --port P` started from `cwd` (a scratch copy, an installed wheel's folder): its base URL
    once it listens; ended (SIGTERM) afterwards."""
    port = free_port()
    process = subprocess.Popen([python, "-m", "server", *args, "--port", str(port)], cwd=cwd, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        wait_listening(process, port, what, answers)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=PATIENCE_SECONDS)


def wait_listening(process: subprocess.Popen[str], port: int, what: str,
                   ready: Callable[[int], bool] = accepts) -> None:
    """Wait until `process` is `ready` on `port` (accepts connections, by default); fail with its stderr if it
    exits first, or kill it and fail when it is not ready in time."""
    deadline = time.monotonic() + PATIENCE_SECONDS
    while not ready(port):
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited {process.returncode}: {process.stderr.read() if process.stderr else ''}")
        if time.monotonic() > deadline:
            process.kill()  # not left running after the test that gave up on it
            process.wait(timeout=PATIENCE_SECONDS)
            raise TimeoutError(f"{what} did not start listening")
        time.sleep(0.05)


@contextmanager
def server_process(db: Path | str, *args: str, settings: dict[str, object] | None = None,
                   log: Path | None = None, cwd: Path | None = None) -> Iterator[ServerProcess]:
    """A real server (`python -m server --port P --db DB ARGS`, or `--database DB` for a URL such as postgresql://...)
    until the block ends; `settings` change server/config.py's defaults first (configured_server.py); its stderr
    written to `log` if given (a test that reads the server's log), else kept for a failed start. `cwd`: the folder
    it runs in (default the repository's root), as a host with its own disk would; the code is still this tree's."""
    port = free_port()
    command = ["-m", "server"] if settings is None else ["-m", "tests.helpers.configured_server", json.dumps(settings)]
    where = ["--database", db] if isinstance(db, str) and "://" in db else ["--db", str(db)]
    path = os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))
    env = None if cwd is None else {**os.environ, "PYTHONPATH": path}  # `-m server` from elsewhere is this tree's
    stderr = open(log, "w") if log is not None else subprocess.PIPE
    process = subprocess.Popen([sys.executable, *command, "--port", str(port), *where, *args],
                               cwd=cwd or ROOT, env=env, stdout=subprocess.DEVNULL, stderr=stderr, text=True)
    running = ServerProcess(f"http://127.0.0.1:{port}", "127.0.0.1", port, process)
    try:
        wait_listening(process, port, "the server", answers)
        yield running
    finally:
        # kill -9 at the end: gunicorn's graceful stop (SIGTERM) waits seconds for open connections at each of the
        # suite's servers; that the server stops on SIGTERM is a test of its own (tests/hostile/test_server_stops.py).
        if process.poll() is None:
            running.kill()
        if log is not None:
            stderr.close()  # type: ignore[union-attr]
