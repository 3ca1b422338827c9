"""Bring a database up to the tables this version uses, once, whichever process starts first (Alembic).

A start asks Alembic for the database's revision and, only when it is behind, runs the migrations on the same
connection inside one write transaction: on SQLite that transaction holds the file (BEGIN IMMEDIATE), on PostgreSQL
an advisory lock, so several processes starting at once migrate once and the others find it done.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection

MIGRATIONS = Path(__file__).with_name("migrations")
LOCK = "minimax-lab:schema"


def alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


@lru_cache(maxsize=1)
def head() -> str:
    """The newest revision (read from the migration scripts once per process)."""
    found = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert found is not None
    return found


def upgrade(connection: Connection) -> None:
    """Migrate to head inside the caller's write transaction, if the database is behind."""
    if MigrationContext.configure(connection).get_current_revision() == head():
        return
    config = alembic_config()
    config.attributes["connection"] = connection
    command.upgrade(config, "head")
