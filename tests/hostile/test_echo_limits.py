"""A 900 KB bad field, sent to every POST route and every socket message of `python -m server`.

Found: the 400 answer echoed the field whole (900 KB back for 900 KB in: an amplifier, and a log
filler). Now every answer quotes at most QUOTE_CHARS characters of a bad value or a made-up field
name (search.errors.quoted / shortened) and still names the field.
"""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest
import requests
import socketio

from search.errors import QUOTE_CHARS
from server.classroom.namespace import ClassNamespace
from server.searches.namespace import SearchNamespace
from tests.helpers.server_process import ServerProcess
from tests.helpers.socket_client import PATIENCE_SECONDS, SearchClient

BIG = "Q" * 900_000
SMALL_ANSWER = 2048
TREE = {"id": "A", "children": [{"id": "B", "value": 1}, {"id": "C", "value": 2}]}
CS188 = 'alg: "MinimaxAgent"\ndepth: "1"\nnum_agents: "2"\nstart_state: "A"\nsuccessors: """\nA l B\nA r C\n"""\nevaluation: """\nB 1\nC 2\n"""\n'


@pytest.fixture(scope="module")
def exercise(server: ServerProcess) -> str:
    made = requests.post(server.url + "/api/exercises", json={"tree": TREE, "algorithm": "minimax"}, timeout=PATIENCE_SECONDS)
    assert made.status_code == 201, made.text
    return str(made.json()["id"])


def posts(exercise: str) -> Iterator[tuple[str, Any, str]]:
    """(path, body, the field the answer must name): a bad value of a real field, per POST route."""
    yield "/api/import/cs188", CS188.replace('alg: "MinimaxAgent"', f'alg: "{BIG}"'), "alg"
    yield "/api/misconceptions/answers", {"example": "lecture", "algorithm": BIG}, "algorithm"
    yield "/api/trees", {**TREE, "label": BIG}, "label"
    yield "/api/trees/check", {**TREE, "id": BIG}, "id"
    yield "/api/trees/shorthand", {**TREE, "player": BIG}, "player"
    yield "/api/traces", json.dumps({"seq": 0, "type": "start", "algorithm": BIG}) + "\n", "line 1"
    yield "/api/traces/check", json.dumps({"seq": 0, "type": BIG}) + "\n", "line 1"
    yield "/api/random-tree", {"depth": BIG}, "depth"
    yield "/api/play/move", {"game": BIG}, "game"
    yield "/api/ordering", {"example": BIG}, "example"
    yield "/api/exercises", {"tree": TREE, "algorithm": BIG}, "algorithm"
    yield f"/api/exercises/{exercise}/check", {"values": {BIG: 1}}, "values."
    yield f"/api/exercises/{exercise}/hint", {"pruned": [BIG]}, "pruned[0]"


def post(server: ServerProcess, path: str, body: Any) -> requests.Response:
    if isinstance(body, str):
        return requests.post(server.url + path, data=body.encode(), headers={"Content-Type": "text/plain"}, timeout=PATIENCE_SECONDS)
    return requests.post(server.url + path, json=body, timeout=PATIENCE_SECONDS)


def assert_short_and_named(answer: str, field: str) -> None:
    assert len(answer.encode()) < SMALL_ANSWER, answer[:300]
    assert field in answer, answer
    assert "Q" * (QUOTE_CHARS + 1) not in answer  # at most a prefix of the value


def test_every_post_route_names_a_900_kb_bad_field_in_a_short_answer(server: ServerProcess, exercise: str) -> None:
    routes = list(posts(exercise))
    assert len(routes) == 13
    for path, body, field in routes:
        answer = post(server, path, body)
        assert 400 <= answer.status_code < 500, (path, answer.status_code, answer.text[:300])
        assert_short_and_named(answer.json()["error"], field)


def test_a_900_kb_made_up_field_name_is_named_by_a_prefix(server: ServerProcess, exercise: str) -> None:
    json_routes = [path for path, body, _ in posts(exercise) if not isinstance(body, str)]
    for path in json_routes:
        answer = post(server, path, {BIG: 1})
        assert len(answer.content) < SMALL_ANSWER and "Q" * (QUOTE_CHARS + 1) not in answer.text, (path, answer.text[:300])
        if path != "/api/random-tree":  # its options are all optional, and it reads only the ones it knows
            assert answer.status_code == 400 and "Q" * QUOTE_CHARS in answer.json()["error"], (path, answer.text[:300])


def test_every_socket_message_answers_a_900_kb_bad_field_in_short(server: ServerProcess) -> None:
    search = SearchClient(server.url)
    try:
        search.start({"example": "lecture", "algorithm": BIG})
        search.start({"example": "lecture", "delivery": BIG})
        search.start({"example": "lecture", BIG: 1})
        search.wait()
        errors = [data["error"] for name, data in search.messages if name == "search:error"]
        assert len(errors) == 3
        for error, field in zip(errors, ("algorithm", "delivery", "Q" * QUOTE_CHARS)):
            assert_short_and_named(error, field)
        assert_short_and_named(search.sio.call("search:compare", {"algorithm": BIG}, namespace="/search")["error"], "algorithm")
        assert_short_and_named(search.sio.call("search:compare", {BIG: 1}, namespace="/search")["error"], "Q" * QUOTE_CHARS)
        assert search.sio.call("search:read", {"search": BIG, "seq": 1}, namespace="/search") is None  # not a reader's: ignored
        search.cancel(BIG)
        search.wait_for(lambda: len(search.messages) == 4, "the cancel's search:error")
        assert search.messages[-1][1] == {"search": None, "error": "search: no running search with this id"}
    finally:
        search.close()

    # Every message of both namespaces, each field of it 900 KB: whatever the answer, it is short.
    sio = socketio.Client(reconnection=False)
    received: list[Any] = []
    for name in ("search:error", "class:error", "class:state"):
        sio.on(name, lambda data: received.append(data), namespace="/class")
    sio.connect(server.url, namespaces=["/class", "/search"], transports=["websocket"], wait_timeout=PATIENCE_SECONDS)
    try:
        fields = {"/class": ("code", "key", "answer", "choice", "text", "question", "step"),
                  "/search": ("search", "algorithm", "example", "seq")}  # one at a time: a message is at most 2 MB
        for namespace, handlers in (("/class", ClassNamespace), ("/search", SearchNamespace)):
            events = sorted(n[3:].replace("_", ":", 1) for n in dir(handlers) if n.startswith("on_") and "_" in n[3:])
            for event in events:
                for field in fields[namespace]:
                    if event == "search:start":  # answered by search:error, above
                        continue
                    answer = sio.call(event, {field: BIG}, namespace=namespace, timeout=PATIENCE_SECONDS)
                    assert len(json.dumps(answer).encode()) < SMALL_ANSWER, (event, field, str(answer)[:300])
        assert all(len(json.dumps(data).encode()) < SMALL_ANSWER for data in received), str(received)[:300]
    finally:
        sio.disconnect()
