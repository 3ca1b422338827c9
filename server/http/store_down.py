"""An outage of the store (or Redis) met by a request: 503 with Retry-After and one log line (server/outages.py),
not a 500 and a traceback. JSON under /api/, as every error there; a page elsewhere. A database error that is a
bug stays a 500 (server/http/errors.py)."""

from __future__ import annotations

from typing import Any

from flask import Flask, request
from sqlalchemy.exc import DBAPIError, TimeoutError as PoolTimeout
from werkzeug.exceptions import ServiceUnavailable

from server.http.errors import API_PREFIX, bug_answer, http_error
from server.outages import OUTAGE_SENTENCE, RETRY_AFTER_SECONDS, reported_outage


def register_store_down(app: Flask) -> None:
    @app.errorhandler(DBAPIError)
    @app.errorhandler(PoolTimeout)
    def unreachable(error: Exception) -> Any:
        if not reported_outage(error):
            return bug_answer(app)
        wrapped = ServiceUnavailable(description=OUTAGE_SENTENCE, retry_after=RETRY_AFTER_SECONDS)
        if not request.path.startswith(API_PREFIX):
            return wrapped
        response, status = http_error(wrapped)
        response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response, status
