"""The storage interface on both back ends (the `database` fixture: an SQLite file, and a database on a real
PostgreSQL server): what is saved reads back the same, limits counted before an insert hold when many threads race
for the last place, and two stores on one database (two processes, or two hosts) share everything."""

from __future__ import annotations

import re
import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing
from pathlib import Path
from typing import Callable, TypeVar

import pytest
from sqlalchemy import inspect, select

from server.classroom.room_records import RoomRecords
from server.database import schema
from server.database.engine import database_for
from server.database.tables import metadata, stored_bytes
from server.lti.courses import add_course, course_has
from server.practice.path_store import load_path, make_path
from server.quotas import OverQuota, StoredBytes
from server.storage import ROW_BYTES, Store, stored_size
from tests.helpers.databases import migrated_from

T = TypeVar("T")
RACERS = 8


def race(task: Callable[[], T], racers: int = RACERS) -> list[T | Exception]:
    """`task` run by `racers` threads released at once; each one's answer or exception."""
    gate = threading.Barrier(racers)

    def run() -> T | Exception:
        gate.wait()
        try:
            return task()
        except Exception as exc:  # noqa: BLE001 - the test counts them
            return exc
    with ThreadPoolExecutor(racers) as pool:
        return list(pool.map(lambda _: run(), range(racers)))


@pytest.mark.both_backends
def test_trees_traces_and_exercises_read_back_as_saved(database: str) -> None:
    store = Store(database)
    body = '{"id": "A", "label": "ünïcödé ✓ <b>", "children": []}' + " " * 20_000
    tree = store.save("trees", body)
    trace = store.save("traces", '{"type": "start"}\n{"type": "result"}\n')
    assert re.fullmatch(r"[A-Za-z0-9_-]{12}", tree) and tree != trace
    assert store.load("trees", tree) == body
    assert store.load("traces", trace) == '{"type": "start"}\n{"type": "result"}\n'
    assert store.load("trees", trace) is None and store.load("traces", "no-such-id") is None
    exercise = store.save_exercise('{"tree": [1, 2]}', "ab" * 32, '{"hints": false}')
    assert tuple(store.load_exercise(exercise)) == ('{"tree": [1, 2]}', "ab" * 32, '{"hints": false}', None, False)
    assert store.load_exercise("missing") is None


@pytest.mark.both_backends
def test_attempts_help_and_mistakes_are_counted_per_student(database: str) -> None:
    store = Store(database)
    exercise = store.save_exercise("{}", "0" * 64)
    marks = [{"id": "minimax-at-min", "name": "MIN takes the max", "marks": 2, "nodes": ["B"]}]
    assert store.add_attempt(exercise, 0.5, [("B", "value"), ("C2", "missed_prune")], marks, student="Ada", help={"hints": 1})
    assert store.add_attempt(exercise, 1.0, [], learner="browser-1")
    assert store.add_attempt(exercise, 0.75, [("B", "value")], lms_user='["https://lms", "u1"]', lms_link='["https://lms", "d", "rl"]')
    assert store.add_attempt(exercise, 0.25, [("B", "value")], lms_user='["https://lms", "u1"]', lms_link='["https://lms", "d", "rl"]')
    found = store.attempts(exercise)
    assert [(a.score, a.mistakes, a.student, a.learner, a.lms_user) for a in found] == [
        (0.5, 2, "Ada", None, None), (1.0, 0, None, "browser-1", None),
        (0.75, 1, None, None, '["https://lms", "u1"]'), (0.25, 1, None, None, '["https://lms", "u1"]')]
    assert found[0].misconceptions == marks and found[0].help == {"hints": 1} and found[1].help is None
    assert [a.id for a in found] == sorted(a.id for a in found)
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", a.created_at) for a in found)
    assert sorted(store.mistake_counts(exercise)) == [("B", "attempts_wrong", 3), ("B", "value", 3),
                                                      ("C2", "attempts_wrong", 1), ("C2", "missed_prune", 1)]
    assert store.attempts_used(exercise, "Ada", None) == 1
    assert store.attempts_used(exercise, None, "browser-1") == 1
    assert store.attempts_used(exercise, None, None, '["https://lms", "u1"]') == 2
    assert store.attempts_used(exercise, None, None) == 0
    assert store.link_scores(exercise, '["https://lms", "u1"]', '["https://lms", "d", "rl"]') == [0.75, 0.25]
    assert store.link_scores(exercise, '["https://lms", "u2"]', '["https://lms", "d", "rl"]') == []
    store.add_help_use(exercise, "hint", "Ada", None)
    store.add_help_use(exercise, "hint", "Ada", None)
    store.add_help_use(exercise, "solution", "Ada", None)
    store.add_help_use(exercise, "hint", None, "browser-1")
    assert store.help_used(exercise, "Ada", None) == {"hint": 2, "solution": 1}
    assert store.help_used(exercise, None, "browser-1") == {"hint": 1}
    assert store.help_used(exercise, None, None) is None


@pytest.mark.both_backends
def test_the_last_attempt_is_taken_once_when_checks_race(database: str) -> None:
    store = Store(database)
    exercise = store.save_exercise("{}", "0" * 64)
    answers = race(lambda: store.add_attempt(exercise, 1.0, [("A", "value")], student="Ada", allowed=3))
    assert sorted(answers, key=str) == [False] * (RACERS - 3) + [True] * 3
    assert store.attempts_used(exercise, "Ada", None) == 3
    assert store.mistake_counts(exercise) == [("A", "value", 3), ("A", "attempts_wrong", 3)] or \
        sorted(store.mistake_counts(exercise)) == [("A", "attempts_wrong", 3), ("A", "value", 3)]


@pytest.mark.both_backends
def test_a_stored_bytes_quota_lets_exactly_what_fits_through_a_race(database: str) -> None:
    store = Store(database)
    body = "x" * 900
    fits = 3
    quota = StoredBytes(store, fits * stored_size(body), 3600.0, 4)
    answers = race(lambda: store.save("trees", body, quota.bill("203.0.113.9")))
    assert sum(isinstance(a, str) for a in answers) == fits
    refused = [a for a in answers if isinstance(a, OverQuota)]
    assert len(refused) == RACERS - fits and "too much stored from this address" in str(refused[0])
    with database_for(database).reading() as connection:
        assert connection.execute(select(stored_bytes.c.bytes)).scalars().all() == [fits * (900 + ROW_BYTES)]
    assert isinstance(quota.bill("198.51.100.1"), object)  # another address is not charged for it


@pytest.mark.both_backends
def test_two_stores_on_one_database_share_everything(database: str) -> None:
    """Two server processes (or hosts) each open the database: one migrates, both see every row."""
    here, there = Store(database), Store(database)
    assert here.address_key == there.address_key and len(here.address_key) == 64
    tree = here.save("trees", "[1, 2]")
    exercise = there.save_exercise("{}", "0" * 64)
    assert there.load("trees", tree) == "[1, 2]" and here.load_exercise(exercise) is not None
    here.add_attempt(exercise, 1.0, [], student="Ada")
    there.add_attempt(exercise, 0.5, [], student="Bo")
    assert [a.student for a in here.attempts(exercise)] == ["Ada", "Bo"]
    add_course(here, exercise, "https://lms", "d1", "course-101")
    add_course(there, exercise, "https://lms", "d1", "course-101")  # twice: kept once
    assert course_has(there, exercise, "https://lms", "d1", "course-101")
    assert not course_has(here, exercise, "https://lms", "d1", "course-102")


@pytest.mark.both_backends
def test_the_schema_is_the_same_on_both_and_migrated_once(database: str) -> None:
    Store(database)
    db = database_for(database)
    with db.reading() as connection:
        found = {name: sorted(column["name"] for column in inspect(connection).get_columns(name))
                 for name in inspect(connection).get_table_names() if name != "alembic_version"}
        revision = connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalar_one()
    assert found == {table.name: sorted(table.columns.keys()) for table in metadata.sorted_tables}
    assert revision == schema.head()


@pytest.mark.both_backends
def test_a_database_at_0004_gains_the_rooms_instructor_and_keeps_its_rooms(database: str) -> None:
    """Migration 0005: `class_rooms.instructor`, NULL for a room recorded before (it counts toward its address alone)."""
    Store(database)
    records = RoomRecords(database)
    owner = records.owner_of("203.0.113.9")
    assert records.claim("OLDROOM1", "hash", owner, 3, owner, 3) is None
    assert migrated_from(database, "0004", "ALTER TABLE class_rooms DROP COLUMN instructor") == schema.head() == "0008"
    kept = records.get("OLDROOM1")
    assert kept is not None and kept.owner == owner and kept.instructor is None  # a room recorded before has none
    assert records.claim("NEWROOM1", "hash", owner, 3, records.instructor_of("k" * 32), 3) is None


@pytest.mark.both_backends
def test_room_records_hold_their_limits_when_rooms_race(database: str) -> None:
    Store(database)
    records = RoomRecords(database)
    owner = records.owner_of("203.0.113.9")
    assert owner == RoomRecords(database).owner_of("203.0.113.9") != records.owner_of("198.51.100.1")
    numbers = iter(range(RACERS))
    lock = threading.Lock()
    teachers = [records.instructor_of(f"instructor-key-{n}-0123456789") for n in range(2)]  # two behind one address

    def claim() -> str | None:
        with lock:
            n = next(numbers)
        return records.claim(f"ROOM{n:02d}", "hash", owner, 3, teachers[n % 2], 2)
    answers = race(claim)
    assert answers.count(None) == 3 and set(answers) <= {None, "instructor", "owner"}  # 3 an address, 2 an instructor
    assert sorted(len(records.of_instructor(teacher)) for teacher in teachers) == [1, 2]
    mine = sorted(records.codes())
    assert len(mine) == 3 and records.claim(mine[0], "hash", records.owner_of("elsewhere"), 3, "x", 3) == "taken"
    first, second, third = mine
    assert records.reserve(first, '{"example": "lecture"}', "s1", 600, per_owner=1000, budget=5000) is None
    problem = records.reserve(second, "{}", "s2", 600, per_owner=1000, budget=5000)
    assert problem is not None and "at most 1,000 per address" in problem
    records.settle(first, "s1", 40)
    assert records.reserve(second, "{}", "s2", 600, per_owner=1000, budget=5000) is None
    assert records.get(first).held == 40 and records.get(second).search_id == "s2"  # type: ignore[union-attr]
    records.heartbeat([first], {second: 7, third: None})
    assert records.get(second).step == 7 and records.get(third).step == -1  # type: ignore[union-attr]
    assert records.expired(3600, 3600) == []
    assert [code for code, _ in records.expired(-1, 3600)] and records.reserve("NOROOM", "{}", "s", 1, 10, 10) == "the class has ended"
    assert race(lambda: records.delete(third), 4).count(True) == 1
    assert records.get(third) is None


def test_servers_starting_together_on_new_sqlite_files_all_start(tmp_path: Path) -> None:
    """Switching a new file to WAL answered "database is locked" at once, without SQLite's busy wait, to one server in
    about 12 races of four (server/database/sqlite_file.py): 25 races here, every server opened."""
    for k in range(25):
        path = tmp_path / f"lab-{k}.sqlite"
        failed = [o for o in race(lambda: Store(path), 4) if not isinstance(o, Store)]
        assert failed == [], (k, failed)


def test_a_bad_database_url_is_one_clear_line() -> None:
    from server.storage import StoreError
    with pytest.raises(StoreError, match="only postgresql://USER:PASSWORD@HOST:PORT/NAME and sqlite:///PATH are supported"):
        Store("mysql://root:secret@db/lab")
    with pytest.raises(StoreError, match=r"database postgresql://lab:\*\*\*@127.0.0.1:1/lab: cannot be used: .*"):
        Store("postgresql://lab:secret@127.0.0.1:1/lab")


@pytest.mark.both_backends
def test_stores_opening_a_new_database_at_once_migrate_it_once(database: str) -> None:
    """Servers started together on an empty database: one makes the tables, the others wait and find them made."""
    opened = race(lambda: Store(database), 4)
    assert all(isinstance(store, Store) for store in opened), opened
    assert len({store.address_key for store in opened if isinstance(store, Store)}) == 1
    with database_for(database).reading() as connection:
        assert connection.exec_driver_sql("SELECT COUNT(*) FROM alembic_version").scalar_one() == 1


def test_a_file_written_by_the_version_before_opens_in_place(tmp_path: Path) -> None:
    """The SQLite schema as issue 32 left it (no alembic_version table): kept, stamped, its rows read as before."""
    path = tmp_path / "lab.sqlite"
    with closing(sqlite3.connect(path)) as db, db:
        db.executescript(SCHEMA_BEFORE_ALEMBIC)
        db.execute("INSERT INTO trees (id, body, created_at) VALUES ('t1', '[1, 2]', '2026-11-01 09:00:00')")
        db.execute("INSERT INTO settings VALUES ('address_key', 'old-key')")
    store = Store(path)
    assert store.load("trees", "t1") == "[1, 2]" and store.address_key == "old-key"
    with database_for(path).reading() as connection:
        assert connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalar_one() == schema.head()


SCHEMA_BEFORE_ALEMBIC = """
CREATE TABLE trees (id TEXT PRIMARY KEY, body TEXT NOT NULL, created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
CREATE TABLE traces (id TEXT PRIMARY KEY, body TEXT NOT NULL, created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
CREATE TABLE exercises (id TEXT PRIMARY KEY, key_hash TEXT NOT NULL, body TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP, options TEXT);
CREATE TABLE attempts (id INTEGER PRIMARY KEY, exercise_id TEXT NOT NULL REFERENCES exercises (id),
    score REAL NOT NULL, mistakes INTEGER NOT NULL, created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
    student TEXT, learner TEXT, misconceptions TEXT NOT NULL DEFAULT '[]', help TEXT, lms_user TEXT, lms_link TEXT);
CREATE INDEX attempts_by_exercise ON attempts (exercise_id);
CREATE TABLE help_uses (id INTEGER PRIMARY KEY, exercise_id TEXT NOT NULL REFERENCES exercises (id),
    what TEXT NOT NULL, student TEXT, learner TEXT, created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP, lms_user TEXT);
CREATE INDEX help_uses_by_exercise ON help_uses (exercise_id);
CREATE TABLE mistake_counts (exercise_id TEXT NOT NULL REFERENCES exercises (id), node TEXT NOT NULL,
    kind TEXT NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (exercise_id, node, kind)) WITHOUT ROWID;
CREATE TABLE class_rooms (code TEXT PRIMARY KEY, key_hash TEXT NOT NULL, owner TEXT NOT NULL,
    request TEXT, search_id TEXT, step INTEGER NOT NULL DEFAULT -1, held INTEGER NOT NULL DEFAULT 0,
    active_at REAL NOT NULL, present_at REAL NOT NULL) WITHOUT ROWID;
CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE lti_courses (exercise_id TEXT NOT NULL REFERENCES exercises (id), issuer TEXT NOT NULL,
    deployment TEXT NOT NULL, context TEXT NOT NULL, created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
    PRIMARY KEY (exercise_id, issuer, deployment, context)) WITHOUT ROWID;
CREATE TABLE stored_bytes (who TEXT NOT NULL, bucket INTEGER NOT NULL, bytes INTEGER NOT NULL,
    PRIMARY KEY (who, bucket)) WITHOUT ROWID;
"""
"""server/storage.py's SCHEMA before issue 33 (at 14bdfbe)."""


def test_holds_says_whether_an_item_is_stored_without_reading_it(database: str) -> None:
    store = Store(database)
    tree, exercise = store.save("trees", "[1, 2]"), store.save_exercise("{}", "0" * 64)
    assert store.holds("trees", tree) and store.holds("exercises", exercise)
    assert not store.holds("traces", tree) and not store.holds("trees", "no-such-id")


@pytest.mark.both_backends
def test_a_database_at_0007_gains_a_paths_start_and_keeps_its_paths(database: str) -> None:
    """Migration 0008: `practice_paths.start`, NULL for a path made before (it begins with a generated tree)."""
    store = Store(database)
    old = make_path(store, "Week 5", "alphabeta", "cd" * 32)
    assert migrated_from(database, "0007", "ALTER TABLE practice_paths DROP COLUMN start") == schema.head() == "0008"
    assert load_path(store, old) == (old, "Week 5", "alphabeta", "cd" * 32, None)
    started = make_path(store, "Practice", "minimax", "ab" * 32, start="fail-hard")
    assert load_path(store, started) == (started, "Practice", "minimax", "ab" * 32, "fail-hard")
