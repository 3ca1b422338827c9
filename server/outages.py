"""What the server depends on being away for a moment (its database, Redis): told from a bug, logged in a line.

A PostgreSQL restart, a network fault or a Redis that restarts is not a bug of ours, and each message or request
that met one wrote a traceback. Here such an error is an outage: logged once per OUTAGE_LOG_SECONDS for each kind
(server/bounded_log.py), and answered with OUTAGE_SENTENCE (HTTP: 503 with Retry-After, server/http/store_down.py;
a class message: its error). Nothing has to be restarted when it is back: PostgreSQL's pool checks a connection
before lending it (pool_pre_ping, server/database/engine.py), SQLite opens its file per request, and the Redis
client connects again on its next call. A database error that is a bug (SQLite's "no such table" is an
OperationalError too) is not an outage.
"""

from __future__ import annotations

import logging

from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError, TimeoutError as PoolTimeout

from server.bounded_log import BoundedLog

log = logging.getLogger(__name__)

OUTAGE_LOG_SECONDS = 60.0
"""The store or Redis away is logged once per kind of fault per this many seconds, with how many more there were."""
RETRY_AFTER_SECONDS = 5
OUTAGE_SENTENCE = "the store is unreachable just now: try again in a few seconds"

SQLITE_FAULTS = ("database is locked", "unable to open database file", "disk i/o error", "database or disk is full",
                 "readonly database")
"""What SQLite says when its file cannot be used just now (not "no such table", which is a bug)."""

_outages = BoundedLog("store is unreachable", OUTAGE_LOG_SECONDS, log)


def store_unreachable(error: BaseException) -> bool:
    """Whether a database error means the store cannot be used just now, rather than a bug of ours."""
    if isinstance(error, PoolTimeout):  # every pooled connection busy for BUSY_SECONDS
        return True
    if not isinstance(error, DBAPIError):
        return False
    if error.connection_invalidated or isinstance(error, InterfaceError):
        return True
    if not isinstance(error, OperationalError):
        return False
    if type(error.orig).__module__.startswith("psycopg"):  # psycopg's OperationalError: the connection, not the SQL
        return True
    return any(fault in str(error.orig).lower() for fault in SQLITE_FAULTS)


def redis_unreachable(error: BaseException) -> bool:
    """A Redis that refused, dropped or did not answer a call (redis-py's ConnectionError, TimeoutError); redis is
    not imported here: only a deployment with a message queue has it."""
    return type(error).__module__.startswith("redis") and type(error).__name__ in ("ConnectionError", "TimeoutError")


def is_outage(error: BaseException) -> bool:
    """The store or Redis away for a moment, not a bug."""
    return store_unreachable(error) or redis_unreachable(error)


def reported_outage(error: BaseException) -> bool:
    """True, and a line in the log (at most one per kind per OUTAGE_LOG_SECONDS), if `error` is an outage."""
    if store_unreachable(error):
        where = "database"
    elif redis_unreachable(error):
        where = "Redis"
    else:
        return False
    cause = getattr(error, "orig", None) or error
    _outages.report(f"{where}: {type(cause).__name__}", " ".join(str(cause).split())[:200])
    return True
