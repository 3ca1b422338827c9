"""Trees of one's own (issue 46, part 4): a variant's seed is a pure function of the exercise's seed, the student's
identity and (per-attempt) the check; every variant keeps the exercise's guarantees and is checked as any exercise."""

from __future__ import annotations

import pytest

from search import InputError
from search.practice import check_answer, model_answer
from search.practice.generate import cutoff_depths
from search.practice.variants import parse_variants, variant_exercise, variant_seed

REQUEST = {"generate": {"seed": 7, "depth": 3, "min_branching": 2, "max_branching": 3, "min_value": 0, "max_value": 40,
                        "min_prunes": 2, "distinct": True}, "algorithm": "alphabeta", "ties": "prune", "ask": ["values", "pruned"]}


def leaves(exercise) -> list[int]:
    return [node.value for node in exercise.tree.walk() if not node.children]


def leaf_depths(node, path=()):
    if not node.children:
        return [path]
    return [found for child in node.children for found in leaf_depths(child, (*path, child.id))]


def test_the_seed_is_pure_and_tells_identities_and_attempts_apart() -> None:
    assert variant_seed(7, "roster:1") == variant_seed(7, "roster:1")
    assert len({variant_seed(7, f"roster:{n}") for n in range(1000)}) == 1000
    assert variant_seed(7, "roster:1") != variant_seed(8, "roster:1")
    assert variant_seed(7, "roster:1", 0) != variant_seed(7, "roster:1", 1) != variant_seed(7, "roster:1")
    assert 0 <= variant_seed(7, "x") < 2 ** 48


def test_every_variant_keeps_the_guarantees_and_most_differ() -> None:
    drawn = []
    for n in range(60):
        exercise = variant_exercise(REQUEST, variant_seed(7, f"roster:{n}"))
        assert exercise is not None
        values = leaves(exercise)
        assert len(values) == len(set(values)) and all(0 <= v <= 40 for v in values)  # distinct, in range
        assert all(len(path) == 3 for path in leaf_depths(exercise.tree))  # every leaf at depth 3
        assert all(2 <= len(node.children) <= 3 for node in exercise.tree.walk() if node.children)
        assert len(cutoff_depths(exercise.tree, "prune")) >= 2
        answer = model_answer(exercise)
        assert check_answer(exercise, answer)["score"] == 1.0
        drawn.append(tuple(values))
    assert len(set(drawn)) >= 55  # trees of one's own, in practice


def test_an_answer_from_another_students_tree_is_scored_against_ones_own() -> None:
    ada = variant_exercise(REQUEST, variant_seed(7, "roster:1"))
    bob = variant_exercise(REQUEST, variant_seed(7, "roster:2"))
    assert ada is not None and bob is not None and leaves(ada) != leaves(bob)
    assert check_answer(ada, model_answer(bob))["score"] < 1.0


def test_variants_need_a_generated_tree() -> None:
    assert parse_variants(None, {"tree": [1, 2]}) == "same"
    assert parse_variants("same", {"tree": [1, 2]}) == "same"
    assert parse_variants("per-student", REQUEST) == "per-student"
    with pytest.raises(InputError, match="variants"):
        parse_variants("per-student", {"tree": [1, 2]})
    with pytest.raises(InputError, match="variants"):
        parse_variants("each", REQUEST)


def test_a_seed_that_meets_no_guarantee_gives_none() -> None:
    hopeless = {**REQUEST, "generate": {**REQUEST["generate"], "depth": 2, "max_branching": 2, "min_prunes": 1, "distinct": False,
                                        "min_value": 0, "max_value": 0}, "ties": "explore"}
    assert variant_exercise(hopeless, 5) is None
