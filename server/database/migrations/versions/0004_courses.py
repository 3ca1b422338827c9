"""Courses (issue 46 part 6): `courses` (a title and the sha256 of its key) and `course_exercises` (which exercises a
course groups, in the order they were added), for the course gradebook (server/courses).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from server.database.tables import course_exercises, courses

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    connection = op.get_bind()
    present = set(sa.inspect(connection).get_table_names())
    for table in (courses, course_exercises):  # 0001 makes a new database's tables as they are now, these included
        if table.name not in present:
            table.create(connection)
