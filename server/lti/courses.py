"""Which LMS courses an exercise was added to by deep linking, so that those courses' instructors open its results
from the LMS without its results key (a course is its platform's issuer, the deployment and the LTI context id).

A course is added when one of its instructors picks or makes the exercise in the deep-linking page: making it, or
giving its results link (which holds the key), shows they may see its results. Students' launches never add one.
"""

from __future__ import annotations

from server.storage import Store


def add_course(store: Store, exercise_id: str, issuer: str, deployment: str, context: str) -> None:
    store.write("INSERT OR IGNORE INTO lti_courses (exercise_id, issuer, deployment, context) VALUES (?, ?, ?, ?)",
                (exercise_id, issuer, deployment, context))


def course_has(store: Store, exercise_id: str, issuer: str, deployment: str, context: str) -> bool:
    return bool(store.read("SELECT 1 FROM lti_courses WHERE exercise_id = ? AND issuer = ? AND deployment = ? AND context = ?",
                           (exercise_id, issuer, deployment, context)))
