"""A REST refusal other than 400 (a wrong key's 403, an unknown item's 404, a conflict's 409): raised where it is
found, answered as `{"error": message}` with its status by the blueprint that registers `refused` (the courses and
the practice paths)."""

from __future__ import annotations

from typing import Callable, TypeVar

from flask import Response, jsonify

from server.http.not_found import SAVED_ID

T = TypeVar("T")


class Refused(Exception):
    """An answer other than 400: (status, message)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def refused(error: Refused) -> tuple[Response, int]:
    return jsonify(error=str(error)), error.status


def stored_or_404(load: Callable[[str], T | None], item_id: str, what: str) -> T:
    """The stored item, or Refused 404 naming `what`; an id that cannot be one is not looked up (a NUL never reaches
    PostgreSQL)."""
    item = load(item_id) if SAVED_ID.fullmatch(item_id) else None
    if item is None:
        raise Refused(404, f"no {what} with id {item_id!r}")
    return item
