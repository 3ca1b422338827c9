"""Classes per instructor (issue 49 part 5): `class_rooms.instructor`, a keyed hash of the page's instructor key (or
of the address of a client that sends none), so the limit on classes running is an instructor's, and an instructor
can list and end their classes from any tab; the limit per address is only a coarse guard. Rooms recorded before
have it NULL: they count toward their address alone, and end as before.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    present = {column["name"] for column in sa.inspect(op.get_bind()).get_columns("class_rooms")}
    if "instructor" not in present:  # 0001 makes a new database's tables as they are now, this column included
        op.add_column("class_rooms", sa.Column("instructor", sa.Text(), nullable=True))


def downgrade() -> None:
    op.drop_column("class_rooms", "instructor")
