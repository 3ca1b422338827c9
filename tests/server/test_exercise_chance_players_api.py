"""Expectiminimax and max^n exercises over REST (issue 26 point 4) against a real server: made from the
chance and three-players examples or generated, the student's copy with probabilities, players and
vectors and no answer, checks and hints in the slides' words, the solution trace, and every refusal
(a vector of the wrong shape, an ask these searches have no use for) answered 400 naming the entry."""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest
import requests

from search.trees.node import EXAMPLES
from tests.helpers.live_server import running_server

CHANCE_VALUES = {"A": 5, "B": 4, "B1": 3, "B2": 5, "C": 5, "C1": 1, "C2": 9, "D": 2.5, "D1": 2, "D2": 4}
MAXN_VALUES = {"R": [1, 2, 6], "R1": [1, 2, 6], "R1a": [1, 2, 6], "R1b": [6, 1, 2], "R2": [1, 5, 2], "R2a": [1, 5, 2],
               "R2b": [5, 4, 5]}


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_server({"DATABASE": str(tmp_path_factory.mktemp("chance") / "lab.sqlite")}) as base:
        yield base


def post(url: str, path: str, body: Any) -> requests.Response:
    return requests.post(url + path, data=json.dumps(body), headers={"Content-Type": "application/json"}, timeout=30)


def make(url: str, body: dict[str, Any]) -> str:
    made = post(url, "/api/exercises", body)
    assert made.status_code == 201, made.text
    return made.json()["id"]


def internal_values(node: dict[str, Any]) -> list[Any]:
    found = [node["value"]] if "value" in node and node.get("children") else []
    for child in node.get("children", []):
        found += internal_values(child)
    return found


def test_an_expectiminimax_exercise_end_to_end(url: str) -> None:
    exercise = make(url, {"tree": EXAMPLES["chance"], "algorithm": "expectiminimax"})
    copy = requests.get(f"{url}/api/exercises/{exercise}", timeout=30).json()
    assert (copy["algorithm"], copy["ask"], copy["root_player"]) == ("expectiminimax", ["values"], "max")
    assert [c["probability"] for c in copy["tree"]["children"][2]["children"]] == [0.75, 0.25]
    assert internal_values(copy["tree"]) == []
    right = post(url, f"/api/exercises/{exercise}/check", {"values": {**CHANCE_VALUES, "D": 2.5000000004}}).json()
    assert (right["correct"], right["score"], right["mistakes"]) == (True, 1.0, [])
    wrong = post(url, f"/api/exercises/{exercise}/check", {"values": {**CHANCE_VALUES, "C": 4.5}}).json()
    assert [(m["node"], m["expected"], m["got"]) for m in wrong["mistakes"]] == [("C", 5, 4.5)]
    assert wrong["first_mistake"]["explanation"] == ("C is a chance node: v = 0.5 × 1 + 0.5 × 9 = 5 (the outcomes' values "
                                                     "weighted by their probabilities); you wrote 4.5")
    hint = post(url, f"/api/exercises/{exercise}/hint", {"values": {"B1": 3, "B2": 5}}).json()["hint"]
    assert (hint["node"], hint["expected"]) == ("B", 4)
    solution = requests.get(f"{url}/api/exercises/{exercise}/solution", timeout=30)
    lines = [json.loads(line) for line in solution.text.splitlines()]
    assert lines[0]["algorithm"] == "expectiminimax" and lines[-1]["value"] == 5


def test_a_max_n_exercise_end_to_end(url: str) -> None:
    exercise = make(url, {"tree": EXAMPLES["three-players"], "algorithm": "maxn"})
    copy = requests.get(f"{url}/api/exercises/{exercise}", timeout=30).json()
    assert (copy["players"], copy["root_player"]) == (["A", "B", "C"], "A")
    assert copy["tree"]["children"][0]["children"][0]["children"][0]["value"] == [1, 2, 6]
    assert internal_values(copy["tree"]) == []
    assert post(url, f"/api/exercises/{exercise}/check", {"values": MAXN_VALUES}).json()["correct"]
    wrong = post(url, f"/api/exercises/{exercise}/check", {"values": {**MAXN_VALUES, "R2": [5, 4, 5]}}).json()
    (mistake,) = wrong["mistakes"]
    assert (mistake["expected"], mistake["got"]) == ([1, 5, 2], [5, 4, 5])
    assert mistake["explanation"].startswith("R2 is player B's node: it keeps the child vector whose second component is highest")


@pytest.mark.parametrize(("answer", "error"), [
    ({"values": {"R2": 5}}, "values.R2: expected a vector of 3 numbers"),
    ({"values": {"R2": [1, 5]}}, "values.R2: expected a vector of 3 numbers"),
    ({"values": {"R2": [1, None, 2]}}, "values.R2[1]: expected a finite number"),
])
def test_a_vector_of_the_wrong_shape_is_refused_naming_the_entry(url: str, answer: dict[str, Any], error: str) -> None:
    exercise = make(url, {"tree": EXAMPLES["three-players"], "algorithm": "maxn"})
    refused = post(url, f"/api/exercises/{exercise}/check", answer)
    assert refused.status_code == 400 and refused.json() == {"error": error}
    assert post(url, f"/api/exercises/{exercise}/hint", answer).json() == {"error": error}


@pytest.mark.parametrize(("body", "error"), [
    ({"tree": EXAMPLES["chance"], "algorithm": "expectiminimax", "ask": ["values", "pruned"]},
     "ask: expectiminimax never prunes and keeps no α-β window: ask for values only"),
    ({"tree": EXAMPLES["chance"], "algorithm": "alphabeta"},
     "tree: node 'B' is a chance node: practise a tree with chance nodes with expectiminimax"),
    ({"tree": EXAMPLES["lecture"], "algorithm": "maxn"},
     'tree: max^n needs a tree whose root lists "players" (e.g. ["A", "B", "C"]) and leaves with one value per player'),
])
def test_a_bad_exercise_is_refused_naming_the_field(url: str, body: dict[str, Any], error: str) -> None:
    refused = post(url, "/api/exercises", body)
    assert refused.status_code == 400 and refused.json() == {"error": error}


def test_generated_exercises_of_both_kinds(url: str) -> None:
    for algorithm, players in (("expectiminimax", None), ("maxn", 4)):
        spec = {"seed": 11, "depth": 3, "distinct": True, **({"players": players} if players else {})}
        exercise = make(url, {"generate": spec, "algorithm": algorithm})
        copy = requests.get(f"{url}/api/exercises/{exercise}", timeout=30).json()
        assert copy["algorithm"] == algorithm and copy.get("players") == (["1", "2", "3", "4"] if players else None)
        empty = post(url, f"/api/exercises/{exercise}/check", {}).json()
        assert empty["score"] == 0 and len(empty["mistakes"]) == copy["internal"]
