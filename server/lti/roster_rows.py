"""The LMS roster beside an exercise's results and a course's gradebook (course_roster.py reads it): each learner of
the courses the exercises were added to, and whether they have started, matched to attempts by their LMS identity
(issuer and sub, as attempts keep it), never by name.

The results' `lms_roster` (null when no LMS course with a roster holds the exercise):
    {"courses": [{"title", "error" (null, or why the LMS's roster could not be read),
                  "members": [{"name", "status": "started" | "not started", "attempts", "best"}]}],
     "learners", "not_started"}   (each learner counted once, however many of the courses list them)
"""

from __future__ import annotations

from typing import Any, Iterable, Protocol

from server.lti.course_roster import CourseRoster, Member, exercise_places
from server.storage import Store


class Scored(Protocol):
    lms_user: str | None
    score: float


def course_rosters(store: Store, tool: Any, exercise_ids: Iterable[str]) -> list[CourseRoster]:
    """The rosters of the LMS courses holding these exercises (none without an LTI tool)."""
    return [] if tool is None else [tool.rosters.read(tool, place) for place in exercise_places(store, exercise_ids)]


def results_roster(rosters: list[CourseRoster], attempts: Iterable[Scored]) -> dict[str, Any] | None:
    """The results' `lms_roster` field for an exercise's attempts."""
    if not rosters:
        return None
    by_user: dict[str, list[float]] = {}
    for attempt in attempts:
        if attempt.lms_user is not None:
            by_user.setdefault(attempt.lms_user, []).append(attempt.score)
    courses, learners = [], set()
    for roster in rosters:
        members = []
        for member in roster.members:
            scores = by_user.get(member.user, [])
            learners.add(member.user)
            members.append({"name": member.name, "status": "started" if scores else "not started",
                            "attempts": len(scores), "best": max(scores) if scores else None})
        courses.append({"title": roster.title, "error": roster.error, "members": members})
    return {"courses": courses, "learners": len(learners), "not_started": len(learners - set(by_user))}


def unique_learners(rosters: list[CourseRoster]) -> list[Member]:
    """Every learner of these rosters once, in the order first listed."""
    seen: dict[str, Member] = {}
    for roster in rosters:
        for member in roster.members:
            seen.setdefault(member.user, member)
    return list(seen.values())
