"""Read what the server stored, on either back end (an SQLite path or a postgresql:// URL): for tests that check a
refused request stored nothing, or what a check kept. SQL with `?` placeholders, as the tests were first written."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import inspect, text

from server.database.engine import database_for


def query(where: str | Path, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    parts = sql.split("?")
    named = "".join(part + (f":p{n}" if n < len(parts) - 1 else "") for n, part in enumerate(parts))
    with database_for(where).reading() as connection:
        return [tuple(row) for row in connection.execute(text(named), {f"p{n}": arg for n, arg in enumerate(args)})]


def rows(where: str | Path, table: str) -> int:
    """How many rows `table` holds."""
    return int(query(where, f"SELECT COUNT(*) FROM {table}")[0][0])


def columns(where: str | Path, table: str) -> list[str]:
    """The table's column names, in order (SQLite's PRAGMA table_info, PostgreSQL's catalog)."""
    with database_for(where).reading() as connection:
        return [column["name"] for column in inspect(connection).get_columns(table)]
