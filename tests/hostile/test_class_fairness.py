"""A class's fairness against hostile clients (issue 31), on `python -m server` in its own process:
tally stuffing from connections that joined after the ask, answers outside a question's form, a
follower holding more than the instructor showed, and the events path fetched in a loop."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterator

import pytest
import requests

from server.config import DEFAULTS
from tests.helpers.class_client import ClassClient
from tests.helpers.server_process import ServerProcess, server_process

TICTACTOE = {"game": "tictactoe", "state": "X.O......", "algorithm": "minimax"}  # 26,797 events


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """The hostile tier's server with room for every test's classes from 127.0.0.1 (each test makes its own room;
    the per-address room limits have their own tests: test_class_rooms.py)."""
    settings = {"CLASS_ROOMS_PER_ADDRESS": 100, "CLASS_ROOMS_PER_INSTRUCTOR": 100, "CLASS_EVENTS_PER_ADDRESS": 10_000_000}
    with server_process(Path(tmp_path_factory.mktemp("fairness")) / "lab.sqlite", settings=settings) as running:
        yield running


def connect(server: ServerProcess, clients: list[ClassClient]) -> ClassClient:
    client = ClassClient(server.url)
    clients.append(client)
    return client


def keys(made: dict) -> dict:
    return {"code": made["code"], "key": made["key"]}


def test_late_connections_cannot_stuff_the_tally(server: ServerProcess, clients: list[ClassClient]) -> None:
    """Found: 935 new connections from one address each joined and answered "999"; the tally showed
    999: 935. Now a connection that joined after the ask is told so, and nothing is counted."""
    teacher = connect(server, clients)
    made = teacher.call("class:create")
    present = connect(server, clients)
    present.call("class:join", {"code": made["code"]})
    question = {"kind": "prune", "prompt": "Prune?", "node": "C", "step": 20, "choices": ["prune", "keep looking"], "answer": "prune"}
    asked = teacher.call("class:ask", {**keys(made), "question": question})["question"]
    for _ in range(40):
        stuffer = connect(server, clients)
        stuffer.call("class:join", {"code": made["code"]})
        assert stuffer.call("class:answer", {"code": made["code"], "question": asked, "answer": "999"}) == \
            {"error": "question: this question was asked before you joined; the next one is yours"}
        stuffer.close()
        clients.remove(stuffer)
    # The one present at the ask answers, as often as it likes: it counts once, and "999" is no choice.
    for _ in range(5):
        assert present.call("class:answer", {"code": made["code"], "question": asked, "answer": "999"}) == {"ok": True, "counted": "other"}
    teacher.call("class:reveal", keys(made))
    revealed = present.wait_message("class:reveal")
    assert revealed["answered"] == 1 and revealed["counts"] == {"other": 1}


def test_answers_outside_the_form_count_as_other_and_are_never_shown(server: ServerProcess, clients: list[ClassClient]) -> None:
    teacher = connect(server, clients)
    made = teacher.call("class:create")
    students = [connect(server, clients) for _ in range(5)]
    for student in students:
        student.call("class:join", {"code": made["code"]})
    question = {"kind": "value", "prompt": "Which value does B return?", "node": "B", "step": 9, "choices": None, "answer": "3"}
    asked = teacher.call("class:ask", {**keys(made), "question": question})["question"]
    typed = ["<img src=x onerror=alert(1)>", "Visit evil.example now!", "3", " 3.0 ", "1e3"]
    for student, answer in zip(students, typed):
        student.call("class:answer", {"code": made["code"], "question": asked, "answer": answer})
    teacher.wait_for(lambda: (teacher.last("class:tally") or {}).get("answered") == 5, "five answers")
    assert teacher.last("class:tally")["counts"] == {"other": 2, "3": 2, "1000": 1}
    teacher.call("class:reveal", keys(made))
    for student in students:
        revealed = student.wait_message("class:reveal")
        assert revealed["counts"] == {"other": 2, "3": 2, "1000": 1}
        received = json.dumps(student.messages)
        assert "onerror" not in received and "evil.example" not in received
    # A window question: only a window of two numbers counts as one.
    window = teacher.call("class:ask", {**keys(made), "question": {"kind": "window", "prompt": "Which window?", "node": "C",
                                                                       "step": 12, "choices": None, "answer": "[3, inf]"}})["question"]
    assert students[0].call("class:answer", {"code": made["code"], "question": window, "answer": "[3,+∞]"})["counted"] == "[3, inf]"
    assert students[1].call("class:answer", {"code": made["code"], "question": window, "answer": "[3, x]"})["counted"] == "other"


def test_no_follower_message_goes_beyond_the_furthest_step(server: ServerProcess, clients: list[ClassClient]) -> None:
    """Found: a follower received the room's whole search as it ran. Now, as the instructor steps
    while the search streams, no follower (one there before, one joining mid-way) holds an event
    past the furthest step shown when it arrived, and search:done only once all of it is shown."""
    teacher = connect(server, clients)
    made = teacher.call("class:create")
    early = connect(server, clients)
    early.call("class:join", {"code": made["code"]})
    teacher.call("class:search", {**keys(made), **TICTACTOE})
    teacher.wait_for(lambda: len(teacher.events) > 3000, "three batches")
    assert teacher.call("class:step", {**keys(made), "step": 1500}) == {"ok": True}
    early.wait_message("class:step")
    middle = connect(server, clients)
    middle.call("class:join", {"code": made["code"]})
    middle.wait_message("class:state")
    teacher.wait_message("search:done")
    for follower in (early, middle):
        held = [e["seq"] for name, data in follower.messages if name in ("search:events", "class:state")
                for e in (data.get("events") or [])]
        assert max(held) == 1500
        assert follower.of("search:done") == [] and all(data["search"] is None or not data["done"] for data in follower.of("class:state"))
    assert [e["seq"] for e in early.events] == list(range(1501))


def test_the_events_path_is_rate_limited_per_address_but_a_joiners_ticket_is_its_own(server: ServerProcess,
                                                                                        clients: list[ClassClient]) -> None:
    """Found: the class events path (13 MB) had no limit: 500 fetches moved 6.5 GB in 3.7 s."""
    teacher = connect(server, clients)
    made = teacher.call("class:create")
    teacher.call("class:search", {**keys(made), **TICTACTOE})
    teacher.wait_message("search:done")
    teacher.call("class:step", {**keys(made), "step": 5999})  # more than CLASS_INLINE_EVENTS shown: a late joiner gets a path
    joiner = connect(server, clients)
    joiner.call("class:join", {"code": made["code"]})
    path = joiner.wait_message("class:state")["trace"]
    bare = path.split("?")[0]
    limit = int(DEFAULTS["CLASS_EVENT_FETCHES_PER_MINUTE"])
    for _ in range(limit):
        assert requests.get(server.url + bare, timeout=30).status_code == 200
    refused = requests.get(server.url + bare, timeout=30)
    assert refused.status_code == 429 and 1 <= int(refused.headers["Retry-After"]) <= 60
    assert refused.json()["error"].startswith(f"too many fetches of a class's events from this address (at most {limit} a minute")
    # The joiner's own ticket still works, once: a class behind one address still gets its search.
    mine = requests.get(server.url + path, timeout=30)
    assert mine.status_code == 200 and len(mine.text.splitlines()) == 6000
    assert requests.get(server.url + path, timeout=30).status_code == 429


def test_a_connection_joining_again_and_again_gets_one_ticket(server: ServerProcess, clients: list[ClassClient]) -> None:
    """Found: a ticket per join, not per joiner: one connection joining the same room 20 times a minute got 20
    fetches of the events path (up to 13 MB each) beyond the address's 6. Now one per connection and search."""
    teacher = connect(server, clients)
    made = teacher.call("class:create")
    teacher.call("class:search", {**keys(made), **TICTACTOE})
    teacher.wait_message("search:done")
    teacher.call("class:step", {**keys(made), "step": 5999})
    joiner = connect(server, clients)
    paths = []
    for k in range(1, 16):
        joiner.call("class:join", {"code": made["code"]})
        joiner.wait_for(lambda: len(joiner.of("class:state")) == k, f"class:state {k}")
        paths.append(joiner.last("class:state")["trace"])
    bare = paths[0].split("?")[0]
    assert {p for p in paths if p != bare} == {paths[0]} and "?ticket=" in paths[0]  # the one ticket, or none
    limit = int(DEFAULTS["CLASS_EVENT_FETCHES_PER_MINUTE"])
    for _ in range(limit + 1):  # the address's own fetches used up (by this test or the one before)
        if requests.get(server.url + bare, timeout=30).status_code == 429:
            break
    else:
        raise AssertionError(f"more than {limit} fetches a minute from one address")
    fetched = [requests.get(server.url + path, timeout=30).status_code for path in dict.fromkeys(paths)]
    joined = []
    for k in range(16, 19):  # joining again after the fetch: no ticket
        joiner.call("class:join", {"code": made["code"]})
        joiner.wait_for(lambda: len(joiner.of("class:state")) == k, f"class:state {k}")
        joined.append(joiner.last("class:state")["trace"])
    fetched += [requests.get(server.url + path, timeout=30).status_code for path in joined]
    assert fetched.count(200) == 1 and fetched[0] == 200 and set(fetched[1:]) == {429}
    assert set(joined) == {bare}
    # A class behind one address still gets its search: another connection has its own ticket.
    other = connect(server, clients)
    other.call("class:join", {"code": made["code"]})
    mine = other.wait_message("class:state")["trace"]
    assert "?ticket=" in mine and requests.get(server.url + mine, timeout=30).status_code == 200
