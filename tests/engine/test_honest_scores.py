"""Scores you can put in a gradebook (issue 46): the score is the share of asked marks that are right, a blank is
wrong, a misconception is named only when it explains the answer, and among equals the one that changes the least
(search/practice/scoring.py, search/practice/diagnosis.py, search/misconceptions/distance.py)."""

from __future__ import annotations

import json

import pytest

from search import InputError
from search.grading.browser import check
from search.misconceptions.questions import misconception_answers
from search.practice import check_answer, model_answer, parse_exercise
from search.practice.diagnosis import following, readings
from search.request import parse_request
from tests.engine import grading_sources as g

LECTURE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
TIE = [[3, 12, 8], [3, 4, 6], [14, 5, 2]]
"""C1 = 3 = α: the slides prune C2 and C3 on the tie; the strict test (v < α) searches them."""
EVERYTHING = ["values", "bounds", "pruned"]
GENERATED_38 = {"seed": 175, "depth": 4, "min_branching": 2, "max_branching": 3, "min_prunes": 2}
"""A generated depth-4 exercise of 38 nodes (28 visited, 5 branches pruned at two depths): the issue's kind of tree."""


def marks(exercise_json: dict) -> int:
    return sum(len(part) for part in model_answer(parse_exercise(exercise_json)).values())


@pytest.mark.parametrize("source", [{"tree": LECTURE}, {"generate": GENERATED_38}])
def test_a_blank_answer_scores_zero_and_a_root_alone_one_mark_with_no_misconception(source: dict) -> None:
    exercise = parse_exercise({**source, "ask": EVERYTHING})
    asked = marks({**source, "ask": EVERYTHING})
    blank = check_answer(exercise, {})
    assert (blank["score"], blank["right"], blank["asked"], blank["extra"], blank["misconceptions"]) == (0.0, 0, asked, 0, [])
    root = exercise.key.order[0]
    right_root = check_answer(exercise, {"values": {root: model_answer(exercise)["values"][root]}, "pruned": []})
    assert right_root["right"] == 1 and right_root["score"] <= round(1 / asked, 4) and right_root["misconceptions"] == []
    wrong_root = check_answer(exercise, {"values": {root: 99}, "bounds": {}, "pruned": []})
    assert wrong_root["score"] == 0.0 and wrong_root["misconceptions"] == []


def test_max_and_min_swapped_on_the_lecture_tree_scores_no_more_than_a_quarter() -> None:
    exercise = parse_exercise({"tree": LECTURE})
    result = check_answer(exercise, following(exercise, "max-min-swapped"))
    assert result["misconceptions"][0]["id"] == "max-min-swapped"  # named, as feedback
    assert (result["asked"], result["extra"], result["right"]) == (6, 2, 0)  # D2, D3 marked pruned: the search looks there
    assert result["score"] == 0.0 <= 0.25
    assert "explains all 8 of your marks" in result["misconceptions"][0]["explanation"]


@pytest.mark.parametrize("ask", [["values", "pruned"], EVERYTHING])
def test_every_misconception_followed_exactly_scores_its_right_marks_over_all_marks(ask: list[str]) -> None:
    """On the 38-node tree: the score is right ÷ (asked + extra), counted from the mistakes, whatever is named."""
    exercise = parse_exercise({"generate": GENERATED_38, "ask": ask})
    asked = marks({"generate": GENERATED_38, "ask": ask})
    for reading in readings(exercise):
        result = check_answer(exercise, following(exercise, reading.misconception.id))
        wrong = len(result["mistakes"])
        assert result["asked"] == asked and result["right"] == asked + result["extra"] - wrong
        assert result["score"] == round(result["right"] / (asked + result["extra"]), 4)
        if wrong:
            assert result["score"] < 1 and result["misconceptions"], reading.misconception.id


def test_weights_weigh_each_part_and_bad_weights_name_the_part() -> None:
    exercise = parse_exercise({"tree": LECTURE, "ask": EVERYTHING, "weights": {"values": 3, "pruned": 0}})
    answer = model_answer(exercise)
    answer["values"]["B"] = 12  # one value wrong of 4; windows right; prunes right but weigh nothing
    result = check_answer(exercise, answer)
    windows = len(answer["bounds"])
    assert result["score"] == round((3 * 3 + windows) / (3 * 4 + windows), 4)
    assert result["right"] == result["asked"] - 1  # the counts are the marks, unweighted
    assert exercise.student_copy()["weights"] == {"values": 3.0, "bounds": 1.0, "pruned": 0.0}
    assert "values ×3, windows ×1, pruned branches ×0" in exercise.student_copy()["scoring"]
    assert parse_exercise({"tree": LECTURE, "weights": {"values": 1, "pruned": 1}}).weights is None  # all 1: none stored
    for weights, where in (({"bounds": 2}, "weights.bounds"), ({"values": -1}, "weights.values"), ({"values": "2"}, "weights.values"),
                           ({"values": 0, "pruned": 0}, "weights"), ({"colour": 1}, "weights.colour"), ([1, 2], "weights")):
        with pytest.raises(InputError) as refused:
            parse_exercise({"tree": LECTURE, "weights": weights})
        assert refused.value.where == where


def test_the_strict_test_is_named_first_on_the_tie_tree_in_practice_predict_mode_and_the_code_lab() -> None:
    exercise = parse_exercise({"tree": TIE})
    result = check_answer(exercise, {"values": {"A": 3, "B": 3, "C": 3, "D": 2}, "pruned": []})
    first = result["misconceptions"][0]
    assert first["id"] == "strict-test" and "no-pruning" in first["same_answers"]
    assert result["score"] == round(4 / 6, 4)
    # Predict mode and the classroom name the first of the readings that gives an answer: fewest changes first.
    order = [entry["id"] for entry in misconception_answers(parse_request({"tree": TIE, "algorithm": "alphabeta"}))]
    assert order.index("strict-test") < order.index("no-pruning")
    # The code lab and the grader: a strict test's search is the strict test before "no pruning".
    report = json.loads(check(g.source(g.ALPHABETA_TOP, g.ALPHABETA_RIGHT, g.ALPHABETA_SLIPS["strict-test"]),
                              json.dumps({"tree": TIE, "algorithm": "alphabeta"})))
    assert report["misconception"]["id"] == "strict-test" and "no-pruning" in report["also"]


def test_a_misconception_needs_more_agreeing_marks_than_the_right_search() -> None:
    """B wrong in the swapped way, everything else right: the right search agrees with 5 marks, MAX/MIN swapped with 1."""
    exercise = parse_exercise({"tree": LECTURE})
    result = check_answer(exercise, {"values": {"A": 3, "B": 12, "C": 2, "D": 2}, "pruned": ["C2", "C3"]})
    assert result["misconceptions"] == [] and result["score"] == round(5 / 6, 4)
    # Half the values filled in, following the swap: named.
    half = check_answer(exercise, {"values": {"A": 6, "B": 12}, "pruned": ["D2", "D3"]})
    assert [m["id"] for m in half["misconceptions"]] == ["max-min-swapped"]


def test_a_prune_left_unmarked_says_something_only_under_a_node_the_student_answered() -> None:
    """A and B written (both 12), C and D blank, nothing marked: C2 and C3 unmarked say nothing (C was not answered),
    so "no pruning" is not named for them; B = 12 is what MAX at B gives, and that alone is named."""
    exercise = parse_exercise({"tree": LECTURE})
    result = check_answer(exercise, {"values": {"A": 12, "B": 12}, "pruned": []})
    assert [m["id"] for m in result["misconceptions"]] == ["max-min-swapped"]
    assert result["misconceptions"][0]["explains"] == [{"node": "B", "kind": "value"}]
    assert result["score"] == 0.0


def test_weights_that_leave_no_mark_weighing_anything_count_every_mark_alike() -> None:
    """Values weighed 0 on a tree with no prune: a blank answer must not score 100%."""
    exercise = parse_exercise({"tree": [[1, 2], [3, 4]], "weights": {"values": 0}})
    assert exercise.key.pruned == {}
    blank = check_answer(exercise, {})
    assert blank["score"] == 0.0 and not blank["correct"]
    assert check_answer(exercise, model_answer(exercise))["score"] == 1.0
