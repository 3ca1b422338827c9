"""The move-ordering exercise (issue 50): the fewest and most leaves over every order are exact (checked
against every order of small trees), a check runs the real alpha-beta on the student's order, and the
feedback names the first node whose order alone costs leaves."""

from __future__ import annotations

import itertools
import json
import math
from typing import Any, Iterator

import pytest

from search import InputError
from search.practice import check_answer, copy_for, exercise_from_json, hint_for, model_answer, parse_exercise, solution_text
from search.practice.order_range import order_range, reordered
from search.practice.pruning_run import pruning_run
from search.traces.check import read_trace
from search.trees.node import EXAMPLES, TreeNode
from search.trees.random_trees import RandomTreeSpec, random_tree


def lecture(**settings: Any):  # type: ignore[no-untyped-def]
    return parse_exercise({"tree": EXAMPLES["lecture"], "kind": "ordering", **settings})


def every_order(root: TreeNode) -> Iterator[dict[str, list[str]]]:
    inner = [node for node in root.walk() if node.children]
    for combo in itertools.product(*[list(itertools.permutations([c.id for c in node.children])) for node in inner]):
        yield {node.id: list(order) for node, order in zip(inner, combo)}


def test_the_lecture_tree_as_given_visits_7_of_a_range_5_to_9() -> None:
    result = check_answer(lecture(), {})
    assert (result["visited"], result["fewest"], result["most"]) == (7, 5, 9)
    assert result["leaves"] == ["B1", "B2", "B3", "C1", "D1", "D2", "D3"] and result["pruned"] == ["C2", "C3"]
    assert result["score"] == 0.5 and not result["correct"]
    assert result["first_mistake"]["node"] == "D"
    assert result["first_mistake"]["explanation"] == ("at D, trying D1 (worth 14) before D3 (worth 2) costs 2 leaves: "
                                                      "in the order D3, D1, D2 alpha-beta evaluates 5, not 7")


def test_the_best_order_reaches_the_fewest_and_scores_1() -> None:
    ex = lecture()
    best = model_answer(ex)
    result = check_answer(ex, best)
    assert result["correct"] and result["score"] == 1.0 and result["visited"] == 5 and result["mistakes"] == []
    assert check_answer(ex, {"order": {"D": ["D3", "D2", "D1"]}})["score"] == 1.0


@pytest.mark.parametrize("ties", ["prune", "explore"])
def test_the_range_is_exact_over_every_order_of_small_trees(ties: str) -> None:
    tried = 0
    for seed in range(14):
        spec = RandomTreeSpec(depth=3 if seed % 2 else 2, min_branching=1 + seed % 2, max_branching=3 - seed % 2,
                              min_value=0, max_value=5 if seed % 3 else 20, seed=seed)
        root = random_tree(spec)
        if math.prod(math.factorial(len(n.children)) for n in root.walk() if n.children) > 5_000:
            continue
        counts = [len(pruning_run(reordered(root, order), ties).leaves) for order in every_order(root)]
        found = order_range(root, ties)
        assert (found.fewest, found.most) == (min(counts), max(counts)), seed
        assert len(pruning_run(reordered(root, found.best), ties).leaves) == found.fewest
        assert len(pruning_run(reordered(root, found.worst), ties).leaves) == found.most
        tried += 1
    assert tried >= 8


def test_a_generated_tree_and_its_stored_form_keep_the_kind() -> None:
    ex = parse_exercise({"generate": {"seed": 3, "depth": 3, "max_branching": 3, "min_prunes": 2}, "kind": "ordering"})
    again = exercise_from_json(json.loads(json.dumps(ex.to_json())))
    assert again.kind == "ordering" and check_answer(again, {}) == check_answer(ex, {})
    copy = copy_for(ex)
    assert copy["kind"] == "ordering" and copy["ask"] == [] and "leaves saved" in copy["scoring"]


def test_the_solution_replays_the_best_order() -> None:
    events, _ = read_trace(solution_text(lecture()))
    leaves = [e["node"] for e in events if e["type"] == "leaf"]
    assert leaves == ["B1", "B2", "B3", "C1", "D3"]


def test_a_hint_is_the_first_costly_node() -> None:
    assert hint_for(lecture(), {})["hint"]["node"] == "D"
    assert hint_for(lecture(), model_answer(lecture()))["hint"] is None


@pytest.mark.parametrize(("body", "says"), [
    ({"order": {"Z": []}}, "order.Z: no node 'Z' in this exercise"),
    ({"order": {"B1": []}}, "order.B1: B1 is a leaf: it has no children to order"),
    ({"order": {"B": ["B1", "B2"]}}, "order.B: expected each of B1, B2, B3 once: B3 is missing"),
    ({"order": {"B": ["B1", "B2", "C1"]}}, "order.B: expected each of B1, B2, B3 once: 'C1' is not a child of B"),
    ({"order": {"B": ["B1", "B1", "B2"]}}, "order.B: expected each of B1, B2, B3 once: B3 is missing"),
    ({"order": {"B": "B1"}}, "order.B: expected a list of B's children's ids"),
    ({"order": []}, "order: expected an object"),
    ({"values": {}}, "values: expected"),
])
def test_bad_orders_are_refused_naming_the_place(body: dict[str, Any], says: str) -> None:
    with pytest.raises(InputError) as caught:
        check_answer(lecture(), body)
    assert str(caught.value).startswith(says)


@pytest.mark.parametrize(("fields", "says"), [
    ({"algorithm": "minimax"}, "algorithm: an ordering exercise is about alpha-beta's pruning"),
    ({"ask": ["values"]}, "ask: an ordering exercise has its own marks"),
    ({"kind": "sorting"}, "kind: expected one of values, ordering, make-it-prune, parsons"),
    ({"tree": [[1, 2, 3, 4, 5, 6]]}, "tree: node B has 6 children: an ordering exercise allows at most 5"),
])
def test_bad_exercises_are_refused(fields: dict[str, Any], says: str) -> None:
    with pytest.raises(InputError) as caught:
        lecture(**fields)
    assert str(caught.value).startswith(says)


def test_too_many_leaves_is_refused_with_the_limit() -> None:
    with pytest.raises(InputError) as caught:
        parse_exercise({"tree": [[[1] * 5] * 5] * 3, "kind": "ordering"})
    assert "at most 64 leaves (ORDER_MAX_LEAVES); this one has 75" in str(caught.value)
