"""Practice paths in the database (tables practice_paths, path_steps: server/database/tables.py), beside
server/storage.py's Store and through the same Database, as server/courses/store.py keeps courses.

A student on a path is `who`: the text of the tuple their attempts are counted by (server/practice/attempts.py's
whose_attempt: a name as compared, else the page's anonymous learner token), so their steps and their checks of
the steps' trees are read together. A step is inserted at the next free position of that student, or not at all
when another request took the position first (two tabs asking at once): the caller then reads the one stored.
"""

from __future__ import annotations

import json
import secrets
from typing import Any, NamedTuple

from sqlalchemy import func, select

from server.database.engine import utc_now
from server.database.tables import attempts, help_uses, path_steps, practice_paths
from server.practice.help_uses import helped
from server.storage import Bill, Store, stored_size, upsert


class PathRecord(NamedTuple):
    id: str
    title: str
    algorithm: str
    key_hash: str  # sha256 (hex) of the path's results key; the key itself is never stored
    start: str | None = None  # the misconception practised first (a path opened from an exercise's check), or None


class PathStep(NamedTuple):
    """One tree given to one student on a path."""
    who: str
    position: int  # 1, 2, ... per student
    exercise_id: str
    target: str | None  # the misconception it practises; None: a harder tree
    level: int
    student: str | None  # the name as the student's link gave it (shown to the instructor)
    learner: str | None
    created_at: str = ""  # UTC "YYYY-MM-DD HH:MM:SS", set by the store when it is added


class FirstCheck(NamedTuple):
    """The first check of a step's tree, as the path reads it."""
    score: float
    helped: bool  # a hint or the solution on the tree before it, under any name or browser
    misconceptions: list[dict[str, Any]]
    created_at: str


def who_text(who: tuple[str, str]) -> str:
    """A student as `path_steps.who` keeps them: the tuple their attempts are counted by, as JSON text."""
    return json.dumps(list(who), ensure_ascii=False)


def make_path(store: Store, title: str, algorithm: str, key_hash: str, bill: Bill | None = None,
              start: str | None = None) -> str:
    """A new path under a fresh random id (as an exercise's); its id."""
    with store.db.writing(*([bill.lock] if bill else [])) as connection:
        if bill is not None:
            bill.charge(connection, stored_size(title, algorithm, key_hash, start or ""))
        while True:
            path_id = secrets.token_urlsafe(9)  # 72 random bits
            inserted = connection.execute(upsert(connection, practice_paths).values(
                id=path_id, key_hash=key_hash, title=title, algorithm=algorithm, created_at=utc_now(), start=start)
                .on_conflict_do_nothing(index_elements=["id"]).returning(practice_paths.c.id)).first()
            if inserted is not None:  # else an id collision: astronomically rare, draw another
                return path_id


def load_path(store: Store, path_id: str) -> PathRecord | None:
    p = practice_paths.c
    with store.db.reading() as connection:
        row = connection.execute(select(p.id, p.title, p.algorithm, p.key_hash, p.start).where(p.id == path_id)).first()
    return None if row is None else PathRecord(*row)


def steps_of(store: Store, path_id: str, who: str | None = None) -> list[PathStep]:
    """The path's steps, by student then position (only `who`'s when given)."""
    s = path_steps.c
    where = [s.path_id == path_id, *([] if who is None else [s.who == who])]
    with store.db.reading() as connection:
        rows = connection.execute(select(s.who, s.position, s.exercise_id, s.target, s.level, s.student, s.learner,
                                         s.created_at).where(*where).order_by(s.who, s.position)).all()
    return [PathStep(*row) for row in rows]


def add_step(store: Store, path_id: str, step: PathStep, bill: Bill | None = None) -> bool:
    """Store a step at its position; False (nothing stored) when that position is taken already."""
    with store.db.writing(*([bill.lock] if bill else [])) as connection:
        if bill is not None:
            bill.charge(connection, stored_size(step.who, step.exercise_id, step.target or "", step.student or ""))
        inserted = connection.execute(upsert(connection, path_steps).values(
            path_id=path_id, who=step.who, position=step.position, exercise_id=step.exercise_id, target=step.target,
            level=step.level, student=step.student, learner=step.learner, created_at=utc_now())
            .on_conflict_do_nothing(index_elements=["path_id", "who", "position"]).returning(path_steps.c.position)).first()
        return inserted is not None


def first_checks(store: Store, path_id: str, who: str | None = None) -> dict[str, FirstCheck]:
    """{exercise id: the first check of that tree} for the path's trees (only `who`'s, when given), in two queries
    whatever the path's size. Each tree was given to one student alone, so its first check counts whoever sent it,
    and so does help: a hint or the solution on that tree, under any name or browser, at or before the first check
    (times are whole seconds: the same second counts as before) makes it helped. Another name or a second browser
    cannot hide a wrong first check, or the solution read before a right one."""
    s, a, h = path_steps.c, attempts.c, help_uses.c
    given = select(s.exercise_id).where(s.path_id == path_id, *([] if who is None else [s.who == who]))
    with store.db.reading() as connection:
        checks = connection.execute(select(a.exercise_id, a.score, a.help, a.misconceptions, a.created_at)
                                    .where(a.exercise_id.in_(given)).order_by(a.id)).all()
        first_helps = dict(connection.execute(select(h.exercise_id, func.min(h.created_at)).where(h.exercise_id.in_(given))
                                         .group_by(h.exercise_id)).all())
    found: dict[str, FirstCheck] = {}
    for exercise_id, score, help_text, misconceptions, created_at in checks:
        if exercise_id in found:
            continue
        first_help = first_helps.get(exercise_id)
        own = helped(None if help_text is None else json.loads(help_text))  # the help its own student had before it
        found[exercise_id] = FirstCheck(float(score), own or (first_help is not None and first_help <= created_at),
                                        json.loads(misconceptions), created_at)
    return found
