"""LMS course rosters (issue 51, LTI Names and Role Provisioning Services): `lti_rosters`, where each course's
memberships are read from, as its launches offer them.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from server.database.tables import lti_rosters

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    connection = op.get_bind()
    if lti_rosters.name not in set(sa.inspect(connection).get_table_names()):  # 0001 makes a new database's tables as they are now
        lti_rosters.create(connection)


def downgrade() -> None:
    op.drop_table("lti_rosters")
