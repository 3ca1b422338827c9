"""A course's gradebook against a real server and SQLite file (issue 46 part 6): each exercise's counted score (best
or latest, as it says), the rule of an old attempt named, students joined across exercises by LMS user or normalised
name, anonymous students counted and not listed, misconceptions counted, and the CSV (BOM, empty cells, formulas)."""

from __future__ import annotations

import csv
import io
import sqlite3
from pathlib import Path
from typing import Any, Iterator

import pytest
import requests

from search.practice import check_answer, parse_exercise
from tests.helpers.live_server import running_server

LECTURE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
VALUES = {"A": 3, "B": 3, "C": 2, "D": 2}
PERFECT = {"values": VALUES, "pruned": ["C2", "C3"]}
NO_CUT_AT_C = {"values": VALUES, "pruned": []}  # a misconception explains it
DIAGNOSED = check_answer(parse_exercise({"tree": LECTURE, "ask": ["values", "pruned"]}), NO_CUT_AT_C)
HALF = DIAGNOSED["score"]


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    db = tmp_path / "lab.sqlite"
    with running_server({"DATABASE": str(db)}) as url:
        yield url, db


def exercise(url: str, grade: str) -> dict[str, Any]:
    made = requests.post(url + "/api/exercises", json={"tree": LECTURE, "ask": ["values", "pruned"], "grade": grade}, timeout=30)
    assert made.status_code == 201, made.text
    return made.json()


def check(url: str, exercise_id: str, answer: dict[str, Any], **who: str) -> float:
    answered = requests.post(f"{url}/api/exercises/{exercise_id}/check", json={**answer, **who}, timeout=30)
    assert answered.status_code == 200, answered.text
    return float(answered.json()["score"])


def old_attempt(db: Path, exercise_id: str, score: float, **who: str | None) -> None:
    """An attempt as stored before issue 46: no rule (one-per-slip), its score kept."""
    with sqlite3.connect(db) as conn:
        conn.execute("INSERT INTO attempts (exercise_id, score, mistakes, created_at, student, learner, lms_user, lms_link) "
                     "VALUES (?, ?, 1, '2025-01-01 10:00:00', ?, ?, ?, ?)",
                     (exercise_id, score, who.get("student"), who.get("learner"), who.get("lms_user"), who.get("lms_link")))


def gradebook(url: str, made: dict[str, Any]) -> dict[str, Any]:
    answer = requests.get(f"{url}/api/courses/{made['id']}/gradebook", params={"key": made["key"]}, timeout=10)
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_the_gradebook_counts_best_or_latest_joins_names_and_counts_misconceptions(server: tuple[str, Path]) -> None:
    url, db = server
    best, latest, untried = exercise(url, "best"), exercise(url, "latest"), exercise(url, "best")
    made = requests.post(url + "/api/courses", json={"title": "Week 3", "exercises": [
        {"id": e["id"], "key": e["key"]} for e in (best, latest, untried)]}, timeout=10).json()
    old_attempt(db, best["id"], 0.9, student="Carol")  # an old rule's 0.9 beats her new half-right one
    assert check(url, best["id"], NO_CUT_AT_C, student="Carol") == HALF
    assert check(url, best["id"], PERFECT, student="Bob ") == 1.0
    assert check(url, best["id"], NO_CUT_AT_C, student="bob") == HALF  # the same student: best stays 1
    assert check(url, latest["id"], PERFECT, student="  BOB") == 1.0
    assert check(url, latest["id"], NO_CUT_AT_C, student="Bob") == HALF  # latest: the half-right one counts
    check(url, latest["id"], PERFECT, learner="browser-token-1")  # anonymous: counted, not listed
    check(url, best["id"], NO_CUT_AT_C, learner="browser-token-1")
    check(url, best["id"], PERFECT)  # nobody at all: an anonymous student of its own
    book = gradebook(url, made)

    assert book["title"] == "Week 3"
    assert [(e["id"], e["grade"], e["title"], e["url"]) for e in book["exercises"]] == [
        (best["id"], "best", "alpha-beta, 13 nodes", f"/x/{best['id']}/results"),
        (latest["id"], "latest", "alpha-beta, 13 nodes", f"/x/{latest['id']}/results"),
        (untried["id"], "best", "alpha-beta, 13 nodes", f"/x/{untried['id']}/results")]
    assert [e["anonymous_students"] for e in book["exercises"]] == [2, 1, 0]
    assert book["anonymous"] == {"students": 2, "attempts": 3}
    assert [(s["name"], s["lms"]) for s in book["students"]] == [("Bob", False), ("Carol", False)]
    bob, carol = book["students"]
    assert bob["scores"] == {best["id"]: {"score": 1.0, "attempts": 2, "rule": "marks"},
                             latest["id"]: {"score": HALF, "attempts": 2, "rule": "marks"}, untried["id"]: None}
    assert carol["scores"][best["id"]] == {"score": 0.9, "attempts": 2, "rule": "one-per-slip"}
    found = DIAGNOSED["misconceptions"][0]
    assert bob["misconceptions"] == [{"id": found["id"], "name": found["name"], "count": 2}]
    assert carol["misconceptions"] == [{"id": found["id"], "name": found["name"], "count": 1}]

    table = requests.get(f"{url}/api/courses/{made['id']}/gradebook.csv", params={"key": made["key"]}, timeout=10)
    assert table.status_code == 200 and table.headers["Content-Type"].startswith("text/csv")
    assert table.headers["Content-Disposition"] == f'attachment; filename="course-{made["id"]}-gradebook.csv"'
    text = table.content.decode("utf-8")
    assert text.startswith("\ufeffstudent,") and text.endswith("\r\n")
    rows = list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))
    ids = [cell.removeprefix("'") for cell in rows[0][1:4]]
    assert ids == [best["id"], latest["id"], untried["id"]]
    assert rows[0][4:] == ["misconceptions", "misconception_ids", "old_rule_exercises"]
    assert rows[1] == ["Bob", "1.0000", f"{HALF:.4f}", "", f"{found['name']} (2)", found["id"], ""]
    assert rows[2] == ["Carol", "0.9000", "", "", f"{found['name']} (1)", found["id"], rows[0][1]]


def test_an_lms_student_counts_the_link_of_their_latest_attempt_and_csv_cells_are_formula_safe(server: tuple[str, Path]) -> None:
    url, db = server
    best = exercise(url, "best")
    made = requests.post(url + "/api/courses", json={"title": "=cmd|' /C calc'!A0", "exercises": [{"id": best["id"], "key": best["key"]}]},
                         timeout=10).json()
    ada = '["https://lms", "ada"]'
    old_attempt(db, best["id"], 1.0, student="Ada L.", lms_user=ada, lms_link='["https://lms", "d", "link-1"]')
    old_attempt(db, best["id"], 0.25, student="Ada Lovelace", lms_user=ada, lms_link='["https://lms", "d", "link-2"]')
    old_attempt(db, best["id"], 0.5, student="Ada Lovelace", lms_user=ada, lms_link='["https://lms", "d", "link-2"]')
    old_attempt(db, best["id"], 0.75, student="=HYPERLINK(\"http://x\")", learner="browser-token-2")
    old_attempt(db, best["id"], 0.3, student="Ada Lovelace")  # the same name from a link: not the LMS student
    book = gradebook(url, made)
    assert [(s["name"], s["lms"]) for s in book["students"]] == [("=HYPERLINK(\"http://x\")", False), ("Ada Lovelace", False),
                                                                ("Ada Lovelace", True)]
    lms = book["students"][2]
    assert lms["scores"][best["id"]] == {"score": 0.5, "attempts": 3, "rule": "one-per-slip"}  # link-2's best, as sent there
    text = requests.get(f"{url}/api/courses/{made['id']}/gradebook.csv", params={"key": made["key"]}, timeout=10).text
    rows = list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))
    assert [row[0] for row in rows[1:]] == ["'=HYPERLINK(\"http://x\")", "Ada Lovelace", "Ada Lovelace (LMS)"]
    assert [row[1] for row in rows[1:]] == ["0.7500", "0.3000", "0.5000"]
