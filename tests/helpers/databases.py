"""A fresh database on either storage back end, for the tests that run once on each (tests/conftest.py's `database`)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from server.database.engine import database_for
from server.storage import Store
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


def migrated_from(database: str | Path, version: str, *undo: str) -> str:
    """Put a database the server made back at schema `version` (the SQL in `undo` takes away what the later migrations
    added), open it with the server's Store as a server starting would (which migrates it), and return the version it
    is at afterwards."""
    db = database_for(database)
    with db.writing() as connection:
        for statement in undo:
            connection.exec_driver_sql(statement)
        connection.exec_driver_sql(f"UPDATE alembic_version SET version_num = '{version}'")
    Store(database)
    with db.reading() as connection:
        return str(connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalar_one())
