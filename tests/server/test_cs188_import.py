"""POST /api/import/cs188 against a real server: a CS188 GraphGameTreeTest in, our tree with the algorithm
and tie rule its autograder uses out; a bad file is a 400 naming its line, a big one a 413. The answer
is a search request the /search namespace runs as it stands; states the file names and its tree does not hold are
ignored, as CS188's own test class ignores them, and the answer's cs188.notes says so."""

from __future__ import annotations

from typing import Any, Iterator

import pytest
import requests

from search import limits
from tests.engine.test_cs188 import ONE_THREE_NOTE, TIES, TIES_EVAL, one_three, test_file
from tests.helpers.live_server import running_server
from tests.helpers.socket_client import SearchClient


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    with running_server() as base:
        yield base


def post(url: str, body: str | bytes, **headers: str) -> requests.Response:
    return requests.post(url + "/api/import/cs188", data=body, headers={"Content-Type": "text/plain", **headers}, timeout=30)


def test_a_good_file_answers_the_tree_the_algorithm_and_ties_explore_and_searches_as_the_autograder(url: str) -> None:
    answer = post(url, test_file("AlphaBetaAgent", 1, TIES, TIES_EVAL))
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    assert {k: data[k] for k in ("algorithm", "ties", "depth")} == {"algorithm": "alphabeta", "ties": "explore", "depth": None}
    assert data["cs188"]["alg"] == "AlphaBetaAgent" and data["cs188"]["plies"] == 2
    assert [c["label"] for c in data["tree"]["children"]] == ["b1 (Left)", "b2 (Middle)", "b3 (Right)"]
    client = SearchClient(url)
    try:
        client.start({k: data[k] for k in ("tree", "algorithm", "ties", "depth")})
        assert client.wait() == "search:done"
        visited = [e["node"] for e in client.events if e["type"] == "visit"]
        # The autograder's generated states (ties explore: c3 = 5 = alpha is no cut): c7 alone is pruned.
        assert visited == ["a", "b1", "c1", "c2", "b2", "c3", "c4", "c5", "b3", "c6"]
        assert (client.result()["value"], data["actions"][client.result()["move"]]) == (5, "Left")
    finally:
        client.close()


def test_a_file_listing_states_its_tree_does_not_hold_is_read_with_a_note(url: str) -> None:
    answer = post(url, one_three("AlphaBetaAgent"))  # as CS188's 1-3-minmax: win_states d1 .. d8, dx; no d1 .. d4
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    assert set(data) == {"tree", "algorithm", "ties", "depth", "cs188", "actions"}  # the shape of every answer
    assert data["cs188"]["notes"] == [ONE_THREE_NOTE]
    assert [c["label"] for c in data["tree"]["children"]] == ["b1 (Left)", "b2 (Right)"]
    assert post(url, test_file("AlphaBetaAgent", 1, TIES, TIES_EVAL)).json()["cs188"]["notes"] == []


def test_a_bad_file_is_a_400_naming_the_line(url: str) -> None:
    bad = test_file("MinimaxAgent", 1, "a Left b\na Right c\nc Up a", "b 1.0\nc 2.0")
    answer = post(url, bad)
    assert answer.status_code == 400
    assert answer.json() == {"error": "line 18: c Up a closes a cycle (a -> c -> a): a game tree's states lead only forward"}
    missing = post(url, bad.replace('start_state: "a"\n', ""))
    assert missing.status_code == 400
    assert missing.json()["error"].startswith("start_state: missing")
    not_utf8 = post(url, b"class: \"GraphGameTreeTest\"\n\xff\xfe")
    assert (not_utf8.status_code, not_utf8.json()) == (400, {"error": "the body is not UTF-8 text"})


def test_past_the_body_limit_is_a_413_naming_it(url: str) -> None:
    answer = post(url, "#" * (limits.MAX_PAYLOAD_BYTES + 1))
    assert answer.status_code == 413
    assert f"the limit is {limits.MAX_PAYLOAD_BYTES:,}" in answer.json()["error"]


def test_only_post(url: str) -> None:
    answer = requests.get(url + "/api/import/cs188", timeout=30)
    assert answer.status_code == 405 and "error" in answer.json()
