"""A trace of a game the server does not know (source "custom", issue #27): the schema takes it, the
check answers that it is replayed as recorded, the store refuses it, malformed ones are refused by line."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any, Iterator

import pytest
import requests

from search.errors import InputError
from search.traces.schema import check_event
from search.traces.verify import verify_trace
from tests.helpers.cli import lecture_trace
from tests.helpers.custom_game import Nim, course_trace, custom_trace
from tests.helpers.live_server import running_server

REASON = "this trace comes from a game the server does not know (nim): it is replayed as recorded"
TRACE = custom_trace(Nim((2, 2)))


def lines() -> list[dict[str, Any]]:
    return [json.loads(line) for line in TRACE.splitlines()]


def text(events: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(e) + "\n" for e in events)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    db = tmp_path_factory.mktemp("custom") / "lab.sqlite"
    with running_server({"DATABASE": str(db)}) as url:
        yield url, db


def stored_traces(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT COUNT(*) FROM traces").fetchone()[0]


# --- the schema ---------------------------------------------------------------------------------------
def test_the_schema_takes_a_custom_source_and_every_event_of_its_trace() -> None:
    events = lines()
    assert events[0]["source"] == {"kind": "custom", "game": "nim", "state": "2 2", "players": ["P1", "P2"]}
    for number, event in enumerate(events, start=1):
        check_event(event, f"line {number}")
    visit = next(e for e in events if e["type"] == "visit" and e["parent"] is not None)
    assert visit["state"] == "1 2" and visit["move"] == "1-1"


@pytest.mark.parametrize(("source", "where", "problem"), [
    ({"kind": "custom", "state": "2 2"}, "line 1.source", "'game' is a required property"),
    ({"kind": "custom", "game": "", "state": "2 2"}, "line 1.source.game", "should be non-empty"),
    ({"kind": "custom", "game": "n" * 41, "state": "2 2"}, "line 1.source.game", "is too long"),
    ({"kind": "custom", "game": "nim", "state": 7}, "line 1.source.state", "is not of type 'string'"),
    ({"kind": "custom", "game": "nim", "state": "", "players": ["P1"]}, "line 1.source.players", "is too short"),
    ({"kind": "custom", "game": "nim", "state": "", "players": ["P"] * 9}, "line 1.source.players", "is too long"),
    ({"kind": "custom", "game": "nim", "state": "", "players": ["P1", 2]}, "line 1.source.players[1]", "is not of type"),
    ({"kind": "custom", "game": "nim", "state": "", "rules": "x"}, "line 1.source", "('rules' was unexpected)"),
])
def test_a_malformed_custom_source_is_refused_naming_its_field(source: dict[str, Any], where: str, problem: str) -> None:
    start = {**lines()[0], "source": source}
    with pytest.raises(InputError):
        check_event(start, "line 1")  # the schema refuses it (as one of the source's three forms)
    with pytest.raises(InputError) as caught:
        verify_trace(text([start, *lines()[1:]]))
    assert caught.value.where == where and problem in caught.value.problem, str(caught.value)


def test_verify_checks_without_searching_and_says_why() -> None:
    trace = verify_trace(TRACE)
    assert (trace.verified, trace.reason, trace.events, trace.upgraded) == (False, REASON, 150, False)
    assert not trace.differs_from(TRACE)  # replayed as uploaded: the engine made no text of its own
    named = verify_trace(custom_trace(Nim((1, 2), name="my <b>game</b>")))
    assert named.reason == "this trace comes from a game the server does not know (my <b>game</b>): it is replayed as recorded"


def test_a_course_games_trace_from_search_trace_is_checked_the_same_way() -> None:
    text = course_trace((2, 2))  # searched as the game itself: the transposition table needs it
    start = json.loads(text.splitlines()[0])
    assert start["source"] == {"kind": "custom", "game": "nim", "state": "2 2", "players": ["P1", "P2"]}
    trace = verify_trace(text)
    assert (trace.verified, trace.reason, trace.events) == (False, REASON, len(text.splitlines()))


# --- the server -------------------------------------------------------------------------------------
def test_check_answers_the_trace_is_replayed_as_recorded(server: tuple[str, Path]) -> None:
    url, db = server
    before = stored_traces(db)
    answer = requests.post(url + "/api/traces/check", data=TRACE, timeout=10)
    assert answer.status_code == 200
    assert answer.json() == {"events": 150, "verified": False, "reason": REASON}
    assert stored_traces(db) == before


def test_a_verified_trace_says_so(server: tuple[str, Path]) -> None:
    url, _ = server
    answer = requests.post(url + "/api/traces/check", data=lecture_trace(), timeout=10)
    assert answer.status_code == 200 and answer.json() == {"events": 58, "verified": True}


def test_the_store_refuses_a_custom_trace_naming_the_game(server: tuple[str, Path]) -> None:
    url, db = server
    before = stored_traces(db)
    answer = requests.post(url + "/api/traces", data=TRACE, timeout=10)
    assert answer.status_code == 422
    assert answer.json() == {"error": REASON}
    assert stored_traces(db) == before


def doctored(change: str) -> tuple[str, str]:
    """A custom trace with one thing wrong, and the start of the error the server must give."""
    events = lines()
    if change == "json":
        bad = TRACE.splitlines()
        bad[6] = bad[6][:-1]
        return "\n".join(bad) + "\n", "line 7: not a JSON object"
    if change == "seq":
        events[9]["seq"] = 3
        return text(events), "line 10.seq: expected 9, got 3"
    if change == "schema":
        leaf = next(e for e in events if e["type"] == "leaf")
        leaf["value"] = "a lot"
        return text(events), f"line {leaf['seq'] + 1}.value: 'a lot' is not valid"
    if change == "format":
        events[0]["format"] = 4
        return text(events), "line 1.format: expected 5"
    if change == "parent":
        events[3]["parent"] = "root.9-9"
        return text(events), "line 4.parent: 'root.9-9' was not visited before this event"
    if change == "node":
        events[8]["node"] = "nowhere"
        return text(events), "line 9.node: 'nowhere' was not visited before this event"
    if change == "cut short":
        return text(events[:-1]), "line 149: a trace ends with its result event"
    if change == "two starts":
        return text([events[0], {**events[0], "seq": 1}, *[{**e, "seq": e["seq"] + 1} for e in events[1:]]]), \
            "line 2: a start event may only be first"
    raise AssertionError(change)


@pytest.mark.parametrize("change", ["json", "seq", "schema", "format", "parent", "node", "cut short", "two starts"])
def test_a_malformed_custom_trace_is_refused_naming_its_line(server: tuple[str, Path], change: str) -> None:
    url, db = server
    body, error = doctored(change)
    before = stored_traces(db)
    for path in ("/api/traces/check", "/api/traces"):
        answer = requests.post(url + path, data=body, timeout=10)
        assert answer.status_code == 400, (path, answer.text)
        assert answer.json()["error"].startswith(error), answer.json()
    assert stored_traces(db) == before


def test_a_custom_trace_over_the_size_limit_is_413(server: tuple[str, Path]) -> None:
    url, _ = server
    padding = "\n" * 5_000_001  # blank lines are skipped, but they count towards the size
    answer = requests.post(url + "/api/traces/check", data=TRACE + padding, timeout=10)
    assert answer.status_code == 413
