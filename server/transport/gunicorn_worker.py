"""gunicorn's threaded worker, made to answer as the development server does (server/transport/no_delay.py,
server/transport/guard.py), so users see the same server whichever runs it:

- Nagle's algorithm off on each accepted connection (40 ms per search otherwise: server/transport/no_delay.py);
- the Server header names the product only;
- a refusal the guard marks "Connection: close" closes the connection: gunicorn drops an app's
  Connection header, and would otherwise read on through an unread 50 MB body to keep it alive;
- a body the app did not read (a refusal answered from the Content-Length alone) is read and dropped
  after the answer, up to a little more than nginx lets through (deploy/nginx.conf): closing on
  unread bytes makes the kernel reset the connection, and nginx, still sending the body, then
  answers 502 instead of our 413 and takes the whole process out of its rotation for 10 s;
- a malformed chunked body is the guard's clear 400: gunicorn's parse errors from wsgi.input become
  OSError, which is what the guard answers;
- a request gunicorn refuses before the app sees it (a Content-Length that is no number, or of 4,300+
  digits; a header or request line too long; a malformed header) is answered like the guard's
  refusals: one line, JSON on /api/ and /socket.io (plain text when the path is unknown), with the
  security headers. A bad Content-Length goes through the guard itself, so the
  message and the status (400 or 413 naming the path's limit) are the guard's own.
"""

from __future__ import annotations

import io
import socket
import time
from typing import Any, Callable, Iterable

from gunicorn.http import wsgi
from gunicorn.http.errors import InvalidHeader, LimitRequestHeaders, LimitRequestLine, ParseException, UnsupportedTransferCoding
from gunicorn.workers.gthread import ThreadWorker

from search.errors import shortened
from server.bounded_log import BoundedLog
from server.transport.guard import Guard, declared_length
from server.transport.no_delay import SERVER_NAME
from server.transport.security_headers import SECURITY_HEADERS

WsgiApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]

INVALID_REQUEST_LOG_SECONDS = 60.0
"""A request gunicorn cannot read (an over-long line, a bad header) is logged once per kind per this many seconds."""
# Unread body bytes dropped after an answer, and for how long at most: past nginx's 5 MB cap.
DRAIN_BYTES = 6 * 1024 * 1024
DRAIN_SECONDS = 5.0

STATUS_OF = {LimitRequestLine: "414 URI Too Long", LimitRequestHeaders: "431 Request Header Fields Too Large",
             UnsupportedTransferCoding: "501 Not Implemented"}


class BodyReader:
    """gunicorn's wsgi.input, raising OSError for a malformed body as Werkzeug's reader does."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def read(self, size: int | None = None) -> bytes:
        return self._plain(self.stream.read, size)

    def readline(self, size: int | None = None) -> bytes:
        return self._plain(self.stream.readline, size)

    def readlines(self, hint: int | None = None) -> list[bytes]:
        return self._plain(self.stream.readlines, hint)

    def __iter__(self) -> Any:
        return iter(self.readline, b"")

    @staticmethod
    def _plain(method: Callable[[Any], Any], size: int | None) -> Any:
        try:
            return method(size)
        except ParseException as exc:
            raise OSError(str(exc)) from exc


class UnreadBody(io.RawIOBase):
    """The body of a request refused for its Content-Length: the guard never reads it."""

    def readinto(self, buffer: Any) -> int:
        raise OSError("the body of a refused request is not read")


class DrainAfter:
    """The app's answer; when gunicorn has sent it, the request body's unread rest is dropped."""

    def __init__(self, answer: Iterable[bytes], environ: dict[str, Any]) -> None:
        self.answer = answer
        self.environ = environ

    def __iter__(self) -> Any:
        return iter(self.answer)

    def close(self) -> None:
        try:
            if hasattr(self.answer, "close"):
                self.answer.close()
        finally:
            drain(self.environ)


def drain(environ: dict[str, Any]) -> None:
    length = declared_length(environ.get("CONTENT_LENGTH") or "")
    sock = environ.get("gunicorn.socket")
    if sock is None or length is None or length > DRAIN_BYTES:
        return
    deadline = time.monotonic() + DRAIN_SECONDS
    try:
        while (left := deadline - time.monotonic()) > 0:
            sock.settimeout(left)
            if not environ["wsgi.input"].read(65536):
                break
    except OSError:
        pass  # the client went away or stalled: the connection closes anyway
    finally:
        sock.settimeout(None)


def as_our_server(app: WsgiApp) -> WsgiApp:
    """Our Server header, the app's "Connection: close" honoured, an unread body dropped after the
    answer, a malformed body an OSError.
    gunicorn's start_response is its Response's bound method: that object carries the header and
    the connection's fate."""
    def wrapped(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        if environ.get("wsgi.input") is not None:
            environ["wsgi.input"] = BodyReader(environ["wsgi.input"])
        response = getattr(start_response, "__self__", None)
        if response is not None:
            response.version = SERVER_NAME

        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            if response is not None and any(name.lower() == "connection" and value.lower() == "close"
                                            for name, value in headers):
                response.force_close()
            return start_response(status, headers, exc_info)

        return DrainAfter(app(environ, start), environ)

    return wrapped


def framing_problem(req: Any) -> str | None:
    """Why a request's Content-Length cannot frame its body, when it is not the number itself."""
    names = [name for name, _ in req.headers]
    if names.count("CONTENT-LENGTH") > 1:
        return "the request has more than one Content-Length header"
    if "TRANSFER-ENCODING" in names:
        return "the request has both a Content-Length and a Transfer-Encoding header"
    return None


class LabThreadWorker(ThreadWorker):
    """gunicorn's gthread worker with Nagle off and our answers to requests it refuses itself."""

    invalid_requests: BoundedLog | None = None  # made with gunicorn's logger on the first one

    def enqueue_req(self, conn: Any) -> None:
        if not conn.initialized and conn.sock.family in (socket.AF_INET, socket.AF_INET6):
            conn.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        super().enqueue_req(conn)

    def handle_error(self, req: Any, client: socket.socket, addr: Any, exc: BaseException) -> None:
        if not isinstance(exc, ParseException):  # the app's own failure: gunicorn's 500
            super().handle_error(req, client, addr, exc)
            return
        req = req or getattr(exc, "req", None)
        if self.invalid_requests is None:
            self.invalid_requests = BoundedLog("invalid request", INVALID_REQUEST_LOG_SECONDS, self.log)
        # Once per kind per interval (gunicorn wrote a line for every one: 1,314 from one fuzz run).
        self.invalid_requests.report(type(exc).__name__, f"from ip={(addr or ('',))[0]}: {shortened(str(exc), 160)}")
        try:
            if req is not None and isinstance(exc, InvalidHeader) and exc.hdr == "CONTENT-LENGTH":
                problem = framing_problem(req)
                if problem is None:
                    self._through_the_guard(req, client, addr)
                    return
                self._write_refusal(client, req.path or "", "400 Bad Request", problem)
                return
            status = STATUS_OF.get(type(exc), "400 Bad Request")
            self._write_refusal(client, getattr(req, "path", None) or "", status, f"the request is malformed: {exc}")
        except OSError:
            self.log.debug("Failed to send error message.")

    def _through_the_guard(self, req: Any, client: socket.socket, addr: Any) -> None:
        """Serve the request with a body that is never read: the guard refuses it for its length."""
        req.body = UnreadBody()
        resp, environ = wsgi.create(req, client, addr, client.getsockname(), self.cfg)
        resp.force_close()
        for chunk in self.wsgi(environ, resp.start_response):
            resp.write(chunk)
        resp.close()

    @staticmethod
    def _write_refusal(client: socket.socket, path: str, status: str, message: str) -> None:
        answer: list[tuple[str, list[tuple[str, str]]]] = []
        body = b"".join(Guard.refuse({"PATH_INFO": path}, lambda s, h: answer.append((s, h)), status, message))
        (status, headers), = answer
        headers = [("Server", SERVER_NAME), *headers, *SECURITY_HEADERS]
        head = f"HTTP/1.1 {status}\r\n" + "".join(f"{n}: {v}\r\n" for n, v in headers) + "\r\n"
        client.sendall(head.encode("latin-1") + body)
