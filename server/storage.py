"""Saved trees, traces and practice exercises in SQLite (WAL mode), under random ids that cannot be guessed.

One connection per operation: requests run on many threads, and SQLite with WAL handles
concurrent writers by queueing them (busy timeout), so 20 instructors saving at once all land.
A save is one INSERT in one transaction: an item is stored whole or not at all.
"""

from __future__ import annotations

import secrets
import sqlite3
from collections import Counter
from contextlib import closing
from pathlib import Path
from typing import NamedTuple

SCHEMA = """
CREATE TABLE IF NOT EXISTS trees (id TEXT PRIMARY KEY, body TEXT NOT NULL, created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
CREATE TABLE IF NOT EXISTS traces (id TEXT PRIMARY KEY, body TEXT NOT NULL, created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
CREATE TABLE IF NOT EXISTS exercises (id TEXT PRIMARY KEY, key_hash TEXT NOT NULL, body TEXT NOT NULL, created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
CREATE TABLE IF NOT EXISTS submissions (id INTEGER PRIMARY KEY, exercise_id TEXT NOT NULL REFERENCES exercises (id),
    score REAL NOT NULL, mistakes INTEGER NOT NULL, created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
CREATE INDEX IF NOT EXISTS submissions_by_exercise ON submissions (exercise_id);
CREATE TABLE IF NOT EXISTS mistake_counts (exercise_id TEXT NOT NULL REFERENCES exercises (id), node TEXT NOT NULL,
    kind TEXT NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (exercise_id, node, kind)) WITHOUT ROWID;
"""
# Submissions are anonymous on purpose: a score and how many mistakes, nothing about who. Mistakes are
# summed per (node, kind) as they come, so what an exercise keeps grows with its tree, not with its
# attempts, and its results page reads one row per node and kind however many students tried.
ATTEMPTS_WRONG = "attempts_wrong"
"""The mistake_counts kind that counts attempts with one or more mistakes at the node."""
KINDS = ("trees", "traces")


class StoreError(Exception):
    """The database cannot be used: one line naming the file and the problem (python -m server exits 2)."""

    def __init__(self, path: Path, problem: str) -> None:
        super().__init__(f"database {path}: {problem}")


class StoredExercise(NamedTuple):
    body: str  # the engine's Exercise.to_json(), as JSON text
    key_hash: str  # sha256 (hex) of the instructor's results key; the key itself is never stored


class Store:
    """Trees (normalised JSON), traces (JSON Lines) and exercises by id; submissions by exercise."""

    def __init__(self, path: str | Path) -> None:
        """Open (or create) the file and check it at once, so a bad path or a damaged file is
        one clear line at start rather than a 500 at an instructor's first save."""
        self.path = Path(path)
        if self.path.parent.exists() and not self.path.parent.is_dir():
            raise StoreError(self.path, f"{self.path.parent} is a file, not a folder")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(self.path, f"cannot create its folder: {exc.strerror}") from None
        if self.path.is_dir():
            raise StoreError(self.path, "is a folder, not a file")
        with closing(self._connect()) as db:
            self._check(db)
            try:
                db.execute("PRAGMA journal_mode=WAL")
                db.executescript(SCHEMA)
                db.execute("BEGIN IMMEDIATE")  # can we write? (a read-only file fails here, not at a save)
                db.execute("ROLLBACK")
            except sqlite3.Error as exc:
                raise StoreError(self.path, f"cannot be written: {exc}") from None

    def _check(self, db: sqlite3.Connection) -> None:
        """SQLite's quick_check (linear in the file's size: about 6 ms for 1,000 saved 2 KB trees here)."""
        try:
            found = [row[0] for row in db.execute("PRAGMA quick_check(1)")]
        except sqlite3.DatabaseError as exc:
            problem = "it is not an SQLite database" if "not a database" in str(exc) else f"SQLite says: {exc}"
            raise StoreError(self.path, f"the file is damaged or not a database ({problem})") from None
        if found != ["ok"]:
            detail = " ".join(found[0].replace("*** in database main ***", "").split())
            raise StoreError(self.path, f"the file is damaged (SQLite's quick_check: {detail})")

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

    def add_submission(self, exercise_id: str, score: float, mistakes: list[tuple[str, str]]) -> None:
        """One anonymous attempt: its score, and its mistakes' (node, kind) added to the exercise's
        counts, all in one transaction (an attempt counts whole or not at all)."""
        counts = Counter(mistakes)
        counts.update((node, ATTEMPTS_WRONG) for node in {node for node, _ in mistakes})
        with closing(self._connect()) as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                db.execute("INSERT INTO submissions (exercise_id, score, mistakes) VALUES (?, ?, ?)",
                           (exercise_id, score, len(mistakes)))
                db.executemany("INSERT INTO mistake_counts (exercise_id, node, kind, count) VALUES (?, ?, ?, ?) "
                               "ON CONFLICT (exercise_id, node, kind) DO UPDATE SET count = count + excluded.count",
                               [(exercise_id, node, kind, n) for (node, kind), n in counts.items()])
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def scores(self, exercise_id: str) -> list[float]:
        """Every attempt's score, oldest first."""
        with closing(self._connect()) as db:
            return [row[0] for row in db.execute("SELECT score FROM submissions WHERE exercise_id = ? ORDER BY id", (exercise_id,))]

    def mistake_counts(self, exercise_id: str) -> list[tuple[str, str, int]]:
        """(node, kind, count) of every mistake made at the exercise so far, and (node,
        "attempts_wrong", attempts with a mistake there)."""
        with closing(self._connect()) as db:
            return db.execute("SELECT node, kind, count FROM mistake_counts WHERE exercise_id = ?", (exercise_id,)).fetchall()
