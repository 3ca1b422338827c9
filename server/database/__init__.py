"""Where saved work lives: one SQLAlchemy engine per database (SQLite, the default, or PostgreSQL for several
hosts), its tables, and the Alembic migrations that bring any older file or database up to them (docs/deploy.md).

server/storage.py and server/classroom/room_records.py say what is stored; this package says where and how a
transaction is taken on each back end, so they read the same on both.
"""
