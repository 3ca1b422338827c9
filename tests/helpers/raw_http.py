"""Raw HTTP/1.1 over a socket, for what a client library will not send: a lying Content-Length,
a chunked body past a limit, a foreign Host header, a Socket.IO packet no client would encode."""

from __future__ import annotations

import json
import socket
from typing import Any, NamedTuple

from tests.helpers.socket_client import PATIENCE_SECONDS


class Answer(NamedTuple):
    status: int
    headers: dict[str, str]  # names lower case
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


def read_answer(sock: socket.socket) -> Answer:
    """Read one HTTP response: to the end its Content-Length or chunked framing gives, or until the
    server closes the connection (Werkzeug always closes; gunicorn keeps a connection alive)."""
    data = b""
    while not complete(data):
        try:
            chunk = sock.recv(65536)
        except ConnectionResetError:
            break
        if not chunk:
            break
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status, headers = parse_head(head)
    if headers.get("transfer-encoding") == "chunked":
        body = dechunk(body)
    return Answer(status, headers, body)


def parse_head(head: bytes) -> tuple[int, dict[str, str]]:
    lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(lines[0].split()[1]), headers


def complete(data: bytes) -> bool:
    """Whether `data` holds a whole response by its own framing (never for one framed by the close)."""
    head, blank, body = data.partition(b"\r\n\r\n")
    if not blank:
        return False
    _, headers = parse_head(head)
    if headers.get("transfer-encoding") == "chunked":
        return body.endswith(b"0\r\n\r\n")
    length = headers.get("content-length")
    return length is not None and len(body) >= int(length)


def dechunk(body: bytes) -> bytes:
    out = b""
    while body:
        size_text, _, rest = body.partition(b"\r\n")
        size = int(size_text, 16)
        if size == 0:
            break
        out, body = out + rest[:size], rest[size + 2:]
    return out


def request(port: int, head: str, body: bytes = b"", *, host: str | None = None) -> Answer:
    """Send `head` (the request line and headers, without the blank line; Host added unless
    given) and `body` as they are, and read the answer."""
    if host is None and "\nhost:" not in head.lower():
        head += f"\r\nHost: 127.0.0.1:{port}"
    with socket.create_connection(("127.0.0.1", port), timeout=PATIENCE_SECONDS) as sock:
        sock.sendall(head.encode("latin-1") + b"\r\n\r\n")
        try:
            sock.sendall(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server answered before reading it all: read that answer
        return read_answer(sock)


def chunked(body: bytes, chunk_size: int = 65536) -> bytes:
    """`body` in HTTP/1.1 chunked transfer encoding."""
    parts = [b"%x\r\n%s\r\n" % (len(body[i:i + chunk_size]), body[i:i + chunk_size]) for i in range(0, len(body), chunk_size)]
    return b"".join(parts) + b"0\r\n\r\n"


def post(port: int, path: str, body: bytes, *, headers: str = "", host: str | None = None) -> Answer:
    head = f"POST {path} HTTP/1.1\r\nContent-Length: {len(body)}\r\nContent-Type: application/json"
    if host is not None:
        head += f"\r\nHost: {host}"
    return request(port, head + headers, body, host=host)


def post_chunked(port: int, path: str, body: bytes) -> Answer:
    head = f"POST {path} HTTP/1.1\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json"
    return request(port, head, chunked(body))
