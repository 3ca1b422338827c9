"""Each attempt says the rule its score was counted by (issue 46): `attempts.rule`, NULL in the rows stored before,
which keep the score they were given under the rule of then ("one-per-slip", search/practice/scoring.py).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    present = {column["name"] for column in sa.inspect(op.get_bind()).get_columns("attempts")}
    if "rule" not in present:  # 0001 makes a new database's tables as they are now, this column included
        op.add_column("attempts", sa.Column("rule", sa.Text(), nullable=True))
