"""The server's outer wall: a WSGI middleware every request passes before Flask or Socket.IO sees it.

Why a middleware and not Flask hooks: Flask-SocketIO answers /socket.io/ itself, before Flask, so a
check in Flask would leave the websocket and long-polling transports unguarded. Here, for every path:
- the Host header must name one of the allowed hosts (DNS rebinding: a page on another site that
  resolves its name to 127.0.0.1 could otherwise drive the server), else 400;
- a body over the path's limit (body_limit: the one place the routes' limits live; routes and
  Flask check no size of their own) is refused with 413 naming the true limit, whatever the transfer
  encoding: a chunked body is read up to the limit and handed on as a plain one, so every reader
  below sees a Content-Length. Engine.io's own check on a long-polling POST over its buffer size
  closes the session with wait=True and then waits forever for a poll that never comes: one
  server thread and one socket lost per request. We refuse it first and close the session
  without waiting;
- every answer carries the security headers (security_headers.py);
- a refusal on /api/ or /socket.io/ is JSON, like every other API error; on a page, plain text.
"""

from __future__ import annotations

import io
import json
import re
import sys
from typing import Any, Callable, Iterable
from urllib.parse import parse_qs

from search import limits
from server.config import DEFAULTS
from server.transport.security_headers import SECURITY_HEADERS

Environ = dict[str, Any]
StartResponse = Callable[..., Any]
WsgiApp = Callable[[Environ, StartResponse], Iterable[bytes]]

BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
_HOST = re.compile(r"(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::[0-9]{1,5})?", re.IGNORECASE)


def host_name(header: str) -> str | None:
    """The name in a Host header, lower case and without port or IPv6 brackets; None if malformed.
    (werkzeug's host_is_trusted compares case-sensitively and cannot match an IPv6 address.)"""
    found = _HOST.fullmatch(header)
    return None if found is None else found.group(1).lower().strip("[]")


TOO_LONG = sys.maxsize
"""A Content-Length of 19 digits or more: far past any limit (and int() refuses 4,300+ digits)."""


def declared_length(text: str) -> int | None:
    """A Content-Length as a number of bytes (TOO_LONG for 19 digits and more); None when it is not
    a plain decimal number (only ASCII digits count)."""
    if not (text.isascii() and text.isdigit()):
        return None
    return int(text) if len(text) <= 18 else TOO_LONG


def body_limit(path: str, socket_limit: int) -> int:
    """The largest body `path` accepts, in bytes: the route's own limit, so a 413 states the true one."""
    if path.startswith("/socket.io"):
        return socket_limit
    if path in ("/api/traces", "/api/traces/check"):
        return limits.MAX_TRACE_BYTES
    return limits.MAX_PAYLOAD_BYTES


class Guard:
    """Host allow-list, body limits for every transfer encoding, and security headers."""

    def __init__(self, app: WsgiApp, allowed_hosts: Iterable[str], socket_limit: int,
                 close_session: Callable[[str], None],
                 headers: tuple[tuple[str, str], ...] | Callable[[], tuple[tuple[str, str], ...]] = SECURITY_HEADERS) -> None:
        self.app = app
        # the app's own (security_headers.py: which sites may frame it), or a function giving them as they are now
        # (an LMS registered while the server runs may frame its pages: server/lti/frame_origins.py)
        self.headers = headers if callable(headers) else (lambda: headers)
        self.allowed_hosts = sorted({h.lower().strip("[]") for h in allowed_hosts})
        self.socket_limit = socket_limit
        self.close_session = close_session  # ends an engine.io session without waiting on it

    def __call__(self, environ: Environ, start_response: StartResponse) -> Iterable[bytes]:
        def with_headers(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            present = {name.lower() for name, _ in headers}
            headers = [*headers, *((n, v) for n, v in self.headers() if n.lower() not in present)]
            return start_response(status, headers, exc_info) if exc_info else start_response(status, headers)

        refusal = self._host_refusal(environ) or self._body_refusal(environ)
        if refusal is not None:
            status, message = refusal
            return self.refuse(environ, with_headers, status, message)
        return self.app(environ, with_headers)

    def _host_refusal(self, environ: Environ) -> tuple[str, str] | None:
        host = environ.get("HTTP_HOST") or ""
        if host_name(host) in self.allowed_hosts:
            return None
        named = f"the Host {host!r}" if host else "a request without a Host header"
        return ("400 Bad Request", f"{named} is not served here (allowed: {', '.join(self.allowed_hosts)}; "
                                   "start the server with --allow-host NAME to add one)")

    def _body_refusal(self, environ: Environ) -> tuple[str, str] | None:
        """Refuse a body over the path's limit; hand a chunked one on as plain bytes with a length."""
        if environ.get("REQUEST_METHOD", "GET") not in BODY_METHODS:
            return None
        path = environ.get("PATH_INFO", "")
        limit = body_limit(path, self.socket_limit)
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        if chunked:
            try:
                data = environ["wsgi.input"].read(limit + 1)
            except OSError as exc:  # werkzeug's DechunkedInput: a bad chunk header or terminator
                return "400 Bad Request", f"the chunked body is malformed: {exc}"
            if len(data) > limit:
                return self._too_large(environ, f"the chunked body is longer than the limit of {limit:,} bytes")
            environ["wsgi.input"] = io.BytesIO(data)
            environ["CONTENT_LENGTH"] = str(len(data))
            environ.pop("HTTP_TRANSFER_ENCODING", None)
            environ["wsgi.input_terminated"] = False
            return None
        text = environ.get("CONTENT_LENGTH") or "0"
        length = declared_length(text)
        if length is None:
            return "400 Bad Request", f"the Content-Length {text[:40]!r} is not a number of bytes"
        if length > limit:
            size = f"{length:,}" if length != TOO_LONG else f"a {len(text)}-digit number of"
            return self._too_large(environ, f"the body is {size} bytes; the limit is {limit:,}")
        return None

    def _too_large(self, environ: Environ, message: str) -> tuple[str, str]:
        if environ.get("PATH_INFO", "").startswith("/socket.io"):
            sid = parse_qs(environ.get("QUERY_STRING", "")).get("sid", [""])[0]
            if sid:
                self.close_session(sid)
        return "413 Request Entity Too Large", message

    @staticmethod
    def refuse(environ: Environ, start_response: StartResponse, status: str, message: str) -> list[bytes]:
        """One line naming what is wrong; the connection closes, so an unread body is not read."""
        path = environ.get("PATH_INFO", "")
        if path.startswith(("/api/", "/socket.io")):
            body, kind = json.dumps({"error": message}).encode() + b"\n", "application/json"
        else:
            body, kind = message.encode() + b"\n", "text/plain; charset=utf-8"
        start_response(status, [("Content-Type", kind), ("Content-Length", str(len(body))), ("Connection", "close")])
        return [body]


WILDCARD_HOSTS = ("", "0.0.0.0", "::")
"""Listening addresses that stand for every address the machine has, so for no one name."""


def default_allowed_hosts(listen_host: str, extra: Iterable[str] = ()) -> list[str]:
    """The address the server listens on and localhost, plus any named. A wildcard address (0.0.0.0,
    ::) has no one name, so it adds nothing: the names students type must be given (--allow-host)."""
    hosts = {*DEFAULTS["ALLOWED_HOSTS"], *extra}  # type: ignore[misc]
    if listen_host not in WILDCARD_HOSTS:
        hosts.add(listen_host)
    return sorted(hosts)

