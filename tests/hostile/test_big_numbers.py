"""A whole number of more than 4,300 digits (past Python's int conversion limit) is refused by every
way in, naming the field it was given for: REST, the socket, the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import raw_http
from tests.helpers.cli import lecture_trace, run_cli_process
from tests.helpers.raw_polling import PollingSession
from tests.helpers.server_process import ServerProcess

HUGE = "9" * 4400


@pytest.mark.parametrize("path, body, message", [
    ("/api/trees", '{"id": "A", "children": [{"id": "B", "value": %s}, {"id": "C", "value": 1}]}' % HUGE,
     "children[0].value: outside the allowed range ±1,000,000,000"),
    ("/api/trees/check", "[%s, 1]" % HUGE, "[0]: outside the allowed range ±1,000,000,000"),
    ("/api/random-tree", '{"depth": %s}' % HUGE, "depth: expected a whole number"),
    ("/api/trees", '{"id": "A", "children": [{"id": "B", "value": -%s}, {"id": "C", "value": 1}]}' % HUGE,
     "children[0].value: outside the allowed range ±1,000,000,000"),
])
def test_rest_names_the_field(server: ServerProcess, path: str, body: str, message: str) -> None:
    answer = raw_http.post(server.port, path, body.encode())
    assert (answer.status, answer.json()) == (400, {"error": message})


def test_a_socket_search_start_gets_an_answer_naming_the_field(server: ServerProcess) -> None:
    """Found: python-socketio dropped the packet (json could not convert it) and the page waited for good."""
    session = PollingSession(server.port)
    session.emit("search:start", '{"tree": {"id": "A", "children": [{"id": "B", "value": %s}, {"id": "C", "value": 1}]},'
                                 ' "algorithm": "minimax"}' % HUGE)
    error = session.next_event("search:error")
    assert error == {"search": None, "error": "tree.children[0].value: outside the allowed range ±1,000,000,000"}
    session.emit("search:start", '{"example": "lecture", "depth": %s}' % HUGE)
    assert session.next_event("search:error")["error"].startswith("depth: expected a whole number")


def test_the_cli_exits_2_with_one_line(tmp_path: Path) -> None:
    tree = tmp_path / "huge.json"
    tree.write_text('{"id": "A", "children": [{"id": "B", "value": %s}, {"id": "C", "value": 1}]}' % HUGE)
    done = run_cli_process("trace", str(tree))  # the real command: the exit code a shell sees
    assert done.returncode == 2
    assert done.stderr == f"{tree}: children[0].value: outside the allowed range ±1,000,000,000\n"
    assert done.stdout == ""


def test_a_trace_line_with_a_huge_number_is_refused_naming_the_line(server: ServerProcess) -> None:
    lines = lecture_trace().splitlines()
    event = json.loads(lines[4])
    lines[4] = lines[4].replace(f'"seq":{event["seq"]}', f'"seq":{HUGE}')
    answer = raw_http.post(server.port, "/api/traces/check", ("\n".join(lines) + "\n").encode())
    assert answer.status in (400, 422)
    assert answer.json()["error"].startswith("line 5")
