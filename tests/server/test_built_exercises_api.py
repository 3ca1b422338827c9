"""The built exercise kinds over HTTP (issue 50, docs/http-api.md): `POST /api/exercises` with "kind" ordering or
make-it-prune, the student's copy, a check stored as an attempt with its score in the results and the CSV, a hint, the
solution, and a hidden solution's check keeping only what the student's own build did."""

from __future__ import annotations

import csv
import io
from typing import Any, Iterator

import pytest
import requests

from search.traces.check import read_trace
from tests.helpers.exercise_api import make
from tests.helpers.live_server import running_server

SHAPE = [[None, None, None], [None, None, None], [None, None, None]]
LECTURE_LEAVES = {"B1": 3, "B2": 12, "B3": 8, "C1": 2, "C2": 4, "C3": 6, "D1": 14, "D2": 5, "D3": 2}


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    with running_server() as base:
        yield base


def check(url: str, made: dict[str, Any], body: dict[str, Any], key: str | None = None) -> requests.Response:
    return requests.post(f"{url}/api/exercises/{made['id']}/check", json=body, params={"key": key} if key else {}, timeout=30)


def test_an_ordering_exercise_is_checked_and_its_score_is_the_same_everywhere(url: str) -> None:
    made = make(url, tree=[[3, 12, 8], [2, 4, 6], [14, 5, 2]], kind="ordering")
    copy = requests.get(f"{url}/api/exercises/{made['id']}", timeout=10).json()
    assert copy["kind"] == "ordering" and copy["tree"]["children"][2]["children"][2]["value"] == 2
    assert not {"fewest", "most", "best", "order"} & set(copy)
    first = check(url, made, {"order": {"D": ["D3", "D1", "D2"]}, "learner": "learner_0001"}).json()
    assert (first["visited"], first["fewest"], first["most"], first["score"], first["correct"]) == (5, 5, 9, 1.0, True)
    second = check(url, made, {"order": {}, "learner": "learner_0002"}).json()
    assert second["score"] == 0.5 and second["first_mistake"]["node"] == "D"
    results = requests.get(f"{url}/api/exercises/{made['id']}/results", params={"key": made["key"]}, timeout=10).json()
    assert results["attempts"] == 2 and results["mean_score"] == 0.75 and results["perfect"] == 1
    rows = list(csv.DictReader(io.StringIO(requests.get(f"{url}/api/exercises/{made['id']}/results.csv",
                                                        params={"key": made["key"]}, timeout=10).text)))
    assert sorted(float(row["score"]) for row in rows) == [0.5, 1.0]
    assert results["nodes"]["D"]["order"] == 1


def test_a_make_it_prune_exercise_over_http(url: str) -> None:
    made = make(url, tree=SHAPE, kind="make-it-prune", prune=["C2", "C3"])
    copy = requests.get(f"{url}/api/exercises/{made['id']}", timeout=10).json()
    assert copy["prune"] == ["C2", "C3"] and copy["tree"]["children"][0]["children"][0]["value"] is None
    right = check(url, made, {"leaves": LECTURE_LEAVES}).json()
    assert right["correct"] and right["happen"] == ["C2", "C3"]
    hint = requests.post(f"{url}/api/exercises/{made['id']}/hint", json={"leaves": {**LECTURE_LEAVES, "C1": 5}}, timeout=10).json()
    assert hint["hint"]["node"] == "C2" and "v = 5 > α = 3" in hint["hint"]["explanation"]
    bad = check(url, made, {"leaves": {"B1": 3}})
    assert bad.status_code == 400 and bad.json()["error"].startswith("leaves: no value for B2")
    trace = requests.get(f"{url}/api/exercises/{made['id']}/solution", timeout=10).text
    events, _ = read_trace(trace)
    assert [c for e in events if e["type"] == "prune" for c in e["pruned"]] == ["C2", "C3"]


def test_an_unreachable_prune_set_stores_nothing(url: str) -> None:
    res = requests.post(url + "/api/exercises", json={"tree": SHAPE, "kind": "make-it-prune", "prune": ["D"]}, timeout=30)
    assert res.status_code == 400 and res.json()["error"].startswith("prune[0]: D is a child of A")


def test_a_hidden_solution_keeps_what_the_students_order_did_and_not_the_better_one(url: str) -> None:
    made = make(url, tree=[[3, 12, 8], [2, 4, 6], [14, 5, 2]], kind="ordering", solution=False, hints=False)
    result = check(url, made, {"order": {}}).json()
    assert result["withheld"] and result["visited"] == 7 and result["score"] == 0.5
    assert result["mistakes"] == [] and "better" not in str(result) and result["unlisted"] == {"mistakes": 1}
    full = check(url, made, {"order": {}}, key=made["key"]).json()
    assert full["first_mistake"]["better"] == ["D3", "D1", "D2"]


def test_a_generated_ordering_exercise_gives_each_student_a_tree(url: str) -> None:
    made = make(url, generate={"seed": 4, "depth": 3, "max_branching": 3, "min_prunes": 2}, kind="ordering",
                variants="per-student")
    one = requests.get(f"{url}/api/exercises/{made['id']}", params={"student": "Ann"}, timeout=10).json()
    two = requests.get(f"{url}/api/exercises/{made['id']}", params={"student": "Bob"}, timeout=10).json()
    assert one["kind"] == two["kind"] == "ordering" and one["tree"] != two["tree"]
    result = check(url, made, {"order": {}, "student": "Ann"}).json()
    assert result["most"] >= result["visited"] >= result["fewest"]


def test_a_make_it_prune_exercise_asking_for_a_count_of_leaves_over_http(url: str) -> None:
    made = make(url, tree=SHAPE, kind="make-it-prune", visited=5)
    copy = requests.get(f"{url}/api/exercises/{made['id']}", timeout=10).json()
    assert copy["visited"] == 5 and "prune" not in copy and copy["tree"]["children"][2]["children"][2]["value"] is None
    assert copy["task"].startswith("Write the leaves so that alpha-beta evaluates exactly 5 of the 9 leaves")
    wrong = check(url, made, {"leaves": LECTURE_LEAVES, "learner": "learner_0001"}).json()
    assert (wrong["correct"], wrong["score"], wrong["visited"], wrong["asked_visited"]) == (False, 0.0, 7, 5)
    assert wrong["first_mistake"]["explanation"].startswith("alpha-beta evaluates 7 leaves, not 5: the first branch that "
                                                            "could be cut is D2, and it is not: after D1 (= 14)")
    right = check(url, made, {"leaves": {**LECTURE_LEAVES, "D1": 1}, "learner": "learner_0001"}).json()
    assert right["correct"] and right["score"] == 1.0 and right["pruned"] == ["C2", "C3", "D2", "D3"]
    hint = requests.post(f"{url}/api/exercises/{made['id']}/hint", json={"leaves": LECTURE_LEAVES}, timeout=10).json()
    assert hint["hint"]["node"] == "D2"
    events, _ = read_trace(requests.get(f"{url}/api/exercises/{made['id']}/solution", timeout=10).text)
    assert sum(1 for e in events if e["type"] == "leaf") == 5
    results = requests.get(f"{url}/api/exercises/{made['id']}/results", params={"key": made["key"]}, timeout=10).json()
    assert (results["attempts"], results["mean_score"], results["perfect"]) == (2, 0.5, 1)
    assert results["nodes"]["D2"]["not_pruned"] == 1 and results["student"]["visited"] == 5
    rows = list(csv.DictReader(io.StringIO(requests.get(f"{url}/api/exercises/{made['id']}/results.csv",
                                                        params={"key": made["key"]}, timeout=10).text)))
    assert [float(row["score"]) for row in rows] == [0.0, 1.0]


def test_a_count_outside_the_range_or_with_prune_stores_nothing(url: str) -> None:
    for body, says in (({"visited": 4}, "visited: expected 5 to 9 on this tree: alpha-beta always evaluates at least 5 of "
                                        "its 9 leaves"),
                       ({"visited": 5, "prune": ["C2", "C3"]}, 'visited: give "prune" or "visited", not both')):
        res = requests.post(url + "/api/exercises", json={"tree": SHAPE, "kind": "make-it-prune", **body}, timeout=30)
        assert res.status_code == 400 and res.json()["error"].startswith(says)


def test_a_generated_count_exercise_with_its_solution_hidden(url: str) -> None:
    made = make(url, generate={"seed": 3, "depth": 3}, kind="make-it-prune", visited=8, solution=False, hints=False)
    copy = requests.get(f"{url}/api/exercises/{made['id']}", timeout=10).json()
    leaves = {leaf: 5 for leaf in _leaf_ids(copy["tree"])}
    result = check(url, made, {"leaves": leaves}).json()
    assert result["withheld"] and result["asked_visited"] == 8 and result["visited"] != 8 and result["score"] == 0.0
    assert len(result["mistakes"]) == 1 and "expected" not in result["mistakes"][0]
    model = requests.get(f"{url}/api/exercises/{made['id']}/solution", params={"key": made["key"]}, timeout=10)
    events, _ = read_trace(model.text)
    assert sum(1 for e in events if e["type"] == "leaf") == 8


def _leaf_ids(node: dict[str, Any]) -> list[str]:
    return [node["id"]] if not node.get("children") else [leaf for child in node["children"] for leaf in _leaf_ids(child)]
