"""GET /api/catalogue against a live server (docs/http-api.md): the algorithms and games the page builds its menus from."""

from __future__ import annotations

import json
from typing import Iterator

import pytest
import requests

from search.algorithms.registry import REGISTRY
from search.games.registry import game_ids
from tests.helpers.live_server import running_server


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    with running_server() as base:
        yield base


def test_the_catalogue_lists_every_algorithm_and_game_as_the_registries_do(url: str) -> None:
    res = requests.get(url + "/api/catalogue", timeout=10)
    assert res.status_code == 200 and res.headers["Content-Type"].startswith("application/json")
    body = json.loads(res.text, parse_constant=lambda c: pytest.fail(f"non-strict JSON constant {c}"))
    assert [a["id"] for a in body["algorithms"]] == list(REGISTRY)
    assert [g["id"] for g in body["games"]] == list(game_ids())
    by_id = {a["id"]: a for a in body["algorithms"]}
    assert by_id["alphabeta"]["name"] == "alpha-beta" and by_id["alphabeta"]["ties"] is True
    assert by_id["alphabeta"]["returns"] == ["v", "bound"] and by_id["alphabeta"]["enhancements"] == ["tt", "quiescence", "beam"]
    assert by_id["iterative"]["depth"] == "required" and by_id["iterative"]["student_entry"] is None
    assert by_id["maxn"]["players"] == "n" and by_id["expectiminimax"]["chance"] == "yes"
    assert "run" not in by_id["minimax"], "where the code is stays on the server"


def test_what_the_catalogue_offers_a_search_request_takes(url: str) -> None:
    """Each listed algorithm is one a search request takes (on a tree it fits; the misconception answers route validates
    a search request as the socket does): the menu never offers a dead option."""
    algorithms = requests.get(url + "/api/catalogue", timeout=10).json()["algorithms"]
    examples = {"two": "lecture", "n": "three-players"}
    for algorithm in algorithms:
        example = "chance" if algorithm["chance"] == "yes" else examples[algorithm["players"]]
        depth = None
        if algorithm["depth"] == "required":
            example, depth = "lecture-estimates", 2  # every limit up to 2 cuts at nodes with estimates
        body = {"example": example, "algorithm": algorithm["id"], "depth": depth}
        res = requests.post(url + "/api/misconceptions/answers", json=body, timeout=30)
        assert res.status_code == 200, (algorithm["id"], res.text)


def test_an_algorithm_the_registry_does_not_hold_is_refused(url: str) -> None:
    res = requests.post(url + "/api/misconceptions/answers", json={"example": "lecture", "algorithm": "negamax"}, timeout=10)
    assert res.status_code == 400 and "algorithm: expected one of " + ", ".join(REGISTRY) in res.json()["error"]
