"""Properties on random trees (hypothesis): alpha-beta agrees with minimax, events fit the schema."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings, strategies as st

from search import TreeGame, tree_from_json
from search.traces.check import canonical_text
from search.traces.jsonl import read_events
from search.traces.schema import check_event
from search.trees.node import TreeNode
from tests.helpers.strategies import shorthand, ties, with_estimates
from tests.helpers.traced import of_type, traced


def reference_value(node: TreeNode, depth: int, limit: int | None) -> float:
    """H-MINIMAX straight from the slides' definition, no cleverness."""
    if not node.children:
        assert node.value is not None
        return node.value
    if limit is not None and depth == limit:
        assert node.eval is not None
        return node.eval
    child_values = [reference_value(c, depth + 1, limit) for c in node.children]
    return max(child_values) if node.player == "max" else min(child_values)


@settings(max_examples=100, deadline=None)
@given(shorthand, ties)
def test_alphabeta_value_and_move_equal_minimax(tree: Any, tie_rule: str) -> None:
    mm, _ = traced(TreeGame(tree_from_json(tree)), "minimax")
    ab, _ = traced(TreeGame(tree_from_json(tree)), ties=tie_rule)
    assert ab.value == mm.value
    assert ab.move == mm.move  # both: the first child, in order, reaching the value


@settings(max_examples=100, deadline=None)
@given(shorthand, ties)
def test_alphabeta_visits_a_subset_of_minimax_in_the_same_order(tree: Any, tie_rule: str) -> None:
    _, mm = traced(TreeGame(tree_from_json(tree)), "minimax")
    _, ab = traced(TreeGame(tree_from_json(tree)), ties=tie_rule)
    ab_order = [e["node"] for e in of_type(ab, "visit")]
    ab_set = set(ab_order)
    assert [e["node"] for e in of_type(mm, "visit") if e["node"] in ab_set] == ab_order
    assert len(ab_set) == len(ab_order)


@settings(max_examples=200, deadline=None)
@given(shorthand, st.integers(min_value=0, max_value=4), st.sampled_from(["minimax", "alphabeta"]), st.data())
def test_depth_limited_values_equal_the_recursive_definition(tree: Any, limit: int, algorithm: str, data: st.DataObject) -> None:
    root = with_estimates(tree, data.draw)
    result, events = traced(TreeGame(root), algorithm, depth=limit)
    assert result.value == reference_value(root, 0, limit)
    assert all(e["depth"] <= limit for e in of_type(events, "visit"))
    estimates = {e["node"] for e in of_type(events, "leaf") if e["kind"] == "estimate"}
    assert all(node.children for node in root.walk() if node.id in estimates)


@settings(max_examples=100, deadline=None)
@given(shorthand, st.sampled_from(["minimax", "alphabeta"]), ties, st.one_of(st.none(), st.integers(0, 3)), st.data())
def test_every_event_fits_the_schema_and_round_trips_through_json_lines(
    tree: Any, algorithm: str, tie_rule: str, limit: int | None, data: st.DataObject
) -> None:
    options: dict[str, Any] = {"depth": limit}
    if algorithm == "alphabeta":
        options["ties"] = tie_rule
    _, events = traced(TreeGame(with_estimates(tree, data.draw)), algorithm, **options)
    assert [e["seq"] for e in events] == list(range(len(events)))
    assert events[0]["type"] == "start" and events[-1]["type"] == "result"
    for event in events:
        check_event(event)
        json.dumps(event, allow_nan=False)  # strict JSON: raises on NaN / Infinity
    assert read_events(canonical_text(events)) == events
    # A trace replays on its own: the start event's tree rebuilds the same search.
    rebuilt = tree_from_json(events[0]["source"]["tree"])
    _, again = traced(TreeGame(rebuilt), algorithm, **options)
    assert again == events


@settings(max_examples=100, deadline=None)
@given(shorthand, ties, st.one_of(st.none(), st.integers(0, 3)), st.data())
def test_a_test_follows_every_backup_and_holds_exactly_when_a_prune_follows(
    tree: Any, tie_rule: str, limit: int | None, data: st.DataObject
) -> None:
    root = with_estimates(tree, data.draw)
    _, events = traced(TreeGame(root), ties=tie_rule, depth=limit)
    backups, tests = of_type(events, "backup"), of_type(events, "test")
    assert len(tests) == len(backups)  # backups happen only at internal nodes
    for k, event in enumerate(events):
        if event["type"] == "backup":
            test = events[k + 1]
            assert (test["type"], test["node"], test["v"]) == ("test", event["node"], event["v_after"])
        if event["type"] == "test":
            assert (events[k + 1]["type"] == "prune") == event["holds"]
            if not event["holds"]:
                assert events[k + 1]["type"] == "bound" and events[k + 1]["node"] == event["node"]
    assert all(e["changed"] == (e["old"] != e["new"]) for e in of_type(events, "bound"))
    internal = [e["node"] for e in of_type(events, "visit")
                if e["node"] not in {leaf["node"] for leaf in of_type(events, "leaf")}]
    assert [e["node"] for e in of_type(events, "init")] == internal
    assert sorted(e["node"] for e in of_type(events, "return")) == sorted(internal)


@settings(max_examples=100, deadline=None)
@given(shorthand, ties, st.one_of(st.none(), st.integers(0, 3)), st.data())
def test_the_baseline_is_minimax_own_counts(tree: Any, tie_rule: str, limit: int | None, data: st.DataObject) -> None:
    root = with_estimates(tree, data.draw)
    ab, events = traced(TreeGame(root), ties=tie_rule, depth=limit)
    mm, mm_events = traced(TreeGame(root), "minimax", depth=limit)
    assert events[-1]["baseline"] == ab.baseline == {"visited": mm.visited, "leaves": mm.leaves}
    assert "baseline" not in mm_events[-1]
    assert ab.leaves <= mm.leaves and ab.visited <= mm.visited
