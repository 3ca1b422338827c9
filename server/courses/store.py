"""Courses in the database (tables courses, course_exercises: server/database/tables.py), beside server/storage.py's
Store and through the same Database: a course is its title and its key's sha256; its exercises are kept in the order
they were added. Adding one counts the course's exercises and inserts in one transaction, the course locked, so two
adds at once cannot pass the limit together.
"""

from __future__ import annotations

import json
import secrets
from typing import Any, NamedTuple

from sqlalchemy import func, select

from search.practice.scoring import OLD_RULE
from server.database.engine import utc_now
from server.database.tables import attempts, course_exercises, courses
from server.storage import Bill, Store, stored_size, upsert

MAX_COURSE_EXERCISES = 200
"""The most exercises one course may group (its gradebook's columns)."""


class Course(NamedTuple):
    id: str
    title: str
    key_hash: str  # sha256 (hex) of the course key; the key itself is never stored


class GradedAttempt(NamedTuple):
    """One attempt as the gradebook reads it: whose, its score and rule, its misconceptions, its course link."""
    exercise_id: str
    score: float
    student: str | None
    learner: str | None
    lms_user: str | None
    lms_link: str | None
    rule: str
    misconceptions: list[dict[str, Any]]


def make_course(store: Store, title: str, key_hash: str, exercise_ids: list[str], bill: Bill | None = None) -> str:
    """A new course under a fresh random id (as an exercise's), with these exercises in this order, in one
    transaction (the course is stored whole or not at all); its id."""
    with store.db.writing(*([bill.lock] if bill else [])) as connection:
        if bill is not None:
            bill.charge(connection, stored_size(title, key_hash) + sum(stored_size(e) for e in exercise_ids))
        while True:
            course_id = secrets.token_urlsafe(9)  # 72 random bits
            inserted = connection.execute(upsert(connection, courses).values(
                id=course_id, key_hash=key_hash, title=title, created_at=utc_now())
                .on_conflict_do_nothing(index_elements=["id"]).returning(courses.c.id)).first()
            if inserted is not None:  # else an id collision: astronomically rare, draw another
                break
        if exercise_ids:
            connection.execute(course_exercises.insert(), [
                {"course_id": course_id, "exercise_id": e, "position": i, "created_at": utc_now()}
                for i, e in enumerate(exercise_ids, 1)])
        return course_id


def load_course(store: Store, course_id: str) -> Course | None:
    c = courses.c
    with store.db.reading() as connection:
        row = connection.execute(select(c.id, c.title, c.key_hash).where(c.id == course_id)).first()
    return None if row is None else Course(*row)


def course_exercise_ids(store: Store, course_id: str) -> list[str]:
    """The course's exercises in the order they were added."""
    e = course_exercises.c
    with store.db.reading() as connection:
        return list(connection.execute(select(e.exercise_id).where(e.course_id == course_id).order_by(e.position)).scalars())


def course_holds(store: Store, course_id: str, exercise_id: str) -> bool:
    e = course_exercises.c
    with store.db.reading() as connection:
        return connection.execute(select(1).where(e.course_id == course_id, e.exercise_id == exercise_id)).first() is not None


def add_course_exercise(store: Store, course_id: str, exercise_id: str, bill: Bill | None = None) -> str:
    """Add an exercise at the end: "added", "present" (it is in already) or "full" (MAX_COURSE_EXERCISES reached)."""
    e = course_exercises.c
    with store.db.writing(f"course:{course_id}", *([bill.lock] if bill else [])) as connection:
        if connection.execute(select(1).where(e.course_id == course_id, e.exercise_id == exercise_id)).first() is not None:
            return "present"
        count, last = connection.execute(select(func.count(), func.max(e.position)).where(e.course_id == course_id)).one()
        if count >= MAX_COURSE_EXERCISES:
            return "full"
        if bill is not None:
            bill.charge(connection, stored_size(course_id, exercise_id))
        connection.execute(upsert(connection, course_exercises).values(
            course_id=course_id, exercise_id=exercise_id, position=(last or 0) + 1, created_at=utc_now()))
        return "added"


def remove_course_exercise(store: Store, course_id: str, exercise_id: str) -> bool:
    """Take an exercise out of the course (its attempts stay the exercise's); whether it was in."""
    e = course_exercises.c
    with store.db.writing(f"course:{course_id}") as connection:
        return connection.execute(course_exercises.delete().where(e.course_id == course_id, e.exercise_id == exercise_id)).rowcount > 0


def graded_attempts(store: Store, exercise_ids: list[str]) -> list[GradedAttempt]:
    """Every attempt at these exercises, oldest first (one query)."""
    if not exercise_ids:
        return []
    a = attempts.c
    with store.db.reading() as connection:
        rows = connection.execute(select(a.exercise_id, a.score, a.student, a.learner, a.lms_user, a.lms_link, a.rule,
                                         a.misconceptions).where(a.exercise_id.in_(exercise_ids)).order_by(a.id)).all()
    return [GradedAttempt(row[0], float(row[1]), row[2], row[3], row[4], row[5], row[6] or OLD_RULE, json.loads(row[7]))
            for row in rows]
