"""A real redis-server (Debian's package, installed by `make test`) on a free port, in a temporary
folder, persisting nothing: for the tests of rooms shared by several server processes."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from contextlib import contextmanager
from typing import Iterator

from tests.helpers.server_process import free_port, wait_listening
from tests.helpers.socket_client import PATIENCE_SECONDS


@contextmanager
def redis_server() -> Iterator[str]:
    """Yield `redis://127.0.0.1:PORT/0` of a fresh server; stop it afterwards."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise RuntimeError("redis-server is not installed: `make test` installs it (Debian's redis-server)")
    port = free_port()
    folder = tempfile.mkdtemp(prefix="minimax-lab-redis-")
    process = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                                "--dir", folder], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        wait_listening(process, port, "redis-server")  # it listens once it has loaded (nothing, here)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait(timeout=PATIENCE_SECONDS)
        shutil.rmtree(folder, ignore_errors=True)
