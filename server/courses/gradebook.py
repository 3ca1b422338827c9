"""A course's gradebook (issue 46 part 6): one row per student, one column per exercise, each cell the student's
counted score at that exercise (their best or latest, as the exercise's `grade` option says: server/practice/counted.py,
the rule the LMS gradebook's grade is sent by), and the misconceptions the student showed across the course.

Students are told apart as each exercise's results tell them (server/practice/attempts.py) and joined across
exercises: an LMS user by their LMS identity (issuer, sub); a named student by the name normalised (trimmed, runs of
spaces made one, case folded: "Bob " and "bob" are one student); a student with neither, only an anonymous browser
token, is not listed: a gradebook grades named students, so anonymous students and their attempts are only counted.
An LMS student's cell is what their LMS gradebook last received: counted over the attempts made from the course link
of their latest attempt (a "best" grade is per link). A cell names the rule its score was counted by ("marks", or
"one-per-slip" for an attempt scored before issue 46, which keeps its score).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, NamedTuple

from server.courses.store import GradedAttempt
from server.lti.course_roster import CourseRoster
from server.lti.roster_rows import unique_learners
from server.practice.attempts import name_of
from server.practice.counted import counted_index, lms_counted
from server.practice.names import name_key


class Column(NamedTuple):
    """An exercise of the course as the gradebook shows it."""
    id: str
    title: str  # a short description: its algorithm and size
    grade: str  # "best" or "latest" (its options)
    url: str  # its results page (the key is not in it)


def student_of(attempt: GradedAttempt) -> tuple[str, str] | None:
    """Whose row an attempt belongs to: ("lms", LMS user), ("name", normalised name), or None (anonymous)."""
    if attempt.lms_user is not None:
        return ("lms", attempt.lms_user)
    if attempt.student is not None and attempt.student.strip():
        return ("name", name_key(attempt.student))
    return None


def cell(grade: str, attempts: list[GradedAttempt], lms: bool) -> dict[str, Any] | None:
    """A student's counted score at one exercise, from their attempts at it (oldest first)."""
    if not attempts:
        return None
    if lms:
        chosen = lms_counted(grade, attempts)
    else:
        index = counted_index(grade, [attempt.score for attempt in attempts])
        chosen = None if index is None else attempts[index]
    assert chosen is not None
    return {"score": chosen.score, "attempts": len(attempts), "rule": chosen.rule}


def gradebook(title: str, columns: list[Column], attempts: list[GradedAttempt],
              rosters: list[CourseRoster] | None = None) -> dict[str, Any]:
    """The gradebook's JSON: title, exercises, students (by name, case folded), anonymous ({students, attempts}),
    and `lms_roster` ({learners, not_started, errors}, or null): with the rosters of the LMS courses holding its
    exercises, every learner there is a row, `not_started` when they have no attempt at any of them."""
    grades = {column.id: column.grade for column in columns}
    by_student: dict[tuple[str, str], dict[str, list[GradedAttempt]]] = {}
    names: dict[tuple[str, str], str] = {}
    anonymous_students: dict[str, set[str]] = {column.id: set() for column in columns}
    anonymous_attempts = 0
    for number, attempt in enumerate(attempts):
        who = student_of(attempt)
        if who is None:  # told apart by its browser token, else an attempt of its own (as server/practice/attempts.py)
            anonymous_students[attempt.exercise_id].add(attempt.learner or f"attempt {number}")
            anonymous_attempts += 1
            continue
        by_student.setdefault(who, {}).setdefault(attempt.exercise_id, []).append(attempt)
        spelled = " ".join((attempt.student or "").split())
        if who[0] == "lms" or who not in names:  # an LMS student: the name it gave last; a name: its first spelling
            names[who] = spelled or names.get(who, "LMS student")
    students = []
    for who, per_exercise in by_student.items():
        shown: Counter[str] = Counter()
        found_names: dict[str, str] = {}
        for exercise_attempts in per_exercise.values():
            for attempt in exercise_attempts:
                for found in attempt.misconceptions:
                    shown[found["id"]] += 1
                    found_names.setdefault(found["id"], name_of(found))
        students.append({
            "name": names[who],
            "lms": who[0] == "lms",
            "scores": {column.id: cell(grades[column.id], per_exercise.get(column.id, []), who[0] == "lms") for column in columns},
            "misconceptions": [{"id": m, "name": found_names[m], "count": n} for m, n in sorted(shown.items(), key=lambda e: (-e[1], e[0]))],
            "not_started": False,
        })
    learners = unique_learners(rosters or [])
    for member in learners:
        if ("lms", member.user) not in by_student:
            students.append({"name": member.name, "lms": True, "scores": {column.id: None for column in columns},
                             "misconceptions": [], "not_started": True})
    students.sort(key=lambda s: (name_key(s["name"]), s["lms"], s["name"]))
    every_anonymous = set().union(*anonymous_students.values()) if anonymous_students else set()
    return {
        "title": title,
        "exercises": [{**column._asdict(), "anonymous_students": len(anonymous_students[column.id])} for column in columns],
        "students": students,
        "anonymous": {"students": len(every_anonymous), "attempts": anonymous_attempts},
        "lms_roster": None if not rosters else {
            "learners": len(learners), "not_started": sum(1 for s in students if s["not_started"]),
            "errors": [f"{r.title}: {r.error}" for r in rosters if r.error]},
    }
