"""A REST refusal other than 400 (a wrong key's 403, an unknown item's 404, a conflict's 409): raised where it is
found, answered as `{"error": message}` with its status by the blueprint that registers `refused` (the courses and
the practice paths)."""

from __future__ import annotations

from flask import Response, jsonify


class Refused(Exception):
    """An answer other than 400: (status, message)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def refused(error: Refused) -> tuple[Response, int]:
    return jsonify(error=str(error)), error.status
