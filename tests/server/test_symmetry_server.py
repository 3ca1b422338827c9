"""The lecture slides' symmetric tic-tac-toe over a real server: the /search socket, a saved trace of
it, a practice exercise of the tree it draws, and the page's example list (search.games.symmetry)."""

from __future__ import annotations

import json
from typing import Iterator

import pytest
import requests

from tests.helpers.live_server import running_server
from tests.helpers.socket_client import SearchClient

SLIDES = {"game": "tictactoe", "state": ".........", "algorithm": "minimax", "depth": 2, "symmetry": True}


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_server({"DATABASE": str(tmp_path_factory.mktemp("symmetry") / "lab.sqlite")}) as base:
        yield base


@pytest.fixture
def client(url: str) -> Iterator[SearchClient]:
    made = SearchClient(url)
    yield made
    made.close()


def test_the_socket_searches_the_slides_example_and_a_saved_trace_of_it_is_accepted(client: SearchClient, url: str) -> None:
    client.start(SLIDES)
    assert client.wait() == "search:done"
    started = dict(client.messages)["search:started"]
    assert started["options"] == {"depth": 2, "symmetry": True}
    start, result = client.events[0], client.result()
    assert start["options"] == {"depth": 2, "symmetry": True}
    assert [e["move"] for e in client.events if e["type"] == "visit" and e["depth"] == 1] == [0, 1, 4]
    assert sum(e["type"] == "leaf" for e in client.events) == 12
    assert (result["value"], result["move"], result["visited"]) == (1, 4, 16)
    text = "".join(json.dumps(e) + "\n" for e in client.events)
    saved = requests.post(url + "/api/traces", data=text.encode(), timeout=30)
    assert saved.status_code == 201, saved.text
    served = requests.get(f"{url}/api/traces/{saved.json()['id']}", timeout=30).text
    assert json.loads(served.splitlines()[0])["options"] == {"depth": 2, "symmetry": True}


@pytest.mark.parametrize("request_, error", [
    ({"example": "lecture", "symmetry": True}, "symmetry: goes with a game (tic-tac-toe)"),
    ({"game": "isolation", "depth": 2, "symmetry": True}, "symmetry: goes with tic-tac-toe (the 8 symmetries of its square), not Isolation"),
])
def test_the_socket_refuses_symmetry_where_it_does_not_apply(client: SearchClient, request_: dict[str, object], error: str) -> None:
    client.start(request_)
    assert client.wait() == "search:error"
    assert client.messages[-1][1]["error"].startswith(error)


def test_an_exercise_of_the_slides_example_has_its_16_nodes(url: str) -> None:
    body = {**SLIDES, "ask": ["values"]}
    made = requests.post(url + "/api/exercises", json=body, timeout=30)
    assert made.status_code == 201, made.text
    student = requests.get(f"{url}/api/exercises/{made.json()['id']}", timeout=30).json()
    assert (student["leaves"], student["internal"]) == (12, 4)
    assert [leaf["value"] for child in student["tree"]["children"] for leaf in child["children"]] == [1, 0, -1, 1, 0, -1, 0, -2, -1, 0, 1, 2]
    refused = requests.post(url + "/api/exercises", json={**body, "depth": 3, "symmetry": False}, timeout=30)
    assert refused.status_code == 400
    assert "searched with depth limit 3, this position has more than 400 nodes below it" in refused.json()["error"]


def test_the_page_lists_the_example_with_its_request(url: str) -> None:
    page = requests.get(url + "/", timeout=30).text
    assert 'value="tictactoe-symmetry"' in page and "Tic-tac-toe, depth 2, symmetries (slides)" in page
    assert 'name="symmetry"' in page


def test_the_ordering_lab_takes_the_slides_example_as_the_search_tab_sends_it(url: str) -> None:
    body = {"game": "tictactoe", "state": ".........", "symmetry": True, "depth": 2, "ties": "prune", "seed": 1}
    answer = requests.post(url + "/api/ordering", json=body, timeout=30)
    assert answer.status_code == 200, answer.text
    lab = answer.json()
    assert (lab["minimax_leaves"], lab["minimax_visited"]) == (12, 16)
    assert {row["ordering"]: row["leaves"] for row in lab["orderings"]}["given"] == 8
