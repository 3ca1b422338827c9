"""Alembic's environment: run by server.database.schema.upgrade on the connection it holds (never from a URL of its
own), inside that connection's transaction, so a migration and the start that asked for it commit together."""

from __future__ import annotations

from alembic import context

from server.database.tables import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=connection.dialect.name == "sqlite")
context.run_migrations()
