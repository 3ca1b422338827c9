"""Bodies past a limit, whatever their transfer encoding, are refused with 413 naming the true limit,
and leave nothing behind: no stored item, no held thread or socket, no engine.io session."""

from __future__ import annotations

import sqlite3

import websocket

from search import limits
from server.config import DEFAULTS
from tests.helpers import raw_http
from tests.helpers.raw_polling import PollingSession
from tests.helpers.server_process import ServerProcess
from tests.helpers.socket_client import PATIENCE_SECONDS

SOCKET_LIMIT = int(DEFAULTS["MAX_MESSAGE_BYTES"])


def stored_rows(server: ServerProcess, table: str) -> int:
    db = server.process.args[server.process.args.index("--db") + 1]
    with sqlite3.connect(db) as conn:
        return int(conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0])


def test_a_long_polling_post_over_the_limit_is_refused_and_holds_nothing(server: ServerProcess) -> None:
    """Found: engine.io closed the session waiting for a poll that never came, one thread and one
    socket lost for good per request (14 in one test). Now: 413 at once, the session ends."""
    sessions = [PollingSession(server.port) for _ in range(14)]
    server.settles_to(server.threads(), server.connections())  # polling GETs answered and closed
    threads, sockets = server.threads(), server.connections()
    for session in sessions:
        # Only the head: the server must answer from the Content-Length, before any body.
        answer = raw_http.request(server.port, f"POST {session.path} HTTP/1.1\r\nContent-Length: {SOCKET_LIMIT + 1}")
        assert answer.status == 413
        assert answer.json() == {"error": f"the body is {SOCKET_LIMIT + 1:,} bytes; the limit is {SOCKET_LIMIT:,}"}
    server.settles_to(threads, sockets)
    gone = raw_http.request(server.port, f"GET {sessions[0].path} HTTP/1.1")
    assert gone.status == 400, "the session of a refused message must be closed"


def test_a_chunked_trace_over_the_limit_is_413_and_nothing_is_stored(server: ServerProcess) -> None:
    """Found: a chunked upload past 5,000,000 bytes was cut short silently and the rest stored (201)."""
    before = stored_rows(server, "traces")
    answer = raw_http.post_chunked(server.port, "/api/traces", b"x" * (limits.MAX_TRACE_BYTES + 1))
    assert answer.status == 413
    assert answer.json() == {"error": f"the chunked body is longer than the limit of {limits.MAX_TRACE_BYTES:,} bytes"}
    assert stored_rows(server, "traces") == before


def test_a_chunked_body_within_the_limit_is_read_whole(server: ServerProcess) -> None:
    answer = raw_http.post_chunked(server.port, "/api/trees/check", b'[[3, 12, 8], [2, 4, 6], [14, 5, 2]]')
    assert answer.status == 200, answer
    assert [child["id"] for child in answer.json()["children"]] == ["B", "C", "D"]


def test_a_malformed_chunked_body_is_400(server: ServerProcess) -> None:
    head = "POST /api/trees/check HTTP/1.1\r\nTransfer-Encoding: chunked"
    answer = raw_http.request(server.port, head, b"zz\r\n[1]\r\n0\r\n\r\n")
    assert answer.status == 400
    assert answer.json()["error"].startswith("the chunked body is malformed")


def test_a_tree_over_its_limit_is_413_with_the_true_limit(server: ServerProcess) -> None:
    """Found: the 413 for trees reported the limit as the body's size (Flask's 5 MB cap answered)."""
    size = limits.MAX_PAYLOAD_BYTES * 6
    answer = raw_http.request(server.port, f"POST /api/trees HTTP/1.1\r\nContent-Length: {size}")
    assert answer.status == 413
    assert answer.json() == {"error": f"the body is {size:,} bytes; the limit is {limits.MAX_PAYLOAD_BYTES:,}"}


def test_a_content_length_that_is_no_number_is_400(server: ServerProcess) -> None:
    answer = raw_http.request(server.port, "POST /api/trees HTTP/1.1\r\nContent-Length: 1e9")
    assert answer.status == 400
    assert answer.json() == {"error": "the Content-Length '1e9' is not a number of bytes"}


def test_a_content_length_of_5000_digits_is_413(server: ServerProcess) -> None:
    answer = raw_http.request(server.port, "POST /api/trees HTTP/1.1\r\nContent-Length: " + "9" * 5000)
    assert answer.status == 413
    assert answer.json() == {"error": f"the body is a 5000-digit number of bytes; the limit is {limits.MAX_PAYLOAD_BYTES:,}"}


def test_a_websocket_message_over_the_limit_closes_that_connection_and_holds_nothing(server: ServerProcess) -> None:
    """Engine.io's own limit on a websocket frame: the connection ends, its thread and socket with it,
    and the server goes on serving others. (Engine.io's ping thread for the session ends at its next
    ping, 25 s on: it is counted in the baseline, taken while connected.)"""
    ws = websocket.create_connection(f"ws://127.0.0.1:{server.port}/socket.io/?EIO=4&transport=websocket",
                                     timeout=PATIENCE_SECONDS)
    assert ws.recv().startswith("0{")  # the engine.io handshake
    ws.send("40/search,")
    assert ws.recv().startswith("40/search,")
    threads, sockets = server.threads(), server.connections()
    ws.send('42/search,["search:start",{"tree":"' + "x" * (SOCKET_LIMIT + 10) + '"}]')
    closed = False
    while not closed:
        try:
            closed = ws.recv() in ("", None)
        except (websocket.WebSocketConnectionClosedException, ConnectionResetError):
            closed = True
    ws.close()
    server.settles_to(threads - 1, sockets - 1)  # the connection's thread and socket are gone
    assert raw_http.request(server.port, "GET /api/trees/nope HTTP/1.1").status == 404  # still serving
