"""Practice on every tree the lecture has (issue 26 point 4): expectiminimax exercises on chance trees
(AIMA 4th ed. §5.5) and max^n exercises on trees of several players (§5.2.2). Values only; a chance
sum is right within 1e-9, a max^n vector component by component; wrong shapes are refused naming the
entry; random trees are checked against a from-scratch oracle sharing no code with the engine."""

from __future__ import annotations

import json
from typing import Any

import pytest

from search import InputError
from search.practice import check_answer, exercise_from_json, hint_for, model_answer, parse_exercise, solution_text
from search.traces.check import read_trace
from search.traces.value_agreement import VALUE_TOLERANCE
from search.trees.node import EXAMPLES, TreeNode

CHANCE_VALUES = {"A": 5, "B": 4, "B1": 3, "B2": 5, "C": 5, "C1": 1, "C2": 9, "D": 2.5, "D1": 2, "D2": 4}
MAXN_VALUES = {"R": [1, 2, 6], "R1": [1, 2, 6], "R1a": [1, 2, 6], "R1b": [6, 1, 2], "R2": [1, 5, 2], "R2a": [1, 5, 2],
               "R2b": [5, 4, 5]}


def chance(**settings: Any):  # type: ignore[no-untyped-def]
    return parse_exercise({"tree": EXAMPLES["chance"], "algorithm": "expectiminimax", **settings})


def players(**settings: Any):  # type: ignore[no-untyped-def]
    return parse_exercise({"tree": EXAMPLES["three-players"], "algorithm": "maxn", **settings})


def refusal(make: Any) -> str:
    with pytest.raises(InputError) as caught:
        make()
    return str(caught.value)


# --- the lecture's chance tree and the three players -------------------------------------------------

def test_the_chance_trees_model_answer_is_expectiminimax_in_floats() -> None:
    ex = chance()
    assert ex.ask == ("values",)
    values = model_answer(ex)["values"]
    assert values == CHANCE_VALUES
    assert all(type(v) is float for v in values.values())  # the diagnosis compares sums as floats


def test_the_three_players_model_answer_is_max_n_in_vectors() -> None:
    values = model_answer(players())["values"]
    assert values == MAXN_VALUES and all(isinstance(v, list) and len(v) == 3 for v in values.values())


def test_a_right_answer_is_perfect() -> None:
    for ex, values in ((chance(), CHANCE_VALUES), (players(), MAXN_VALUES)):
        result = check_answer(ex, {"values": values})
        assert (result["correct"], result["score"], result["mistakes"]) == (True, 1.0, [])
        assert hint_for(ex, {"values": values}) == {"hint": None}


def test_a_chance_node_is_explained_as_a_weighted_sum() -> None:
    (mistake,) = check_answer(chance(), {"values": {**CHANCE_VALUES, "D": 5}})["mistakes"]
    assert (mistake["node"], mistake["kind"], mistake["expected"], mistake["got"]) == ("D", "value", 2.5, 5)
    assert mistake["explanation"] == ("D is a chance node: v = 0.75 × 2 + 0.25 × 4 = 2.5 (the outcomes' values weighted "
                                      "by their probabilities); you wrote 5")
    (mistake,) = check_answer(chance(), {"values": {**CHANCE_VALUES, "B1": 8}})["mistakes"]
    assert mistake["explanation"] == "B1 is a MIN node: v = MIN(3, 8) over the children it looks at, so it returns 3; you wrote 8"


def test_a_max_n_node_keeps_the_vector_best_for_its_player() -> None:
    (mistake,) = check_answer(players(), {"values": {**MAXN_VALUES, "R2": [5, 4, 5]}})["mistakes"]
    assert (mistake["expected"], mistake["got"]) == ([1, 5, 2], [5, 4, 5])
    assert mistake["explanation"] == ("R2 is player B's node: it keeps the child vector whose second component is highest, "
                                      "⟨1, 5, 2⟩ from R2a (5 against 4 from R2b); you wrote ⟨5, 4, 5⟩")
    root = hint_for(players(), {"values": {k: v for k, v in MAXN_VALUES.items() if k != "R"}})["hint"]
    assert root["explanation"] == ("R is player A's node: it keeps the child vector whose first component is highest, "
                                   "⟨1, 2, 6⟩ from R1 (1 against 1 from R2; a tie keeps the first)")


def test_hints_go_in_search_order_and_say_what_is_right() -> None:
    first = hint_for(chance(), {})["hint"]
    assert (first["node"], first["expected"]) == ("B1", 3) and "got" not in first
    after = hint_for(chance(), {"values": {"B1": 3, "B2": 5}})["hint"]
    assert after["node"] == "B" and after["explanation"].startswith("B is a chance node: v = 0.5 × 3 + 0.5 × 5 = 4")
    assert hint_for(players(), {})["hint"]["node"] == "R1a"


def test_uniform_outcomes_are_written_as_fractions() -> None:
    tree = {"children": [{"player": "chance", "children": [{"value": 3}, {"value": 6}, {"value": 12}]}]}
    ex = parse_exercise({"tree": tree, "algorithm": "expectiminimax"})
    (mistake,) = check_answer(ex, {"values": {"A": 7, "B": 6}})["mistakes"]
    assert mistake["explanation"].startswith("B is a chance node: v = 1/3 × 3 + 1/3 × 6 + 1/3 × 12 = 7 ")
    assert [c["probability"] for c in ex.student_copy()["tree"]["children"][0]["children"]] == [1 / 3] * 3


# --- the tolerance ---------------------------------------------------------------------------------

def test_a_chance_value_is_right_within_1e_9_absolute_then_relative() -> None:
    tree = {"children": [{"player": "chance", "children": [{"value": 1}, {"value": 0}, {"value": 0}]}]}
    ex = parse_exercise({"tree": tree, "algorithm": "expectiminimax"})
    third = 1 / 3
    assert check_answer(ex, {"values": {"A": 0.3333333333, "B": 0.3333333333}})["correct"]  # ten decimals: 3.3e-11 off
    assert check_answer(ex, {"values": {"A": third + 0.9e-9, "B": third - 0.9e-9}})["correct"]
    wrong = check_answer(ex, {"values": {"A": third + 1.1e-9, "B": 0.333333}})
    assert [m["node"] for m in wrong["mistakes"]] == ["B", "A"]
    big = {"children": [{"player": "chance", "children": [{"value": 1e9}, {"value": 0}, {"value": 0}]}]}
    ex = parse_exercise({"tree": big, "algorithm": "expectiminimax"})
    exact = 1e9 / 3
    assert VALUE_TOLERANCE * exact > 0.3  # relative: 1e-9 of the value
    assert check_answer(ex, {"values": {"A": exact + 0.3, "B": 333333333.3333333}})["correct"]
    assert not check_answer(ex, {"values": {"A": exact + 0.4, "B": exact}})["correct"]


def test_minimax_values_stay_exact() -> None:
    ex = parse_exercise({"tree": [[1000000.001, 2000000]], "algorithm": "minimax"})
    assert not check_answer(ex, {"values": {"A": 1000000, "B": 1000000}})["correct"]


def test_max_n_components_are_each_within_the_tolerance() -> None:
    near = {k: [x + 0.5e-9 for x in v] for k, v in MAXN_VALUES.items()}
    assert check_answer(players(), {"values": near})["correct"]
    off = {**MAXN_VALUES, "R1b": [6, 1 + 2e-9, 2]}
    assert [m["node"] for m in check_answer(players(), {"values": off})["mistakes"]] == ["R1b"]


# --- shapes refused, naming the entry ----------------------------------------------------------------

@pytest.mark.parametrize(("make", "answer", "message"), [
    (players, {"values": {"R2": 5}}, "values.R2: expected a vector of 3 numbers"),
    (players, {"values": {"R2": [1, 5]}}, "values.R2: expected a vector of 3 numbers"),
    (players, {"values": {"R2": [1, 5, 2, 0]}}, "values.R2: expected a vector of 3 numbers"),
    (players, {"values": {"R2": "1, 5, 2"}}, "values.R2: expected a vector of 3 numbers"),
    (players, {"values": {"R2": [1, "5", 2]}}, "values.R2[1]: expected a finite number"),
    (players, {"values": {"R2": [1, True, 2]}}, "values.R2[1]: expected a finite number"),
    (players, {"values": {"R1a1": [1, 2, 6]}}, "values.R1a1: R1a1 is a leaf"),
    (chance, {"values": {"C": [5]}}, "values.C: expected a finite number"),
    (chance, {"values": {"C": "5"}}, "values.C: expected a finite number"),
    (chance, {"values": {"Z": 5}}, "values.Z: no node 'Z' in this exercise"),
])
def test_a_badly_shaped_value_is_refused_naming_the_entry(make: Any, answer: dict[str, Any], message: str) -> None:
    assert refusal(lambda: check_answer(make(), answer)).startswith(message)


@pytest.mark.parametrize(("body", "message"), [
    ({"tree": EXAMPLES["chance"], "algorithm": "expectiminimax", "ask": ["values", "bounds"]},
     "ask: expectiminimax never prunes and keeps no α-β window: ask for values only"),
    ({"tree": EXAMPLES["three-players"], "algorithm": "maxn", "ask": ["pruned"]},
     "ask: max^n never prunes and keeps no α-β window: ask for values only"),
    ({"tree": EXAMPLES["chance"], "algorithm": "expectiminimax", "returns": "bound"}, "returns: \"bound\" is the fail-hard form"),
    ({"tree": [[1, 2], [3]], "algorithm": "expectiminimax"}, "tree: this tree has no chance node"),
    ({"tree": EXAMPLES["chance"], "algorithm": "maxn"}, "tree: max^n needs a tree whose root lists \"players\""),
    ({"tree": EXAMPLES["three-players"], "algorithm": "expectiminimax"}, "tree: this tree has players A, B, C"),
    ({"tree": EXAMPLES["three-players"]}, "tree: alpha-beta and minimax exercises are for two-player trees"),
    ({"game": "tictactoe", "algorithm": "expectiminimax"}, "game: expectiminimax exercises are made from a tree"),
    ({"generate": {"players": 4}}, "generate.players: players go with maxn"),
    ({"generate": {"players": 9}, "algorithm": "maxn"}, "generate.players: expected a whole number from 2 to 8"),
    ({"generate": {"depth": 1}, "algorithm": "expectiminimax"}, "generate.depth: a chance tree needs depth 2 or more"),
    ({"generate": {"min_prunes": 1}, "algorithm": "maxn"}, "generate.min_prunes: max^n never prunes"),
])
def test_a_bad_chance_or_players_exercise_is_refused_naming_the_field(body: dict[str, Any], message: str) -> None:
    assert refusal(lambda: parse_exercise(body)).startswith(message)


# --- the student's copy, storage, the solution ---------------------------------------------------------

def test_the_students_copy_carries_what_the_drawing_needs_and_no_answer() -> None:
    copy = chance(ask=["values"]).student_copy()
    d = copy["tree"]["children"][2]
    assert (d["player"], [c["probability"] for c in d["children"]]) == ("chance", [0.75, 0.25])
    assert [c["probability"] for c in copy["tree"]["children"][0]["children"]] == [0.5, 0.5]  # uniform, written out
    assert (copy["algorithm"], copy["ask"], copy["root_player"], copy["internal"], copy["leaves"]) == (
        "expectiminimax", ["values"], "max", 10, 12)
    assert "players" not in copy and "bounds" not in json.dumps(copy)
    copy = players().student_copy()
    assert copy["players"] == ["A", "B", "C"] and copy["root_player"] == "A"
    assert copy["tree"]["children"][1]["children"][0] == {"id": "R2a", "label": "R2a", "player": "C", "children": [
        {"id": "R2a1", "label": "R2a1", "player": "A", "value": [5, 1, 1]},
        {"id": "R2a2", "label": "R2a2", "player": "A", "value": [1, 5, 2]}]}
    for node in (chance().student_copy()["tree"], copy["tree"]):
        stack = [node]
        while stack:
            n = stack.pop()
            assert ("value" in n) == ("children" not in n)
            stack.extend(n.get("children", []))


def test_bounds_are_dropped_from_an_expectiminimax_exercise() -> None:
    ex = parse_exercise({"tree": EXAMPLES["chance-bounded"], "algorithm": "expectiminimax"})
    assert ex.tree.bounds is None and model_answer(ex)["values"] == CHANCE_VALUES


def test_both_survive_storage_and_their_solution_is_the_engines_trace() -> None:
    for ex, algorithm, root in ((chance(), "expectiminimax", 5.0), (players(), "maxn", [1, 2, 6])):
        again = exercise_from_json(json.loads(json.dumps(ex.to_json())))
        assert again.algorithm == algorithm and model_answer(again) == model_answer(ex)
        events, _ = read_trace(solution_text(ex))
        assert events[0]["algorithm"] == algorithm and events[-1]["value"] == root


# --- random trees against an oracle ------------------------------------------------------------------

def oracle(node: TreeNode, players: list[str] | None, out: dict[str, Any]) -> Any:
    """EXPECTIMINIMAX / MAXN-VALUE from the book's definitions, from scratch: every internal node's value."""
    if not node.children:
        return node.value
    values = [oracle(child, players, out) for child in node.children]
    if players is not None:
        p = players.index(node.player)
        best = values[0]
        for u in values[1:]:
            if u[p] > best[p]:
                best = u
        v: Any = best
    elif node.player == "chance":
        given = [child.probability for child in node.children]
        weights = [1 / len(values)] * len(values) if given[0] is None else given
        v = sum(w * u for w, u in zip(weights, values))  # type: ignore[operator]
    else:
        v = max(values) if node.player == "max" else min(values)
    out[node.id] = v
    return v


@pytest.mark.parametrize("algorithm", ["expectiminimax", "maxn"])
def test_random_trees_agree_with_the_oracle_and_one_slip_is_one_mistake(algorithm: str) -> None:
    for seed in range(60):
        spec = {"seed": seed, "depth": 2 + seed % 3, "min_branching": 1, "max_branching": 3, "min_value": -5,
                "max_value": 9, "distinct": seed % 4 == 0}
        if algorithm == "maxn":
            spec["players"] = 2 + seed % 3
        ex = parse_exercise({"generate": spec, "algorithm": algorithm})
        expected: dict[str, Any] = {}
        oracle(ex.tree, ex.tree.players, expected)
        answer = model_answer(ex)
        assert set(answer["values"]) == set(expected)
        for node_id, v in expected.items():
            assert answer["values"][node_id] == pytest.approx(v, abs=1e-12), (seed, node_id)
        assert check_answer(ex, answer)["correct"]
        assert check_answer(ex, {"values": expected})["correct"]  # the oracle's own sums, summed in another order
        slip = next(iter(expected))
        wrong = [x + 1 for x in expected[slip]] if algorithm == "maxn" else expected[slip] + 1
        result = check_answer(ex, {"values": {**expected, slip: wrong}})
        assert [(m["node"], m["kind"]) for m in result["mistakes"]] == [(slip, "value")]
        again = parse_exercise({"generate": spec, "algorithm": algorithm})
        assert again.tree.to_json() == ex.tree.to_json()  # the same seed, the same tree


def test_generated_chance_trees_take_turns_and_their_probabilities_sum_to_one() -> None:
    ex = parse_exercise({"generate": {"seed": 5, "depth": 4, "max_branching": 4}, "algorithm": "expectiminimax"})
    turns = {"max": "chance", "min": "chance"}
    for node in ex.tree.walk():
        if node.player == "chance":
            probabilities = [node.outcome_probability(child) for child in node.children]
            assert sum(probabilities) == pytest.approx(1) and all(p > 0 for p in probabilities)
        for child in node.children:
            if node.player in turns and child.children:
                assert child.player == "chance"
    assert {n.player for n in ex.tree.walk() if not n.children} <= {"max", "min"}
