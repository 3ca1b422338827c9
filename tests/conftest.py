"""Fixtures shared by the server and browser tests."""

from __future__ import annotations

from typing import Iterator

import pytest

from tests.helpers.live_server import running_server


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL of a real server (Flask-SocketIO, threading mode) on 127.0.0.1 and a free port,
    with its own SQLite file (never the developer's instance/ database)."""
    database = tmp_path_factory.mktemp("db") / "minimax-lab.sqlite"
    with running_server({"DATABASE": str(database)}) as url:
        yield url
