"""Several real `python -m server --message-queue redis://...` processes on one real redis-server,
as docs/deploy.md runs them; nginx in front where a test asks for it (nginx_process.py)."""

from __future__ import annotations

from contextlib import ExitStack
from typing import Iterator, NamedTuple

import pytest

from tests.helpers.redis_server import redis_server
from tests.helpers.server_process import ServerProcess, server_process


class ScaledOut(NamedTuple):
    redis: str
    servers: list[ServerProcess]


@pytest.fixture(scope="package")
def scaled_out(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ScaledOut]:
    """Two server processes sharing one Redis and one database, each behind-proxy-ready."""
    db = tmp_path_factory.mktemp("deploy") / "lab.sqlite"
    with redis_server() as url, ExitStack() as stack:
        servers = [stack.enter_context(server_process(db, "--message-queue", url, "--behind-proxy", "--threads", "64"))
                   for _ in range(2)]
        yield ScaledOut(url, servers)
