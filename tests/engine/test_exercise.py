"""Practice exercises on the lecture example and on hostile input: the feedback's exact words, the
student's copy, hints, generated trees and game positions, and every refusal naming its field."""

from __future__ import annotations

import json
from typing import Any

import pytest

from search import InputError
from search.practice import check_answer, exercise_from_json, hint_for, model_answer, parse_exercise, solution_text
from search.traces.check import read_trace
from search.trees.node import EXAMPLES, LECTURE_SHORTHAND
from tests.helpers.cli import run_cli


def lecture(**settings: Any):  # type: ignore[no-untyped-def]
    return parse_exercise({"tree": EXAMPLES["lecture"], **settings})


def refusal(make: Any) -> str:
    with pytest.raises(InputError) as caught:
        make()
    return str(caught.value)


def test_keeping_c2_is_explained_as_the_slides_do() -> None:
    ex = lecture()
    result = check_answer(ex, {"values": {"A": 3, "B": 3, "C": 2, "D": 2}, "pruned": ["C3"]})
    assert result["score"] == pytest.approx(5 / 6, abs=1e-4)
    assert result["mistakes"] == [{"node": "C2", "kind": "missed_prune", "seq": 30, "misconception": None,
                                   "explanation": "after C1, v = 2 ≤ α = 3 at C, so C2 is never looked at: you kept it"}]
    assert result["misconceptions"] == []  # one prune kept and the next marked: no slip of the catalogue does that
    assert result["first_mistake"] == result["mistakes"][0]


def test_a_wrong_value_an_extra_prune_and_a_missing_value_come_in_search_order() -> None:
    ex = lecture()
    result = check_answer(ex, {"values": {"A": 3, "B": 8, "C": 2}, "pruned": ["C2", "C3", "D2"]})
    assert [(m["node"], m["kind"]) for m in result["mistakes"]] == [("B", "value"), ("D2", "extra_prune"), ("D", "value")]
    b, d2, d = result["mistakes"]
    assert (b["expected"], b["got"]) == (3, 8)
    assert b["explanation"] == "B is a MIN node: v = MIN(3, 12, 8) over the children it looks at, so it returns 3; you wrote 8"
    assert d2["explanation"] == "after D1, v = 14 > α = 3 at D, so the search goes on to D2: you pruned it"
    assert "got" not in d and d["explanation"].endswith("so it returns 2; you left it empty")
    assert result["score"] == pytest.approx(4 / 7, abs=1e-4)  # 4 values + 2 prunes + 1 extra mark


def test_windows_say_where_alpha_and_beta_come_from() -> None:
    ex = lecture(ask=["bounds"])
    answer = model_answer(ex)
    answer["bounds"]["C"] = ["-inf", "inf"]
    (mistake,) = check_answer(ex, answer)["mistakes"]
    assert mistake["expected"] == [3, "inf"] and mistake["got"] == ["-inf", "inf"]
    assert mistake["explanation"] == ("C receives A's window [3, +∞]: α = 3 since B returned and α ← MAX(α, v) ran at A; "
                                      "you wrote [−∞, +∞]")


def test_a_first_child_and_the_root_are_never_pruned() -> None:
    ex = lecture()
    answer = model_answer(ex)
    answer["pruned"] += ["B1", "A"]
    words = {m["node"]: m["explanation"] for m in check_answer(ex, answer)["mistakes"]}
    assert words["B1"] == "B1 is B's first child: a node always looks at its first child; you pruned it"
    assert words["A"] == "A is the root: the search starts there, so it is never pruned"


def test_under_explore_a_tie_goes_on_looking() -> None:
    tree = [[3, 5], [3, 1]]  # C1 = 3 ties α = 3: the slides prune, explore does not
    slides = parse_exercise({"tree": tree, "ties": "prune"})
    assert model_answer(slides)["pruned"] == ["C2"]
    explore = parse_exercise({"tree": tree, "ties": "explore"})
    assert model_answer(explore)["pruned"] == []
    (mistake,) = check_answer(explore, {"values": {"A": 3, "B": 3, "C": 1}, "pruned": ["C2"]})["mistakes"]
    assert mistake["explanation"] == "after C1, v = 3 ≥ α = 3 at C, so the search goes on to C2: you pruned it"


def test_values_at_a_node_never_visited_are_a_mistake_with_the_reason() -> None:
    ex = parse_exercise({"tree": [[[1, 2], [3, 4]], [[0, 0], [9, 9]]], "ask": ["values", "pruned"]})
    key = ex.key
    unvisited = [n for n in key.order if n in key.skipped_by and not key.nodes[n].leaf]
    assert unvisited, "this tree prunes an internal node"
    answer = model_answer(ex)
    answer["values"][unvisited[0]] = 9
    (mistake,) = check_answer(ex, answer)["mistakes"]
    assert mistake["kind"] == "value" and "is never visited" in mistake["explanation"] and mistake["got"] == 9


def test_minimax_asks_values_only_and_never_prunes() -> None:
    ex = lecture(algorithm="minimax")
    assert ex.ask == ("values",) and model_answer(ex) == {"values": {"A": 3, "B": 3, "C": 2, "D": 2}}
    ex.ask = ("values", "pruned")  # as if asked: a prune mark is then refuted by minimax's rule
    (mistake,) = check_answer(ex, {"values": {"A": 3, "B": 3, "C": 2, "D": 2}, "pruned": ["C2"]})["mistakes"]
    assert mistake["explanation"] == "minimax never prunes: it looks at every child, C2 too; you pruned it"


def test_parts_not_asked_are_ignored_and_said_so() -> None:
    ex = lecture(ask=["values"])
    result = check_answer(ex, {"values": {"A": 3, "B": 3, "C": 2, "D": 2}, "pruned": ["D1"]})
    assert result["correct"] and result["ignored"] == ["pruned"]


def test_a_hint_gives_the_next_step_only() -> None:
    ex = lecture()
    assert hint_for(ex, {})["hint"] == {"node": "B", "kind": "value", "expected": 3, "seq": 20,
                                        "explanation": "B is a MIN node: v = MIN(3, 12, 8) over the children it looks at, so it returns 3"}
    assert hint_for(ex, {"values": {"B": 3}})["hint"]["node"] == "C2"
    assert hint_for(ex, {"values": {"B": 3}, "pruned": ["C2", "C3"]})["hint"]["node"] == "C"
    assert hint_for(ex, model_answer(ex)) == {"hint": None}


def test_the_students_copy_holds_no_answer() -> None:
    ex = parse_exercise({"tree": json.loads(json.dumps(EXAMPLES["lecture-estimates"]))})
    copy = ex.student_copy()
    text = json.dumps(copy)
    assert '"eval"' not in text and '"pruned":' not in text
    assert copy["tree"]["children"][0] == {"id": "B", "label": "B", "player": "min", "children": [
        {"id": "B1", "label": "B1", "player": "max", "value": 3}, {"id": "B2", "label": "B2", "player": "max", "value": 12},
        {"id": "B3", "label": "B3", "player": "max", "value": 8}]}
    assert (copy["algorithm"], copy["ties"], copy["ask"], copy["root_player"], copy["leaves"], copy["internal"]) == (
        "alphabeta", "prune", ["values", "pruned"], "max", 9, 4)


def test_an_exercise_survives_storage_and_its_solution_is_the_real_trace() -> None:
    ex = lecture(ask=["values", "bounds", "pruned"])
    again = exercise_from_json(json.loads(json.dumps(ex.to_json())))
    assert check_answer(again, model_answer(ex))["correct"]
    events, upgraded = read_trace(solution_text(ex))
    assert not upgraded and events[-1]["type"] == "result" and events[-1]["value"] == 3
    assert [e["pruned"] for e in events if e["type"] == "prune"] == [["C2", "C3"], []]  # D's test holds at its last child


def test_generated_trees_meet_their_guarantees_and_repeat_with_their_seed() -> None:
    spec = {"seed": 7, "depth": 3, "min_branching": 2, "max_branching": 3, "min_value": 0, "max_value": 40,
            "min_prunes": 3, "prune_depths": 2, "distinct": True}
    ex = parse_exercise({"generate": spec})
    summary = ex.summary()
    assert summary["prunes"] >= 3 and len(summary["prune_depths"]) >= 2
    leaves = [n.value for n in ex.tree.walk() if not n.children]
    assert len(set(leaves)) == len(leaves) and all(0 <= v <= 40 for v in leaves)
    assert all(n.eval is None for n in ex.tree.walk())
    assert parse_exercise({"generate": spec}).to_json() == ex.to_json()
    assert parse_exercise({"generate": {**spec, "seed": 8}}).to_json() != ex.to_json()


def test_a_small_game_position_becomes_a_tree() -> None:
    ex = parse_exercise({"game": "tictactoe", "state": "XOXOX...."})
    root = ex.tree
    assert root.player == "min" and [c.label for c in root.children] == ["O5 (B)", "O6 (C)", "O7 (D)", "O8 (E)"]
    assert check_answer(ex, model_answer(ex))["correct"]


@pytest.mark.parametrize("body, message", [
    ([], 'expected an object with "tree", "generate" or "game"'),
    ({"tree": LECTURE_SHORTHAND, "colour": 1}, "colour: unknown field"),
    ({"tree": LECTURE_SHORTHAND, "algorithm": "iterative"}, "algorithm: expected one of alphabeta, minimax, expectiminimax, maxn"),
    ({"tree": LECTURE_SHORTHAND, "ties": "sometimes"}, "ties: expected prune or explore"),
    ({"tree": LECTURE_SHORTHAND, "ask": []}, "ask: expected a list of one or more of values, bounds, pruned"),
    ({"tree": LECTURE_SHORTHAND, "ask": ["values", "colours"]}, "ask[1]: expected one of values, bounds, pruned"),
    ({"tree": LECTURE_SHORTHAND, "algorithm": "minimax", "ask": ["pruned"]}, "ask: minimax never prunes"),
    ({"algorithm": "minimax"}, 'give exactly one of "tree", "generate" or "game"'),
    ({"tree": LECTURE_SHORTHAND, "generate": {}}, 'give exactly one of "tree", "generate" or "game"'),
    ({"tree": [[1, "x"]]}, "tree[0][1]"),
    ({"tree": EXAMPLES["chance"]}, "is a chance node: practise a tree with chance nodes with expectiminimax"),
    ({"tree": EXAMPLES["three-players"]}, "exercises are for two-player trees"),
    ({"tree": {"id": "A", "value": 3}}, "tree: the root is a leaf"),
    ({"generate": {"depth": "3"}}, "generate.depth: expected a whole number"),
    ({"generate": {"depth": 99}}, "generate.depth: expected 1 to 40"),
    ({"generate": {"min_prunes": -1}}, "generate.min_prunes: expected 0 or more"),
    ({"generate": {"colour": 1}}, "generate.colour: unknown option"),
    ({"generate": {"distinct": "yes"}}, "generate.distinct: expected true or false"),
    ({"generate": {"min_prunes": 1}, "algorithm": "minimax"}, "generate.min_prunes: minimax never prunes"),
    ({"generate": {"depth": 2, "max_branching": 2, "min_prunes": 2}}, "generate: no tree of this shape from seed 0"),
    ({"generate": {"depth": 2, "max_branching": 2, "min_prunes": 5}}, "generate.min_prunes: a tree of depth 2 with at most 2"),
    ({"game": "chess"}, "game: expected one of tictactoe, isolation"),
    ({"game": "tictactoe", "state": "X........"}, "state: this position has more than 400 nodes below it"),
    ({"game": "tictactoe", "state": "XXXOO...."}, "state: the game is over in this position"),
    ({"tree": LECTURE_SHORTHAND, "state": "X........"}, 'state: a position goes with "game"'),
])
def test_a_bad_exercise_is_refused_naming_the_field(body: Any, message: str) -> None:
    assert message in refusal(lambda: parse_exercise(body))


@pytest.mark.parametrize("answer, message", [
    ([], 'expected an object with "values", "bounds" and/or "pruned"'),
    ({"colours": {}}, "colours: unknown field"),
    ({"values": [3]}, "values: expected an object from node id to answer"),
    ({"values": {"B": "3"}}, "values.B: expected a finite number"),
    ({"values": {"B": True}}, "values.B: expected a finite number"),
    ({"values": {"Z": 3}}, "values.Z: no node 'Z' in this exercise"),
    ({"values": {"B1": 3}}, "values.B1: B1 is a leaf: its value is given"),
    ({"bounds": {"B": [1]}}, "bounds.B: expected [α, β]"),
    ({"bounds": {"B": ["-inf", "lots"]}}, 'bounds.B[1]: expected a number, or "-inf" / "inf"'),
    ({"pruned": "C2"}, "pruned: expected a list of node ids"),
    ({"pruned": ["C2", 3]}, "pruned[1]: expected a node id"),
    ({"pruned": ["C2", "C2"]}, "pruned[1]: C2 is listed twice"),
    ({"pruned": ["<script>"]}, "pruned[0]: no node '<script>' in this exercise"),
])
def test_a_bad_answer_is_refused_naming_the_entry(answer: Any, message: str) -> None:
    assert message in refusal(lambda: check_answer(lecture(ask=["values", "bounds", "pruned"]), answer))


def test_infinite_values_are_refused_and_infinite_bounds_accepted() -> None:
    ex = lecture(ask=["bounds"])
    assert "values.B: expected a finite number" in refusal(lambda: check_answer(ex, {"values": {"B": float("inf")}}))
    answer = model_answer(ex)
    answer["bounds"]["A"] = ["-INF", "+inf"]
    assert check_answer(ex, answer)["correct"]


def test_the_cli_checks_an_answer_file_as_the_server_does(tmp_path: Any) -> None:
    exercise = tmp_path / "exercise.json"
    exercise.write_text(json.dumps({"tree": LECTURE_SHORTHAND, "ask": ["values", "pruned"]}))
    shown = run_cli("practice", str(exercise))
    assert shown.returncode == 0
    body = json.loads(shown.stdout)
    assert body["answer"] == {"values": {"A": 3, "B": 3, "C": 2, "D": 2}, "pruned": ["C2", "C3"]}
    assert body["summary"]["prunes"] == 1 and '"eval"' not in json.dumps(body["student"])
    right = run_cli("practice", str(exercise), "--check", "-", stdin=json.dumps(body["answer"]))
    assert right.returncode == 0 and json.loads(right.stdout)["correct"] is True
    wrong = run_cli("practice", str(exercise), "--check", "-", stdin='{"values": {"A": 3, "B": 3, "C": 2, "D": 2}, "pruned": ["C2"]}')
    assert wrong.returncode == 1 and json.loads(wrong.stdout)["first_mistake"]["node"] == "C3"
    bad = run_cli("practice", str(exercise), "--check", "-", stdin='{"values": {"B": "three"}}')
    assert bad.returncode == 2 and bad.stderr.strip() == "values.B: expected a finite number" and not bad.stdout
    broken = run_cli("practice", "-", stdin="{not json")
    assert broken.returncode == 2 and broken.stderr.startswith("-: ")


def test_a_made_up_id_is_quoted_short() -> None:
    message = refusal(lambda: check_answer(lecture(), {"values": {"Z" * 5000: 1}}))
    assert len(message) < 150 and message.startswith("values." + "Z" * 40 + "…: no node")


def test_sentences_name_nodes_as_the_drawing_does() -> None:
    """By label; with the id too where labels repeat, so a sentence points at one node."""
    tree = {"id": "A", "label": "root", "children": [
        {"id": "B", "label": "left", "children": [{"id": "B1", "label": "x", "value": 3}, {"id": "B2", "label": "y", "value": 12}]},
        {"id": "C", "label": "right", "children": [{"id": "C1", "label": "x", "value": 2}, {"id": "C2", "label": "y", "value": 4}]}]}
    ex = parse_exercise({"tree": tree})
    (mistake,) = check_answer(ex, {"values": {"A": 3, "B": 3, "C": 2}, "pruned": []})["mistakes"]
    assert mistake["node"] == "C2"  # the contract names ids; the words name what the student sees
    assert mistake["explanation"] == "after x (C1), v = 2 ≤ α = 3 at right, so y (C2) is never looked at: you kept it"
