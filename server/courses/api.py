"""Courses over HTTP (issue 46 part 6): exercises grouped under a course key, and their gradebook.

    POST   /api/courses                               make one: {title, exercises?: [{id, key}]} -> 201 {id, url, key,
                                                      exercises}; each exercise with its results key
    POST   /api/courses/<id>/exercises?key=...        add an exercise: {id, key (its results key)} -> 201
    DELETE /api/courses/<id>/exercises/<exercise id>?key=...   take one out -> 200
    GET    /api/courses/<id>/gradebook?key=...        students × exercises: counted scores, misconceptions shown
    GET    /api/courses/<id>/gradebook.csv?key=...    the same as CSV

The course key is shown once, at creation; only its sha256 is stored, and a given key is compared in constant time.
Adding an exercise takes the course key and the exercise's results key: the proof that the instructor owns it. A
wrong key is 403 naming which, an unknown course or exercise 404, an exercise already in 409, bad input 400 naming the
field; nothing is stored then.
"""

from __future__ import annotations

import secrets
from typing import Any

from flask import Blueprint, jsonify, request, url_for

from search import InputError
from search.algorithms.registry import NAMES
from server.courses.access import holds_key
from server.courses.gradebook import Column, gradebook
from server.courses.gradebook_csv import gradebook_csv
from server.courses.store import (
    MAX_COURSE_EXERCISES,
    Course,
    add_course_exercise,
    course_exercise_ids,
    graded_attempts,
    load_course,
    make_course,
    remove_course_exercise,
)
from server.http.refusals import Refused, refused, stored_or_404
from server.http.trees_api import refuse, store
from server.lti.roster_rows import course_rosters
from server.lti.tool import tool
from server.practice.api import is_results_key, json_object, load
from server.practice.identity import CONTROL
from server.practice.results_csv import csv_download
from server.quotas import stored_bill
from server.secret_keys import key_hash

MAX_COURSE_TITLE_CHARS = 200
"""The longest course title (characters; 1 or more, no control characters)."""

ALGORITHM_WORDS = NAMES
"""Each algorithm as a sentence names it (search.algorithms.registry)."""

course_api = Blueprint("course_api", __name__, url_prefix="/api/courses")
course_api.register_error_handler(InputError, refuse)
course_api.register_error_handler(Refused, refused)


def owned_course(course_id: str) -> Course:
    """The course when ?key= is its key; else Refused 404 or 403."""
    course = stored_or_404(lambda item: load_course(store(), item), course_id, "course")
    if not holds_key(course, request.args.get("key", "")):
        raise Refused(403, "key: a missing or wrong course key (the key was given when the course was made)")
    return course


def title_of(body: dict[str, Any]) -> str:
    title = body.get("title")
    if not isinstance(title, str) or not title.strip() or len(title) > MAX_COURSE_TITLE_CHARS or CONTROL.search(title):
        raise InputError("title", f"expected text of 1 to {MAX_COURSE_TITLE_CHARS} characters, with no control characters")
    return title.strip()


def owned_exercise(item: Any, where: str) -> str:
    """An {id, key} the instructor gave: the exercise's id when it exists and the key is its results key."""
    if not isinstance(item, dict) or set(item) - {"id", "key"}:
        raise InputError(where, "expected an object {\"id\": exercise id, \"key\": its results key}")
    exercise_id, key = item.get("id"), item.get("key")
    if not isinstance(exercise_id, str) or not exercise_id:
        raise InputError(f"{where}.id" if where else "id", "expected an exercise's id (text)")
    if not isinstance(key, str) or not key:
        raise InputError(f"{where}.key" if where else "key", "expected the exercise's results key (text)")
    if load(exercise_id) is None:
        raise Refused(404, f"{where + '.id' if where else 'id'}: no exercise with id {exercise_id!r}")
    if not is_results_key(exercise_id, key):
        raise Refused(403, f"{where + '.key' if where else 'key'}: not the results key of exercise {exercise_id!r}")
    return exercise_id


@course_api.post("")
def make() -> Any:
    body = json_object("course")
    if set(body) - {"title", "exercises"}:
        raise InputError(sorted(set(body) - {"title", "exercises"})[0], "unknown field (a course has title and exercises)")
    title = title_of(body)
    given = body.get("exercises", [])
    if not isinstance(given, list):
        raise InputError("exercises", "expected a list of {\"id\", \"key\"}")
    if len(given) > MAX_COURSE_EXERCISES:
        raise InputError("exercises", f"at most {MAX_COURSE_EXERCISES} exercises in a course")
    ids: list[str] = []
    for i, item in enumerate(given):
        exercise_id = owned_exercise(item, f"exercises[{i}]")
        if exercise_id in ids:
            raise InputError(f"exercises[{i}].id", f"exercise {exercise_id!r} is listed twice")
        ids.append(exercise_id)
    key = secrets.token_urlsafe(18)
    course_id = make_course(store(), title, key_hash(key), ids, stored_bill())
    return jsonify(id=course_id, url=url_for("course_pages.course_page", course_id=course_id), key=key, exercises=ids), 201


@course_api.post("/<course_id>/exercises")
def add_exercise(course_id: str) -> Any:
    owned_course(course_id)
    exercise_id = owned_exercise(json_object("exercise to add"), "")
    added = add_course_exercise(store(), course_id, exercise_id, stored_bill())
    if added == "present":
        raise Refused(409, f"id: exercise {exercise_id!r} is in this course already")
    if added == "full":
        raise InputError("id", f"this course has {MAX_COURSE_EXERCISES} exercises, the most a course may group")
    return jsonify(id=exercise_id, exercises=course_exercise_ids(store(), course_id)), 201


@course_api.delete("/<course_id>/exercises/<exercise_id>")
def remove_exercise(course_id: str, exercise_id: str) -> Any:
    owned_course(course_id)
    if not remove_course_exercise(store(), course_id, exercise_id):
        raise Refused(404, f"exercise {exercise_id!r} is not in this course")
    return jsonify(removed=exercise_id, exercises=course_exercise_ids(store(), course_id))


def column(exercise_id: str) -> Column | None:
    loaded = load(exercise_id)
    if loaded is None:  # not expected: exercises are not deleted
        return None
    exercise = loaded.exercise
    title = f"{ALGORITHM_WORDS.get(exercise.algorithm, exercise.algorithm)}, {len(exercise.node_ids)} nodes"
    return Column(exercise_id, title, loaded.options.grade, url_for("pages.exercise_results", exercise_id=exercise_id))


def course_gradebook(course: Course) -> dict[str, Any]:
    columns = [c for c in map(column, course_exercise_ids(store(), course.id)) if c is not None]
    ids = [c.id for c in columns]
    return gradebook(course.title, columns, graded_attempts(store(), ids), course_rosters(store(), tool(), ids))


@course_api.get("/<course_id>/gradebook")
def gradebook_json(course_id: str) -> Any:
    return jsonify(course_gradebook(owned_course(course_id)))


@course_api.get("/<course_id>/gradebook.csv")
def gradebook_as_csv(course_id: str) -> Any:
    book = course_gradebook(owned_course(course_id))
    return csv_download(gradebook_csv(book), f"course-{course_id}-gradebook.csv")
