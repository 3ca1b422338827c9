"""A class gives nothing away (docs/classroom.md "What followers hold"), on a live server with real
Socket.IO clients, rooms in memory and in a real Redis: followers hold the room's search only up
to the instructor's furthest step, a question's answer is in nothing they received before Reveal,
and only connections present at the ask may answer it."""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest
import requests

from tests.helpers.class_client import UNLIMITED_CLASSES, ClassClient
from tests.helpers.class_stores import STORES, class_server

LECTURE = {"example": "lecture", "algorithm": "alphabeta"}


@pytest.fixture(scope="module", params=STORES)
def url(request: pytest.FixtureRequest) -> Iterator[str]:
    config = {"CLASS_INLINE_EVENTS": 20, **UNLIMITED_CLASSES,
              "CLASS_EVENTS_PER_ADDRESS": 10_000_000}  # 20: the lecture's later steps go by path
    with class_server(request.param, config) as base:
        yield base


def keys(made: dict) -> dict:
    return {"code": made["code"], "key": made["key"]}


def lecture_room(url: str, clients: list[ClassClient], followers: int = 1) -> tuple[ClassClient, dict, list[ClassClient]]:
    """A room whose instructor ran the lecture's alpha-beta (the instructor holds all of it) and has shown nothing yet."""
    teacher = ClassClient(url)
    clients.append(teacher)
    made = teacher.call("class:create")
    students = []
    for _ in range(followers):
        students.append(join(url, clients, made))
    assert teacher.call("class:search", {**keys(made), **LECTURE}) == {"ok": True}
    teacher.wait_message("search:done")
    for student in students:
        student.wait_message("search:started")
    return teacher, made, students


def join(url: str, clients: list[ClassClient], made: dict) -> ClassClient:
    student = ClassClient(url)
    clients.append(student)
    assert student.call("class:join", {"code": made["code"]}) == {"code": made["code"]}
    student.wait_message("class:state")
    return student


def step(teacher: ClassClient, made: dict, k: int, students: list[ClassClient]) -> None:
    assert teacher.call("class:step", {**keys(made), "step": k}) == {"ok": True}
    for student in students:
        student.wait_message("class:step", lambda m: m["step"] == k)


def held_events(client: ClassClient) -> list[dict[str, Any]]:
    """Every event in anything the client received: search:events and class:state's events."""
    found = []
    for name, data in client.messages:
        if name == "search:events":
            found += data["events"]
        elif name == "class:state":
            found += data.get("events") or []
    return found


def b_returns(teacher: ClassClient) -> int:
    return next(e["seq"] for e in teacher.events if e["type"] == "return" and e["node"] == "B")


def test_followers_hold_the_search_only_up_to_the_furthest_step(url: str, clients: list[ClassClient]) -> None:
    teacher, made, (student,) = lecture_room(url, clients)
    assert student.events == [] and student.of("search:done") == []
    step(teacher, made, 5, [student])
    assert [e["seq"] for e in student.events] == list(range(6))
    assert student.events == teacher.events[:6]
    # Back, then forward again within what was shown: nothing is sent again.
    step(teacher, made, 2, [student])
    step(teacher, made, 5, [student])
    assert [e["seq"] for e in held_events(student)] == list(range(6))
    # Past the furthest step: exactly the newly shown events, before the step itself.
    step(teacher, made, 9, [student])
    assert [e["seq"] for e in held_events(student)] == list(range(10))
    names = [n for n, _ in student.messages]
    assert max(i for i, n in enumerate(names) if n == "search:events") < max(i for i, n in enumerate(names) if n == "class:step")
    assert student.of("search:done") == []
    # The end shown: the whole search, and only now search:done.
    step(teacher, made, len(teacher.events) - 1, [student])
    student.wait_message("search:done")
    assert student.events == teacher.events


def test_a_late_joiner_gets_what_was_shown_and_the_path_only_that(url: str, clients: list[ClassClient]) -> None:
    teacher, made, _ = lecture_room(url, clients, followers=0)
    step(teacher, made, 12, [])
    late = join(url, clients, made)
    state = late.last("class:state")
    assert state["step"] == 12 and state["done"] is False
    assert [e["seq"] for e in state["events"]] == list(range(13))
    step(teacher, made, 40, [late])
    later = join(url, clients, made)
    path = later.last("class:state")["trace"]  # 41 events > CLASS_INLINE_EVENTS (20): by path, with a ticket
    assert "?ticket=" in path and later.last("class:state")["done"] is False
    answer = requests.get(url + path, timeout=30)
    assert answer.status_code == 200
    assert [json.loads(line) for line in answer.text.splitlines()] == teacher.events[:41]


def test_a_questions_answer_is_in_nothing_a_follower_received_before_reveal(url: str, clients: list[ClassClient]) -> None:
    """The lecture's "What does B return?": the instructor stands just before B returns and asks."""
    teacher, made, (early,) = lecture_room(url, clients)
    r = b_returns(teacher)
    step(teacher, made, r - 1, [early])
    question = {"kind": "value", "prompt": "Which value does B return?", "node": "B", "step": r, "choices": None,
                "answer": "3", "misconceptions": {"12": "max-min-swapped"}}
    asked = teacher.call("class:ask", {**keys(made), "question": question})["question"]
    early.wait_message("class:question")
    late = join(url, clients, made)  # joined after the ask: its class:state carries the question
    assert late.last("class:state")["question"]["id"] == asked and late.last("class:state")["answerable"] is False
    for student in (early, late):
        received = json.dumps(student.messages, ensure_ascii=False)
        assert all(e["seq"] < r for e in held_events(student))
        assert not any(e["type"] == "return" and e["node"] == "B" for e in held_events(student))
        assert not any(e["type"] == "result" for e in held_events(student))
        assert "max-min-swapped" not in received and "MAX and MIN swapped" not in received
        for name, data in student.messages:
            if name in ("class:question", "class:state"):
                assert "answer" not in (data.get("question") or data)
    # The late joiner may not answer this one; the one present at the ask may.
    assert late.call("class:answer", {"code": made["code"], "question": asked, "answer": "3"}) == \
        {"error": "question: this question was asked before you joined; the next one is yours"}
    assert early.call("class:answer", {"code": made["code"], "question": asked, "answer": "12"}) == {"ok": True, "counted": "12"}
    teacher.call("class:reveal", keys(made))
    revealed = early.wait_message("class:reveal")
    assert revealed["answer"] == "3" and revealed["counts"] == {"12": 1}
    assert revealed["misconceptions"]["12"]["name"] == "MAX and MIN swapped"
    # The next question is the late joiner's too.
    step(teacher, made, r, [early, late])
    nxt = teacher.call("class:ask", {**keys(made), "question": {**question, "step": r + 1, "prompt": "next?", "misconceptions": {}}})
    late.wait_message("class:question", lambda q: q["id"] == nxt["question"])
    assert late.call("class:answer", {"code": made["code"], "question": nxt["question"], "answer": "3"})["ok"] is True


def test_a_question_about_a_step_already_shown_is_refused(url: str, clients: list[ClassClient]) -> None:
    teacher, made, (student,) = lecture_room(url, clients)
    step(teacher, made, 20, [student])
    step(teacher, made, 3, [student])  # stepped back: events up to 20 are on the students' devices
    question = {"kind": "value", "prompt": "?", "node": "B", "step": 9, "choices": None, "answer": "3"}
    answer = teacher.call("class:ask", {**keys(made), "question": question})
    assert answer == {"error": "question.step: the class has been shown event 9 already (it holds events up to 20): "
                               "ask about a step not shown yet"}
    assert student.of("class:question") == []


def test_a_joiner_again_on_the_same_connection_keeps_its_right_to_answer(url: str, clients: list[ClassClient]) -> None:
    """A page that sees a gap in seq joins again on its connection: still present at the ask."""
    teacher, made, (student,) = lecture_room(url, clients)
    asked = teacher.call("class:ask", {**keys(made), "question": {"kind": "value", "prompt": "?", "node": "B", "step": 9,
                                                                    "choices": None, "answer": "3"}})["question"]
    student.wait_message("class:question")
    student.call("class:join", {"code": made["code"]})
    student.wait_for(lambda: len(student.of("class:state")) == 2, "the second state")
    assert student.last("class:state")["answerable"] is True
    assert student.call("class:answer", {"code": made["code"], "question": asked, "answer": "inf"}) == {"ok": True, "counted": "inf"}


def test_stepping_past_an_open_question_sends_nothing_from_its_step_until_reveal(url: str, clients: list[ClassClient]) -> None:
    """Found: the instructor asked "What does B return?", then stepped on past B's return before Reveal, and
    the followers received B's return while they could still answer. Now the instructor's page steps freely,
    the followers hold up to the question's step - 1, and Reveal releases up to the instructor's furthest step."""
    teacher, made, (early,) = lecture_room(url, clients)
    r = b_returns(teacher)
    step(teacher, made, r - 1, [early])
    question = {"kind": "value", "prompt": "Which value does B return?", "node": "B", "step": r, "choices": None, "answer": "3"}
    asked = teacher.call("class:ask", {**keys(made), "question": question})["question"]
    early.wait_message("class:question")
    step(teacher, made, r + 3, [early])
    late = join(url, clients, made)  # joins with the instructor past the question: its state holds up to r - 1 too
    assert late.last("class:state")["step"] == r + 3
    step(teacher, made, r + 5, [early, late])
    assert early.call("class:answer", {"code": made["code"], "question": asked, "answer": "12"}) == {"ok": True, "counted": "12"}
    for student in (early, late):
        assert [e["seq"] for e in student.events] == list(range(r))
        assert all(e["seq"] < r for e in held_events(student))  # in every message it got
        assert not any(e["type"] == "return" and e["node"] == "B" for e in held_events(student))
        assert student.of("search:done") == []
    # Reveal: first the answer, then every event up to the instructor's furthest step, once.
    teacher.call("class:reveal", keys(made))
    for student in (early, late):
        student.wait_for(lambda s=student: len(s.events) == r + 6, "the events up to the furthest step")
        assert student.events == teacher.events[:r + 6]
        names = [n for n, _ in student.messages]
        first_past = next(i for i, (n, d) in enumerate(student.messages)
                          if n == "search:events" and any(e["seq"] >= r for e in d["events"]))
        assert names.index("class:reveal") < first_past
        assert sorted(e["seq"] for e in held_events(student) if e["seq"] >= r) == list(range(r, r + 6))
    # A question again: the instructor steps to the end before Reveal; search:done waits for it.
    step(teacher, made, r + 6, [early, late])
    again = {**question, "prompt": "And then?", "step": r + 8}
    teacher.call("class:ask", {**keys(made), "question": again})
    early.wait_message("class:question", lambda q: q["prompt"] == "And then?")
    step(teacher, made, len(teacher.events) - 1, [early, late])
    assert [e["seq"] for e in early.events] == list(range(r + 8)) and early.of("search:done") == []
    teacher.call("class:reveal", keys(made))
    early.wait_message("search:done")
    assert early.events == teacher.events


def test_a_question_refused_keeps_the_open_ones_hold(url: str, clients: list[ClassClient]) -> None:
    """A question about a step already shown is refused; the question still open keeps holding back its step,
    and one that replaces it releases what its own step allows."""
    teacher, made, (student,) = lecture_room(url, clients)
    step(teacher, made, 10, [student])
    base = {"kind": "value", "prompt": "?", "node": "B", "choices": None, "answer": "3"}
    assert teacher.call("class:ask", {**keys(made), "question": {**base, "step": 15}})["ok"] is True
    step(teacher, made, 30, [student])
    assert "error" in teacher.call("class:ask", {**keys(made), "question": {**base, "step": 5}})
    step(teacher, made, 31, [student])
    assert max(e["seq"] for e in held_events(student)) == 14
    teacher.call("class:ask", {**keys(made), "question": {**base, "step": 20, "prompt": "next"}})
    student.wait_message("class:question", lambda q: q["prompt"] == "next")
    student.wait_for(lambda: len(student.events) == 20, "the events up to the new question's step - 1")
    assert max(e["seq"] for e in held_events(student)) == 19


def test_a_connection_joining_again_gets_one_ticket_for_the_events_path(url: str, clients: list[ClassClient]) -> None:
    """The same ticket while it is good, none once spent: its fetches are then the address's (tickets.py)."""
    teacher, made, _ = lecture_room(url, clients, followers=0)
    step(teacher, made, 40, [])
    joiner = join(url, clients, made)
    path = joiner.last("class:state")["trace"]
    assert "?ticket=" in path
    joiner.call("class:join", {"code": made["code"]})
    joiner.wait_for(lambda: len(joiner.of("class:state")) == 2, "the second state")
    assert joiner.last("class:state")["trace"] == path
    assert requests.get(url + path, timeout=30).status_code == 200
    joiner.call("class:join", {"code": made["code"]})
    joiner.wait_for(lambda: len(joiner.of("class:state")) == 3, "the third state")
    assert joiner.last("class:state")["trace"] == path.split("?")[0]
    # Another connection has its own.
    other = join(url, clients, made).last("class:state")["trace"]
    assert "?ticket=" in other and other != path


def test_a_search_started_while_a_question_is_open_is_held_back_at_its_step(url: str, clients: list[ClassClient]) -> None:
    """The hold is the room's: a question asked before the search (about the tree to come) holds the new search too."""
    teacher = ClassClient(url)
    clients.append(teacher)
    made = teacher.call("class:create")
    student = join(url, clients, made)
    question = {"kind": "value", "prompt": "?", "node": "B", "step": 5, "choices": None, "answer": "3"}
    assert teacher.call("class:ask", {**keys(made), "question": question})["ok"] is True
    teacher.call("class:search", {**keys(made), **LECTURE})
    teacher.wait_message("search:done")
    step(teacher, made, 20, [student])
    assert [e["seq"] for e in held_events(student)] == list(range(5))
    teacher.call("class:reveal", keys(made))
    student.wait_for(lambda: len(student.events) == 21, "the events up to step 20")
    assert [e["seq"] for e in held_events(student)] == list(range(21))
