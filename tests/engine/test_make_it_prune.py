"""The make-it-prune exercise (issue 50): the student writes the leaves, the real alpha-beta says which asked
prunes happen, which do not and which extra ones do, each with its reason; every stored exercise can be
answered (its tree's values are a witness), and a set no values reach is refused with its reason."""

from __future__ import annotations

import json
from typing import Any

import pytest

from search import InputError
from search.practice import check_answer, copy_for, exercise_from_json, hint_for, model_answer, parse_exercise, solution_text
from search.practice.pruning_run import pruning_run
from search.traces.check import read_trace
from search.trees.node import EXAMPLES

SHAPE = [[None, None, None], [None, None, None], [None, None, None]]
"""The lecture's A/B/C/D tree with its leaves blank."""
LECTURE_LEAVES = {"B1": 3, "B2": 12, "B3": 8, "C1": 2, "C2": 4, "C3": 6, "D1": 14, "D2": 5, "D3": 2}


def shape(prune: list[str], **settings: Any):  # type: ignore[no-untyped-def]
    return parse_exercise({"tree": SHAPE, "kind": "make-it-prune", "prune": prune, **settings})


def test_the_lecture_values_make_c2_and_c3_pruned() -> None:
    result = check_answer(shape(["C2", "C3"]), {"leaves": LECTURE_LEAVES})
    assert result["correct"] and result["score"] == 1.0
    assert result["happen"] == ["C2", "C3"] and result["not_pruned"] == [] and result["also_pruned"] == []
    assert result["reasons"]["C2"] == "after C1, v = 2 ≤ α = 3 at C"


def test_an_asked_prune_that_does_not_happen_says_why() -> None:
    leaves = {**LECTURE_LEAVES, "C1": 5}
    result = check_answer(shape(["C2", "C3"]), {"leaves": leaves})
    assert not result["correct"] and result["score"] == 0.0 and result["not_pruned"] == ["C2", "C3"]
    assert result["mistakes"][0] == {"node": "C2", "kind": "not_pruned", "seq": result["mistakes"][0]["seq"],
                                     "explanation": "C2 is not pruned: after C1 (= 5), v = 5 > α = 3 at C, so the search goes on to C2"}


def test_an_extra_prune_is_a_wrong_mark_with_its_reason() -> None:
    result = check_answer(shape(["C2", "C3"]), {"leaves": {**LECTURE_LEAVES, "D1": 1}})
    assert result["happen"] == ["C2", "C3"] and result["also_pruned"] == ["D2", "D3"]
    assert result["score"] == 0.5 and not result["correct"]  # 2 right of 2 asked + 2 extra
    assert [m["explanation"] for m in result["mistakes"]] == [
        "D2 is pruned too, and it is not asked: after D1, v = 1 ≤ α = 3 at D",
        "D3 is pruned too, and it is not asked: after D1, v = 1 ≤ α = 3 at D"]


def test_a_stored_exercise_holds_a_witness_its_model_answer_scores_1() -> None:
    for asked in (["C2", "C3"], ["C3"], ["D2", "D3"], ["C2", "C3", "D3"], ["B2c", "D3"]):
        tree = SHAPE if asked[0] != "B2c" else [[[None, None], [None, None, None]], [[None, None], [None, None]], [None, None, None]]
        ex = parse_exercise({"tree": tree, "kind": "make-it-prune", "prune": asked})
        again = exercise_from_json(json.loads(json.dumps(ex.to_json())))
        assert again.prune == tuple(asked)
        assert check_answer(again, model_answer(again))["correct"], asked


def test_the_students_copy_has_blank_leaves_and_the_asked_prunes() -> None:
    copy = copy_for(shape(["C2", "C3"]))
    assert copy["kind"] == "make-it-prune" and copy["prune"] == ["C2", "C3"]
    leaves = [leaf for node in copy["tree"]["children"] for leaf in node["children"]]
    assert [leaf["value"] for leaf in leaves] == [None] * 9
    assert "witness" not in json.dumps(copy)


def test_a_tree_with_values_asks_for_the_prunes_they_make() -> None:
    ex = parse_exercise({"tree": EXAMPLES["lecture"], "kind": "make-it-prune"})
    assert ex.prune == ("C2", "C3")


def test_a_generated_tree_asks_for_its_own_prunes() -> None:
    ex = parse_exercise({"generate": {"seed": 5, "depth": 3, "min_prunes": 2}, "kind": "make-it-prune"})
    assert len(ex.prune) >= 2 and list(ex.prune) == pruning_run(ex.tree).pruned


def test_the_solution_replays_the_witness() -> None:
    events, _ = read_trace(solution_text(shape(["D2", "D3"])))
    prunes = [child for e in events if e["type"] == "prune" for child in e["pruned"]]
    assert prunes == ["D2", "D3"]


def test_a_hint_is_the_first_asked_prune_missed() -> None:
    hint = hint_for(shape(["C2", "C3"]), {"leaves": {**LECTURE_LEAVES, "C1": 5}})["hint"]
    assert hint["node"] == "C2" and hint["kind"] == "not_pruned"


@pytest.mark.parametrize(("prune", "says"), [
    (["C1"], "prune[0]: C1 is C's first child: alpha-beta always searches a node's first child"),
    (["D"], "prune[0]: D is a child of A, which alpha-beta searches with [−∞, +∞]"),
    (["B2"], "prune[0]: B2 is a child of B, which alpha-beta searches with [−∞, +∞]"),
    (["C2", "C3", "C2"], "prune[2]: C2 is listed twice"),
    (["C2"], "prune[0]: C2 is asked, but C3 after it is not: a cut at C skips every child after it, so ask for C3 too"),
    (["Q"], "prune[0]: no node 'Q' in the tree"),
    ([], "prune: expected a list of one or more node ids"),
])
def test_unreachable_or_malformed_prune_sets_are_refused(prune: list[str], says: str) -> None:
    with pytest.raises(InputError) as caught:
        shape(prune)
    assert str(caught.value).startswith(says)


def test_a_branch_inside_another_asked_is_refused() -> None:
    with pytest.raises(InputError) as caught:
        parse_exercise({"tree": [[3, 4], [[1, 2], [5, 6]]], "kind": "make-it-prune", "prune": ["C2", "C2b"]})
    assert str(caught.value) == "prune[1]: C2b is inside C2, which is asked to be pruned: list C2 only"


def test_a_set_no_values_reach_is_refused_after_the_search() -> None:
    # C1b: C1 is C's first child, so it is searched with β = +∞ whatever B gave α; no MAX test holds there. No plain
    # rule says so (C is not on the first path): the local search tries and gives up.
    with pytest.raises(InputError) as caught:
        parse_exercise({"tree": [[None, None], [[None, None], [None, None]]], "kind": "make-it-prune", "prune": ["C1b"]})
    assert str(caught.value).startswith("prune: no leaf values were found for which alpha-beta prunes exactly C1b")


def test_a_tree_past_the_leaf_limit_is_refused() -> None:
    with pytest.raises(InputError) as caught:
        parse_exercise({"tree": [[None] * 5] * 13, "kind": "make-it-prune", "prune": ["B5"]})
    assert str(caught.value).startswith("tree: a make-it-prune exercise's tree has at most 64 leaves (MAKE_IT_PRUNE_MAX_LEAVES)")


@pytest.mark.parametrize(("body", "says"), [
    ({"leaves": {**LECTURE_LEAVES, "B1": "x"}}, "leaves.B1: expected a finite number"),
    ({"leaves": {**LECTURE_LEAVES, "B": 3}}, "leaves.B: B is not a leaf"),
    ({"leaves": {**LECTURE_LEAVES, "Z9": 3}}, "leaves.Z9: no node 'Z9' in this exercise"),
    ({"leaves": {"B1": 3}}, "leaves: no value for B2, B3, C1, C2, C3 …: every leaf needs one"),
    ({"leaves": {**LECTURE_LEAVES, "B1": 1e12}}, "leaves.B1: expected a finite number from"),
    ({"values": {}}, "values: expected"),
])
def test_bad_leaves_are_refused_naming_the_place(body: dict[str, Any], says: str) -> None:
    with pytest.raises(InputError) as caught:
        check_answer(shape(["C2", "C3"]), body)
    assert str(caught.value).startswith(says)


@pytest.mark.parametrize(("fields", "says"), [
    ({"tree": SHAPE}, "prune: the tree's leaves are blank: say which branches alpha-beta must prune"),
    ({"game": "tictactoe"}, 'game: a make-it-prune exercise is made from "tree" or "generate"'),
    ({"tree": [[1, 2], [3, 4]]}, "tree: alpha-beta prunes nothing on these leaf values"),
])
def test_bad_make_it_prune_exercises_are_refused(fields: dict[str, Any], says: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_exercise({"kind": "make-it-prune", **fields})
    assert says in str(caught.value)


def test_prune_goes_only_with_make_it_prune() -> None:
    with pytest.raises(InputError) as caught:
        parse_exercise({"tree": EXAMPLES["lecture"], "prune": ["C2"]})
    assert str(caught.value).startswith('prune: goes with "kind": "make-it-prune"')
