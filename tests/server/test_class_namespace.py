"""The /class contract (docs/classroom.md) on a real server with real Socket.IO clients: the
instructor drives, followers follow, late joiners catch up, questions are tallied without names,
and nothing without the room's key moves anyone."""

from __future__ import annotations

import json
import re
from contextlib import nullcontext
from typing import Iterator

import pytest
import requests

from server.classroom.codes import ALPHABET
from server.classroom.wrong_keys import NOT_YOURS
from tests.helpers.class_client import UNLIMITED_CLASSES, ClassClient
from tests.helpers.class_stores import STORES, class_server
from tests.helpers.live_server import running_server
from tests.helpers.redis_server import redis_server

LECTURE = {"example": "lecture", "algorithm": "alphabeta"}


@pytest.fixture(scope="module", params=STORES)
def url(request: pytest.FixtureRequest) -> Iterator[str]:
    """Rooms in this process's memory, and in a real Redis (as several processes share them)."""
    config = {"CLASS_INLINE_EVENTS": 300, **UNLIMITED_CLASSES}  # every test makes rooms from 127.0.0.1
    with class_server(request.param, config) as base:
        yield base


@pytest.fixture
def clients(url: str) -> Iterator[list[ClassClient]]:
    made: list[ClassClient] = []
    yield made
    for client in made:
        client.close()


def connect(url: str, clients: list[ClassClient]) -> ClassClient:
    client = ClassClient(url)
    clients.append(client)
    return client


def room(url: str, clients: list[ClassClient], followers: int = 1) -> tuple[ClassClient, dict, list[ClassClient]]:
    """An instructor with a new room, and followers who joined it."""
    teacher = connect(url, clients)
    made = teacher.call("class:create")
    students = []
    for _ in range(followers):
        student = connect(url, clients)
        assert student.call("class:join", {"code": made["code"]}) == {"code": made["code"]}
        student.wait_message("class:state")
        students.append(student)
    return teacher, made, students


def run_lecture(teacher: ClassClient, made: dict, students: list[ClassClient], shown: int | None = None) -> None:
    """The lecture's search in the room, the instructor's page then at event `shown` (None: the last,
    as its End key does); followers hold the search up to there (and all of it with search:done)."""
    assert teacher.call("class:search", {**made_keys(made), **LECTURE}) == {"ok": True}
    teacher.wait_message("search:done")
    step = len(teacher.events) - 1 if shown is None else shown
    assert teacher.call("class:step", {**made_keys(made), "step": step}) == {"ok": True}
    for client in students:
        client.wait_message("class:step", lambda m: m["step"] == step)
        if shown is None:
            client.wait_message("search:done")


def made_keys(made: dict) -> dict:
    return {"code": made["code"], "key": made["key"]}


def test_create_gives_a_code_a_key_and_a_link(url: str, clients: list[ClassClient]) -> None:
    made = connect(url, clients).call("class:create")
    assert re.fullmatch(f"[{ALPHABET}]{{8}}", made["code"])
    assert len(made["key"]) >= 32 and made["link"] == f"/c/{made['code']}"
    page = requests.get(url + made["link"], timeout=30)
    assert page.status_code == 200
    assert requests.get(url + "/c/not-a-code!", timeout=30).status_code == 404


def test_followers_get_the_instructors_search_and_steps(url: str, clients: list[ClassClient]) -> None:
    teacher, made, (first, second) = room(url, clients, followers=2)
    assert first.last("class:state") == {"code": made["code"], "step": -1, "search": None, "done": True,
                                        "events": [], "question": None, "revealed": None}
    run_lecture(teacher, made, [first, second])
    assert first.events == teacher.events == second.events
    assert teacher.events[-1]["type"] == "result" and teacher.events[-1]["value"] == 3
    assert first.last("search:started")["search"] == teacher.last("search:started")["search"]

    assert teacher.call("class:step", {**made_keys(made), "step": 7}) == {"ok": True}
    for student in (first, second):
        assert student.wait_message("class:step", lambda m: m["step"] == 7) == {"code": made["code"], "step": 7}
    assert teacher.of("class:step") == []  # the driver is not echoed


def test_a_late_joiner_catches_up_at_once(url: str, clients: list[ClassClient]) -> None:
    teacher, made, (early,) = room(url, clients)
    run_lecture(teacher, made, [early])
    teacher.call("class:step", {**made_keys(made), "step": 12})
    early.wait_message("class:step")
    late = connect(url, clients)
    # Any case, spaces or a dash: the code as typed off a projector.
    typed = made["code"][:4].lower() + "-" + made["code"][4:].lower()
    assert late.call("class:join", {"code": typed}) == {"code": made["code"]}
    state = late.wait_message("class:state")
    assert state["step"] == 12 and state["done"] is True
    assert state["search"] == teacher.last("search:started")
    assert state["events"] == teacher.events


def test_nothing_without_the_key_moves_anyone(url: str, clients: list[ClassClient]) -> None:
    teacher, made, (student,) = room(url, clients)
    for event, extra in (("class:step", {"step": 3}), ("class:search", LECTURE), ("class:close", {}),
                         ("class:ask", {"question": {"kind": "value", "prompt": "?", "node": "B", "step": 3, "choices": None, "answer": "3"}}),
                         ("class:reveal", {}), ("class:cancel", {})):
        answer = student.call(event, {"code": made["code"], "key": "guess", **extra})
        assert answer == {"error": NOT_YOURS}
        error = student.wait_message("class:error", lambda e, ev=event: e["event"] == ev)
        assert error == {"code": made["code"], "event": event, "error": NOT_YOURS}
    assert student.call("class:step", {"code": made["code"], "step": 3}) == {"error": NOT_YOURS}
    assert teacher.call("class:step", {"code": "ZZZZZZZZ", "key": made["key"], "step": 1}) == {"error": NOT_YOURS}
    assert teacher.call("class:step", {**made_keys(made), "step": "3"})["error"].startswith("step:")
    # The room is untouched: a real step arrives, and only it.
    teacher.call("class:step", {**made_keys(made), "step": 5})
    student.wait_message("class:step")
    assert student.of("class:step") == [{"code": made["code"], "step": 5}]
    assert student.of("search:started") == [] and student.of("class:question") == []
    assert student.of("class:closed") == []
    # No follower ever saw the key, in any message.
    assert made["key"] not in json.dumps(student.messages)


def test_a_question_is_tallied_without_names_then_revealed(url: str, clients: list[ClassClient]) -> None:
    teacher, made, (ann, bob) = room(url, clients, followers=2)
    run_lecture(teacher, made, [ann, bob], shown=8)
    question = {"kind": "value", "prompt": "Which value does B return?", "node": "B", "step": 9,
                "choices": None, "answer": "3"}
    asked = teacher.call("class:ask", {**made_keys(made), "question": question})
    shown = ann.wait_message("class:question")
    assert "answer" not in shown and shown["prompt"] == question["prompt"] and shown["id"] == asked["question"]
    assert bob.call("class:answer", {"code": made["code"], "question": shown["id"], "answer": "2"}) == {"ok": True, "counted": "2"}
    assert ann.call("class:answer", {"code": made["code"], "question": shown["id"], "answer": " 3.0 "}) == {"ok": True, "counted": "3"}
    teacher.wait_for(lambda: (teacher.last("class:tally") or {}).get("answered") == 2, "two answers")
    assert teacher.last("class:tally")["counts"] == {"2": 1, "3": 1}
    assert bob.call("class:answer", {"code": made["code"], "question": shown["id"], "answer": 3}) == {"ok": True, "counted": "3"}
    teacher.wait_for(lambda: teacher.last("class:tally")["counts"] == {"3": 2}, "bob's changed answer")
    assert ann.of("class:tally") == []  # followers never see the running tally
    teacher.call("class:reveal", made_keys(made))
    revealed = bob.wait_message("class:reveal")
    assert revealed == {"code": made["code"], "question": shown["id"], "answer": "3", "answered": 2, "counts": {"3": 2}}
    assert "sid" not in json.dumps(revealed)
    # Revealed: the question is closed, so the projector's spread cannot change under the answer.
    assert "no longer open" in bob.call("class:answer", {"code": made["code"], "question": shown["id"], "answer": "2"})["error"]
    assert "no longer open" in ann.call("class:answer", {"code": made["code"], "question": "old", "answer": "1"})["error"]
    outsider = connect(url, clients)
    assert "join this class" in outsider.call("class:answer", {"code": made["code"], "question": shown["id"], "answer": "1"})["error"]


def test_a_question_with_choices_counts_only_its_choices(url: str, clients: list[ClassClient]) -> None:
    teacher, made, (student,) = room(url, clients)
    question = {"kind": "prune", "prompt": "Prune?", "node": "C", "step": 20, "choices": ["prune", "keep looking"], "answer": "prune"}
    asked = teacher.call("class:ask", {**made_keys(made), "question": question})["question"]
    student.wait_message("class:question")
    answer = student.call("class:answer", {"code": made["code"], "question": asked, "answer": "NotAChoice"})
    assert answer == {"ok": True, "counted": "other"}  # counted, never kept or shown as typed
    teacher.wait_for(lambda: (teacher.last("class:tally") or {}).get("counts") == {"other": 1}, "one answer, other")
    assert student.call("class:answer", {"code": made["code"], "question": asked, "answer": "prune"}) == {"ok": True, "counted": "prune"}
    teacher.wait_for(lambda: (teacher.last("class:tally") or {}).get("counts") == {"prune": 1}, "the answer changed to a choice")


@pytest.mark.parametrize("question, problem", [
    ({"kind": "guess", "prompt": "?", "node": None, "step": 1, "choices": None, "answer": "1"}, "question.kind"),
    ({"kind": "value", "prompt": "", "node": None, "step": 1, "choices": None, "answer": "1"}, "question.prompt: empty"),
    ({"kind": "prune", "prompt": "?", "node": "B", "step": 1, "choices": ["x"] * 9, "answer": "x"}, "question.choices"),
    ({"kind": "value", "prompt": "?", "node": "B", "step": -2, "choices": None, "answer": "1"}, "question.step"),
    ({"kind": "value", "prompt": "?", "node": "B", "step": 1, "choices": None, "answer": "9" * 41}, "answer: 41 characters"),
])
def test_a_malformed_question_is_refused_naming_the_field(url: str, clients: list[ClassClient], question: dict, problem: str) -> None:
    teacher, made, (student,) = room(url, clients)
    assert problem in teacher.call("class:ask", {**made_keys(made), "question": question})["error"]
    teacher.call("class:step", {**made_keys(made), "step": 0})
    student.wait_message("class:step")
    assert student.of("class:question") == []


def test_many_events_come_as_a_path_to_json_lines(url: str, clients: list[ClassClient]) -> None:
    teacher, made, _ = room(url, clients, followers=0)
    request = {"game": "tictactoe", "state": "X.O......", "algorithm": "alphabeta"}
    teacher.call("class:search", {**made_keys(made), **request})
    teacher.wait_message("search:done")
    teacher.call("class:step", {**made_keys(made), "step": len(teacher.events) - 1})  # End: all of it shown
    late = connect(url, clients)
    late.call("class:join", {"code": made["code"]})
    state = late.wait_message("class:state")
    assert "events" not in state and state["trace"].startswith(f"/api/class/{made['code']}/searches/")
    assert state["done"] is True
    answer = requests.get(url + state["trace"], timeout=30)
    assert answer.headers["Content-Type"].startswith("application/x-ndjson")
    assert [json.loads(line) for line in answer.text.splitlines()] == teacher.events
    assert requests.get(url + f"/api/class/{made['code']}/searches/nope/events", timeout=30).status_code == 404


def test_drive_again_with_the_key_and_close(url: str, clients: list[ClassClient]) -> None:
    teacher, made, (student,) = room(url, clients)
    teacher.call("class:step", {**made_keys(made), "step": 4})
    student.wait_message("class:step")
    reloaded = connect(url, clients)
    assert reloaded.call("class:drive", made_keys(made)) == {"code": made["code"], "step": 4, "followers": 1}
    assert reloaded.call("class:drive", {"code": made["code"], "key": "nope"}) == {"error": NOT_YOURS}
    reloaded.call("class:close", made_keys(made))
    assert student.wait_message("class:closed") == {"code": made["code"], "reason": "the instructor ended the class"}
    assert "no class" in connect(url, clients).call("class:join", {"code": made["code"]})["error"]


def test_the_instructor_hears_how_many_follow(url: str, clients: list[ClassClient]) -> None:
    teacher, made, (first, second) = room(url, clients, followers=2)
    teacher.wait_for(lambda: (teacher.last("class:members") or {}).get("followers") == 2, "two followers")
    first.close()
    clients.remove(first)
    teacher.wait_for(lambda: teacher.last("class:members")["followers"] == 1, "one follower left")


def test_wrong_codes_are_rate_limited_per_client() -> None:
    with running_server({"CLASS_JOINS_PER_MINUTE": 3}) as base:
        guesser = ClassClient(base)
        try:
            answers = [guesser.call("class:join", {"code": code})["error"] for code in ("ZZZZZZZZ", "YYYYYYYY", "XXXXXXXX", "WWWWWWWW")]
            assert answers[:3] == [f"code: no class {c} (check the code; the class may have ended)" for c in ("ZZZZZZZZ", "YYYYYYYY", "XXXXXXXX")]
            assert answers[3] == "too many joins from this connection: wait a minute"
        finally:
            guesser.close()
        # Another connection from the same address: its wrong codes are counted for the address.
        again = ClassClient(base)
        try:
            assert "wrong class codes from this address" in again.call("class:join", {"code": "VVVVVVVV"})["error"]
        finally:
            again.close()


def test_an_idle_room_ends_and_says_so() -> None:
    with running_server({"CLASS_IDLE_SECONDS": 0.0}) as base:  # every room is past its idle time at once
        teacher, other = ClassClient(base), ClassClient(base)
        try:
            made = teacher.call("class:create")
            assert "no class" in other.call("class:join", {"code": made["code"]})["error"]
            assert teacher.wait_message("class:closed") == {"code": made["code"], "reason": "the class was idle too long"}
        finally:
            teacher.close()
            other.close()


@pytest.mark.parametrize("store", ["memory", "redis"])
def test_joiners_during_a_stream_get_every_event_once_in_order(store: str) -> None:
    """A batch is kept and sent under the same lock as a joiner's state is read and sent: each
    joiner's state plus the batches after it are the whole search, without a gap or a repeat."""
    config = {"CLASS_INLINE_EVENTS": 100_000}
    with redis_server() if store == "redis" else nullcontext(None) as queue, \
            running_server({**config, "MESSAGE_QUEUE": queue} if queue else config) as base:
        teacher = ClassClient(base)
        joiners: list[ClassClient] = []
        try:
            made = teacher.call("class:create")
            teacher.call("class:search", {**made_keys(made), "game": "tictactoe", "state": "X.O......", "algorithm": "minimax"})
            teacher.call("class:step", {**made_keys(made), "step": 10**9})  # shown as far as it goes: each batch released as kept
            teacher.wait_for(lambda: len(teacher.events) > 0, "the first batch")
            while teacher.last("search:done") is None or len(joiners) < 2:
                joiner = ClassClient(base)
                joiners.append(joiner)
                joiner.call("class:join", {"code": made["code"]})
                joiner.wait_message("class:state")
            teacher.wait_message("search:done")
            for joiner in joiners:  # done when its state said so, or when search:done came after it
                joiner.wait_for(lambda j=joiner: j.last("class:state")["done"] or j.last("search:done"), "the end of the search")
            assert len(teacher.events) == 26797
            for joiner in joiners:
                assert [e["seq"] for e in joiner.events] == list(range(26797))
        finally:
            for client in (teacher, *joiners):
                client.close()


@pytest.mark.parametrize("store", ["memory", "redis"])
def test_rooms_have_a_limit_and_creating_one_is_rate_limited(store: str) -> None:
    with redis_server() if store == "redis" else nullcontext(None) as queue:
        limits = {"CLASS_MAX_ROOMS": 2, "CLASS_CREATES_PER_WINDOW": 3}
        with running_server({**limits, "MESSAGE_QUEUE": queue} if queue else limits) as base:
            teacher = ClassClient(base)
            try:
                first, second = teacher.call("class:create"), teacher.call("class:create")
                for _ in range(3):  # refused: none of them counts toward the window
                    assert teacher.call("class:create") == {"error": "the server holds its limit of 2 classes at once: end one, or try later"}
                teacher.call("class:close", made_keys(first))
                third = teacher.call("class:create")  # a place came free; the third made in the window
                assert "code" in third
                teacher.call("class:close", made_keys(third))
                assert teacher.call("class:create")["error"].startswith("too many classes created from this address: wait")
                assert "code" in second
            finally:
                teacher.close()
