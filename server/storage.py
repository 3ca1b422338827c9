"""Saved trees, traces and practice exercises, under random ids that cannot be guessed, with the attempts, help and
mistakes of each exercise: in SQLite (the default, one host) or PostgreSQL (several hosts), through SQLAlchemy Core
(server/database: the tables, the migrations, and how each back end takes a transaction).

A save is one INSERT in one transaction: an item is stored whole or not at all. What counts before it inserts (a
student's attempts, an address's quota) counts inside that transaction, with the writers of the same thing held off
(SQLite: BEGIN IMMEDIATE; PostgreSQL: an advisory lock), so 20 instructors saving at once all land and two checks at
once cannot both take a last attempt, on one process or on many hosts.
"""

from __future__ import annotations

import json
import secrets
from collections import Counter
from pathlib import Path
from typing import Any, Callable, NamedTuple, Protocol, Sequence

from sqlalchemy import ColumnElement, Connection, Table, and_, column, func, literal_column, select
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import OperationalError

from search import InputError
from search.practice.scoring import OLD_RULE, RULE
from server.database import schema, sqlite_file
from server.database.engine import DatabaseError, database_for, utc_now
from server.database.tables import attempts, exercises, help_uses, mistake_counts, roster_entries, settings, traces, trees
from server.practice.names import name_key, tidy_name

# An attempt is a score, how many mistakes, the misconceptions it was given (JSON: [{"id", "name", "marks",
# "nodes"}]) and, only if the student's link or page gave them, a name (`student`) and an anonymous browser
# token (`learner`): no address, cookie or user agent. Mistakes are also summed per (node, kind) as they
# come, so the heat map reads one row per node and kind however many students tried.
# `options`: the exercise's graded-use options as JSON (server/practice/options.py); NULL: the defaults.
# `class_rooms`: each live classroom's record, so a room outlives a Redis restart (server/classroom/room_records.py);
# its `owner` is a keyed hash of the address that made it, as `stored_bytes`' `who`.
# `help_uses`: each hint or solution a student was given (what: "hint", "solution" or "slip"), with the same
# `student` / `learner` as their checks and no address; an attempt's `help` is what its student had used before
# it ({"hints": n, "solution": bool}, server/practice/help_uses.py); NULL: not known (before issue 31, or no identity).
# `lms_user` (attempts, help_uses): the student's LMS identity when the exercise was opened from a course by LTI 1.3
# (server/lti/launches.py: JSON ["issuer", "sub"]); their `student` is then the name the LMS gave, and an attempt's
# `lms_link` the course link it was made from (JSON ["issuer", "deployment", "resource link id"]). `lti_courses`: the LMS
# courses (issuer, context id) an instructor added the exercise to by deep linking, whose instructors' launches open its
# results (server/lti/courses.py).
# `roster_entries` (issue 46, part 3): an exercise's roster, one row per student with the random token of their private
# link (/x/<id>?s=<token>; kept as is, so the instructor can list the links again) and the name as given and as compared
# (server/practice/names.py); an attempt or help use of a roster student names its entry (`roster_entry`), and keeps the
# entry's name as `student`. `student_key`: the name as compared, so "Bob " and "bob" are one student's attempts.
# An attempt's `variant`: the seed of the student's own tree (search/practice/variants.py; NULL: the exercise's tree) and
# `answer`: the answer as checked (JSON), so the instructor can open each student's tree with their answer.
# `practice_paths` and `path_steps` (issue 50, part 4): a path's title, search and key's sha256, and each tree it gave
# each student, in order (server/practice/path_store.py); the student's progress is worked out from those and their
# attempts, never stored.
# `stored_bytes`: the bytes each address stored per time bucket, for the quota (server/quotas.py); `who` is a
# keyed hash of the address (HMAC with `settings`' address_key, made once per database), never the address,
# and rows older than the quota's window are deleted.
ATTEMPTS_WRONG = "attempts_wrong"
"""The mistake_counts kind that counts attempts with one or more mistakes at the node."""
KINDS = ("trees", "traces")
ROW_BYTES = 100
"""What a stored row costs beyond its text (ids, times, numbers, the index): what a quota charges on top."""


class Bill(Protocol):
    """Charges a save's bytes to a quota inside the save's own transaction (server/quotas.py): it raises,
    and nothing is stored, when they do not fit; so two saves at once cannot both take the last byte.
    `lock` names the quota's count, held (server.database.engine.Database.writing) from the charge to the commit."""

    lock: str

    def charge(self, connection: Connection, nbytes: int) -> None: ...


StoreError = DatabaseError
"""The database cannot be used: one line naming it and the problem (python -m server exits 2)."""


class StoredExercise(NamedTuple):
    body: str  # the engine's Exercise.to_json(), as JSON text
    key_hash: str  # sha256 (hex) of the instructor's results key; the key itself is never stored
    options: str | None = None  # the graded-use options as JSON text; None: the defaults
    variants: str | None = None  # "per-student" or "per-attempt"; None: one tree for all
    roster: bool = False  # whether it was made with a roster (then every check is a roster student's or an LMS user's)


class RosterEntry(NamedTuple):
    """One student of an exercise's roster and the token of their private link."""
    id: int
    name: str
    token: str
    position: int


class Attempt(NamedTuple):
    """One check of an exercise, as the results read it back."""
    id: int
    created_at: str  # UTC, "YYYY-MM-DD HH:MM:SS" (as SQLite's CURRENT_TIMESTAMP)
    score: float
    mistakes: int
    student: str | None
    learner: str | None
    misconceptions: list[dict[str, Any]]  # [{"id", "name", "marks", "nodes"}], best first
    help: dict[str, Any] | None = None  # {"hints": n, "solution": bool} used before it; None: not known
    lms_user: str | None = None  # JSON ["issuer", "sub"] when checked from an LMS launch (LTI 1.3)
    rule: str = OLD_RULE  # the rule its score was counted by (search/practice/scoring.py); older attempts keep theirs
    roster_entry: int | None = None  # the roster entry whose check it was
    variant: str | None = None  # the seed of the student's own tree it was checked against; None: the exercise's tree
    answer: str | None = None  # the answer as checked (JSON text); None: not kept (before issue 46's part 4)


class Store:
    """Trees (normalised JSON), traces (JSON Lines) and exercises by id; attempts, help and mistakes by exercise."""

    def __init__(self, where: str | Path) -> None:
        """Open (or create) the database and check it at once, so a bad path, a damaged file or an unreachable
        server is one clear line at start rather than a 500 at an instructor's first save. `where`: a path (an
        SQLite file), `sqlite:///PATH` or `postgresql://USER:PASSWORD@HOST:PORT/NAME`."""
        self.db = database_for(where)
        if self.db.path is not None:
            sqlite_file.prepare(self.db.path)
        try:
            with self.db.writing(schema.LOCK) as connection:  # one transaction: processes starting at once migrate once
                schema.upgrade(connection)
                connection.execute(upsert(connection, settings).values(name="address_key", value=secrets.token_hex(32))
                                   .on_conflict_do_nothing(index_elements=["name"]))
                self.address_key: str = connection.execute(select(settings.c.value).where(settings.c.name == "address_key")).scalar_one()
        except OperationalError as exc:
            raise StoreError(self.db.name, sqlite_file.problem(exc) if self.db.path else postgres_problem(exc)) from None

    def close(self) -> None:
        """Let go of the database's pooled connections (python -m server, before gunicorn forks its worker)."""
        self.db.dispose()

    def save(self, kind: str, body: str, bill: Bill | None = None) -> str:
        assert kind in KINDS
        table = trees if kind == "trees" else traces
        return self._insert_with_new_id(table, {"body": body}, bill)

    def _insert_with_new_id(self, table: Table, values: dict[str, Any], bill: Bill | None = None,
                            then: Callable[[Connection, str], None] | None = None) -> str:
        """Insert a row with a fresh random id and `values`; the id. With `bill`, its bytes (the text stored and
        ROW_BYTES) are charged in the same transaction, before the insert; `then(connection, id)` runs in it too (an
        exercise's roster: stored with it or not at all)."""
        with self.db.writing(*([bill.lock] if bill else [])) as connection:
            if bill is not None:
                bill.charge(connection, stored_size(*values.values()))
            while True:
                item_id = secrets.token_urlsafe(9)  # 72 random bits
                inserted = connection.execute(upsert(connection, table).values(id=item_id, created_at=utc_now(), **values)
                                              .on_conflict_do_nothing(index_elements=["id"]).returning(table.c.id)).first()
                if inserted is not None:  # else an id collision: astronomically rare, draw another
                    if then is not None:
                        then(connection, item_id)
                    return item_id

    def load(self, kind: str, item_id: str) -> str | None:
        assert kind in KINDS
        table = trees if kind == "trees" else traces
        with self.db.reading() as connection:
            return connection.execute(select(table.c.body).where(table.c.id == item_id)).scalar_one_or_none()

    def holds(self, kind: str, item_id: str) -> bool:
        """Whether a tree, trace or exercise (`kind`: trees, traces, exercises) is stored under `item_id`: one indexed
        lookup that reads no body (a page's not-found check must not read a 5 MB trace to say it exists)."""
        table = {"trees": trees, "traces": traces, "exercises": exercises}[kind]
        with self.db.reading() as connection:
            return connection.execute(select(1).where(table.c.id == item_id)).first() is not None

    def save_exercise(self, body: str, key_hash: str, options: str | None = None, bill: Bill | None = None,
                      variants: str | None = None, roster: Sequence[str] = ()) -> str:
        """Store an exercise, and its `roster` (names; issue 46) in the same transaction: all of it or nothing."""
        def add_roster(connection: Connection, exercise_id: str) -> None:
            self._add_roster(connection, exercise_id, roster, bill)
        values = {"key_hash": key_hash, "body": body, "options": options, "variants": variants}
        return self._insert_with_new_id(exercises, values, bill, add_roster if roster else None)

    def load_exercise(self, exercise_id: str) -> StoredExercise | None:
        e = exercises.c
        with self.db.reading() as connection:
            row = connection.execute(select(e.body, e.key_hash, e.options, e.variants).where(e.id == exercise_id)).first()
            if row is None:
                return None
            roster = connection.execute(select(1).where(roster_entries.c.exercise_id == exercise_id).limit(1)).first() is not None
        return StoredExercise(*row, roster=roster)

    def add_roster(self, exercise_id: str, names: Sequence[str], bill: Bill | None = None, most: int | None = None) -> list[RosterEntry]:
        """Add `names` (validated: server/practice/roster.py) to the exercise's roster, after those it has, each with a
        new token; all or none (InputError naming `roster[i]` for a name already on it, or past `most` in all)."""
        with self.db.writing(*([bill.lock] if bill else []), f"roster:{exercise_id}") as connection:
            return self._add_roster(connection, exercise_id, names, bill, most)

    @staticmethod
    def _add_roster(connection: Connection, exercise_id: str, names: Sequence[str], bill: Bill | None,
                    most: int | None = None) -> list[RosterEntry]:
        r = roster_entries.c
        held = dict(connection.execute(select(r.name_key, r.name).where(r.exercise_id == exercise_id)).all())
        if most is not None and len(held) + len(names) > most:
            raise InputError("roster", f"an exercise's roster holds at most {most:,} names: it has {len(held):,}, "
                                       f"{len(names):,} more would make {len(held) + len(names):,}")
        for i, name in enumerate(names):
            if name_key(name) in held:
                raise InputError(f"roster[{i}]", f"{held[name_key(name)]!r} is already on the roster")
        start = connection.execute(select(func.coalesce(func.max(r.position), -1)).where(r.exercise_id == exercise_id)).scalar_one()
        rows = [{"exercise_id": exercise_id, "token": secrets.token_urlsafe(18), "name": tidy_name(name), "name_key": name_key(name),
                 "position": start + 1 + i, "created_at": utc_now()} for i, name in enumerate(names)]
        if bill is not None:
            bill.charge(connection, sum(stored_size(row["token"], row["name"], row["name_key"]) for row in rows))
        if rows:
            connection.execute(roster_entries.insert(), rows)
        added = connection.execute(select(r.id, r.name, r.token, r.position).where(
            r.exercise_id == exercise_id, r.position > start).order_by(r.position)).all()
        return [RosterEntry(*row) for row in added]

    def roster(self, exercise_id: str) -> list[RosterEntry]:
        """The exercise's roster, in its order (the order the names were given, additions last)."""
        r = roster_entries.c
        with self.db.reading() as connection:
            rows = connection.execute(select(r.id, r.name, r.token, r.position).where(r.exercise_id == exercise_id)
                                      .order_by(r.position)).all()
        return [RosterEntry(*row) for row in rows]

    def roster_entry(self, exercise_id: str, token: str) -> RosterEntry | None:
        """The roster entry of this exercise whose link carries `token`; None for a token not on its roster."""
        r = roster_entries.c
        with self.db.reading() as connection:
            row = connection.execute(select(r.id, r.name, r.token, r.position).where(
                r.exercise_id == exercise_id, r.token == token)).first()
        return None if row is None else RosterEntry(*row)

    def add_attempt(self, exercise_id: str, score: float, mistakes: list[tuple[str, str]],
                    misconceptions: Sequence[dict[str, Any]] = (), student: str | None = None, learner: str | None = None,
                    allowed: int | None = None, help: dict[str, Any] | None = None, bill: Bill | None = None,
                    lms_user: str | None = None, lms_link: str | None = None, rule: str = RULE,
                    roster_entry: int | None = None, variant: str | None = None, answer: str | None = None) -> bool:
        """Store one attempt, and add its mistakes' (node, kind) to the exercise's counts, all in one
        transaction (an attempt counts whole or not at all). With `allowed`, store nothing and answer
        False when the same student (by LMS identity, else by name if given, else by learner) already has that many: the
        count and the insert are one transaction, the student's attempts locked, so two checks at once cannot both pass
        the last. `help`: what the student had used before it (None: not known). `rule`: what the score was counted by.
        `roster_entry`: the roster student's entry (counted by it); `variant`: the seed of their own tree; `answer`: the
        answer as checked (JSON text). With `bill`, the attempt's bytes are charged in that transaction too."""
        counts = Counter(mistakes)
        counts.update((node, ATTEMPTS_WRONG) for node in {node for node, _ in mistakes})
        whose = self._whose(student, learner, lms_user, roster_entry)
        locks = [bill.lock] if bill else []
        if allowed is not None and whose is not None:
            locks.append(f"attempts:{exercise_id}:{whose[1]}")
        with self.db.writing(*locks) as connection:
            if allowed is not None and self._used(connection, exercise_id, whose) >= allowed:
                return False
            kept = json.dumps(list(misconceptions))
            helped = None if help is None else json.dumps(help)
            if bill is not None:
                bill.charge(connection, stored_size(kept, student, learner, helped, lms_user, lms_link, variant, answer,
                                                    student))  # + mistake_counts rows
            connection.execute(attempts.insert().values(
                exercise_id=exercise_id, score=score, mistakes=len(mistakes), created_at=utc_now(), student=student,
                learner=learner, misconceptions=kept, help=helped, lms_user=lms_user, lms_link=lms_link, rule=rule,
                roster_entry=roster_entry, variant=variant, answer=answer, student_key=None if student is None else name_key(student)))
            if counts:
                added = upsert(connection, mistake_counts)
                connection.execute(added.on_conflict_do_update(
                    index_elements=["exercise_id", "node", "kind"], set_={"count": mistake_counts.c.count + added.excluded.count}),
                    [{"exercise_id": exercise_id, "node": node, "kind": kind, "count": n} for (node, kind), n in counts.items()])
            return True

    @staticmethod
    def _whose(student: str | None, learner: str | None, lms_user: str | None = None,
               roster_entry: int | None = None) -> tuple[ColumnElement[bool], str] | None:
        """The condition and value that find one student's rows: by roster entry if given, else LMS identity if given,
        else by name if given (as compared: server/practice/names.py, so "Bob " is "bob"), else the learner's rows
        without a name (as server/practice/attempts.py numbers attempts); None for none.
        (attempts and help_uses share these column names.)"""
        if roster_entry is not None:
            return column("roster_entry") == roster_entry, f"roster:{roster_entry}"
        if lms_user is not None:
            return column("lms_user") == lms_user, lms_user
        if student is not None:
            key = name_key(student)
            return and_(column("student_key") == key, column("lms_user").is_(None), column("roster_entry").is_(None)), f"name:{key}"
        return None if learner is None else (and_(column("learner") == learner, column("student").is_(None)), learner)

    @staticmethod
    def _used(connection: Connection, exercise_id: str, whose: tuple[ColumnElement[bool], str] | None) -> int:
        if whose is None:
            return 0
        return int(connection.execute(select(func.count()).select_from(attempts)
                                      .where(attempts.c.exercise_id == exercise_id, whose[0])).scalar_one())

    def attempts_used(self, exercise_id: str, student: str | None, learner: str | None, lms_user: str | None = None,
                      roster_entry: int | None = None) -> int:
        """How many attempts this student has stored: by roster entry, else LMS identity, else by name if given, else the
        learner's attempts without a name (as server/practice/attempts.py numbers them); 0 for none."""
        with self.db.reading() as connection:
            return self._used(connection, exercise_id, self._whose(student, learner, lms_user, roster_entry))

    def link_scores(self, exercise_id: str, lms_user: str, lms_link: str) -> list[float]:
        """The scores of this LMS student's attempts made from this course link, oldest first: what a grade sent to that
        link's gradebook column is counted from (server/practice/counted.py)."""
        a = attempts.c
        with self.db.reading() as connection:
            rows = connection.execute(select(a.score).where(a.exercise_id == exercise_id, a.lms_user == lms_user,
                                                            a.lms_link == lms_link).order_by(a.id)).scalars().all()
        return [float(score) for score in rows]

    def attempts(self, exercise_id: str, attempt_id: int | None = None, with_answers: bool = False) -> list[Attempt]:
        """Every attempt at the exercise, oldest first (only `attempt_id`'s, when given); their answers only if asked
        (a class's answers are the biggest part of its rows, and the summary never reads them)."""
        a = attempts.c
        where = [a.exercise_id == exercise_id, *([] if attempt_id is None else [a.id == attempt_id])]
        answer = a.answer if with_answers else null_text()
        with self.db.reading() as connection:
            rows = connection.execute(select(a.id, a.created_at, a.score, a.mistakes, a.student, a.learner, a.misconceptions,
                                             a.help, a.lms_user, a.rule, a.roster_entry, a.variant, answer)
                                      .where(*where).order_by(a.id)).all()
        return [Attempt(*row[:6], json.loads(row[6]), None if row[7] is None else json.loads(row[7]), row[8], row[9] or OLD_RULE,
                        *row[10:]) for row in rows]

    def add_help_use(self, exercise_id: str, what: str, student: str | None, learner: str | None,
                     bill: Bill | None = None, lms_user: str | None = None, roster_entry: int | None = None) -> None:
        """Note that a student was given help (`what`: "hint", "solution" or "slip"); no address is kept. With
        `bill`, the row's bytes are charged in the same transaction."""
        with self.db.writing(*([bill.lock] if bill else [])) as connection:
            if bill is not None:
                bill.charge(connection, stored_size(exercise_id, what, student, learner, lms_user))
            connection.execute(help_uses.insert().values(exercise_id=exercise_id, what=what, student=student, learner=learner,
                                                         created_at=utc_now(), lms_user=lms_user, roster_entry=roster_entry,
                                                         student_key=None if student is None else name_key(student)))

    def help_used(self, exercise_id: str, student: str | None, learner: str | None,
                  lms_user: str | None = None, roster_entry: int | None = None) -> dict[str, int] | None:
        """How many of each help this student has been given at the exercise ({"hint": 3, ...}); None for a
        request that says not whose it is (its help cannot be known)."""
        whose = self._whose(student, learner, lms_user, roster_entry)
        if whose is None:
            return None
        h = help_uses.c
        with self.db.reading() as connection:
            rows = connection.execute(select(h.what, func.count()).select_from(help_uses)
                                      .where(h.exercise_id == exercise_id, whose[0]).group_by(h.what)).all()
        return {what: int(n) for what, n in rows}

    def mistake_counts(self, exercise_id: str) -> list[tuple[str, str, int]]:
        """(node, kind, count) of every mistake made at the exercise so far, and (node,
        "attempts_wrong", attempts with a mistake there)."""
        m = mistake_counts.c
        with self.db.reading() as connection:
            return [tuple(row) for row in connection.execute(select(m.node, m.kind, m.count).where(m.exercise_id == exercise_id))]  # type: ignore[misc]


def null_text() -> Any:
    """A NULL in a select's column list (a column not read)."""
    return literal_column("NULL")


def upsert(connection: Connection, table: Table) -> Any:
    """The dialect's INSERT with ON CONFLICT (SQLite's and PostgreSQL's read the same)."""
    return (postgresql_insert if connection.dialect.name == "postgresql" else sqlite_insert)(table)


def postgres_problem(exc: OperationalError) -> str:
    """What psycopg said, on one line (cannot connect, no such database, wrong password)."""
    return "cannot be used: " + " ".join(str(exc.orig).split())


def stored_size(*texts: object) -> int:
    """The bytes a row of these values costs a quota: its texts (UTF-8) and ROW_BYTES."""
    return ROW_BYTES + sum(len(text.encode("utf-8")) for text in texts if isinstance(text, str))
