"""Every error under /api/ is JSON ({"error": "..."}), whichever route, blueprint or none, raised it.

A path that matches no route, or a method a route does not take, fails in routing, before any
blueprint is chosen, so a blueprint's handler never sees it; an unexpected exception becomes a
500. Both are answered here, app-wide: JSON under /api/, Flask's own page elsewhere.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, jsonify, request
from werkzeug.exceptions import HTTPException, InternalServerError, MethodNotAllowed

API_PREFIX = "/api/"


def http_error(error: HTTPException) -> tuple[Response, int]:
    """An HTTP error as JSON: its code, name and what went wrong, and the methods a 405 route takes."""
    response = jsonify(error=f"{error.code} {error.name}: {error.description}")
    if isinstance(error, MethodNotAllowed) and error.valid_methods:
        response.headers["Allow"] = ", ".join(error.valid_methods)
    return response, error.code or 500


def register_api_errors(app: Flask) -> None:
    @app.errorhandler(HTTPException)
    def any_http_error(error: HTTPException) -> Any:
        return http_error(error) if request.path.startswith(API_PREFIX) else error

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> Any:
        return bug_answer(app)


def bug_answer(app: Flask) -> Any:
    """A bug (called while handling its exception): logged with its traceback, answered with one line (JSON under /api/)."""
    app.logger.exception("unexpected error on %s %s", request.method, request.path)
    wrapped = InternalServerError(description="the server failed on this request; it is logged")
    return http_error(wrapped) if request.path.startswith(API_PREFIX) else wrapped
