"""Saved trees and traces in SQLite (WAL mode), under random ids that cannot be guessed.

One connection per operation: requests run on many threads, and SQLite with WAL handles
concurrent writers by queueing them (busy timeout), so 20 instructors saving at once all land.
A save is one INSERT in one transaction: an item is stored whole or not at all.
"""

from __future__ import annotations

import secrets
import sqlite3
from contextlib import closing
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS trees (id TEXT PRIMARY KEY, body TEXT NOT NULL, created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
CREATE TABLE IF NOT EXISTS traces (id TEXT PRIMARY KEY, body TEXT NOT NULL, created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
"""
KINDS = ("trees", "traces")


class Store:
    """Trees (normalised JSON) and traces (JSON Lines) by id."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with closing(self._connect()) as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(SCHEMA)

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, timeout=30, isolation_level=None)

    def save(self, kind: str, body: str) -> str:
        assert kind in KINDS
        with closing(self._connect()) as db:
            while True:
                item_id = secrets.token_urlsafe(9)  # 72 random bits
                try:
                    db.execute(f"INSERT INTO {kind} (id, body) VALUES (?, ?)", (item_id, body))
                    return item_id
                except sqlite3.IntegrityError:  # an id collision: astronomically rare, try another
                    continue

    def load(self, kind: str, item_id: str) -> str | None:
        assert kind in KINDS
        with closing(self._connect()) as db:
            row = db.execute(f"SELECT body FROM {kind} WHERE id = ?", (item_id,)).fetchone()
        return None if row is None else row[0]
