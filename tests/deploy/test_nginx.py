"""End to end through a real nginx running deploy/nginx.conf in front of two server processes that
share Redis: pages, a /search stream over the websocket, and a class whose followers come through
nginx (websocket, and long-polling, which needs its sticky sessions) while the instructor is on
a process of their own."""

from __future__ import annotations

import json
from typing import Iterator

import pytest
import requests
import websocket

from search import limits
from server.config import DEFAULTS
from tests.deploy.conftest import ScaledOut
from tests.helpers.class_client import ClassClient
from tests.helpers.nginx_process import HOSTS_TEMPLATE, SOCKETS_LIMIT, TEMPLATE, nginx_process
from tests.helpers.socket_client import PATIENCE_SECONDS, SearchClient, wait_until

LECTURE = {"example": "lecture", "algorithm": "alphabeta"}


@pytest.fixture(scope="module")
def front(scaled_out: ScaledOut) -> Iterator[str]:
    with nginx_process([server.port for server in scaled_out.servers]) as port:
        yield f"http://127.0.0.1:{port}"


def test_pages_and_api_answer_through_nginx(front: str) -> None:
    page = requests.get(front + "/", timeout=PATIENCE_SECONDS)
    assert page.status_code == 200 and "Minimax Lab" in page.text
    assert page.headers["Server"] == "Minimax Lab"  # the app's, not nginx's with its version
    assert "default-src 'self'" in page.headers["Content-Security-Policy"]
    # Just past the trace limit: the app's own clear 413 comes through, not nginx's page.
    size = limits.MAX_TRACE_BYTES + 1
    answer = requests.post(front + "/api/traces", data=b"x" * size, timeout=PATIENCE_SECONDS)
    assert answer.status_code == 413
    assert answer.json() == {"error": f"the body is {size:,} bytes; the limit is {limits.MAX_TRACE_BYTES:,}"}


def test_a_search_streams_over_the_websocket_through_nginx(front: str) -> None:
    client = SearchClient(front)
    try:
        assert client.sio.transport() == "websocket"
        client.start(LECTURE)
        assert client.wait(timeout=PATIENCE_SECONDS) == "search:done"
        assert client.events[-1]["type"] == "result" and client.events[-1]["value"] == 3
    finally:
        client.close()


def test_a_search_fetched_over_http_streams_through_nginx(front: str) -> None:
    # The page's way: search:started names the events' path, a GET through nginx streams them.
    # ip_hash sends the GET to the process that holds the search (the one the socket is on).
    client = SearchClient(front)
    try:
        client.start({"game": "tictactoe", "state": "X...O....", "algorithm": "minimax", "delivery": "http"})
        client.wait_for(lambda: client.messages, "search:started")
        name, started = client.messages[0]
        assert name == "search:started", started
        response = requests.get(front + started["events"], headers={"X-Search-Reader": started["reader"]}, stream=True,
                                timeout=PATIENCE_SECONDS)
        assert response.status_code == 200 and response.headers["Content-Type"] == "application/x-ndjson"
        lines = [line for line in response.iter_lines() if line]
        assert len(lines) == 25_861 and b'"type":"result"' in lines[-1]
        assert client.wait(timeout=PATIENCE_SECONDS) == "search:done"
    finally:
        client.close()


def test_followers_through_nginx_follow_an_instructor_on_another_process(scaled_out: ScaledOut, front: str) -> None:
    """ip_hash sends every follower here (all come from 127.0.0.1) to one process, which one is
    nginx's choice: an instructor on each process makes one of the two rooms cross the processes."""
    clients: list[ClassClient] = []
    try:
        rooms = []
        for server in scaled_out.servers:
            teacher = ClassClient(server.url)
            clients.append(teacher)
            made = teacher.call("class:create")
            followers = [ClassClient(front), ClassClient(front, transports=["polling"])]
            clients.extend(followers)
            for follower in followers:
                assert follower.call("class:join", {"code": made["code"]}) == {"code": made["code"]}
                follower.wait_message("class:state")
            rooms.append((teacher, made, followers))
        assert [f.sio.transport() for _, _, followers in rooms for f in followers] == ["websocket", "polling"] * 2
        for teacher, made, _ in rooms:
            assert teacher.call("class:search", {"code": made["code"], "key": made["key"], **LECTURE}) == {"ok": True}
            assert teacher.call("class:step", {"code": made["code"], "key": made["key"], "step": 5}) == {"ok": True}
        for teacher, made, followers in rooms:
            teacher.wait_message("search:done")
            for follower in followers:  # they hold the search up to the step shown (docs/classroom.md)
                assert follower.wait_message("class:step") == {"code": made["code"], "step": 5}
                follower.wait_for(lambda f=follower: len(f.events) == 6, "events 0..5")
                assert follower.events == teacher.events[:6] and follower.of("search:done") == []
    finally:
        for client in clients:
            client.close()


def test_nginx_limits_socket_connections_per_address_as_the_processes_do(scaled_out: ScaledOut) -> None:
    """deploy/*.conf's limit_conn is the processes' SOCKETS_PER_ADDRESS; lowered to 3 here so a test reaches it:
    a fourth websocket from one address is refused by nginx with the JSON sentence, and a closed one frees a place."""
    for template in (TEMPLATE, HOSTS_TEMPLATE):
        assert SOCKETS_LIMIT in template.read_text() and f" {DEFAULTS['SOCKETS_PER_ADDRESS']};" in SOCKETS_LIMIT
        assert f"has {DEFAULTS['SOCKETS_PER_ADDRESS']} connections open" in template.read_text()
    with nginx_process([server.port for server in scaled_out.servers], sockets_per_address=3) as port:
        url = f"ws://127.0.0.1:{port}/socket.io/?EIO=4&transport=websocket"
        held = [websocket.create_connection(url, timeout=PATIENCE_SECONDS) for _ in range(3)]
        try:
            for ws in held:
                assert ws.recv().startswith("0{")
            with pytest.raises(websocket.WebSocketBadStatusException) as refused:
                websocket.create_connection(url, timeout=PATIENCE_SECONDS)
            assert refused.value.status_code == 429
            assert json.loads(refused.value.resp_body or b"")["error"].startswith("this address has 350 connections open")
            held.pop().close()
            wait_until(lambda: _opens(url, held), "nginx to count the closed websocket out")
        finally:
            for ws in held:
                ws.close()


def _opens(url: str, held: list[websocket.WebSocket]) -> bool:
    try:
        held.append(websocket.create_connection(url, timeout=PATIENCE_SECONDS))
    except websocket.WebSocketBadStatusException:
        return False
    return True
