"""The enhancements through every way in and out: the CLI, a real Socket.IO client against a real
server, and a saved trace (POST /api/traces, GET it back) that keeps every new event."""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest
import requests

from search.games.tictactoe import HORIZON
from search.traces.schema import check_event
from tests.helpers.cli import run_cli
from tests.helpers.live_server import running_server
from tests.helpers.socket_client import SearchClient

HORIZON_REQUEST = {"game": "tictactoe", "state": HORIZON["state"], "depth": HORIZON["depth"]}


cli = run_cli


def test_cli_flags_reach_the_trace() -> None:
    done = cli("trace", "--game", "tictactoe", "--state", HORIZON["state"], "--depth", "2", "--algorithm", "minimax",
               "--tt", "--quiescence", "--beam", "3")
    assert done.returncode == 0, done.stderr
    events = [json.loads(line) for line in done.stdout.splitlines()]
    for event in events:
        check_event(event)
    assert events[0]["options"] == {"depth": 2, "tt": True, "quiescence": True, "beam": 3}
    assert {"tt_hit", "tt_store", "quiescence", "beam"} <= {e["type"] for e in events}
    assert events[-1]["move"] == 4 and events[-1]["tt_stored"] > 0


@pytest.mark.parametrize("args, message", [
    (("--example", "lecture", "--tt"), "tt: a transposition table needs a game"),
    (("[[1,2],[3]]", "--beam", "2"), "--beam: goes with --game"),
    (("--game", "tictactoe", "--quiescence"), "quiescence: needs a depth limit"),
    (("--game", "isolation", "--quiescence", "--depth", "2"), "quiescence: this game has no quiet test"),
    (("--game", "tictactoe", "--beam", "0"), "expected 1 or more"),
])
def test_cli_refuses_bad_combinations_in_one_line(args: tuple[str, ...], message: str) -> None:
    done = cli("trace", *args)
    assert done.returncode == 2 and done.stdout == ""
    assert message in done.stderr and done.stderr.count("\n") == 1


@pytest.fixture(scope="module")
def server_url() -> Iterator[str]:
    with running_server() as url:
        yield url


def socket_events(url: str, request: dict[str, Any]) -> tuple[str, list[dict[str, Any]], list[Any]]:
    client = SearchClient(url)
    try:
        client.start(request)
        last = client.wait()
        return last, list(client.events), list(client.messages)
    finally:
        client.close()


def test_the_socket_runs_each_option_and_refuses_bad_ones(server_url: str) -> None:
    last, events, _ = socket_events(server_url, {**HORIZON_REQUEST, "algorithm": "alphabeta", "tt": True,
                                                 "quiescence": True, "beam": 3})
    assert last == "search:done"
    assert events[0]["options"] == {"depth": 2, "ties": "prune", "tt": True, "quiescence": True, "beam": 3}
    assert events[-1]["move"] == 4 and "tt_hits" in events[-1] and events[-1]["baseline"]["visited"] > 0
    last, _, messages = socket_events(server_url, {"example": "lecture", "tt": True})
    assert last == "search:error"
    assert "tt: a transposition table needs a game" in messages[-1][1]["error"]


def test_a_saved_trace_keeps_the_new_events(server_url: str) -> None:
    _, events, _ = socket_events(server_url, {**HORIZON_REQUEST, "algorithm": "minimax", "tt": True,
                                              "quiescence": True, "beam": 3})
    text = "".join(json.dumps(e, separators=(",", ":")) + "\n" for e in events)
    saved = requests.post(server_url + "/api/traces", data=text, timeout=10)
    assert saved.status_code in (200, 201), saved.text
    trace_id = saved.json()["id"]
    back = requests.get(f"{server_url}/api/traces/{trace_id}", timeout=10)
    assert back.status_code == 200
    replayed = [json.loads(line) for line in back.text.splitlines()]  # served as JSON Lines
    assert [e["type"] for e in replayed] == [e["type"] for e in events]
    assert replayed[0]["options"]["beam"] == 3


def test_the_horizon_comparison_over_the_socket(server_url: str) -> None:
    client = SearchClient(server_url)
    try:
        answer = client.sio.call("search:compare", {"algorithm": "minimax"}, namespace="/search", timeout=30)
        refused = client.sio.call("search:compare", {"algorithm": "maxn"}, namespace="/search", timeout=30)
    finally:
        client.close()
    runs = {run["name"]: run for run in answer["runs"]}
    assert answer["state"] == HORIZON["state"] and answer["best"] == 100
    assert (runs["depth-limited"]["move"], runs["depth-limited"]["move_value"]) == (2, -100)
    assert (runs["quiescence"]["move"], runs["quiescence"]["move_value"]) == (4, 100)
    assert runs["quiescence + beam 1"]["move_value"] == -100 and runs["quiescence + beam 2"]["move"] == 4
    assert runs["quiescence + beam 2"]["visited"] < runs["quiescence"]["visited"]
    assert "algorithm" in refused["error"]
