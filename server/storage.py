"""Saved trees, traces and practice exercises in SQLite (WAL mode), under random ids that cannot be guessed.

One connection per operation: requests run on many threads, and SQLite with WAL handles
concurrent writers by queueing them (busy timeout), so 20 instructors saving at once all land.
A save is one INSERT in one transaction: an item is stored whole or not at all.
"""

from __future__ import annotations

import secrets
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import NamedTuple

SCHEMA = """
CREATE TABLE IF NOT EXISTS trees (id TEXT PRIMARY KEY, body TEXT NOT NULL, created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
CREATE TABLE IF NOT EXISTS traces (id TEXT PRIMARY KEY, body TEXT NOT NULL, created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
CREATE TABLE IF NOT EXISTS exercises (id TEXT PRIMARY KEY, key_hash TEXT NOT NULL, body TEXT NOT NULL, created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
CREATE TABLE IF NOT EXISTS submissions (id INTEGER PRIMARY KEY, exercise_id TEXT NOT NULL REFERENCES exercises (id),
    score REAL NOT NULL, mistakes TEXT NOT NULL, created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
CREATE INDEX IF NOT EXISTS submissions_by_exercise ON submissions (exercise_id);
"""
# Submissions are anonymous on purpose: a score and the {node, kind} of each mistake, nothing about who.
KINDS = ("trees", "traces")


class StoredExercise(NamedTuple):
    body: str  # the engine's Exercise.to_json(), as JSON text
    key_hash: str  # sha256 (hex) of the instructor's results key; the key itself is never stored


class Store:
    """Trees (normalised JSON), traces (JSON Lines) and exercises by id; submissions by exercise."""

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
        return self._insert_with_new_id(f"INSERT INTO {kind} (id, body) VALUES (?, ?)", (body,))

    def _insert_with_new_id(self, sql: str, rest: tuple[object, ...]) -> str:
        """Run `sql` with a fresh random id as its first parameter, then `rest`; the id."""
        with closing(self._connect()) as db:
            while True:
                item_id = secrets.token_urlsafe(9)  # 72 random bits
                try:
                    db.execute(sql, (item_id, *rest))
                    return item_id
                except sqlite3.IntegrityError:  # an id collision: astronomically rare, try another
                    continue

    def load(self, kind: str, item_id: str) -> str | None:
        assert kind in KINDS
        with closing(self._connect()) as db:
            row = db.execute(f"SELECT body FROM {kind} WHERE id = ?", (item_id,)).fetchone()
        return None if row is None else row[0]

    def save_exercise(self, body: str, key_hash: str) -> str:
        return self._insert_with_new_id("INSERT INTO exercises (id, key_hash, body) VALUES (?, ?, ?)", (key_hash, body))

    def load_exercise(self, exercise_id: str) -> StoredExercise | None:
        with closing(self._connect()) as db:
            row = db.execute("SELECT body, key_hash FROM exercises WHERE id = ?", (exercise_id,)).fetchone()
        return None if row is None else StoredExercise(*row)

    def add_submission(self, exercise_id: str, score: float, mistakes: str) -> None:
        """One anonymous attempt: its score and its mistakes ([{node, kind}] as JSON text)."""
        with closing(self._connect()) as db:
            db.execute("INSERT INTO submissions (exercise_id, score, mistakes) VALUES (?, ?, ?)",
                       (exercise_id, score, mistakes))

    def submissions(self, exercise_id: str) -> list[tuple[float, str]]:
        """Every attempt at an exercise as (score, mistakes JSON text), oldest first."""
        with closing(self._connect()) as db:
            return db.execute("SELECT score, mistakes FROM submissions WHERE exercise_id = ? ORDER BY id",
                              (exercise_id,)).fetchall()
