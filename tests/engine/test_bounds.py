"""A return that is only a bound says so (`bound`), and what it says is true; the fail-hard form."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from search import TreeGame, parse_request, tree_from_json
from search.errors import InputError
from search.traces.recorder import Recorder
from search.traces.upgrade import upgrade_trace
from search.trees.node import TreeNode
from tests.engine.test_properties import reference_value
from tests.helpers.strategies import shorthand, ties, with_estimates
from tests.helpers.traced import of_type, traced


def returns_of(events: list[dict[str, Any]]) -> dict[str, tuple[float, str | None]]:
    return {e["node"]: (e["value"], e.get("bound")) for e in of_type(events, "return")}


def test_the_slides_cut_node_is_at_most_2_and_the_rest_are_exact() -> None:
    """[[3,12,8],[2,1,6],[14,5,2]]: C is cut after C1 = 2, its true value is 1: "at most 2"."""
    _, events = traced(TreeGame(tree_from_json([[3, 12, 8], [2, 1, 6], [14, 5, 2]])))
    assert returns_of(events) == {"B": (3, None), "C": (2, "upper"), "D": (2, None), "A": (3, None)}


def test_a_node_cut_at_its_last_child_saw_everything_and_is_exact() -> None:
    """The lecture's D: 2 ≤ α = 3 holds at D3, its last child: nothing is skipped, D = 2 exactly."""
    _, events = traced(TreeGame(tree_from_json([[3, 12, 8], [2, 4, 6], [14, 5, 2]])))
    assert of_type(events, "prune")[-1]["pruned"] == [] and returns_of(events)["D"] == (2, None)


def test_a_node_that_saw_every_child_but_backed_up_a_bound_is_a_bound() -> None:
    """C1 = MAX(C1a ≤ 2, C1b = 1): it saw both children, but its 2 came from a bound, so C1 ≤ 2 (it is 1)."""
    _, events = traced(TreeGame(tree_from_json([[10], [[[2, 1], 1]]])))
    found = returns_of(events)
    assert found["C1a"] == (2, "upper") and found["C1"] == (2, "upper") and found["C"] == (2, "upper")
    assert found["A"] == (10, None)


def test_a_max_node_cut_by_beta_is_at_least_its_value() -> None:
    """A MIN root: B (MAX) gets β = 3 from A's first child and is cut at 5: B ≥ 5."""
    tree = {"id": "A", "player": "min", "children": [
        {"id": "L", "player": "max", "value": 3},
        {"id": "B", "player": "max", "children": [{"id": "B1", "player": "min", "value": 5},
                                                  {"id": "B2", "player": "min", "value": 9}]}]}
    _, events = traced(TreeGame(tree_from_json(tree)))
    assert returns_of(events)["B"] == (5, "lower")


def true_values(root: TreeNode, events: list[dict[str, Any]], limit: int | None) -> dict[str, float]:
    """Each visited node's H-minimax value, at the depth the search met it."""
    nodes = {node.id: node for node in root.walk()}
    return {e["node"]: reference_value(nodes[e["node"]], e["depth"], limit) for e in of_type(events, "visit")}


def assert_every_return_tells_the_truth(root: TreeNode, events: list[dict[str, Any]], limit: int | None) -> None:
    truth = true_values(root, events, limit)
    for e in of_type(events, "return"):
        value, bound = e["value"], e.get("bound")
        if bound is None:
            assert truth[e["node"]] == value, f"{e['node']} returned {value} as exact; its value is {truth[e['node']]}"
        elif bound == "upper":
            assert truth[e["node"]] <= value, f"{e['node']}: at most {value}? it is {truth[e['node']]}"
        else:
            assert truth[e["node"]] >= value, f"{e['node']}: at least {value}? it is {truth[e['node']]}"


@settings(max_examples=100, deadline=None)
@given(shorthand, ties, st.sampled_from(["v", "bound"]), st.one_of(st.none(), st.integers(1, 3)), st.data())
def test_every_return_is_the_value_or_a_true_bound(tree: Any, tie_rule: str, returns: str, limit: int | None,
                                                   data: st.DataObject) -> None:
    """Knuth & Moore's bounds, node by node, fail-soft and fail-hard, with and without a depth limit."""
    root = with_estimates(tree, data.draw)
    result, events = traced(TreeGame(root), ties=tie_rule, depth=limit, returns=returns)
    assert result.value == reference_value(root, 0, limit)  # the root is always exact: its window is (−∞, +∞)
    assert_every_return_tells_the_truth(root, events, limit)


@settings(max_examples=100, deadline=None)
@given(shorthand, ties)
def test_minimax_never_returns_a_bound(tree: Any, tie_rule: str) -> None:
    _, events = traced(TreeGame(tree_from_json(tree)), "minimax")
    assert all("bound" not in e for e in of_type(events, "return"))


def test_a_chance_node_cut_in_bounded_alphabeta_returns_a_bound() -> None:
    recorder = Recorder()
    parse_request({"example": "chance-bounded", "algorithm": "alphabeta"}).run(recorder)
    cut = {e["node"]: e["cut"] for e in of_type(recorder.events(), "prune") if e["pruned"]}
    flags = {e["node"]: e.get("bound") for e in of_type(recorder.events(), "return")}
    assert cut, "the example cuts a chance node"
    for node, how in cut.items():
        assert flags[node] == ("upper" if how == "alpha" else "lower")


def test_tictactoe_with_the_table_keeps_its_bounds_true() -> None:
    """Every return of a tic-tac-toe search with the table is its value or a true bound (checked by minimax)."""
    recorder = Recorder()
    parse_request({"game": "tictactoe", "state": "X...O....", "algorithm": "alphabeta", "tt": True}).run(recorder)
    events = recorder.events()
    states = {e["node"]: e["state"] for e in of_type(events, "visit")}
    bounded = [e for e in of_type(events, "return") if "bound" in e]
    assert bounded, "a tic-tac-toe search cuts"
    for e in bounded[:40]:
        exact = parse_request({"game": "tictactoe", "state": states[e["node"]], "algorithm": "minimax"}).run().value
        assert exact <= e["value"] if e["bound"] == "upper" else exact >= e["value"]


# --- the fail-hard form -------------------------------------------------------------------------

def test_fail_hard_returns_the_bound_it_was_cut_against() -> None:
    """The slides' figure: C is cut with v = 2 ≤ α = 3 and returns α = 3 (at most 3); the root is still 3."""
    recorder = Recorder()
    result = parse_request({"tree": [[3, 12, 8], [2, 1, 6], [14, 5, 2]], "returns": "bound"}).run(recorder)
    events = recorder.events()
    assert events[0]["options"] == {"depth": None, "ties": "prune", "returns": "bound"}
    assert returns_of(events) == {"B": (3, None), "C": (3, "upper"), "D": (3, "upper"), "A": (3, None)}
    assert (result.value, result.child) == (3, "B")


def test_fail_hard_and_fail_soft_make_the_same_steps_and_answer() -> None:
    tree = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    soft, hard = Recorder(), Recorder()
    a = parse_request({"tree": tree}).run(soft)
    b = parse_request({"tree": tree, "returns": "bound"}).run(hard)
    assert (a.value, a.move) == (b.value, b.move)
    assert [(e["type"], e["node"]) for e in soft.events()] == [(e["type"], e["node"]) for e in hard.events()]


@pytest.mark.parametrize("request_, where, words", [
    ({"tree": [[1]], "returns": "alpha"}, "returns", "expected one of v, bound"),
    ({"tree": [[1]], "algorithm": "minimax", "returns": "bound"}, "returns", "minimax has no window"),
    ({"example": "chance-bounded", "returns": "bound"}, "returns", "chance nodes"),
])
def test_returns_is_checked(request_: dict[str, Any], where: str, words: str) -> None:
    with pytest.raises(InputError) as raised:
        parse_request(request_)
    assert raised.value.where == where and words in raised.value.problem


# --- older traces ------------------------------------------------------------------------------

def test_a_format_4_trace_gains_the_bounds_the_engine_gives() -> None:
    recorder = Recorder()
    parse_request({"tree": [[10], [[[2, 1], 1]]]}).run(recorder)
    now = recorder.events()
    old = [{**now[0], "format": 4}] + [{k: v for k, v in e.items() if not (k == "bound" and e["type"] == "return")}
                                        for e in now[1:]]
    upgraded, changed = upgrade_trace(old)
    assert changed and upgraded == now


@pytest.mark.parametrize("state", ["XO.......", "X...O....", "XO.X..O..", "........."])
@pytest.mark.parametrize("ties_", ["prune", "explore"])
def test_fail_hard_with_the_table_gives_minimaxs_value(state: str, ties_: str) -> None:
    """The table stores what fail-hard returns at the window's edge as a bound whatever the tie rule
    (a cut's β stored as exact once gave 100 where the position is worth 0)."""
    game = {"game": "tictactoe", "state": state, "depth": 4}
    exact = parse_request({**game, "algorithm": "minimax"}).run().value
    for returns in ("v", "bound"):
        assert parse_request({**game, "tt": True, "ties": ties_, "returns": returns}).run().value == exact, returns


# --- practice: an exercise says which form it asks for, and an answer in the other form is told so --------

LECTURE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
RIGHT_PRUNES = ["C2", "C3"]


def check(returns: str, c: float, d: float) -> dict[str, Any]:
    from search.practice import check_answer, parse_exercise

    exercise = parse_exercise({"tree": LECTURE, "returns": returns} if returns == "bound" else {"tree": LECTURE})
    return check_answer(exercise, {"values": {"A": 3, "B": 3, "C": c, "D": d}, "pruned": RIGHT_PRUNES})


def test_a_fail_hard_exercise_wants_alpha_at_the_cut_and_says_so() -> None:
    from search.practice import parse_exercise

    exercise = parse_exercise({"tree": LECTURE, "returns": "bound"})
    assert exercise.student_copy()["returns"] == "bound" and exercise.to_json()["returns"] == "bound"
    assert check("bound", 3, 3)["correct"]
    told = check("bound", 2, 3)["first_mistake"]
    assert told["node"] == "C" and "2 is v, what the slides' pseudocode returns; this exercise asks for the fail-hard form" in told["explanation"]


def test_the_pseudocode_exercise_tells_a_student_who_follows_the_figure_about_the_two_forms() -> None:
    assert check("v", 2, 2)["correct"]
    told = check("v", 3, 2)["first_mistake"]
    assert told["node"] == "C"
    assert "3 is α, what the fail-hard form (the slides' figure) returns; this exercise asks for the slides' pseudocode" in told["explanation"]
    assert "a bound, not its value: C is at most 2" in told["explanation"]
    assert "fail-hard" not in check("v", 5, 2)["first_mistake"]["explanation"], "another wrong value is not told about the forms"


def test_returns_goes_with_alphabeta_exercises_only() -> None:
    from search.practice import parse_exercise

    for bad, words in (({"tree": LECTURE, "returns": "alpha"}, "expected v or bound"),
                       ({"tree": LECTURE, "algorithm": "minimax", "returns": "bound"}, "minimax has no window")):
        with pytest.raises(InputError) as raised:
            parse_exercise(bad)
        assert raised.value.where == "returns" and words in raised.value.problem
