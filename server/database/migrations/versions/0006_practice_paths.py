"""Practice paths (issue 50, part 4): `practice_paths` (a path's title, search and results key's sha256) and `path_steps`
(each tree given to each student on a path, in order, with the idea it practises).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from server.database.tables import path_steps, practice_paths

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    connection = op.get_bind()
    present = set(sa.inspect(connection).get_table_names())
    for table in (practice_paths, path_steps):  # 0001 makes a new database's tables as they are now, these included
        if table.name not in present:
            table.create(connection)


def downgrade() -> None:
    op.drop_table("path_steps")
    op.drop_table("practice_paths")
