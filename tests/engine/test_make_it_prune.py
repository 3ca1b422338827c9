"""The make-it-prune exercise (issue 50): the student writes the leaves, the real alpha-beta says which asked
prunes happen, which do not and which extra ones do, each with its reason; every stored exercise can be
answered (its tree's values are a witness), and a set no values reach is refused with its reason. Its other form
asks for exactly K leaves evaluated: K from the fewest any filling gives (checked against every filling of small
trees) to all, a witness for every K of the lecture shape and of generated shapes, and the words of a wrong count."""

from __future__ import annotations

import itertools
import json
import math
from typing import Any

import pytest

from search import InputError
from search.practice import check_answer, copy_for, exercise_from_json, hint_for, model_answer, parse_exercise, solution_text
from search.practice.generate import GenerateSpec, generated_tree
from search.practice.leaf_counts import fewest_filling, fewest_leaves, leaf_count, most_filling
from search.practice.make_it_prune import blank_leaves
from search.practice.pruning_run import pruning_run
from search.traces.check import read_trace
from search.trees.node import EXAMPLES
from search.trees.parse import tree_from_json

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


# The other form: "exactly K leaves visited" (search/practice/make_it_visit.py, leaf_counts.py).

SMALL_SHAPES = [[[None, None], [None, None]], [[None, None, None], [None, None]], [None, [None, None], [None, None]],
                [[[None, None], None], [None, None]], [[None], [None, None, None]], [[[None, None], [None, None]], None]]
"""Shapes of up to 5 leaves: every filling of their leaves with 0 to 4 (every order, ties included) is tried. On these
every count from the fewest to all is reached; not on every shape (the gap test below)."""


def counts_over_every_filling(root: Any, ties: str) -> set[int]:
    leaves = [node for node in root.walk() if not node.children]
    found = set()
    for values in itertools.product(range(len(leaves)), repeat=len(leaves)):
        for leaf, value in zip(leaves, values):
            leaf.value = value
        found.add(len(pruning_run(root, ties).leaves))
    return found


def run_on(root: Any, filling: dict[str, int], ties: str = "prune") -> int:
    for node in root.walk():
        if not node.children:
            node.value = filling[node.id]
    return len(pruning_run(root, ties).leaves)


@pytest.mark.parametrize("ties", ["prune", "explore"])
@pytest.mark.parametrize("tree", SMALL_SHAPES + ["min root"])
def test_the_fewest_is_the_least_any_filling_gives_and_every_count_up_to_all_is_reached(tree: Any, ties: str) -> None:
    root = tree_from_json(blank_leaves(SMALL_SHAPES[3] if tree == "min root" else tree))
    if tree == "min root":  # players need not alternate: a MIN root, and a MIN node under a MIN node
        root.player = "min"
        root.children[1].player = "min"
    counts = counts_over_every_filling(root, ties)
    assert counts == set(range(fewest_leaves(root), leaf_count(root) + 1))
    assert run_on(root, fewest_filling(root), ties) == fewest_leaves(root)
    assert run_on(root, most_filling(root), ties) == leaf_count(root)


def test_the_fewest_on_uniform_trees_is_knuth_and_moores() -> None:
    for branching, depth, shape in ((3, 2, SHAPE), (3, 3, [[[None] * 3] * 3] * 3), (4, 3, [[[None] * 4] * 4] * 4),
                                    (2, 6, [[[[[[None] * 2] * 2] * 2] * 2] * 2] * 2)):
        root = tree_from_json(blank_leaves(shape))
        assert fewest_leaves(root) == branching ** math.ceil(depth / 2) + branching ** (depth // 2) - 1
        assert run_on(root, fewest_filling(root)) == fewest_leaves(root) and run_on(root, most_filling(root)) == leaf_count(root)


def counting(visited: Any, tree: Any = None, **settings: Any):  # type: ignore[no-untyped-def]
    return parse_exercise({"tree": SHAPE if tree is None else tree, "kind": "make-it-prune", "visited": visited, **settings})


@pytest.mark.parametrize(("visited", "says"), [
    (4, "visited: expected 5 to 9 on this tree: alpha-beta always evaluates at least 5 of its 9 leaves"),
    (10, "visited: expected 5 to 9 on this tree: alpha-beta always evaluates at least 5 of its 9 leaves"),
    (0, "visited: expected 5 to 9 on this tree"),
    ("5", "visited: expected a whole number: how many leaves alpha-beta must evaluate"),
    (5.5, "visited: expected a whole number"),
    (True, "visited: expected a whole number"),
])
def test_a_count_outside_the_range_or_not_a_whole_number_is_refused(visited: Any, says: str) -> None:
    with pytest.raises(InputError) as caught:
        counting(visited)
    assert str(caught.value).startswith(says)


@pytest.mark.parametrize(("body", "says"), [
    ({"tree": SHAPE, "kind": "make-it-prune", "prune": ["C2", "C3"], "visited": 7},
     'visited: give "prune" or "visited", not both: a make-it-prune exercise asks for the branches alpha-beta prunes or '
     "for how many leaves it evaluates"),
    ({"tree": SHAPE, "kind": "make-it-prune"},
     'prune: the tree\'s leaves are blank: say which branches alpha-beta must prune ("prune"), or how many leaves it must '
     'evaluate ("visited")'),
    ({"tree": EXAMPLES["lecture"], "visited": 7}, 'visited: goes with "kind": "make-it-prune"'),
    ({"tree": EXAMPLES["lecture"], "kind": "ordering", "visited": 7}, 'visited: goes with "kind": "make-it-prune"'),
    ({"tree": [None, None, None], "kind": "make-it-prune", "visited": 3},
     "visited: alpha-beta evaluates all 3 leaves of this tree whatever their values"),
])
def test_prune_and_visited_one_of_them_and_only_with_make_it_prune(body: dict[str, Any], says: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_exercise(body)
    assert str(caught.value).startswith(says)


@pytest.mark.parametrize("ties", ["prune", "explore"])
def test_every_count_in_the_lecture_shapes_range_has_a_witness_kept_with_the_exercise(ties: str) -> None:
    for visited in range(5, 10):
        ex = counting(visited, ties=ties)
        again = exercise_from_json(json.loads(json.dumps(ex.to_json())))
        assert again.visited == visited and again.prune == () and "prune" not in ex.to_json()
        assert len(pruning_run(again.tree, ties).leaves) == visited
        assert check_answer(again, model_answer(again))["correct"]


@pytest.mark.parametrize("spec", [{"seed": 1, "depth": 3}, {"seed": 2, "depth": 3, "max_branching": 4},
                                  {"seed": 7, "depth": 4, "max_branching": 2}, {"seed": 4, "depth": 2, "max_branching": 5}])
def test_every_count_on_generated_shapes_has_a_witness(spec: dict[str, Any]) -> None:
    shape = generated_tree(GenerateSpec.parse(spec), "alphabeta", "prune")
    tree = shape.to_json()
    for visited in range(fewest_leaves(shape), leaf_count(shape) + 1):
        assert check_answer(counting(visited, tree), {"leaves": model_answer(counting(visited, tree))["leaves"]})["correct"]


def test_a_generated_tree_asked_for_a_count_is_drawn_again_the_same() -> None:
    body = {"generate": {"seed": 3, "depth": 3}, "kind": "make-it-prune", "visited": 8}
    ex = parse_exercise(body)
    assert ex.visited == 8 and len(pruning_run(ex.tree).leaves) == 8
    stored = {"generate": body["generate"], "algorithm": ex.algorithm, "ties": ex.ties, **ex.settings_json()}
    assert stored["visited"] == 8 and parse_exercise(stored).tree.to_json() == ex.tree.to_json()


def test_the_copy_asks_for_the_count_and_no_prunes() -> None:
    copy = copy_for(counting(5))
    assert copy["visited"] == 5 and "prune" not in copy and copy["kind"] == "make-it-prune"
    assert copy["task"] == ("Write the leaves so that alpha-beta evaluates exactly 5 of the 9 leaves: one mark, right only "
                            "when the count is exact.")
    assert [leaf["value"] for node in copy["tree"]["children"] for leaf in node["children"]] == [None] * 9


def test_the_right_count_scores_1_with_the_leaves_and_the_cuts_and_their_reasons() -> None:
    result = check_answer(counting(7), {"leaves": LECTURE_LEAVES})
    assert (result["correct"], result["score"], result["visited"], result["asked_visited"]) == (True, 1.0, 7, 7)
    assert result["leaves"] == ["B1", "B2", "B3", "C1", "D1", "D2", "D3"] and result["pruned"] == ["C2", "C3"]
    assert result["reasons"] == {"C2": "after C1, v = 2 ≤ α = 3 at C", "C3": "after C1, v = 2 ≤ α = 3 at C"}
    assert result["mistakes"] == [] and (result["asked"], result["right"], result["extra"]) == (1, 1, 0)


def test_too_many_leaves_names_the_first_branch_that_could_be_cut() -> None:
    result = check_answer(counting(5), {"leaves": LECTURE_LEAVES})
    assert (result["correct"], result["score"], result["visited"], result["asked_visited"]) == (False, 0.0, 7, 5)
    assert result["first_mistake"] == {
        "node": "D2", "kind": "not_pruned", "seq": result["first_mistake"]["seq"],
        "explanation": "alpha-beta evaluates 7 leaves, not 5: the first branch that could be cut is D2, and it is not: "
                       "after D1 (= 14), v = 14 > α = 3 at D, so the search goes on to D2"}


def test_too_few_leaves_names_the_first_cut_and_why_it_happens() -> None:
    result = check_answer(counting(7), {"leaves": {**LECTURE_LEAVES, "D1": 1}})
    assert (result["correct"], result["score"], result["visited"]) == (False, 0.0, 5)
    assert result["pruned"] == ["C2", "C3", "D2", "D3"] and result["reasons"]["D2"] == "after D1, v = 1 ≤ α = 3 at D"
    assert [m["explanation"] for m in result["mistakes"]] == [
        "alpha-beta evaluates 5 leaves, not 7: it cuts too much, first C2 and C3: after C1, v = 2 ≤ α = 3 at C"]
    assert result["mistakes"][0]["kind"] == "extra_prune" and result["mistakes"][0]["node"] == "C2"


def test_a_counts_hint_is_its_one_mistake_and_its_solution_evaluates_k_leaves() -> None:
    ex = counting(6)
    hint = hint_for(ex, {"leaves": LECTURE_LEAVES})["hint"]
    assert hint["node"] == "D2" and hint["explanation"].startswith("alpha-beta evaluates 7 leaves, not 6: ")
    assert hint_for(ex, model_answer(ex))["hint"] is None
    events, _ = read_trace(solution_text(ex))
    assert sum(1 for e in events if e["type"] == "leaf") == 6


def test_a_count_inside_the_range_that_no_filling_gives_is_refused_after_the_search() -> None:
    # A leaf B, then C over C1 (one leaf) and C2 (over C2a's two leaves and C2b): after B and C1a, C either cuts (2
    # leaves) or enters C2, where C2a's first leaf and then C2b are always searched (4 or 5): never 3.
    gap = [None, [[None], [[None, None], None]]]
    assert counts_over_every_filling(tree_from_json(blank_leaves(gap)), "prune") == {2, 4, 5}
    with pytest.raises(InputError) as caught:
        counting(3, gap)
    assert str(caught.value) == ("visited: no leaf values were found for which alpha-beta evaluates exactly 3 of the 5 "
                                 "leaves (tried 4,000 changes from 4 starts): ask for another number")
