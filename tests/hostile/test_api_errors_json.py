"""Every /api/ error is JSON, whatever raised it: an unknown path, a wrong method, a route's refusal."""

from __future__ import annotations

import pytest

from tests.helpers import raw_http
from tests.helpers.server_process import ServerProcess


@pytest.mark.parametrize("head, status, allow", [
    ("GET /api/nope HTTP/1.1", 404, None),
    ("POST /api/nope/deeper HTTP/1.1\r\nContent-Length: 0", 404, None),
    ("GET /api/trees HTTP/1.1", 405, "POST"),
    ("DELETE /api/traces/abc HTTP/1.1", 405, "GET"),
    ("PUT /api/exercises HTTP/1.1\r\nContent-Length: 0", 405, "POST"),
    ("GET /api/trees/no-such-id HTTP/1.1", 404, None),
])
def test_api_errors_are_json(server: ServerProcess, head: str, status: int, allow: str | None) -> None:
    answer = raw_http.request(server.port, head)
    assert answer.status == status
    assert answer.headers["content-type"] == "application/json"
    assert set(answer.json()) == {"error"} and answer.json()["error"]
    if allow is not None:
        assert allow in answer.headers["allow"]


def test_a_page_that_does_not_exist_stays_a_page(server: ServerProcess) -> None:
    answer = raw_http.request(server.port, "GET /no/such/page HTTP/1.1")
    assert answer.status == 404
    assert answer.headers["content-type"].startswith("text/html")
