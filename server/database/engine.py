"""One engine per database and process, and the two kinds of transaction the server takes on it.

SQLite (the default): a connection per operation (NullPool, as sqlite3 was used before: opening a file is cheap,
and no descriptor outlives a request), WAL, a 30 s busy timeout, and every write transaction BEGIN IMMEDIATE, so
writers queue at the file and a count-then-insert (an attempt's limit, a quota) is never raced.
PostgreSQL (`postgresql://user:pass@host:port/db`, with psycopg 3): a pool of connections per process; READ
COMMITTED as PostgreSQL's default, and where a write first counts then inserts, a transaction-scoped advisory lock
on what it counts (`writing(lock, ...)`), which serialises exactly those writers across every process and host.
"""

from __future__ import annotations

import os
import threading
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator

from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError
from sqlalchemy.pool import NullPool

POOL_SIZE = 5
POOL_OVERFLOW = 15
"""PostgreSQL connections one server process keeps (and may add under load): 20 at most, so four processes leave
room for psql and backups inside PostgreSQL's default max_connections of 100 (docs/deploy.md)."""
CONNECT_SECONDS = 10
BUSY_SECONDS = 30


class DatabaseError(Exception):
    """The database cannot be used: one line naming it and the problem (python -m server exits 2)."""

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(f"database {where}: {problem}")


def utc_now() -> str:
    """The time a row is stored, as every table keeps it: UTC "YYYY-MM-DD HH:MM:SS" (SQLite's CURRENT_TIMESTAMP)."""
    return datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M:%S")


def database_url(text_or_path: str | Path) -> URL:
    """`postgresql://...`, `sqlite:///PATH`, or a bare path (an SQLite file, as `--db PATH` gave since the start)."""
    given = str(text_or_path)
    if "://" not in given:
        return URL.create("sqlite", database=given)
    try:
        url = make_url(given)
    except ArgumentError:
        raise DatabaseError(given, "not a database URL: give postgresql://USER:PASSWORD@HOST:PORT/NAME or sqlite:///PATH") from None
    backend = url.get_backend_name()
    if backend == "postgresql":
        return url.set(drivername="postgresql+psycopg")
    if backend == "sqlite" and url.database:
        return url.set(drivername="sqlite")
    raise DatabaseError(url.render_as_string(hide_password=True),
                        "only postgresql://USER:PASSWORD@HOST:PORT/NAME and sqlite:///PATH are supported")


class Database:
    """An engine and how this back end takes a reading and a writing transaction."""

    def __init__(self, url: URL) -> None:
        self.url = url
        self.sqlite = url.get_backend_name() == "sqlite"
        self.path = Path(url.database or "") if self.sqlite else None
        shown = url.set(drivername=url.get_backend_name())  # as the user gave it: postgresql://, password hidden
        self.name = str(self.path) if self.path is not None else shown.render_as_string(hide_password=True)
        self.engine = self._sqlite_engine() if self.sqlite else self._postgres_engine()

    def _sqlite_engine(self) -> Engine:
        engine = create_engine(self.url, poolclass=NullPool, connect_args={"timeout": BUSY_SECONDS, "check_same_thread": False})

        @event.listens_for(engine, "connect")
        def autocommit_driver(dbapi_connection: Any, _: Any) -> None:
            dbapi_connection.isolation_level = None  # we say BEGIN ourselves (SQLAlchemy's documented pysqlite recipe)

        @event.listens_for(engine, "begin")
        def begin(connection: Connection) -> None:
            immediate = connection.get_execution_options().get("writing", False)
            connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

        return engine

    def _postgres_engine(self) -> Engine:
        return create_engine(self.url, pool_size=POOL_SIZE, max_overflow=POOL_OVERFLOW, pool_pre_ping=True,
                             pool_timeout=BUSY_SECONDS, connect_args={"connect_timeout": CONNECT_SECONDS})

    @contextmanager
    def reading(self) -> Iterator[Connection]:
        """A read-only look: one transaction (so the rows read agree with each other), rolled back at the end."""
        with self.engine.connect() as connection:
            yield connection

    @contextmanager
    def writing(self, *locks: str) -> Iterator[Connection]:
        """One write transaction, committed when the block ends, rolled back if it raises: stored whole or not at all.
        `locks` name what the block counts before it inserts (an address's quota, a student's attempts, the class
        rooms): on PostgreSQL each is an advisory lock held to the commit, taken in one order (no deadlock); SQLite's
        BEGIN IMMEDIATE already lets one writer in at a time."""
        with self.engine.connect().execution_options(writing=True) as connection, connection.begin():
            if not self.sqlite:
                for name in sorted(set(locks)):
                    connection.execute(text("SELECT pg_advisory_xact_lock(hashtextextended(:name, 0))"), {"name": name})
            yield connection

    def dispose(self) -> None:
        """Close the pool's connections (before a fork: a child must never share a parent's socket)."""
        self.engine.dispose()


_open: dict[tuple[int, str], Database] = {}
_open_lock = threading.Lock()


def database_for(text_or_path: str | Path) -> Database:
    """The process's one Database for this URL or path (a pool is per process: keyed by pid, so a forked child
    opens its own)."""
    url = database_url(text_or_path)
    key = (os.getpid(), url.render_as_string(hide_password=False))
    with _open_lock:
        found = _open.get(key)
        if found is None:
            found = _open[key] = Database(url)
        return found
