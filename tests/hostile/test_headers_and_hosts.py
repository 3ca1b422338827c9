"""Every answer carries strict security headers and names no server version; a Host outside the
allow-list is refused on every path, the websocket's included (DNS rebinding)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import raw_http
from tests.helpers.server_process import ServerProcess, server_process

PATHS = ["/", "/static/js/app.js", "/vendor/d3.min.js", "/api/trees/nope", "/x/nope", "/no/such/page",
         "/socket.io/?EIO=4&transport=polling"]


@pytest.mark.parametrize("path", PATHS)
def test_every_answer_has_the_security_headers_and_no_version(server: ServerProcess, path: str) -> None:
    answer = raw_http.request(server.port, f"GET {path} HTTP/1.1")
    csp = answer.headers["content-security-policy"]
    for directive in ("default-src 'self'", "script-src 'self'", "style-src 'self'", "frame-ancestors 'none'",
                      "object-src 'none'"):
        assert directive in csp
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["referrer-policy"] == "no-referrer"
    assert answer.headers["x-frame-options"] == "DENY"
    assert answer.headers["server"] == "Minimax Lab", "the Server header must not name Werkzeug or Python versions"


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "LOCALHOST", "[::1]"])
def test_the_listening_address_and_localhost_are_served(server: ServerProcess, host: str) -> None:
    answer = raw_http.request(server.port, f"GET / HTTP/1.1\r\nHost: {host}:{server.port}", host=host)
    assert answer.status == 200


@pytest.mark.parametrize("path, kind", [("/", "text/plain"), ("/api/trees/nope", "application/json"),
                                        ("/socket.io/?EIO=4&transport=polling", "application/json")])
def test_a_foreign_host_is_refused_on_every_path(server: ServerProcess, path: str, kind: str) -> None:
    answer = raw_http.request(server.port, f"GET {path} HTTP/1.1\r\nHost: evil.example:{server.port}", host="evil.example")
    assert answer.status == 400
    assert answer.headers["content-type"].startswith(kind)
    text = answer.json()["error"] if kind == "application/json" else answer.body.decode()
    assert text.startswith(f"the Host 'evil.example:{server.port}' is not served here (allowed: 127.0.0.1, ::1, localhost;")
    assert "--allow-host" in text


def test_a_websocket_upgrade_for_a_foreign_host_is_refused(server: ServerProcess) -> None:
    head = (f"GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: rebound.example:{server.port}\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            "Sec-WebSocket-Version: 13")
    answer = raw_http.request(server.port, head, host="rebound.example")
    assert answer.status == 400


def test_a_request_without_a_host_is_refused(server: ServerProcess) -> None:
    answer = raw_http.request(server.port, "GET / HTTP/1.0", host="")
    assert answer.status == 400
    assert answer.body.decode().startswith("a request without a Host header is not served here")


def test_allow_host_adds_a_name(tmp_path: Path) -> None:
    with server_process(tmp_path / "lab.sqlite", "--allow-host", "lab.example.edu") as running:
        ok = raw_http.request(running.port, "GET / HTTP/1.1\r\nHost: lab.example.edu", host="lab.example.edu")
        other = raw_http.request(running.port, "GET / HTTP/1.1\r\nHost: evil.example", host="evil.example")
    assert (ok.status, other.status) == (200, 400)
    assert "lab.example.edu" in other.body.decode()


def test_server_help_documents_allow_host(capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m server --help`, read from its own parser in this process (a process of its own costs seconds)."""
    from server.__main__ import parse_args
    with pytest.raises(SystemExit) as ended:
        parse_args(["--help"])
    assert ended.value.code == 0 and "--allow-host NAME" in capsys.readouterr().out
