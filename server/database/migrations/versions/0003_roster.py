"""A name behind every attempt and a tree of one's own (issue 46, parts 3 and 4): an exercise's roster
(`roster_entries`: one private link token per student), exercises' `variants`, attempts' `roster_entry`, `variant`,
`answer` and `student_key`, help uses' `roster_entry` and `student_key`. Old rows have them NULL (no roster, the
exercise's own tree, no answer kept), except `student_key`, filled in from each named row's `student` so that an old
attempt counts towards its student's limit however the name is typed next (server/practice/names.py).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from server.database.tables import roster_entries
from server.practice.names import name_key

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

ADDED_COLUMNS = {"exercises": (("variants", sa.Text),),
                 "attempts": (("roster_entry", sa.Integer), ("variant", sa.Text), ("answer", sa.Text), ("student_key", sa.Text)),
                 "help_uses": (("roster_entry", sa.Integer), ("student_key", sa.Text))}


def upgrade() -> None:
    connection = op.get_bind()
    roster_entries.create(connection, checkfirst=True)  # 0001 makes a new database's tables as they are now, this one too
    inspector = sa.inspect(connection)
    for table, columns in ADDED_COLUMNS.items():
        present = {column["name"] for column in inspector.get_columns(table)}
        for name, kind in columns:
            if name not in present:
                op.add_column(table, sa.Column(name, kind(), nullable=True))
    for table in ("attempts", "help_uses"):
        named = connection.execute(sa.text(f"SELECT DISTINCT student FROM {table} WHERE student IS NOT NULL "
                                           "AND student_key IS NULL")).scalars().all()
        for student in named:
            connection.execute(sa.text(f"UPDATE {table} SET student_key = :key WHERE student = :student AND student_key IS NULL"),
                               {"key": name_key(student), "student": student})
