"""A real redis-server (Debian's package, installed by `make test`) on a free port, in a temporary
folder, persisting nothing: for the tests of rooms shared by several server processes."""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from contextlib import contextmanager
from typing import Iterator

from tests.socket_client import PATIENCE_SECONDS


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def redis_server() -> Iterator[str]:
    """Yield `redis://127.0.0.1:PORT/0` of a fresh server; stop it afterwards."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise RuntimeError("redis-server is not installed: `make test` installs it (Debian's redis-server)")
    port = _free_port()
    folder = tempfile.mkdtemp(prefix="minimax-lab-redis-")
    process = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                                "--dir", folder], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + PATIENCE_SECONDS
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1) as probe:
                    probe.sendall(b"PING\r\n")
                    if probe.recv(16).startswith(b"+PONG"):
                        break
            except OSError:
                pass
            if process.poll() is not None:
                raise RuntimeError(f"redis-server exited {process.returncode}: {process.stderr.read() if process.stderr else ''}")
            if time.monotonic() > deadline:
                raise TimeoutError("redis-server did not answer PING")
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait(timeout=PATIENCE_SECONDS)
        shutil.rmtree(folder, ignore_errors=True)
