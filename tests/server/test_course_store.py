"""Course storage on both back ends (the `database` fixture: an SQLite file and a real PostgreSQL database): a course
and its exercises stored whole, the limit held when adds race for the last place, removal, the attempts read for
the gradebook; and a database at revision 0002 gains the course tables in place (migrations 0003 and 0004)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from server.courses.store import (
    add_course_exercise,
    course_exercise_ids,
    course_holds,
    graded_attempts,
    load_course,
    make_course,
    remove_course_exercise,
)
from server.database import schema
from server.storage import Store
from tests.helpers.databases import migrated_from
from tests.server.test_storage import race


@pytest.mark.both_backends
def test_courses_keep_their_exercises_in_order_and_hold_their_limit_in_a_race(database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(database)
    exercises = [store.save_exercise("{}", "0" * 64) for _ in range(10)]
    course = make_course(store, "Week 3 ✓", "ab" * 32, exercises[:2])
    assert tuple(load_course(store, course)) == (course, "Week 3 ✓", "ab" * 32)  # type: ignore[arg-type]
    assert load_course(store, "missing") is None
    assert course_exercise_ids(store, course) == exercises[:2]
    assert add_course_exercise(store, course, exercises[0]) == "present"
    monkeypatch.setattr("server.courses.store.MAX_COURSE_EXERCISES", 5)
    candidates = iter(exercises[2:])
    lock = threading.Lock()

    def add() -> str:
        with lock:
            exercise = next(candidates)
        return add_course_exercise(Store(database), course, exercise)  # another store: another process
    assert sorted(race(add)) == ["added"] * 3 + ["full"] * 5  # type: ignore[type-var]
    assert len(course_exercise_ids(store, course)) == 5
    assert remove_course_exercise(store, course, exercises[1]) and not remove_course_exercise(store, course, exercises[1])
    assert not course_holds(store, course, exercises[1]) and course_holds(store, course, exercises[0])
    store.add_attempt(exercises[0], 0.5, [], student="Ada", rule="marks")
    store.add_attempt(exercises[9], 1.0, [], lms_user='["i", "s"]', lms_link='["i", "d", "l"]')
    store.add_attempt(exercises[0], 0.25, [], learner="browser-1")
    found = graded_attempts(store, [exercises[0], exercises[9]])
    assert [(a.exercise_id, a.score, a.student, a.learner, a.lms_user, a.lms_link, a.rule) for a in found] == [
        (exercises[0], 0.5, "Ada", None, None, None, "marks"), (exercises[9], 1.0, None, None, '["i", "s"]', '["i", "d", "l"]', "marks"),
        (exercises[0], 0.25, None, "browser-1", None, None, "marks")]
    assert graded_attempts(store, []) == []


def test_a_database_at_0002_gains_the_course_tables(tmp_path: Path) -> None:
    path = tmp_path / "lab.sqlite"
    Store(path)
    assert migrated_from(path, "0002", "DROP TABLE course_exercises", "DROP TABLE courses") == schema.head() == "0008"
    store = Store(path)
    exercise = store.save_exercise("{}", "0" * 64)
    course = make_course(store, "T", "cd" * 32, [exercise])
    assert course_exercise_ids(store, course) == [exercise]
