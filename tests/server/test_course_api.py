"""Courses over HTTP against a real server and SQLite file (issue 46 part 6): making one (the key shown once, only
its sha256 stored), adding and removing exercises with both keys (403 naming the wrong one, 404, 409, the limit),
nothing half-saved on bad input, and the course key opening its exercises' results."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path
from typing import Any, Iterator

import pytest
import requests

from server.courses.api import MAX_COURSE_TITLE_CHARS
from server.courses.store import MAX_COURSE_EXERCISES
from tests.helpers.live_server import running_server

LECTURE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    db = tmp_path_factory.mktemp("courses") / "lab.sqlite"
    with running_server({"DATABASE": str(db)}) as url:
        yield url, db


def exercise(url: str, **options: Any) -> dict[str, Any]:
    made = requests.post(url + "/api/exercises", json={"tree": LECTURE, **options}, timeout=30)
    assert made.status_code == 201, made.text
    return made.json()


def course(url: str, title: str = "Game search", *exercises: dict[str, Any]) -> dict[str, Any]:
    made = requests.post(url + "/api/courses", json={"title": title, "exercises": [{"id": e["id"], "key": e["key"]} for e in exercises]},
                         timeout=10)
    assert made.status_code == 201, made.text
    return made.json()


def count(db: Path, table: str) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])


def add(url: str, made: dict[str, Any], body: Any, key: str | None = None) -> requests.Response:
    return requests.post(f"{url}/api/courses/{made['id']}/exercises", params={"key": made["key"] if key is None else key},
                         json=body, timeout=10)


def test_a_course_is_made_with_its_exercises_and_its_key_is_kept_only_as_a_hash(server: tuple[str, Path]) -> None:
    url, db = server
    one, two = exercise(url), exercise(url, grade="latest")
    made = course(url, "  CS 188: week 3  ", one, two)
    assert set(made) == {"id", "url", "key", "exercises"}
    assert made["url"] == f"/course/{made['id']}" and made["exercises"] == [one["id"], two["id"]] and len(made["key"]) >= 24
    with sqlite3.connect(db) as conn:
        row = conn.execute("SELECT title, key_hash FROM courses WHERE id = ?", (made["id"],)).fetchone()
        members = conn.execute("SELECT exercise_id FROM course_exercises WHERE course_id = ? ORDER BY position", (made["id"],)).fetchall()
    assert row == ("CS 188: week 3", hashlib.sha256(made["key"].encode()).hexdigest())
    assert [m[0] for m in members] == [one["id"], two["id"]]
    page = requests.get(url + made["url"], timeout=10)
    assert page.status_code == 200 and made["key"] not in page.text and 'data-course="' + made["id"] + '"' in page.text
    empty = course(url, "Empty")
    assert empty["exercises"] == []
    missing = requests.get(url + "/course/no-such-course", timeout=10)
    assert missing.status_code == 404 and 'id="not-found-what"' in missing.text and "No course with id" in missing.text
    classroom = requests.get(url + "/c/K7QM2XWP", timeout=10)  # /c/<code> stays the classroom's link
    assert classroom.status_code == 200 and "course gradebook" not in classroom.text


@pytest.mark.parametrize("body, status, message", [
    ({}, 400, "title: expected text of 1 to 200 characters"),
    ({"title": "   "}, 400, "title: expected text"),
    ({"title": "x" * (MAX_COURSE_TITLE_CHARS + 1)}, 400, "title: expected text"),
    ({"title": "a\u0007b"}, 400, "title: expected text"),
    ({"title": "T", "extra": 1}, 400, "extra: unknown field"),
    ({"title": "T", "exercises": {}}, 400, "exercises: expected a list"),
    ({"title": "T", "exercises": ["abc"]}, 400, "exercises[0]: expected an object"),
    ({"title": "T", "exercises": [{"id": "nope-nope", "key": "k"}]}, 404, "exercises[0].id: no exercise with id 'nope-nope'"),
    ({"title": "T", "exercises": [{"id": "E1"}]}, 400, "exercises[0].key: expected the exercise's results key"),
    ({"title": "T", "exercises": [{"id": "nope"}] * (MAX_COURSE_EXERCISES + 1)}, 400, f"exercises: at most {MAX_COURSE_EXERCISES}"),
])
def test_a_bad_course_is_refused_naming_the_field_and_nothing_is_stored(server: tuple[str, Path], body: dict[str, Any],
                                                                       status: int, message: str) -> None:
    url, db = server
    before = count(db, "courses"), count(db, "course_exercises")
    answer = requests.post(url + "/api/courses", json=body, timeout=10)
    assert answer.status_code == status and answer.json()["error"].startswith(message), answer.text
    assert (count(db, "courses"), count(db, "course_exercises")) == before


def test_a_wrong_results_key_or_a_repeated_exercise_refuses_the_whole_course(server: tuple[str, Path]) -> None:
    url, db = server
    one, two = exercise(url), exercise(url)
    before = count(db, "courses"), count(db, "course_exercises")
    wrong = requests.post(url + "/api/courses", json={"title": "T", "exercises": [
        {"id": one["id"], "key": one["key"]}, {"id": two["id"], "key": one["key"]}]}, timeout=10)
    assert wrong.status_code == 403 and wrong.json()["error"] == f"exercises[1].key: not the results key of exercise {two['id']!r}"
    twice = requests.post(url + "/api/courses", json={"title": "T", "exercises": [{"id": one["id"], "key": one["key"]}] * 2}, timeout=10)
    assert twice.status_code == 400 and twice.json()["error"].startswith("exercises[1].id: exercise")
    assert (count(db, "courses"), count(db, "course_exercises")) == before


def test_exercises_are_added_with_both_keys_and_removed_with_the_course_key(server: tuple[str, Path]) -> None:
    url, db = server
    one, two = exercise(url), exercise(url)
    made = course(url, "T", one)
    before = count(db, "course_exercises")
    wrong_course = add(url, made, {"id": two["id"], "key": two["key"]}, key="not-the-course-key")
    assert wrong_course.status_code == 403 and wrong_course.json()["error"].startswith("key: a missing or wrong course key")
    no_key = requests.post(f"{url}/api/courses/{made['id']}/exercises", json={"id": two["id"], "key": two["key"]}, timeout=10)
    assert no_key.status_code == 403
    wrong_exercise = add(url, made, {"id": two["id"], "key": one["key"]})
    assert wrong_exercise.status_code == 403 and wrong_exercise.json()["error"] == f"key: not the results key of exercise {two['id']!r}"
    unknown = add(url, made, {"id": "no-such-exercise", "key": "k"})
    assert unknown.status_code == 404 and unknown.json()["error"] == "id: no exercise with id 'no-such-exercise'"
    assert add(url, made, {"id": two["id"]}).status_code == 400
    assert add(url, made, [two["id"]]).json()["error"].startswith("expected a JSON object")
    no_course = requests.post(f"{url}/api/courses/no-such-course/exercises", params={"key": "k"}, json={"id": two["id"], "key": two["key"]},
                              timeout=10)
    assert no_course.status_code == 404 and no_course.json()["error"] == "no course with id 'no-such-course'"
    assert count(db, "course_exercises") == before  # nothing refused was stored
    added = add(url, made, {"id": two["id"], "key": two["key"]})
    assert added.status_code == 201 and added.json() == {"id": two["id"], "exercises": [one["id"], two["id"]]}
    again = add(url, made, {"id": two["id"], "key": two["key"]})
    assert again.status_code == 409 and again.json()["error"] == f"id: exercise {two['id']!r} is in this course already"

    path = f"{url}/api/courses/{made['id']}/exercises/{one['id']}"
    assert requests.delete(path, params={"key": "wrong"}, timeout=10).status_code == 403
    removed = requests.delete(path, params={"key": made["key"]}, timeout=10)
    assert removed.status_code == 200 and removed.json() == {"removed": one["id"], "exercises": [two["id"]]}
    assert requests.delete(path, params={"key": made["key"]}, timeout=10).status_code == 404
    assert requests.delete(f"{url}/api/courses/nope/exercises/{one['id']}", params={"key": "k"}, timeout=10).status_code == 404
    readded = add(url, made, {"id": one["id"], "key": one["key"]})  # back at the end
    assert readded.json()["exercises"] == [two["id"], one["id"]]


def test_a_course_groups_at_most_its_limit_of_exercises(server: tuple[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    url, _ = server
    for module in ("server.courses.store", "server.courses.api"):  # the server runs in this process
        monkeypatch.setattr(f"{module}.MAX_COURSE_EXERCISES", 2)
    one, two, three = exercise(url), exercise(url), exercise(url)
    made = course(url, "T", one, two)
    full = add(url, made, {"id": three["id"], "key": three["key"]})
    assert full.status_code == 400 and full.json()["error"] == "id: this course has 2 exercises, the most a course may group"
    requests.delete(f"{url}/api/courses/{made['id']}/exercises/{one['id']}", params={"key": made["key"]}, timeout=10)
    assert add(url, made, {"id": three["id"], "key": three["key"]}).status_code == 201


def test_the_course_key_opens_the_results_of_its_exercises_only(server: tuple[str, Path]) -> None:
    url, _ = server
    inside, outside = exercise(url, solution=False), exercise(url)
    made = course(url, "T", inside)
    opened = {"course": made["id"], "course_key": made["key"]}
    assert requests.get(f"{url}/api/exercises/{inside['id']}/results", params=opened, timeout=10).status_code == 200
    assert requests.get(f"{url}/api/exercises/{inside['id']}/results.csv", params=opened, timeout=10).status_code == 200
    assert requests.get(f"{url}/api/exercises/{inside['id']}/solution", params=opened, timeout=10).status_code == 200  # hidden from students
    assert requests.get(f"{url}/api/exercises/{outside['id']}/results", params=opened, timeout=10).status_code == 403
    wrong = {"course": made["id"], "course_key": "wrong"}
    assert requests.get(f"{url}/api/exercises/{inside['id']}/results", params=wrong, timeout=10).status_code == 403
    assert requests.get(f"{url}/api/exercises/{inside['id']}/results", params={"course": "nope", "course_key": made["key"]},
                        timeout=10).status_code == 403
