"""Review of issue 11 (practice mode): each test here failed before its fix."""

from __future__ import annotations

import time
from typing import Any

import pytest
from hypothesis import given, settings

from search.errors import InputError
from search.exercise import Exercise, parse_exercise
from search.exercise_generate import cutoff_depths
from search.recorder import Recorder
from search.alphabeta import alphabeta
from search.game import TreeGame
from search.tree_io import tree_from_json
from tests.test_properties import shorthand, ties

SLOW = 2.0
"""Any request slower than this is a bug (the review's rule); generous for a shared 2-core machine."""


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
def test_a_hopeless_generate_request_is_refused_quickly(options: dict[str, Any], tie_rule: str) -> None:
    start = time.perf_counter()
    with pytest.raises(InputError) as refused:
        parse_exercise({"generate": options, "ties": tie_rule})
    assert time.perf_counter() - start < SLOW / 2
    assert str(refused.value).startswith("generate")


def test_more_prunes_than_any_tree_of_the_shape_can_have_is_refused_at_once_naming_the_field() -> None:
    with pytest.raises(InputError, match=r"generate\.min_prunes: .*at most 3,279 cut-offs"):
        parse_exercise({"generate": {"depth": 8, "min_branching": 3, "max_branching": 3, "min_prunes": 3280}})
    with pytest.raises(InputError, match=r"generate\.min_prunes: .*at most 2 cut-offs"):
        parse_exercise({"generate": {"depth": 2, "min_branching": 2, "max_branching": 2, "min_prunes": 3}})
    ex = parse_exercise({"generate": {"depth": 2, "min_branching": 2, "max_branching": 2, "min_prunes": 1}})
    assert ex.summary()["prunes"] >= 1
