"""A fresh database on either storage back end, for the tests that run once on each (tests/conftest.py's `database`)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from tests.helpers.postgres_server import PostgresProcess

BACKENDS = ("sqlite", "postgresql")
_databases = itertools.count()


def fresh_database(backend: str, folder: Path, request: pytest.FixtureRequest) -> str:
    """A new empty database on `backend`: an SQLite file in `folder`, or a new database on the worker's PostgreSQL
    (the session fixture `postgres`, started the first time a test asks for it)."""
    if backend == "sqlite":
        return str(folder / "lab.sqlite")
    server: PostgresProcess = request.getfixturevalue("postgres")
    return server.new_database(f"lab{next(_databases)}")
