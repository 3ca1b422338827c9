"""Saved trees, traces and practice exercises in SQLite (WAL mode), under random ids that cannot be guessed.

One connection per operation: requests run on many threads, and SQLite with WAL handles
concurrent writers by queueing them (busy timeout), so 20 instructors saving at once all land.
A save is one INSERT in one transaction: an item is stored whole or not at all.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
from collections import Counter
from contextlib import closing
from pathlib import Path
from typing import Any, NamedTuple, Protocol, Sequence

SCHEMA = """
CREATE TABLE IF NOT EXISTS trees (id TEXT PRIMARY KEY, body TEXT NOT NULL, created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
CREATE TABLE IF NOT EXISTS traces (id TEXT PRIMARY KEY, body TEXT NOT NULL, created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
CREATE TABLE IF NOT EXISTS exercises (id TEXT PRIMARY KEY, key_hash TEXT NOT NULL, body TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP, options TEXT);
CREATE TABLE IF NOT EXISTS attempts (id INTEGER PRIMARY KEY, exercise_id TEXT NOT NULL REFERENCES exercises (id),
    score REAL NOT NULL, mistakes INTEGER NOT NULL, created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
    student TEXT, learner TEXT, misconceptions TEXT NOT NULL DEFAULT '[]', help TEXT, lms_user TEXT, lms_link TEXT);
CREATE INDEX IF NOT EXISTS attempts_by_exercise ON attempts (exercise_id);
CREATE TABLE IF NOT EXISTS help_uses (id INTEGER PRIMARY KEY, exercise_id TEXT NOT NULL REFERENCES exercises (id),
    what TEXT NOT NULL, student TEXT, learner TEXT, created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP, lms_user TEXT);
CREATE INDEX IF NOT EXISTS help_uses_by_exercise ON help_uses (exercise_id);
CREATE TABLE IF NOT EXISTS mistake_counts (exercise_id TEXT NOT NULL REFERENCES exercises (id), node TEXT NOT NULL,
    kind TEXT NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (exercise_id, node, kind)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS class_rooms (code TEXT PRIMARY KEY, key_hash TEXT NOT NULL, owner TEXT NOT NULL,
    request TEXT, search_id TEXT, step INTEGER NOT NULL DEFAULT -1, held INTEGER NOT NULL DEFAULT 0,
    active_at REAL NOT NULL, present_at REAL NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS lti_courses (exercise_id TEXT NOT NULL REFERENCES exercises (id), issuer TEXT NOT NULL,
    deployment TEXT NOT NULL, context TEXT NOT NULL, created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
    PRIMARY KEY (exercise_id, issuer, deployment, context)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS stored_bytes (who TEXT NOT NULL, bucket INTEGER NOT NULL, bytes INTEGER NOT NULL,
    PRIMARY KEY (who, bucket)) WITHOUT ROWID;
"""
# An attempt is a score, how many mistakes, the misconceptions it was given (JSON: [{"id", "name", "marks",
# "nodes"}]) and, only if the student's link or page gave them, a name (`student`) and an anonymous browser
# token (`learner`): no address, cookie or user agent. Mistakes are also summed per (node, kind) as they
# come, so the heat map reads one row per node and kind however many students tried.
# `options`: the exercise's graded-use options as JSON (server/practice/options.py); NULL: the defaults.
# `class_rooms`: each live classroom's record, so a room outlives a Redis restart (server/classroom/room_records.py);
# its `owner` is a keyed hash of the address that made it, as `stored_bytes`' `who`.
# `help_uses`: each hint or solution a student was given (what: "hint", "solution" or "slip"), with the same
# `student` / `learner` as their checks and no address; an attempt's `help` is what its student had used before
# it ({"hints": n, "solution": bool}, server/practice/help_uses.py); NULL: not known (before issue 31, or no identity).
# `lms_user` (attempts, help_uses): the student's LMS identity when the exercise was opened from a course by LTI 1.3
# (server/lti/launches.py: JSON ["issuer", "sub"]); their `student` is then the name the LMS gave, and an attempt's
# `lms_link` the course link it was made from (JSON ["issuer", "deployment", "resource link id"]). `lti_courses`: the LMS
# courses (issuer, context id) an instructor added the exercise to by deep linking, whose instructors' launches open its
# results (server/lti/courses.py).
# `stored_bytes`: the bytes each address stored per time bucket, for the quota (server/quotas.py); `who` is a
# keyed hash of the address (HMAC with `settings`' address_key, made once per database), never the address,
# and rows older than the quota's window are deleted.
ATTEMPTS_WRONG = "attempts_wrong"
"""The mistake_counts kind that counts attempts with one or more mistakes at the node."""
KINDS = ("trees", "traces")
ROW_BYTES = 100
"""What a stored row costs beyond its text (ids, times, numbers, the index): what a quota charges on top."""


class Bill(Protocol):
    """Charges a save's bytes to a quota inside the save's own transaction (server/quotas.py): it raises,
    and nothing is stored, when they do not fit; so two saves at once cannot both take the last byte."""

    def charge(self, db: sqlite3.Connection, nbytes: int) -> None: ...


class StoreError(Exception):
    """The database cannot be used: one line naming the file and the problem (python -m server exits 2)."""

    def __init__(self, path: Path, problem: str) -> None:
        super().__init__(f"database {path}: {problem}")


class StoredExercise(NamedTuple):
    body: str  # the engine's Exercise.to_json(), as JSON text
    key_hash: str  # sha256 (hex) of the instructor's results key; the key itself is never stored
    options: str | None = None  # the graded-use options as JSON text; None: the defaults


class Attempt(NamedTuple):
    """One check of an exercise, as the results read it back."""
    id: int
    created_at: str  # UTC, "YYYY-MM-DD HH:MM:SS" (SQLite's CURRENT_TIMESTAMP)
    score: float
    mistakes: int
    student: str | None
    learner: str | None
    misconceptions: list[dict[str, Any]]  # [{"id", "name", "marks", "nodes"}], best first
    help: dict[str, Any] | None = None  # {"hints": n, "solution": bool} used before it; None: not known
    lms_user: str | None = None  # JSON ["issuer", "sub"] when checked from an LMS launch (LTI 1.3)


def migrate(db: sqlite3.Connection) -> None:
    """Bring a file written by an older version up to SCHEMA, in place, inside the caller's transaction:
    exercises gain `options` (NULL: the defaults), attempts gain `help` (NULL: not known), attempts and help uses
    `lms_user` (NULL: not from an LMS), and the anonymous
    `submissions` of before become attempts with no student, learner or misconception (same ids, scores and times)."""
    if "options" not in {row[1] for row in db.execute("PRAGMA table_info(exercises)")}:
        db.execute("ALTER TABLE exercises ADD COLUMN options TEXT")
    attempt_columns = {row[1] for row in db.execute("PRAGMA table_info(attempts)")}
    if "help" not in attempt_columns:
        db.execute("ALTER TABLE attempts ADD COLUMN help TEXT")
    if "lms_user" not in attempt_columns:
        db.execute("ALTER TABLE attempts ADD COLUMN lms_user TEXT")
    if "lms_link" not in attempt_columns:
        db.execute("ALTER TABLE attempts ADD COLUMN lms_link TEXT")
    if "lms_user" not in {row[1] for row in db.execute("PRAGMA table_info(help_uses)")}:
        db.execute("ALTER TABLE help_uses ADD COLUMN lms_user TEXT")
    if db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'submissions'").fetchone():
        db.execute("INSERT INTO attempts (id, exercise_id, score, mistakes, created_at) "
                   "SELECT id, exercise_id, score, mistakes, created_at FROM submissions ORDER BY id")
        db.execute("DROP TABLE submissions")


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
                migrate(db)  # one transaction: several processes starting at once migrate once
                db.execute("INSERT OR IGNORE INTO settings (name, value) VALUES ('address_key', ?)", (secrets.token_hex(32),))
                self.address_key: str = db.execute("SELECT value FROM settings WHERE name = 'address_key'").fetchone()[0]
                db.execute("COMMIT")
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

    def read(self, sql: str, args: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        """The rows of one read-only query (server/quotas.py reads its table before a costly check)."""
        with closing(self._connect()) as db:
            return db.execute(sql, args).fetchall()

    def write(self, sql: str, args: tuple[object, ...] = ()) -> None:
        """One statement in its own transaction (server/lti/courses.py adds a course)."""
        with closing(self._connect()) as db:
            db.execute(sql, args)

    def save(self, kind: str, body: str, bill: Bill | None = None) -> str:
        assert kind in KINDS
        return self._insert_with_new_id(f"INSERT INTO {kind} (id, body) VALUES (?, ?)", (body,), bill)

    def _insert_with_new_id(self, sql: str, rest: tuple[object, ...], bill: Bill | None = None) -> str:
        """Run `sql` with a fresh random id as its first parameter, then `rest`; the id. With `bill`, its bytes
        (the text stored and ROW_BYTES) are charged in the same transaction, before the insert."""
        with closing(self._connect()) as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                if bill is not None:
                    bill.charge(db, stored_size(*rest))
                while True:
                    item_id = secrets.token_urlsafe(9)  # 72 random bits
                    try:
                        db.execute(sql, (item_id, *rest))
                        break
                    except sqlite3.IntegrityError:  # an id collision: astronomically rare, try another
                        continue
                db.execute("COMMIT")
                return item_id
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def load(self, kind: str, item_id: str) -> str | None:
        assert kind in KINDS
        with closing(self._connect()) as db:
            row = db.execute(f"SELECT body FROM {kind} WHERE id = ?", (item_id,)).fetchone()
        return None if row is None else row[0]

    def save_exercise(self, body: str, key_hash: str, options: str | None = None, bill: Bill | None = None) -> str:
        return self._insert_with_new_id("INSERT INTO exercises (id, key_hash, body, options) VALUES (?, ?, ?, ?)",
                                        (key_hash, body, options), bill)

    def load_exercise(self, exercise_id: str) -> StoredExercise | None:
        with closing(self._connect()) as db:
            row = db.execute("SELECT body, key_hash, options FROM exercises WHERE id = ?", (exercise_id,)).fetchone()
        return None if row is None else StoredExercise(*row)

    def add_attempt(self, exercise_id: str, score: float, mistakes: list[tuple[str, str]],
                    misconceptions: Sequence[dict[str, Any]] = (), student: str | None = None, learner: str | None = None,
                    allowed: int | None = None, help: dict[str, Any] | None = None, bill: Bill | None = None,
                    lms_user: str | None = None, lms_link: str | None = None) -> bool:
        """Store one attempt, and add its mistakes' (node, kind) to the exercise's counts, all in one
        transaction (an attempt counts whole or not at all). With `allowed`, store nothing and answer
        False when the same student (by LMS identity, else by name if given, else by learner) already has that many: the
        count and the insert are one transaction, so two checks at once cannot both pass the last.
        `help`: what the student had used before it (None: not known). With `bill`, the attempt's bytes
        are charged in that transaction too."""
        counts = Counter(mistakes)
        counts.update((node, ATTEMPTS_WRONG) for node in {node for node, _ in mistakes})
        with closing(self._connect()) as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                if allowed is not None and self._used(db, exercise_id, student, learner, lms_user) >= allowed:
                    db.execute("ROLLBACK")
                    return False
                kept = json.dumps(list(misconceptions))
                helped = None if help is None else json.dumps(help)
                if bill is not None:
                    bill.charge(db, stored_size(kept, student, learner, helped, lms_user, lms_link))  # + mistake_counts rows
                db.execute("INSERT INTO attempts (exercise_id, score, mistakes, student, learner, misconceptions, help, lms_user, "
                           "lms_link) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           (exercise_id, score, len(mistakes), student, learner, kept, helped, lms_user, lms_link))
                db.executemany("INSERT INTO mistake_counts (exercise_id, node, kind, count) VALUES (?, ?, ?, ?) "
                               "ON CONFLICT (exercise_id, node, kind) DO UPDATE SET count = count + excluded.count",
                               [(exercise_id, node, kind, n) for (node, kind), n in counts.items()])
                db.execute("COMMIT")
                return True
            except BaseException:
                db.execute("ROLLBACK")
                raise

    @staticmethod
    def _whose(student: str | None, learner: str | None, lms_user: str | None = None) -> tuple[str, str] | None:
        """The WHERE clause and value that find one student's rows: by LMS identity if given, else by name if given,
        else the learner's rows without a name (as server/practice/attempts.py numbers attempts); None for none."""
        if lms_user is not None:
            return "lms_user = ?", lms_user
        if student is not None:
            return "student = ? AND lms_user IS NULL", student
        return None if learner is None else ("learner = ? AND student IS NULL", learner)

    @staticmethod
    def _used(db: sqlite3.Connection, exercise_id: str, student: str | None, learner: str | None,
              lms_user: str | None = None) -> int:
        whose = Store._whose(student, learner, lms_user)
        if whose is None:
            return 0
        clause, who = whose
        return int(db.execute(f"SELECT COUNT(*) FROM attempts WHERE exercise_id = ? AND {clause}", (exercise_id, who)).fetchone()[0])

    def attempts_used(self, exercise_id: str, student: str | None, learner: str | None, lms_user: str | None = None) -> int:
        """How many attempts this student has stored: by LMS identity, else by name if given, else the learner's
        attempts without a name (as server/practice/attempts.py numbers them); 0 for none."""
        with closing(self._connect()) as db:
            return self._used(db, exercise_id, student, learner, lms_user)

    def best_score(self, exercise_id: str, lms_user: str, lms_link: str) -> float | None:
        """The best score of this LMS student's attempts made from this course link (what a "best" grade sends to
        that link's gradebook column); None before any."""
        with closing(self._connect()) as db:
            row = db.execute("SELECT MAX(score) FROM attempts WHERE exercise_id = ? AND lms_user = ? AND lms_link = ?",
                             (exercise_id, lms_user, lms_link)).fetchone()
        return None if row[0] is None else float(row[0])

    def attempts(self, exercise_id: str) -> list[Attempt]:
        """Every attempt at the exercise, oldest first."""
        with closing(self._connect()) as db:
            rows = db.execute("SELECT id, created_at, score, mistakes, student, learner, misconceptions, help, lms_user "
                              "FROM attempts WHERE exercise_id = ? ORDER BY id", (exercise_id,)).fetchall()
        return [Attempt(*row[:6], json.loads(row[6]), None if row[7] is None else json.loads(row[7]), row[8]) for row in rows]

    def add_help_use(self, exercise_id: str, what: str, student: str | None, learner: str | None,
                     bill: Bill | None = None, lms_user: str | None = None) -> None:
        """Note that a student was given help (`what`: "hint", "solution" or "slip"); no address is kept. With
        `bill`, the row's bytes are charged in the same transaction."""
        with closing(self._connect()) as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                if bill is not None:
                    bill.charge(db, stored_size(exercise_id, what, student, learner, lms_user))
                db.execute("INSERT INTO help_uses (exercise_id, what, student, learner, lms_user) VALUES (?, ?, ?, ?, ?)",
                           (exercise_id, what, student, learner, lms_user))
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def help_used(self, exercise_id: str, student: str | None, learner: str | None,
                  lms_user: str | None = None) -> dict[str, int] | None:
        """How many of each help this student has been given at the exercise ({"hint": 3, ...}); None for a
        request that says not whose it is (its help cannot be known)."""
        whose = self._whose(student, learner, lms_user)
        if whose is None:
            return None
        clause, who = whose
        with closing(self._connect()) as db:
            rows = db.execute(f"SELECT what, COUNT(*) FROM help_uses WHERE exercise_id = ? AND {clause} GROUP BY what",
                              (exercise_id, who)).fetchall()
        return {what: int(n) for what, n in rows}

    def mistake_counts(self, exercise_id: str) -> list[tuple[str, str, int]]:
        """(node, kind, count) of every mistake made at the exercise so far, and (node,
        "attempts_wrong", attempts with a mistake there)."""
        with closing(self._connect()) as db:
            return db.execute("SELECT node, kind, count FROM mistake_counts WHERE exercise_id = ?", (exercise_id,)).fetchall()


def stored_size(*texts: object) -> int:
    """The bytes a row of these values costs a quota: its texts (UTF-8) and ROW_BYTES."""
    return ROW_BYTES + sum(len(text.encode("utf-8")) for text in texts if isinstance(text, str))
