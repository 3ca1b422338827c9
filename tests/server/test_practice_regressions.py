"""Review of issue 11 (practice mode): each test here failed before its fix."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings

from search.algorithms.alphabeta import alphabeta
from search.errors import InputError
from search.games.game import TreeGame
from search.practice import Exercise, generate as exercise_generate, parse_exercise
from search.practice.generate import cutoff_depths
from search.traces.recorder import Recorder
from search.trees.parse import tree_from_json
from search.trees.random_trees import random_tree
from tests.helpers.strategies import shorthand, ties


def traced_cutoff_depths(tree: Any, tie_rule: str) -> list[int]:
    recorder = Recorder()
    alphabeta(TreeGame(tree_from_json(tree)), ties=tie_rule, recorder=recorder)  # type: ignore[arg-type]
    depth_of: dict[str, int] = {}
    depths = []
    for event in recorder.events():
        if event["type"] == "visit":
            depth_of[event["node"]] = event["depth"]
        elif event["type"] == "prune" and event["pruned"]:
            depths.append(depth_of[event["node"]])
    return depths


@settings(max_examples=200, deadline=None)
@given(shorthand, ties)
def test_the_untraced_cutoff_count_is_the_traces(tree: Any, tie_rule: str) -> None:
    assert cutoff_depths(tree_from_json(tree), tie_rule) == traced_cutoff_depths(tree, tie_rule)


HOPELESS = [
    {"depth": 8, "min_branching": 3, "max_branching": 3, "min_prunes": 10**9},
    {"depth": 2, "min_branching": 50, "max_branching": 50, "min_prunes": 10**9, "distinct": True,
     "min_value": -10**9, "max_value": 10**9},
    {"depth": 9, "min_branching": 1, "max_branching": 3, "min_prunes": 3000},  # under the bound, yet out of reach
    {"depth": 8, "min_branching": 3, "max_branching": 3, "min_prunes": 3000, "prune_depths": 7},
]


@pytest.mark.parametrize("tie_rule", ["prune", "explore"])
@pytest.mark.parametrize("options", HOPELESS)
def test_a_hopeless_generate_request_is_refused_within_its_budget(
    options: dict[str, Any], tie_rule: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Bounded work, not a timed assertion: the nodes drawn stay within the budget (plus the one tree
    that crosses it), or the request is refused before any tree is drawn."""
    drawn: list[int] = []

    def counting(spec: Any) -> Any:
        root = random_tree(spec)
        drawn.append(len(root.walk()))
        return root

    monkeypatch.setattr(exercise_generate, "random_tree", counting)
    with pytest.raises(InputError) as refused:
        parse_exercise({"generate": options, "ties": tie_rule})
    assert str(refused.value).startswith("generate")
    assert len(drawn) <= exercise_generate.GENERATE_TRIES
    assert sum(drawn[:-1]) <= exercise_generate.GENERATE_NODE_BUDGET


def test_more_prunes_than_any_tree_of_the_shape_can_have_is_refused_at_once_naming_the_field() -> None:
    with pytest.raises(InputError, match=r"generate\.min_prunes: .*at most 3,279 cut-offs"):
        parse_exercise({"generate": {"depth": 8, "min_branching": 3, "max_branching": 3, "min_prunes": 3280}})
    with pytest.raises(InputError, match=r"generate\.min_prunes: .*at most 2 cut-offs"):
        parse_exercise({"generate": {"depth": 2, "min_branching": 2, "max_branching": 2, "min_prunes": 3}})
    ex = parse_exercise({"generate": {"depth": 2, "min_branching": 2, "max_branching": 2, "min_prunes": 1}})
    assert ex.summary()["prunes"] >= 1


# --- hostile input over HTTP (a real server, a real SQLite file) ---------------------------------

import json  # noqa: E402
import sqlite3  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Iterator  # noqa: E402

import requests  # noqa: E402

from search.practice import check_answer  # noqa: E402
from tests.helpers.live_server import running_server  # noqa: E402

LECTURE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    db = tmp_path_factory.mktemp("review11") / "lab.sqlite"
    with running_server({"DATABASE": str(db)}) as url:
        yield url, db


def count(db: Path, table: str) -> int:
    with sqlite3.connect(db) as conn:
        return conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]


def lecture(url: str) -> str:
    made = requests.post(url + "/api/exercises", json={"tree": LECTURE, "ask": ["values", "bounds", "pruned"]}, timeout=30)
    assert made.status_code == 201
    return made.json()["id"]


def post_text(url: str, text: str) -> requests.Response:
    return requests.post(url, data=text.encode(), headers={"Content-Type": "application/json"}, timeout=30)


@pytest.mark.parametrize("body, where", [
    ('{"values": {"B": 1%s}}' % ("0" * 400), "values.B: expected a finite number"),
    ('{"bounds": {"B": [-1%s, 3]}}' % ("0" * 400), "bounds.B[0]: expected a number"),
    ('{"bounds": {"B": [3, 1%s]}}' % ("0" * 400), "bounds.B[1]: expected a number"),
])
def test_a_whole_number_too_large_for_a_float_is_refused_not_a_server_error(server: tuple[str, Path], body: str,
                                                                             where: str) -> None:
    url, db = server
    exercise_id = lecture(url)
    before = count(db, "attempts")
    for route in ("check", "hint"):
        answer = post_text(f"{url}/api/exercises/{exercise_id}/{route}", body)
        assert answer.status_code == 400, answer.text
        assert answer.json()["error"].startswith(where)
    assert count(db, "attempts") == before


def test_a_number_of_more_than_4300_digits_is_refused_not_a_server_error(server: tuple[str, Path]) -> None:
    url, db = server
    exercise_id = lecture(url)
    before = (count(db, "exercises"), count(db, "attempts"))
    digits = "7" * 5000
    # The refusal names the field (search/json_numbers.py reads such a number as a float, out of range).
    for route, body, message in (
            (f"/api/exercises/{exercise_id}/check", '{"values": {"B": %s}}' % digits, "values.B: expected a finite number"),
            ("/api/exercises", '{"generate": {"seed": %s}}' % digits, "generate.seed: expected a whole number"),
            ("/api/exercises", '{"tree": [[1, %s]]}' % digits, "tree[0][1]: outside the allowed range ±1,000,000,000")):
        answer = post_text(url + route, body)
        assert answer.status_code == 400, (route, answer.text)
        assert answer.json()["error"].startswith(message), (route, answer.text)
    assert (count(db, "exercises"), count(db, "attempts")) == before


@pytest.mark.parametrize("method, path, status", [
    ("DELETE", "/api/exercises/{id}", 405), ("PUT", "/api/exercises", 405), ("GET", "/api/exercises", 405),
    ("GET", "/api/exercises/{id}/check", 405), ("POST", "/api/exercises/{id}/solution", 405),
    ("DELETE", "/api/exercises/{id}/results", 405), ("GET", "/api/exercises/{id}/nothing/here", 404),
])
def test_routing_errors_under_the_exercise_api_are_json(server: tuple[str, Path], method: str, path: str,
                                                        status: int) -> None:
    url, db = server
    before = count(db, "attempts")
    answer = requests.request(method, url + path.format(id=lecture(url)), timeout=10)
    assert answer.status_code == status
    assert answer.headers["Content-Type"] == "application/json"
    assert answer.json()["error"].startswith(str(status))
    if status == 405:
        assert method not in answer.headers["Allow"] and answer.headers["Allow"]
    assert count(db, "attempts") == before


def test_values_are_compared_exactly_not_within_a_relative_tolerance() -> None:
    tree = {"id": "A", "children": [{"id": "B", "children": [{"id": "B1", "value": 1000000000}]},
                                    {"id": "C", "children": [{"id": "C1", "value": 999999999}]}]}
    ex = Exercise(tree_from_json(tree), "alphabeta", "prune", ("values", "bounds"))
    right = {"values": {"A": 1000000000, "B": 1000000000, "C": 999999999},
             "bounds": {"A": ["-inf", "inf"], "B": ["-inf", "inf"], "B1": ["-inf", "inf"], "C": [1000000000, "inf"],
                        "C1": [1000000000, "inf"]}}
    assert check_answer(ex, right)["correct"]
    wrong = json.loads(json.dumps(right))
    wrong["values"]["A"] = 999999999  # C's value, not the root's
    wrong["bounds"]["C"] = [999999999, "inf"]
    mistakes = check_answer(ex, wrong)["mistakes"]
    assert [(m["node"], m["kind"]) for m in mistakes] == [("C", "bound"), ("A", "value")]


def test_the_exercise_cache_is_bounded_by_nodes_not_only_by_count(tmp_path: Path) -> None:
    """Anyone may make exercises at the node limit; 64 of them cached held about 2 GB. (In-process:
    the test looks at the app's cache.) The app's budget is EXERCISE_CACHE_NODES; the test gives a small
    one to fill it with 121-node trees instead of 9,841-node ones."""
    from search.trees.random_trees import RandomTreeSpec, random_tree
    from server import create_app
    from server.config import DEFAULTS
    from server.practice.api import cache

    with create_app({"DATABASE": str(tmp_path / "default.sqlite"), "TESTING": True}).app_context():
        assert cache().budget == DEFAULTS["EXERCISE_CACHE_NODES"] == 50_000 and cache().size == 64
    big = random_tree(RandomTreeSpec(depth=4, min_branching=3, max_branching=3, seed=1)).to_json()  # 121 nodes
    budget = 5 * 121 + 13  # five big ones and the lecture (13 nodes)
    app = create_app({"DATABASE": str(tmp_path / "lab.sqlite"), "TESTING": True, "EXERCISE_CACHE_NODES": budget})
    client = app.test_client()
    ids = [client.post("/api/exercises", json={"tree": big}).get_json()["id"] for _ in range(7)]
    small = client.post("/api/exercises", json={"tree": LECTURE}).get_json()["id"]
    for exercise_id in [*ids, small]:
        assert client.get(f"/api/exercises/{exercise_id}").status_code == 200
    held = app.extensions["minimax_exercises"]
    assert held.total <= budget and len(held) == 5 + 1  # five big ones and the lecture
    assert ids[-1] in held._items and small in held._items and ids[0] not in held._items  # least recent went first
    # An evicted exercise is read back, not lost.
    assert client.post(f"/api/exercises/{ids[0]}/check", json={}).get_json()["correct"] is False


def test_the_lru_keeps_the_newest_item_whatever_it_weighs() -> None:
    from server.practice.cache import LruCache

    cache: LruCache[int] = LruCache(3, budget=10, weight=lambda n: n)
    for key, n in (("a", 4), ("b", 4), ("c", 4)):
        assert cache.get(key, lambda n=n: n) == n
    assert list(cache._items) == ["b", "c"] and cache.total == 8
    assert cache.get("big", lambda: 50) == 50
    assert list(cache._items) == ["big"] and cache.total == 50
    assert cache.get("missing", lambda: None) is None and list(cache._items) == ["big"]
