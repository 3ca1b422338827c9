"""An exercise opened from an LMS course (issue 32): the page carries its launch id (`lti`), and the exercise routes
ask here whose a check is, whether the launch may see the results, and send the score to the course's gradebook.

A launch id is a random uuid that the launch redirect puts in the page's address; it reads back the launch's
claims (server/lti/launch_store.py), valid for LTI_LAUNCH_SECONDS. It is honoured only for the exercise its link
opened, so a launch of one exercise cannot write attempts or grades for another.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from flask import current_app, g

from search import InputError
from server.lti.courses import course_has
from server.lti.grades import send_score
from server.lti.launches import course, course_title, display_name, exercise_of, has_grades, lms_user, resource_link, teaches
from server.lti.tool import tool
from server.practice.counted import counted_index
from server.practice.identity import Identity, read_identity

LAUNCH_ID = re.compile(r"lti1p3-launch-[0-9a-f-]{36}")


def launch_claims(launch_id: Any) -> dict[str, Any] | None:
    """The stored claims of a launch id; None for an unknown, expired or malformed one (or no LTI here). Read once
    per request (a Check asks whose it is, its link and its gradebook: one store read, Redis's or memory's)."""
    lti = tool()
    if lti is None or not isinstance(launch_id, str) or not LAUNCH_ID.fullmatch(launch_id):
        return None
    read: dict[str, Any] = g.setdefault("lti_launches", {})
    if launch_id not in read:
        claims = lti.store().get_value(launch_id)
        read[launch_id] = claims if isinstance(claims, dict) else None
    return read[launch_id]


def exercise_launch(launch_id: Any, exercise_id: str) -> dict[str, Any]:
    """The claims of a launch that opened this exercise; InputError on `lti` naming why not."""
    if tool() is None:
        raise InputError("lti", "this server takes no LMS launches (it was started without --lti-config)")
    claims = launch_claims(launch_id)
    if claims is None:
        raise InputError("lti", "this course launch is unknown or has expired: open the exercise again from your course")
    if exercise_of(claims) != exercise_id:
        raise InputError("lti", "this course launch opened another exercise")
    return claims


def whose(fields: Mapping[str, Any], exercise_id: str) -> Identity:
    """Whose check, hint or solution this is: the LMS user of `lti` when given (the link's `student` and the
    browser's `learner` are then ignored), else `student` / `learner` as server/practice/identity.py reads them."""
    if not fields.get("lti"):
        return read_identity(fields)
    claims = exercise_launch(fields["lti"], exercise_id)
    return Identity(display_name(claims), None, lms_user(claims))


def launch_link(fields: Mapping[str, Any], exercise_id: str) -> str | None:
    """The course link a check's launch came from (attempts keep it: a "best" grade is per link); None without one."""
    return resource_link(exercise_launch(fields["lti"], exercise_id)) if fields.get("lti") else None


def lms_student(fields: Mapping[str, Any], exercise_id: str) -> dict[str, Any]:
    """The student copy's `lms` field for a page opened from a course: {student, course, graded}; {} otherwise."""
    if not fields.get("lti"):
        return {}
    claims = exercise_launch(fields["lti"], exercise_id)
    return {"lms": {"student": display_name(claims), "course": course_title(claims), "graded": has_grades(claims)}}


def teaches_exercise(launch_id: str, exercise_id: str) -> bool:
    """Whether the launch is a teacher's of a course this exercise was added to by deep linking."""
    claims = launch_claims(launch_id)
    where = None if claims is None else course(claims)
    return (claims is not None and where is not None and teaches(claims)
            and course_has(current_app.extensions["minimax_store"], exercise_id, *where))


def grade_to_lms(launch_id: Any, exercise_id: str, grade: str, identity: Identity, score: float) -> dict[str, Any] | None:
    """Send this check's grade (the student's best score so far, or this one: the exercise's `grade` option) to the
    course's gradebook: the check's `lms` field ({sent, points, out_of, grade} or {sent: false, error, grade}); None
    for a check not made from a graded course link."""
    lti = tool()
    claims = launch_claims(launch_id) if launch_id else None
    if lti is None or claims is None or identity.lms_user is None or not has_grades(claims):
        return None
    scores = current_app.extensions["minimax_store"].link_scores(exercise_id, identity.lms_user, resource_link(claims))
    counted = counted_index(grade, scores)  # this check's attempt is stored: the last (the course gradebook counts alike)
    score = score if counted is None else scores[counted]
    return {**send_score(lti, launch_id, exercise_id, f"Minimax Lab exercise {exercise_id}", score), "grade": grade}
