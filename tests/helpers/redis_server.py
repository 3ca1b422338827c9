"""A real redis-server (Debian's package, installed by `make test`) on a free port, in a temporary
folder, persisting nothing: for the tests of rooms shared by several server processes. `RedisProcess`
can be stopped (gracefully, or with kill -9) and started again on the same port, empty: a fault."""

from __future__ import annotations

import shutil
import signal
import subprocess
import tempfile
from contextlib import contextmanager
from typing import Iterator

from tests.helpers.server_process import free_port, wait_listening
from tests.helpers.socket_client import PATIENCE_SECONDS


class RedisProcess:
    def __init__(self, log: str | None = None) -> None:
        """`log`: a file its log goes to (a benchmark counts the lines of a fault); by default, nowhere."""
        self.log = log
        binary = shutil.which("redis-server")
        if binary is None:
            raise RuntimeError("redis-server is not installed: `make test` installs it (Debian's redis-server)")
        self.binary = binary
        self.port = free_port()
        self.folder = tempfile.mkdtemp(prefix="minimax-lab-redis-")
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[str] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen([self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                                         "--appendonly", "no", "--dir", self.folder,
                                         *(("--logfile", self.log) if self.log else ())],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        wait_listening(self.process, self.port, "redis-server")  # it listens once it has loaded (nothing, here)

    def stop(self, how: signal.Signals = signal.SIGTERM) -> None:
        """SIGTERM: a graceful shutdown (it saves nothing: the data is lost); SIGKILL: kill -9."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(how)
            self.process.wait(timeout=PATIENCE_SECONDS)
        self.process = None


@contextmanager
def redis_process(log: str | None = None) -> Iterator[RedisProcess]:
    redis = RedisProcess(log)
    redis.start()
    try:
        yield redis
    finally:
        redis.stop()
        shutil.rmtree(redis.folder, ignore_errors=True)


@contextmanager
def redis_server() -> Iterator[str]:
    """Yield `redis://127.0.0.1:PORT/0` of a fresh server; stop it afterwards."""
    with redis_process() as redis:
        yield redis.url
