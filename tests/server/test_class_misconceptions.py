"""A class question carries the misconception each wrong answer follows (issue 26, point 3): checked by
the server against the engine's catalogue, kept with the answer, never sent to followers before the
reveal, and named beside each answer at Reveal (docs/classroom.md). Real Socket.IO clients, live server."""

from __future__ import annotations

import json
from typing import Iterator

import pytest

from search.misconceptions import CATALOGUE
from tests.helpers.class_client import UNLIMITED_CLASSES, ClassClient
from tests.helpers.live_server import running_server
from tests.server.test_class_namespace import made_keys, room, run_lecture

QUESTION = {"kind": "value", "prompt": "Which value does B return?", "node": "B", "step": 20, "choices": None, "answer": "3",
            "misconceptions": {"12": "max-min-swapped", "inf": "beta-not-updated"}}


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    with running_server(UNLIMITED_CLASSES) as base:
        yield base


def test_the_tally_names_a_misconception_at_reveal_and_not_before(url: str, clients: list[ClassClient]) -> None:
    teacher, made, (ann, bob, cy) = room(url, clients, followers=3)
    run_lecture(teacher, made, [ann, bob, cy], shown=19)  # the question is about event 20, not shown yet
    asked = teacher.call("class:ask", {**made_keys(made), "question": QUESTION})
    shown = ann.wait_message("class:question")
    assert shown["id"] == asked["question"]
    for student, said in ((ann, "12"), (bob, "12"), (cy, "3")):
        assert student.call("class:answer", {"code": made["code"], "question": shown["id"], "answer": said}) == {"ok": True, "counted": said}
    teacher.wait_for(lambda: (teacher.last("class:tally") or {}).get("answered") == 3, "three answers")
    # Before the reveal nothing anyone was sent names a misconception: not the question, not the tally,
    # not a late joiner's state.
    late = ClassClient(url)
    clients.append(late)
    late.call("class:join", {"code": made["code"]})
    state = late.wait_message("class:state")
    assert state["question"]["id"] == shown["id"]
    for client in (ann, bob, cy, teacher, late):
        assert "max-min-swapped" not in json.dumps([m for m in client.messages if m[0] != "search:events"]), "a misconception was sent before the reveal"
    teacher.call("class:reveal", made_keys(made))
    revealed = bob.wait_message("class:reveal")
    assert revealed["counts"] == {"12": 2, "3": 1}
    swapped = CATALOGUE["max-min-swapped"]
    assert revealed["misconceptions"] == {"12": swapped.to_json(), "inf": CATALOGUE["beta-not-updated"].to_json()}
    assert teacher.wait_message("class:reveal")["misconceptions"]["12"]["name"] == "MAX and MIN swapped"


@pytest.mark.parametrize("misconceptions, problem", [
    ({"12": "made-up"}, 'question.misconceptions["12"]: expected a misconception id of the catalogue'),
    ({"3": "max-min-swapped"}, 'question.misconceptions["3"]: that is the right answer'),
    ({"": "max-min-swapped"}, 'question.misconceptions[""]: empty'),
    ({"9" * 41: "max-min-swapped"}, "41 characters; at most 40"),
    ({str(i): "no-pruning" for i in range(13)}, "question.misconceptions: expected an object of at most 12"),
    (["12", "max-min-swapped"], "question.misconceptions: expected an object"),
])
def test_a_malformed_list_of_misconceptions_is_refused_naming_the_field(url: str, clients: list[ClassClient],
                                                                       misconceptions: object, problem: str) -> None:
    teacher, made, (student,) = room(url, clients)
    refused = teacher.call("class:ask", {**made_keys(made), "question": {**QUESTION, "misconceptions": misconceptions}})
    assert problem in refused["error"]


def test_a_prune_questions_misconceptions_must_be_its_choices(url: str, clients: list[ClassClient]) -> None:
    teacher, made, _ = room(url, clients)
    question = {"kind": "prune", "prompt": "Prune?", "node": "C", "step": 29, "choices": ["prune", "keep looking"],
                "answer": "prune", "misconceptions": {"keep": "no-pruning"}}
    assert "not one of the question's choices" in teacher.call("class:ask", {**made_keys(made), "question": question})["error"]
    question["misconceptions"] = {"keep looking": "no-pruning"}
    assert teacher.call("class:ask", {**made_keys(made), "question": question})["question"]
