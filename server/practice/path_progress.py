"""A practice path's progress as the server reads it (issue 50, part 4): each student's steps and their first checks
of the steps' trees (server/practice/path_store.py), given to the engine's `follow` (search/practice/path.py), for
the student's own page and for the path's results.
"""

from __future__ import annotations

from itertools import groupby
from typing import Any

from search.practice.path import Outcome, Progress, Step, follow, outcome_of
from server.practice.attempts import iso_time
from server.practice.identity import SHORT_LEARNER
from server.practice.path_store import FirstCheck, PathRecord, PathStep, first_checks, steps_of
from server.storage import Store

MAX_LISTED_STUDENTS = 1000
"""Students listed in a path's results, those seen last first (docs/limits.md)."""


def outcome(check: FirstCheck | None) -> Outcome | None:
    """A tree's first check as the engine's path reads it; None: not checked yet."""
    return None if check is None else outcome_of(check.score, check.helped, check.misconceptions)


def followed(steps: list[PathStep], checks: dict[str, FirstCheck], start: str | None = None) -> Progress:
    """One student's progress from their steps, oldest first, and the first checks of the path's trees (`start`: the
    path's first idea, if it has one)."""
    return follow([(Step(s.target, s.level), outcome(checks.get(s.exercise_id))) for s in steps], start)


def student_progress(store: Store, path: PathRecord, who: str) -> tuple[Progress, list[PathStep]]:
    """One student's progress and steps (oldest first)."""
    steps = steps_of(store, path.id, who)
    return followed(steps, first_checks(store, path.id, who), path.start), steps


def path_results(store: Store, path: PathRecord) -> dict[str, Any]:
    """{students: [{student, learner, last, ...progress}], students_count, ideas: [{id, name, students (who showed
    it), mastered (who have it mastered now)}]}: students seen last first, at most MAX_LISTED_STUDENTS."""
    steps = steps_of(store, path.id)
    checks = first_checks(store, path.id)
    rows = []
    for _who, grouped in groupby(steps, key=lambda s: s.who):
        own = list(grouped)
        progress = followed(own, checks, path.start)
        seen = [own[-1].created_at, *(checks[s.exercise_id].created_at for s in own if s.exercise_id in checks)]
        first = own[0]
        rows.append({"student": first.student, "learner": None if first.student or first.learner is None else first.learner[:SHORT_LEARNER],
                     **progress.to_json(), "last": iso_time(max(seen))})
    rows.sort(key=lambda row: row["last"], reverse=True)
    ideas: dict[str, dict[str, Any]] = {}
    for row in rows:
        for idea in row["ideas"]:
            entry = ideas.setdefault(idea["id"], {"id": idea["id"], "name": idea["name"], "students": 0, "mastered": 0})
            entry["students"] += 1
            entry["mastered"] += idea["state"] == "mastered"
    return {"students": rows[:MAX_LISTED_STUDENTS], "students_count": len(rows),
            "ideas": sorted(ideas.values(), key=lambda e: (-e["students"], e["id"]))}
