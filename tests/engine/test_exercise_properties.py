"""Practice checking against the engine, on random trees (issue 11's properties): the engine's own
answer scores 1, and each single change to it gives exactly the one mistake it should."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given, settings, strategies as st

from search.practice import Exercise, check_answer, model_answer
from search.trees.parse import tree_from_json
from tests.helpers.strategies import shorthand, ties

ALL = ("values", "bounds", "pruned")


def exercise(tree: Any, tie_rule: str, algorithm: str = "alphabeta") -> Exercise:
    return Exercise(tree_from_json(tree), algorithm, tie_rule, ALL if algorithm == "alphabeta" else ("values",))


def only_mistake(ex: Exercise, answer: dict[str, Any]) -> dict[str, Any]:
    result = check_answer(ex, answer)
    assert not result["correct"] and len(result["mistakes"]) == 1, result["mistakes"]
    assert result["first_mistake"] == result["mistakes"][0]
    assert 0 <= result["score"] < 1
    return result["mistakes"][0]


@settings(max_examples=150, deadline=None)
@given(shorthand, ties, st.sampled_from(["alphabeta", "minimax"]))
def test_the_engines_own_answer_scores_one(tree: Any, tie_rule: str, algorithm: str) -> None:
    ex = exercise(tree, tie_rule, algorithm)
    result = check_answer(ex, model_answer(ex))
    asked = sum(len(part) for part in model_answer(ex).values())
    assert result == {"correct": True, "score": 1.0, "mistakes": [], "first_mistake": None, "ignored": [], "misconceptions": [],
                      "asked": asked, "extra": 0, "right": asked, "rule": "marks"}


@settings(max_examples=150, deadline=None)
@given(shorthand, ties, st.data())
def test_removing_one_prune_gives_exactly_one_missed_prune_there(tree: Any, tie_rule: str, data: st.DataObject) -> None:
    ex = exercise(tree, tie_rule)
    answer = model_answer(ex)
    if not answer["pruned"]:
        return
    child = data.draw(st.sampled_from(answer["pruned"]))
    answer["pruned"].remove(child)
    mistake = only_mistake(ex, answer)
    assert (mistake["node"], mistake["kind"]) == (child, "missed_prune")
    assert "is never looked at: you kept it" in mistake["explanation"]


@settings(max_examples=100, deadline=None)
@given(shorthand, ties, st.data())
def test_adding_a_visited_node_gives_exactly_one_extra_prune_there(tree: Any, tie_rule: str, data: st.DataObject) -> None:
    ex = exercise(tree, tie_rule)
    answer = model_answer(ex)
    node = data.draw(st.sampled_from(ex.key.visited))
    answer["pruned"].append(node)
    mistake = only_mistake(ex, answer)
    assert (mistake["node"], mistake["kind"]) == (node, "extra_prune")


@settings(max_examples=100, deadline=None)
@given(shorthand, ties, st.sampled_from(["alphabeta", "minimax"]), st.data())
def test_a_changed_value_gives_a_value_mistake_at_that_node(tree: Any, tie_rule: str, algorithm: str, data: st.DataObject) -> None:
    ex = exercise(tree, tie_rule, algorithm)
    answer = model_answer(ex)
    node = data.draw(st.sampled_from(sorted(answer["values"])))
    right = answer["values"][node]
    answer["values"][node] = right + data.draw(st.sampled_from([-7, -1, 0.5, 1, 30]))
    mistake = only_mistake(ex, answer)
    assert (mistake["node"], mistake["kind"], mistake["expected"]) == (node, "value", right)
    assert mistake["got"] == answer["values"][node]


@settings(max_examples=100, deadline=None)
@given(shorthand, ties, st.data())
def test_a_changed_window_gives_a_bound_mistake_at_that_node(tree: Any, tie_rule: str, data: st.DataObject) -> None:
    ex = exercise(tree, tie_rule)
    answer = model_answer(ex)
    node = data.draw(st.sampled_from(sorted(answer["bounds"])))
    right = copy.deepcopy(answer["bounds"][node])
    answer["bounds"][node] = [right[0], 99] if right[1] != 99 else [right[0], 98]
    mistake = only_mistake(ex, answer)
    assert (mistake["node"], mistake["kind"], mistake["expected"]) == (node, "bound", right)


@settings(max_examples=100, deadline=None)
@given(shorthand, ties)
def test_an_empty_answer_lists_every_item_in_the_order_the_search_meets_it(tree: Any, tie_rule: str) -> None:
    ex = exercise(tree, tie_rule)
    result = check_answer(ex, {})
    seqs = [mistake["seq"] for mistake in result["mistakes"]]
    assert seqs == sorted(seqs)
    expected = len(ex.key.internal_visited()) + len(ex.key.visited) + len(ex.key.pruned)
    assert len(result["mistakes"]) == expected and result["score"] == 0.0


@settings(max_examples=100, deadline=None)
@given(shorthand)
def test_the_students_copy_holds_values_at_leaves_only(tree: Any) -> None:
    ex = exercise(tree, "prune")
    stack = [ex.student_copy()["tree"]]
    while stack:
        node = stack.pop()
        assert "eval" not in node
        assert ("value" in node) == ("children" not in node)
        stack.extend(node.get("children", []))
