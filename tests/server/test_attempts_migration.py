"""A database written before attempts had names, learners and misconceptions (issue 26) opens in place:
its exercises get the default options, its anonymous submissions become attempts and are still counted,
and new attempts are stored beside them. Against a real server on the migrated file."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

import requests

from search.practice import parse_exercise
from server.storage import Store
from tests.helpers.live_server import running_server

LECTURE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
OLD_SCHEMA = """
CREATE TABLE trees (id TEXT PRIMARY KEY, body TEXT NOT NULL, created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
CREATE TABLE traces (id TEXT PRIMARY KEY, body TEXT NOT NULL, created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
CREATE TABLE exercises (id TEXT PRIMARY KEY, key_hash TEXT NOT NULL, body TEXT NOT NULL, created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
CREATE TABLE submissions (id INTEGER PRIMARY KEY, exercise_id TEXT NOT NULL REFERENCES exercises (id),
    score REAL NOT NULL, mistakes INTEGER NOT NULL, created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
CREATE INDEX submissions_by_exercise ON submissions (exercise_id);
CREATE TABLE mistake_counts (exercise_id TEXT NOT NULL REFERENCES exercises (id), node TEXT NOT NULL,
    kind TEXT NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (exercise_id, node, kind)) WITHOUT ROWID;
"""
"""The schema as the server wrote it before issue 26 (server/storage.py at e112a33)."""
KEY = "the-instructors-old-key"


def old_database(path: Path) -> None:
    """An old file: the lecture exercise, three anonymous submissions (1.0, 0.5, 0.25) and their mistakes."""
    body = json.dumps(parse_exercise({"tree": LECTURE, "ask": ["values", "pruned"]}).to_json())
    with sqlite3.connect(path) as db:
        db.executescript(OLD_SCHEMA)
        db.execute("INSERT INTO trees (id, body) VALUES ('t1', '[1, 2]')")
        db.execute("INSERT INTO exercises (id, key_hash, body) VALUES ('old-exercise', ?, ?)",
                   (hashlib.sha256(KEY.encode()).hexdigest(), body))
        db.executemany("INSERT INTO submissions (id, exercise_id, score, mistakes, created_at) VALUES (?, 'old-exercise', ?, ?, ?)",
                       [(1, 1.0, 0, "2026-11-01 09:00:00"), (2, 0.5, 2, "2026-11-01 09:05:00"), (3, 0.25, 3, "2026-11-02 10:00:00")])
        db.executemany("INSERT INTO mistake_counts VALUES ('old-exercise', ?, ?, ?)",
                       [("C3", "missed_prune", 2), ("C3", "attempts_wrong", 2), ("D", "value", 1), ("D", "attempts_wrong", 1)])


def tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as db:
        return {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def test_an_old_database_opens_and_keeps_its_submissions(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    old_database(path)
    with running_server({"DATABASE": str(path)}) as url:
        base = f"{url}/api/exercises/old-exercise"
        results = requests.get(f"{base}/results", params={"key": KEY}, timeout=10).json()
        assert results["attempts"] == 3 and results["perfect"] == 1
        assert results["mean_score"] == (1.0 + 0.5 + 0.25) / 3
        assert results["scores"] == [0, 0, 1, 0, 0, 1, 0, 0, 0, 1]
        assert results["nodes"]["C3"]["missed_prune"] == 2 and results["nodes"]["D"]["attempts_wrong"] == 1
        # Old attempts have no name or learner: each counts as a first attempt, anonymous, with their old times.
        assert results["first_attempts"] == 3 and results["retries"] == 0 and results["misconceptions"] == []
        assert [(a["time"], a["student"], a["learner"], a["attempt"], a["score"]) for a in results["attempt_list"]] == [
            ("2026-11-02T10:00:00Z", None, None, 1, 0.25), ("2026-11-01T09:05:00Z", None, None, 1, 0.5),
            ("2026-11-01T09:00:00Z", None, None, 1, 1.0)]
        # The old exercise has the default options, and takes new attempts beside the old ones.
        copy = requests.get(base, params={"learner": "browser-0001"}, timeout=10).json()
        assert copy["options"] == {"hints": True, "solution": True, "attempts": None, "grade": "best"}
        assert (copy["attempts_used"], copy["attempts_left"]) == (0, None)
        checked = requests.post(f"{base}/check", json={"values": {"A": 3}, "learner": "browser-0001"}, timeout=10)
        assert checked.status_code == 200
        assert requests.get(f"{base}/results", params={"key": KEY}, timeout=10).json()["attempts"] == 4
        assert requests.get(f"{url}/api/trees/t1", timeout=10).status_code == 200
    assert "submissions" not in tables(path) and "attempts" in tables(path)
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT id, score, student, learner, misconceptions FROM attempts ORDER BY id").fetchall()
        options = db.execute("SELECT options FROM exercises").fetchall()
    assert rows[:3] == [(1, 1.0, None, None, "[]"), (2, 0.5, None, None, "[]"), (3, 0.25, None, None, "[]")]
    assert rows[3][0] == 4 and rows[3][3] == "browser-0001"
    assert options == [(None,)]


def test_opening_a_migrated_file_again_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    old_database(path)
    Store(path)
    with sqlite3.connect(path) as db:
        before = db.execute("SELECT * FROM attempts ORDER BY id").fetchall()
    Store(path)
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT * FROM attempts ORDER BY id").fetchall() == before
    assert len(before) == 3 and [a.score for a in Store(path).attempts("old-exercise")] == [1.0, 0.5, 0.25]


ISSUE_26_ATTEMPTS = """
CREATE TABLE trees (id TEXT PRIMARY KEY, body TEXT NOT NULL, created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
CREATE TABLE traces (id TEXT PRIMARY KEY, body TEXT NOT NULL, created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
CREATE TABLE exercises (id TEXT PRIMARY KEY, key_hash TEXT NOT NULL, body TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP, options TEXT);
CREATE TABLE attempts (id INTEGER PRIMARY KEY, exercise_id TEXT NOT NULL REFERENCES exercises (id),
    score REAL NOT NULL, mistakes INTEGER NOT NULL, created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
    student TEXT, learner TEXT, misconceptions TEXT NOT NULL DEFAULT '[]');
CREATE INDEX attempts_by_exercise ON attempts (exercise_id);
CREATE TABLE mistake_counts (exercise_id TEXT NOT NULL REFERENCES exercises (id), node TEXT NOT NULL,
    kind TEXT NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (exercise_id, node, kind)) WITHOUT ROWID;
"""
"""The schema as the server wrote it before issue 31 noted help (server/storage.py at 482b552): no help_uses, no attempts.help."""


def test_attempts_from_before_help_was_noted_have_help_null_and_count_as_they_did(tmp_path: Path) -> None:
    path = tmp_path / "issue26.sqlite"
    body = json.dumps(parse_exercise({"tree": LECTURE, "ask": ["values", "pruned"]}).to_json())
    with sqlite3.connect(path) as db:
        db.executescript(ISSUE_26_ATTEMPTS)
        db.execute("INSERT INTO exercises (id, key_hash, body, options) VALUES ('ex', ?, ?, NULL)",
                   (hashlib.sha256(KEY.encode()).hexdigest(), body))
        db.executemany("INSERT INTO attempts (exercise_id, score, mistakes, student, learner) VALUES ('ex', ?, ?, ?, ?)",
                       [(1.0, 0, "Ada", "ada-browser"), (0.5, 2, None, "bob-browser")])
    with running_server({"DATABASE": str(path)}) as url:
        base = f"{url}/api/exercises/ex"
        assert requests.post(f"{base}/hint", json={"learner": "bob-browser"}, timeout=10).status_code == 200
        answer = {"values": {"A": 3, "B": 3, "C": 2, "D": 2}, "pruned": ["C2", "C3"], "learner": "bob-browser"}
        checked = requests.post(f"{base}/check", json=answer, timeout=10).json()
        assert checked["help"] == {"hints": 1, "solution": False} and checked["perfect"] is False
        found = requests.get(f"{base}/results", params={"key": KEY}, timeout=10).json()
        # Ada's old 1.0 is counted as it was (help not known); Bob's new one came after a hint.
        assert (found["perfect"], found["perfect_with_help"], found["with_help"]) == (1, 1, 1)
        assert [a["help"] for a in found["attempt_list"]] == [{"hints": 1, "solution": False}, None, None]
        csv_text = requests.get(f"{base}/results.csv", params={"key": KEY}, timeout=10).text
        assert [line.rsplit(",", 3)[1] for line in csv_text.strip().splitlines()[1:]] == ["not recorded", "not recorded", "1 hint"]
    assert "help_uses" in tables(path)
    with sqlite3.connect(path) as db:
        assert [row[0] for row in db.execute("SELECT help FROM attempts ORDER BY id")] == [None, None, '{"hints": 1, "solution": false}']
    Store(path)  # again: nothing changes
    assert [a.help for a in Store(path).attempts("ex")] == [None, None, {"hints": 1, "solution": False}]


def test_a_database_of_revision_0002_gets_rosters_and_counts_old_names_by_their_key(tmp_path: Path) -> None:
    """Issue 46's migration 0003 on a file as 0002 left it: the roster table and the new columns appear, and an old
    attempt under "Bob " counts towards the limit of "bob" (its student_key is filled in)."""
    path = tmp_path / "rev2.sqlite"
    Store(path)
    exercise = {"tree": LECTURE, "ask": ["values", "pruned"]}
    with sqlite3.connect(path) as db:
        db.execute("DROP TABLE roster_entries")
        for table, name in (("attempts", "roster_entry"), ("attempts", "variant"), ("attempts", "answer"), ("attempts", "student_key"),
                            ("help_uses", "roster_entry"), ("help_uses", "student_key"), ("exercises", "variants")):
            db.execute(f"ALTER TABLE {table} DROP COLUMN {name}")
        db.execute("UPDATE alembic_version SET version_num = '0002'")
        db.execute("INSERT INTO exercises (id, key_hash, body, options) VALUES ('rev2-exercise', ?, ?, ?)",
                   (hashlib.sha256(KEY.encode()).hexdigest(), json.dumps(parse_exercise(exercise).to_json()),
                    json.dumps({"hints": True, "solution": True, "attempts": 2, "grade": "best"})))
        db.execute("INSERT INTO attempts (exercise_id, score, mistakes, created_at, student, rule) "
                   "VALUES ('rev2-exercise', 0.5, 2, '2026-11-01 09:00:00', 'Bob ', 'marks')")
    with running_server({"DATABASE": str(path)}) as url:
        base = f"{url}/api/exercises/rev2-exercise"
        assert requests.get(base, params={"student": "bob"}, timeout=10).json()["attempts_left"] == 1
        assert requests.post(f"{base}/check", json={"values": {"A": 3}, "student": "BOB"}, timeout=10).status_code == 200
        assert requests.post(f"{base}/check", json={"values": {"A": 3}, "student": "Bob"}, timeout=10).status_code == 403
        results = requests.get(f"{base}/results", params={"key": KEY}, timeout=10).json()
        assert [a["attempt"] for a in results["attempt_list"]] == [2, 1] and results["variants"] == "same"
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT student_key FROM attempts ORDER BY id").fetchall() == [("bob",), ("bob",)]
        assert db.execute("SELECT version_num FROM alembic_version").fetchone() == ("0008",)  # 0003 (rosters), 0004 (courses), 0005, 0006 (paths), 0007 (LMS rosters), 0008 (a path's start)
    assert "roster_entries" in tables(path) and {"practice_paths", "path_steps"} <= set(tables(path))
