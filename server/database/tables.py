"""The tables, as SQLAlchemy Core declares them for both back ends (SQLite and PostgreSQL).

Columns keep the types and names the SQLite files have had since issue 26, so a file written by an older version
is the same schema once migrated (server/database/migrations). Times stored as text are UTC "YYYY-MM-DD HH:MM:SS",
written by the server (server.database.engine.utc_now), so both back ends store the same text.
What each table holds, and why no address is ever kept: server/storage.py.
"""

from __future__ import annotations

from sqlalchemy import BigInteger, Column, Float, ForeignKey, Index, Integer, MetaData, Table, Text, UniqueConstraint, text

metadata = MetaData()
NOW = text("CURRENT_TIMESTAMP")  # a row inserted by an older version's SQL; ours always give the time
NO_ROWID = {"sqlite_with_rowid": False}  # as the old SQLite schema: a table keyed by its primary key alone

trees = Table("trees", metadata,
              Column("id", Text, primary_key=True), Column("body", Text, nullable=False),
              Column("created_at", Text, nullable=False, server_default=NOW))
traces = Table("traces", metadata,
               Column("id", Text, primary_key=True), Column("body", Text, nullable=False),
               Column("created_at", Text, nullable=False, server_default=NOW))
exercises = Table("exercises", metadata,
                  Column("id", Text, primary_key=True), Column("key_hash", Text, nullable=False),
                  Column("body", Text, nullable=False), Column("created_at", Text, nullable=False, server_default=NOW),
                  Column("options", Text),
                  Column("variants", Text))  # "per-student" or "per-attempt" (issue 46); NULL: one tree for all ("same")
attempts = Table("attempts", metadata,
                 Column("id", Integer, primary_key=True),
                 Column("exercise_id", Text, ForeignKey("exercises.id"), nullable=False),
                 Column("score", Float, nullable=False), Column("mistakes", Integer, nullable=False),
                 Column("created_at", Text, nullable=False, server_default=NOW),
                 Column("student", Text), Column("learner", Text),
                 Column("misconceptions", Text, nullable=False, server_default=text("'[]'")),
                 Column("help", Text), Column("lms_user", Text), Column("lms_link", Text),
                 Column("rule", Text),  # how its score was counted (search/practice/scoring.py); NULL: before issue 46
                 # Issue 46, parts 3 and 4 (migration 0003): the roster entry whose check it is; the seed of the student's
                 # own tree it was checked against (NULL: the exercise's tree); the answer as checked (JSON), so the
                 # instructor can open it on that tree; the student's name as compared (server/practice/names.py).
                 Column("roster_entry", Integer), Column("variant", Text), Column("answer", Text), Column("student_key", Text),
                 Index("attempts_by_exercise", "exercise_id"))
help_uses = Table("help_uses", metadata,
                  Column("id", Integer, primary_key=True),
                  Column("exercise_id", Text, ForeignKey("exercises.id"), nullable=False),
                  Column("what", Text, nullable=False), Column("student", Text), Column("learner", Text),
                  Column("created_at", Text, nullable=False, server_default=NOW), Column("lms_user", Text),
                  Column("roster_entry", Integer), Column("student_key", Text),  # as attempts' (migration 0003)
                  Index("help_uses_by_exercise", "exercise_id"))
roster_entries = Table("roster_entries", metadata,  # an exercise's roster (issue 46, part 3): one private link each
                       Column("id", Integer, primary_key=True),
                       Column("exercise_id", Text, ForeignKey("exercises.id"), nullable=False),
                       Column("token", Text, nullable=False, unique=True),  # the link's ?s=, secrets.token_urlsafe
                       Column("name", Text, nullable=False), Column("name_key", Text, nullable=False),
                       Column("position", Integer, nullable=False),
                       Column("created_at", Text, nullable=False, server_default=NOW),
                       UniqueConstraint("exercise_id", "name_key", name="roster_entries_one_name"))
mistake_counts = Table("mistake_counts", metadata,
                       Column("exercise_id", Text, ForeignKey("exercises.id"), primary_key=True),
                       Column("node", Text, primary_key=True), Column("kind", Text, primary_key=True),
                       Column("count", Integer, nullable=False), **NO_ROWID)
class_rooms = Table("class_rooms", metadata,
                    Column("code", Text, primary_key=True), Column("key_hash", Text, nullable=False),
                    Column("owner", Text, nullable=False), Column("request", Text), Column("search_id", Text),
                    Column("step", Integer, nullable=False, server_default=text("-1")),
                    Column("held", Integer, nullable=False, server_default=text("0")),
                    Column("active_at", Float, nullable=False), Column("present_at", Float, nullable=False),
                    # Who made it (issue 49): a keyed hash of the page's instructor key, or of the address for a client
                    # that sends none; NULL for a room recorded before (counted by its address alone).
                    Column("instructor", Text), **NO_ROWID)
settings = Table("settings", metadata,
                 Column("name", Text, primary_key=True), Column("value", Text, nullable=False), **NO_ROWID)
lti_courses = Table("lti_courses", metadata,
                    Column("exercise_id", Text, ForeignKey("exercises.id"), primary_key=True),
                    Column("issuer", Text, primary_key=True), Column("deployment", Text, primary_key=True),
                    Column("context", Text, primary_key=True),
                    Column("created_at", Text, nullable=False, server_default=NOW), **NO_ROWID)
# Where an LMS course's roster is (issue 51: LTI Names and Role Provisioning Services): the memberships URL its
# launches offer, and the client id whose token may read it (server/lti/course_roster.py). One row per course.
lti_rosters = Table("lti_rosters", metadata,
                    Column("issuer", Text, primary_key=True), Column("deployment", Text, primary_key=True),
                    Column("context", Text, primary_key=True), Column("client_id", Text, nullable=False),
                    Column("memberships_url", Text, nullable=False), Column("title", Text, nullable=False),
                    Column("updated_at", Text, nullable=False, server_default=NOW), **NO_ROWID)
# A course (issue 46): exercises grouped under a key of its own (only its sha256 kept), for one gradebook
# (server/courses). `position`: the order exercises were added in, the gradebook's columns.
courses = Table("courses", metadata,
                Column("id", Text, primary_key=True), Column("key_hash", Text, nullable=False),
                Column("title", Text, nullable=False), Column("created_at", Text, nullable=False, server_default=NOW))
course_exercises = Table("course_exercises", metadata,
                         Column("course_id", Text, ForeignKey("courses.id"), primary_key=True),
                         Column("exercise_id", Text, ForeignKey("exercises.id"), primary_key=True),
                         Column("position", Integer, nullable=False),
                         Column("created_at", Text, nullable=False, server_default=NOW), **NO_ROWID)
# A practice path (issue 50, part 4): a title, the search it practises and its results key's sha256; `path_steps`: each
# tree given to each student on it, in order (`who`: the student as their attempts are counted, server/practice/path_store.py),
# with the idea it practises (`target`, a misconception's id; NULL: a harder tree at `level`). Progress is read from the
# steps and the attempts at their exercises (search/practice/path.py), never stored.
practice_paths = Table("practice_paths", metadata,
                       Column("id", Text, primary_key=True), Column("key_hash", Text, nullable=False),
                       Column("title", Text, nullable=False), Column("algorithm", Text, nullable=False),
                       Column("created_at", Text, nullable=False, server_default=NOW),
                       Column("start", Text))  # the misconception the path practises first (migration 0008), or NULL
path_steps = Table("path_steps", metadata,
                   Column("path_id", Text, ForeignKey("practice_paths.id"), primary_key=True),
                   Column("who", Text, primary_key=True), Column("position", Integer, primary_key=True),
                   Column("exercise_id", Text, ForeignKey("exercises.id"), nullable=False),
                   Column("target", Text), Column("level", Integer, nullable=False),
                   Column("student", Text), Column("learner", Text),
                   Column("created_at", Text, nullable=False, server_default=NOW), **NO_ROWID)
stored_bytes = Table("stored_bytes", metadata,
                     Column("who", Text, primary_key=True), Column("bucket", BigInteger, primary_key=True),
                     Column("bytes", BigInteger, nullable=False), **NO_ROWID)
