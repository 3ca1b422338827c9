"""A practice path's first idea (issue 50, part 4): `practice_paths.start`, the misconception a path opened from an
exercise's check practises before anything else (NULL: a path an instructor made, which begins with a generated tree).

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    columns = {column["name"] for column in sa.inspect(op.get_bind()).get_columns("practice_paths")}
    if "start" not in columns:  # 0001 makes a new database's tables as they are now, this column included
        op.add_column("practice_paths", sa.Column("start", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("practice_paths") as batch:
        batch.drop_column("start")
