"""Whether a request holds a course's key (compared in constant time with the sha256 kept, as an exercise's results
key: server/practice/api.py). A course key also opens the results of each exercise in the course: adding one took its
results key, so the course's owner has shown they may see them (as an LMS course's instructor does, server/lti)."""

from __future__ import annotations

from server.courses.store import Course, course_holds, load_course
from server.http.not_found import SAVED_ID
from server.http.trees_api import store
from server.secret_keys import key_matches


def holds_key(course: Course, key: str) -> bool:
    return key_matches(key, course.key_hash)


def course_opens(course_id: str, key: str, exercise_id: str) -> bool:
    """Whether `key` is the key of course `course_id` and the course has this exercise (the results page's
    ?course=&course_key=)."""
    course = load_course(store(), course_id) if course_id and key and SAVED_ID.fullmatch(course_id) else None
    return course is not None and holds_key(course, key) and course_holds(store(), course_id, exercise_id)
