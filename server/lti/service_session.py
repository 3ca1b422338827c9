"""The HTTP session the tool calls a platform with (its token, grades and roster endpoints, and a registration's
configuration): pylti1p3's calls get a timeout, which requests leaves out (a hung LMS would hold a Check)."""

from __future__ import annotations

from typing import Any

import requests

SERVICE_TIMEOUT_SECONDS = 10
"""A platform's token, line item and score endpoints must answer within this (a Check waits for the score's post)."""


class TimedSession(requests.Session):
    """pylti1p3's calls to the platform with a timeout (requests has none by default: a hung LMS would hold a Check)."""

    def request(self, *args: Any, **kwargs: Any) -> requests.Response:  # type: ignore[override]
        kwargs.setdefault("timeout", SERVICE_TIMEOUT_SECONDS)
        return super().request(*args, **kwargs)


def service_session() -> requests.Session:
    session = TimedSession()
    session.headers["User-Agent"] = "Minimax Lab (LTI 1.3 tool)"
    return session
