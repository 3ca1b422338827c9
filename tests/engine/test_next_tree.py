"""The next tree for a misconception (search.practice.next_tree, issue 50 part 4): for every misconception of the
catalogue a generated exercise on which its answer differs from the right one, as the real diagnosis reads it,
drawn the same for the same `after` and differently for another; unknown ids refused naming the field."""

from __future__ import annotations

from typing import Any

import pytest

from search.errors import InputError
from search.misconceptions import CATALOGUE, Setting
from search.practice import check_answer, model_answer, parse_exercise
from search.practice.diagnosis import following, readings
from search.practice.next_tree import NEXT_TRIES, SHAPES, answer_differs, next_request
from search.trees.node import CHANCE

AFTERS = [None, *(f"ex{i:02d}" for i in range(24))]
"""25 successive `after`s per misconception here; bench/misconception_trees.py draws 100."""


@pytest.mark.parametrize("misconception", list(CATALOGUE))
def test_every_misconception_gets_trees_on_which_its_answer_differs_and_is_named(misconception: str) -> None:
    for after in AFTERS:
        body = next_request(misconception, after)  # never refused: InputError would fail the test here
        exercise = parse_exercise(body)  # made as POST /api/exercises makes it
        setting = Setting(exercise.algorithm, exercise.ties, exercise.returns)
        assert CATALOGUE[misconception].applies(setting)
        assert misconception in [r.misconception.id for r in readings(exercise)]
        assert answer_differs(exercise, misconception), (misconception, after)
        answer = following(exercise, misconception)
        assert answer is not None and answer != model_answer(exercise)
        checked = check_answer(exercise, answer)  # what the student following it would be told
        assert checked["score"] < 1 and checked["misconceptions"][0]["id"] == misconception, (misconception, after)


@pytest.mark.parametrize("misconception, algorithm, kind", [
    ("chance-as-min", "expectiminimax", "chance"), ("unweighted-average", "expectiminimax", "chance"),
    ("maxn-root-component", "maxn", "players"), ("max-min-swapped", "minimax", "two"),
    ("no-pruning", "alphabeta", "two"), ("fail-soft", "alphabeta", "two"),
])
def test_the_tree_is_of_the_search_the_slip_is_one_of(misconception: str, algorithm: str, kind: str) -> None:
    body = next_request(misconception, "ex01")
    assert body["algorithm"] == algorithm
    tree = parse_exercise(body).tree
    chance = any(node.player == CHANCE for node in tree.walk())
    assert (chance, tree.players is not None) == (kind == "chance", kind == "players")


def test_the_settings_are_the_ones_the_slip_is_measured_against() -> None:
    assert (next_request("strict-test")["ties"], next_request("fail-hard")["returns"]) == ("prune", "v")
    assert next_request("fail-soft")["returns"] == "bound"  # the right search is fail-hard; the slip returns v
    for misconception in ("window-not-passed", "alpha-not-updated", "beta-not-updated"):  # they show in windows
        assert next_request(misconception)["ask"] == ["values", "bounds", "pruned"]
    assert next_request("no-pruning")["ask"] == ["values", "pruned"]
    assert next_request("chance-as-min")["ask"] == ["values"]


def test_a_request_is_an_ordinary_generate_request_of_a_small_tree() -> None:
    body = next_request("tests-wrong-bound", "ex03")
    assert set(body) == {"generate", "algorithm", "ties", "returns", "ask"}
    seed = body["generate"]["seed"]
    assert isinstance(seed, int) and 0 <= seed < 2**53  # a whole number a browser's JavaScript holds exactly
    assert body["generate"]["depth"] <= max(shape["depth"] for shape in SHAPES) <= 3
    assert len(parse_exercise(body).tree.walk()) <= 1 + 3 + 9 + 27


def tree_of(body: dict[str, Any]) -> dict[str, Any]:
    return parse_exercise(body).tree.to_json()


def test_the_same_after_gives_the_same_tree_and_another_after_another() -> None:
    for misconception in ("no-pruning", "strict-test", "chance-as-min", "maxn-root-component"):
        assert next_request(misconception, "abc123") == next_request(misconception, "abc123")
        trees = [tree_of(next_request(misconception, after)) for after in ("abc123", "abc124", "xyz", None)]
        assert all(trees[i] != trees[j] for i in range(len(trees)) for j in range(i))
    assert next_request("no-pruning", "abc123")["generate"]["seed"] != next_request("fail-hard", "abc123")["generate"]["seed"]


def test_max_min_swapped_follows_the_search_asked_for() -> None:
    for algorithm in ("minimax", "alphabeta", "expectiminimax"):
        body = next_request("max-min-swapped", "ex05", algorithm=algorithm)
        assert body["algorithm"] == algorithm and answer_differs(parse_exercise(body), "max-min-swapped")
    assert next_request("max-min-swapped")["algorithm"] == "minimax"  # the plainest, unless asked


@pytest.mark.parametrize("misconception, algorithm, where, words", [
    ("x", None, "misconception", "no misconception 'x': expected one of no-pruning, window-not-passed"),
    ("", None, "misconception", "no misconception ''"),
    ("Q" * 500, None, "misconception", "..."),
    ("chance-as-min", "alphabeta", "algorithm", "chance nodes taken as MIN is a slip of expectiminimax, not of 'alphabeta'"),
    ("no-pruning", "best", "algorithm", "not of 'best'"),
])
def test_an_unknown_misconception_or_search_is_refused_naming_the_field(
        misconception: str, algorithm: str | None, where: str, words: str) -> None:
    with pytest.raises(InputError) as refused:
        next_request(misconception, algorithm=algorithm)
    assert refused.value.where == where and words in refused.value.problem
    assert len(str(refused.value)) < 400  # a long id is quoted by its start only


def test_a_misconception_no_candidate_shows_is_refused_within_the_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search is bounded: NEXT_TRIES candidates, then a refusal naming the misconception."""
    tried: list[str] = []

    def never(exercise: Any, misconception: str) -> bool:
        tried.append(misconception)
        return False

    monkeypatch.setattr("search.practice.next_tree.shows", never)
    with pytest.raises(InputError) as refused:
        next_request("no-pruning", "ex00")
    assert refused.value.where == "misconception" and len(tried) == NEXT_TRIES
