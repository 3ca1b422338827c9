"""The hostile suite: each finding of an adversarial test of the running server, as a test that
failed before its fix. Most run against `python -m server` in its own process (server_process.py),
so its threads and sockets can be counted before and after."""

from __future__ import annotations

from typing import Iterator

import pytest

from tests.helpers.server_process import ServerProcess, server_process


@pytest.fixture(scope="package")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One `python -m server` for the worker's hostile tests that share it (a start costs seconds): each test counts
    its threads and sockets against what it held when the test began, and uses addresses and names of its own."""
    with server_process(tmp_path_factory.mktemp("hostile") / "lab.sqlite") as running:
        yield running
