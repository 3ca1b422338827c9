"""GET /api/practice/next against a live server (issue 50 part 4, docs/http-api.md): an ordinary values exercise,
stored as POST /api/exercises stores one, on which the misconception's own answer scores below 1 and is named as
that misconception; no results key handed out; bad parameters refused naming the field; counted as exercises made."""

from __future__ import annotations

from typing import Any, Iterator

import pytest
import requests

from search.misconceptions import CATALOGUE
from search.practice import parse_exercise
from search.practice.diagnosis import following
from search.practice.next_tree import next_request
from tests.helpers.live_server import running_server


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    with running_server() as base:
        yield base


def next_of(url: str, **params: str) -> requests.Response:
    return requests.get(url + "/api/practice/next", params=params, timeout=30)


@pytest.mark.parametrize("misconception", list(CATALOGUE))
def test_the_next_exercise_is_one_the_misconception_gets_wrong_and_is_named_for(url: str, misconception: str) -> None:
    res = next_of(url, misconception=misconception, after="lastEx_01")
    assert res.status_code == 200, res.text
    made = res.json()
    assert made["url"] == f"/x/{made['id']}" and made["misconception"] == misconception
    assert "key" not in made and res.headers["Cache-Control"] == "no-store"
    copy = requests.get(f"{url}/api/exercises/{made['id']}", timeout=10).json()
    exercise = parse_exercise(next_request(misconception, "lastEx_01"))  # the engine's own choice, drawn again
    assert copy["tree"] == exercise.student_copy()["tree"] and copy["ask"] == list(exercise.ask)
    assert copy["algorithm"] == made["algorithm"] == exercise.algorithm and "values" in copy["ask"]
    assert copy.get("kind", "values") == "values" and copy["options"]["hints"] and copy["options"]["attempts"] is None
    answer = following(exercise, misconception)  # what a student following the slip sends
    checked = requests.post(f"{url}/api/exercises/{made['id']}/check", json={**(answer or {}), "learner": "next-tree-test"},
                            timeout=30).json()
    assert checked["score"] < 1 and checked["misconceptions"][0]["id"] == misconception


def test_the_same_after_gives_the_same_tree_in_a_new_exercise_and_another_after_another_tree(url: str) -> None:
    first, again, other = (next_of(url, misconception="strict-test", after=after).json() for after in ("e1", "e1", "e2"))
    trees = [requests.get(f"{url}/api/exercises/{made['id']}", timeout=10).json()["tree"] for made in (first, again, other)]
    assert first["id"] != again["id"] and trees[0] == trees[1] != trees[2]


def test_an_after_the_store_does_not_hold_only_seeds_the_draw(url: str) -> None:
    res = next_of(url, misconception="chance-as-min", after="no-such-exercise")
    assert res.status_code == 200 and res.json()["algorithm"] == "expectiminimax"


def test_max_min_swapped_takes_the_search_asked_for(url: str) -> None:
    made = next_of(url, misconception="max-min-swapped", algorithm="alphabeta").json()
    assert made["algorithm"] == "alphabeta"
    assert requests.get(f"{url}/api/exercises/{made['id']}", timeout=10).json()["ask"] == ["values", "pruned"]


@pytest.mark.parametrize("params, words", [
    ({}, "misconception: expected a misconception's id"),
    ({"misconception": ""}, "misconception: expected a misconception's id"),
    ({"misconception": "x"}, "misconception: no misconception 'x': expected one of no-pruning"),
    ({"misconception": "no-pruning", "after": "../etc"}, "after: expected an exercise's id"),
    ({"misconception": "no-pruning", "after": "a" * 65}, "after: expected an exercise's id"),
    ({"misconception": "no-pruning", "after": "a\x00b"}, "after: expected an exercise's id"),
    ({"misconception": "fail-soft", "algorithm": "minimax"}, "algorithm: v returned instead of the bound is a slip of alphabeta"),
])
def test_bad_parameters_are_refused_naming_the_field(url: str, params: dict[str, Any], words: str) -> None:
    res = next_of(url, **params)
    assert res.status_code == 400 and res.json()["error"].startswith(words), res.text


def test_each_next_exercise_counts_against_the_exercises_quota() -> None:
    with running_server({"QUOTA_EXERCISES_PER_MINUTE": 2}) as base:
        answers = [next_of(base, misconception="no-pruning", after=f"q{i}") for i in range(3)]
        made = requests.post(base + "/api/exercises", json={"tree": [[1, 2], [3, 4]]}, timeout=10)
    assert [res.status_code for res in answers] == [200, 200, 429] and made.status_code == 429
    assert answers[2].json()["error"].startswith("too many exercises made from this address")
