"""GET /api/misconceptions and POST /api/misconceptions/answers against a live server (docs/http-api.md)."""

from __future__ import annotations

import json
from typing import Iterator

import pytest
import requests

from search.limits import MAX_PAYLOAD_BYTES
from search.misconceptions import CATALOGUE
from tests.helpers.live_server import running_server


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    with running_server() as base:
        yield base


def test_the_catalogue_lists_every_misconception_with_its_algorithms(url: str) -> None:
    got = requests.get(url + "/api/misconceptions", timeout=10).json()["misconceptions"]
    assert [m["id"] for m in got] == list(CATALOGUE)
    by_id = {m["id"]: m for m in got}
    assert by_id["strict-test"]["algorithms"] == ["alphabeta"]
    assert by_id["max-min-swapped"]["algorithms"] == ["minimax", "alphabeta", "expectiminimax"]
    assert by_id["maxn-root-component"]["algorithms"] == ["maxn"]
    assert by_id["fail-soft"]["follows"] and by_id["fail-soft"]["idea"]


def test_answers_of_the_lecture_search_are_strict_json_keyed_by_question(url: str) -> None:
    res = requests.post(url + "/api/misconceptions/answers", json={"example": "lecture", "algorithm": "alphabeta"}, timeout=30)
    assert res.status_code == 200
    json.loads(res.text, parse_constant=lambda c: pytest.fail(f"non-strict JSON constant {c}"))
    found = {m["id"]: m for m in res.json()["misconceptions"]}
    assert found["max-min-swapped"]["answers"]["value"]["B"] == 12
    assert found["window-not-passed"]["answers"]["window"]["C"] == ["-inf", "inf"]
    assert found["window-not-passed"]["name"] == "the window not passed down"
    assert found["strict-test"]["tells"] == ["prune"] if "strict-test" in found else True


def test_a_mistaken_search_or_an_enhanced_one_has_no_answers(url: str) -> None:
    for body in ({"example": "lecture", "algorithm": "alphabeta", "misconception": "strict-test"},
                 {"game": "tictactoe", "algorithm": "alphabeta", "depth": 2, "tt": True}):
        res = requests.post(url + "/api/misconceptions/answers", json=body, timeout=30)
        assert res.status_code == 200 and res.json() == {"misconceptions": []}


@pytest.mark.parametrize("body, where", [
    ('{"example": "lecture", "algorithm": "alphabeta", "misconception": "typo"}', "misconception"),
    ('{"tree": [[1, "x"]]}', "tree"),
    ('{"example": "lecture", "algorithm": "best"}', "algorithm"),
    ('[1, 2]', "expected a search request"),
    ('{"example": "lecture", "depth": NaN}', "NaN"),
])
def test_bad_requests_are_refused_naming_the_field(url: str, body: str, where: str) -> None:
    res = requests.post(url + "/api/misconceptions/answers", data=body, timeout=10)
    assert res.status_code == 400 and where in res.json()["error"]


def test_a_body_over_the_limit_is_refused_with_413(url: str) -> None:
    res = requests.post(url + "/api/misconceptions/answers", data="[" + " " * MAX_PAYLOAD_BYTES + "]", timeout=10)
    assert res.status_code == 413
