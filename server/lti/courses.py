"""Which LMS courses an exercise was added to by deep linking, so that those courses' instructors open its results
from the LMS without its results key (a course is its platform's issuer, the deployment and the LTI context id).

A course is added when one of its instructors picks or makes the exercise in the deep-linking page: making it, or
giving its results link (which holds the key), shows they may see its results. Students' launches never add one.
"""

from __future__ import annotations

from sqlalchemy import select

from server.database.engine import utc_now
from server.database.tables import lti_courses
from server.storage import Store, upsert


def add_course(store: Store, exercise_id: str, issuer: str, deployment: str, context: str) -> None:
    with store.db.writing() as connection:
        connection.execute(upsert(connection, lti_courses).values(
            exercise_id=exercise_id, issuer=issuer, deployment=deployment, context=context, created_at=utc_now())
            .on_conflict_do_nothing(index_elements=["exercise_id", "issuer", "deployment", "context"]))


def course_has(store: Store, exercise_id: str, issuer: str, deployment: str, context: str) -> bool:
    c = lti_courses.c
    with store.db.reading() as connection:
        return connection.execute(select(1).where(c.exercise_id == exercise_id, c.issuer == issuer, c.deployment == deployment,
                                                  c.context == context)).first() is not None
