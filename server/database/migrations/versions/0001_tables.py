"""The tables as of issue 33, made where missing; an SQLite file written before brought up to them in place.

Every database before issue 33 was an SQLite file with no alembic_version table: it starts here too. Its tables
are kept as they are (same names and types: server/database/tables.py declares them), columns added since are
added (exercises' `options`, attempts' `help`, `lms_user`, `lms_link`, help uses' `lms_user`: NULL in old rows,
meaning the defaults or "not known"), and the anonymous `submissions` of before issue 26 become attempts with no
student, learner or misconception (same ids, scores and times).

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from server.database.tables import metadata

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

ADDED_COLUMNS = {"exercises": ("options",), "attempts": ("help", "lms_user", "lms_link"), "help_uses": ("lms_user",)}


def upgrade() -> None:
    connection = op.get_bind()
    metadata.create_all(connection, checkfirst=True)
    inspector = sa.inspect(connection)
    for table, columns in ADDED_COLUMNS.items():
        present = {column["name"] for column in inspector.get_columns(table)}
        for name in columns:
            if name not in present:
                op.add_column(table, sa.Column(name, sa.Text(), nullable=True))
    if inspector.has_table("submissions"):
        op.execute("INSERT INTO attempts (id, exercise_id, score, mistakes, created_at) "
                   "SELECT id, exercise_id, score, mistakes, created_at FROM submissions ORDER BY id")
        op.drop_table("submissions")
