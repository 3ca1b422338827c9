"""The grader in-process: a student's search run against the instrumented game and judged against the engine's
(search.grading). Each misconception of the catalogue, in the slides' top-level style and in AIMA's nested
style, is named; the right searches match on trees and games."""

from __future__ import annotations

import json
from typing import Any

import pytest

from search.grading.browser import check
from search.grading.problem import Problem
from search.grading.record import run_student
from search.grading.report import judge
from search.grading.starters import starter
from search.traces.schema import event_validator
from tests.engine import grading_sources as g

LECTURE = {"example": "lecture", "algorithm": "alphabeta"}
TELLING = [[[3, 6], [3, 9, 0]], [[9, 7, 6], [4, 3], [6, 8, 3]], [[6, 2], [1, 6]]]
"""A tree on which each alpha-beta slip but two searches in its own way (found by trying random trees): the
window not passed down never prunes at all, so it is always the same search as no pruning."""
STYLES = {"top-level": g.ALPHABETA_TOP, "nested": g.ALPHABETA_NESTED}


def report(source: str, problem: dict[str, Any]) -> dict[str, Any]:
    return json.loads(check(source, json.dumps(problem)))


@pytest.mark.parametrize("style", STYLES)
def test_a_right_alphabeta_matches_on_the_lecture_tree_with_its_values_and_move(style: str) -> None:
    answer = report(g.source(STYLES[style], g.ALPHABETA_RIGHT), LECTURE)
    assert answer["verdict"] == "match" and answer["divergence"] is None
    assert answer["student"] == {"visited": 10, "value": 3, "move": "B", "child": "B", "name": "B"}
    assert answer["values_recorded"] is True
    visits = [e["node"] for e in answer["student_events"] if e["type"] == "visit"]
    assert "C2" not in visits and "C3" not in visits and visits[:3] == ["A", "B", "B1"]
    # On the lecture's tree two slips search exactly as alpha-beta does: the report says so.
    assert answer["same_search"] == ["strict-test", "beta-not-updated"]


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("slip", [s for s in g.ALPHABETA_SLIPS if s not in ("no-pruning", "window-not-passed")])
def test_each_alphabeta_slip_is_named_on_a_tree_that_tells_them_apart(style: str, slip: str) -> None:
    answer = report(g.source(STYLES[style], g.ALPHABETA_RIGHT, g.ALPHABETA_SLIPS[slip]), {"tree": TELLING, "algorithm": "alphabeta"})
    assert answer["verdict"] == "differs"
    assert answer["misconception"]["id"] == slip and answer["also"] == []
    assert answer["misconception"]["message"].endswith(f"it matches {answer['misconception']['follows']}.")


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("slip", ["no-pruning", "window-not-passed"])
def test_a_search_that_never_prunes_is_named_with_the_window_not_passed_as_the_same_search(style: str, slip: str) -> None:
    answer = report(g.source(STYLES[style], g.ALPHABETA_RIGHT, g.ALPHABETA_SLIPS[slip]), LECTURE)
    assert answer["misconception"]["id"] == "no-pruning"
    assert "window-not-passed" in answer["also"]
    assert answer["divergence"] == {
        "kind": "cut", "node": "C2", "name": "C2", "student_seq": answer["divergence"]["student_seq"],
        "reference_seq": answer["divergence"]["reference_seq"],
        "message": "your search visits C2 after C1 returned 2 ≤ α = 3 at C: alpha-beta prunes C2, C3 there "
                   "(MIN-VALUE returns as soon as v ≤ α)"}
    student = {e["seq"]: e for e in answer["student_events"]}
    reference = {e["seq"]: e for e in answer["reference_events"]}
    assert student[answer["divergence"]["student_seq"]] == {**student[answer["divergence"]["student_seq"]], "type": "visit", "node": "C2"}
    assert reference[answer["divergence"]["reference_seq"]]["node"] == "D"  # where alpha-beta goes instead


@pytest.mark.parametrize("style", STYLES)
def test_the_right_search_where_the_bound_is_asked_for_is_fail_soft(style: str) -> None:
    answer = report(g.source(STYLES[style], g.ALPHABETA_RIGHT), {"tree": TELLING, "algorithm": "alphabeta", "returns": "bound"})
    assert answer["misconception"]["id"] == "fail-soft"
    assert answer["divergence"]["kind"] == "value"


def test_beta_not_updated_returns_the_right_root_value_but_visits_a_node_alpha_beta_prunes() -> None:
    """The issue's instructor: a value-only test passes a search that forgot β ← MIN(β, v); the grader does not."""
    problem = {"tree": TELLING, "algorithm": "alphabeta"}
    right = report(g.source(g.ALPHABETA_TOP, g.ALPHABETA_RIGHT), problem)
    slipped = report(g.source(g.ALPHABETA_TOP, g.ALPHABETA_RIGHT, g.ALPHABETA_SLIPS["beta-not-updated"]), problem)
    assert slipped["student"]["value"] == right["student"]["value"] and slipped["student"]["move"] == right["student"]["move"]
    assert slipped["verdict"] == "differs" and slipped["divergence"]["kind"] == "cut"
    assert slipped["misconception"]["name"] == "β not updated"


@pytest.mark.parametrize("template", [g.MINIMAX_TOP, g.MINIMAX_NESTED])
def test_minimax_right_and_with_max_and_min_swapped(template: str) -> None:
    problem = {"tree": TELLING, "algorithm": "minimax"}
    assert report(g.source(template, g.MINIMAX_RIGHT), problem)["verdict"] == "match"
    swapped = report(g.source(template, g.MINIMAX_RIGHT, g.MINIMAX_SLIPS["max-min-swapped"]), problem)
    assert swapped["misconception"]["id"] == "max-min-swapped"


@pytest.mark.parametrize("template", [g.EXPECTIMINIMAX_TOP, g.EXPECTIMINIMAX_NESTED])
@pytest.mark.parametrize("slip", [None, *g.EXPECTIMINIMAX_SLIPS])
def test_expectiminimax_on_the_lectures_chance_tree(template: str, slip: str | None) -> None:
    answer = report(g.source(template, g.EXPECTIMINIMAX_RIGHT, g.EXPECTIMINIMAX_SLIPS.get(slip or "")),
                    {"example": "chance", "algorithm": "expectiminimax"})
    if slip is None:
        assert answer["verdict"] == "match"
    else:
        assert answer["verdict"] == "differs" and answer["misconception"]["id"] == slip


def test_chance_values_are_said_as_expected_values() -> None:
    answer = report(g.source(g.EXPECTIMINIMAX_TOP, g.EXPECTIMINIMAX_RIGHT, g.EXPECTIMINIMAX_SLIPS["unweighted-average"]),
                    {"example": "chance", "algorithm": "expectiminimax"})
    assert answer["divergence"]["message"] == ("your chance_value(D) returned 3; in expectiminimax the chance node D is worth 2.5 "
                                               "(Σ P(r) × the value of each outcome r)")


def test_full_tic_tac_toe_alphabeta_matches_with_x_and_o_and_cells() -> None:
    answer = report(g.source(g.ALPHABETA_NESTED, g.ALPHABETA_RIGHT), {"game": "tictactoe", "algorithm": "alphabeta"})
    assert answer["verdict"] == "match"
    assert answer["student"]["move"] == 0 and answer["student"]["value"] == 0
    assert answer["reference"]["visited"] == answer["student"]["visited"] > 10_000


def test_depth_limited_searches_use_cutoff_and_evaluate_on_games_and_trees() -> None:
    isolation = report(g.source(g.MINIMAX_TOP, g.MINIMAX_RIGHT), {"game": "isolation", "algorithm": "minimax", "depth": 2})
    assert isolation["verdict"] == "match" and isolation["student"]["move"] == isolation["reference"]["move"]
    estimates = report(g.source(g.ALPHABETA_TOP, g.ALPHABETA_RIGHT), {"example": "lecture-estimates", "algorithm": "alphabeta",
                                                                      "depth": 1})
    assert estimates["verdict"] == "match"
    assert {e["kind"] for e in estimates["student_events"] if e["type"] == "leaf"} == {"estimate"}


def test_a_search_that_ignores_the_depth_limit_is_told_where() -> None:
    ignoring = g.source(g.MINIMAX_TOP, g.MINIMAX_RIGHT).replace("if game.cutoff(state, depth):", "if False:")
    answer = report(ignoring, {"game": "tictactoe", "state": "XO.XO....", "algorithm": "minimax", "depth": 1})
    assert answer["verdict"] == "differs"
    assert "past the depth limit 1" in answer["divergence"]["message"]


def test_children_in_another_order_and_a_child_searched_twice() -> None:
    reversed_order = g.source(g.MINIMAX_TOP, g.MINIMAX_RIGHT).replace(
        "for a in game.actions(state):\n        v = max(", "for a in reversed(game.actions(state)):\n        v = max(")
    problem = {"tree": TELLING, "algorithm": "minimax"}
    order = report(reversed_order, problem)["divergence"]
    assert order["kind"] == "order" and "in the order ACTIONS gives them" in order["message"]
    twice = g.source(g.MINIMAX_TOP, g.MINIMAX_RIGHT).replace(
        "        v = min(v, max_value(game, game.result(state, a), player, depth + 1))",
        "        v = min(v, max_value(game, game.result(state, a), player, depth + 1))\n"
        "        max_value(game, game.result(state, a), player, depth + 1)")
    again = report(twice, problem)["divergence"]
    assert again["kind"] == "again" and "a second time" in again["message"]


def test_the_move_returned_is_checked_and_values_are_optional() -> None:
    last_best = g.source(g.MINIMAX_TOP, g.MINIMAX_RIGHT, {"better": "v >= best_value"})
    unnamed = g.source(g.MINIMAX_TOP, g.MINIMAX_RIGHT).replace("max_value", "maximum").replace("min_value", "minimum")
    plain = report(unnamed, LECTURE | {"algorithm": "minimax"})
    assert plain["verdict"] == "match" and plain["values_recorded"] is False
    assert not [e for e in plain["student_events"] if e["type"] == "return"]
    tie = report(last_best, {"tree": [[1, 2], [1, 3]], "algorithm": "minimax"})  # B = 1 = C: the slides keep the first
    assert tie["verdict"] == "differs" and tie["divergence"]["kind"] == "move"
    assert tie["divergence"]["message"].startswith("your search returns the move C; minimax chooses B (value 1)")


def test_what_the_student_cannot_be_judged_on_names_the_line() -> None:
    syntax = report("def alphabeta_search(game, state):\n    return game.actions(state)[0\n", LECTURE)
    assert syntax["verdict"] == "error" and syntax["error"]["kind"] == "syntax" and syntax["error"]["line"] == 2
    raising = report("def alphabeta_search(game, state):\n    x = 1\n    return 1 / 0\n", LECTURE)
    assert raising["error"]["kind"] == "exception" and raising["error"]["line"] == 3
    assert raising["error"]["message"] == "ZeroDivisionError: division by zero" and "line 3" in raising["error"]["traceback"]
    assert "search/grading" not in raising["error"]["traceback"]  # only the student's frames
    missing = report("def minimax_search(game, state):\n    return None\n", LECTURE)
    assert missing["error"]["kind"] == "entry"
    assert missing["error"]["message"] == ("the file defines no alphabeta_search(game, state) (it defines minimax_search: "
                                           "this problem asks for alphabeta)")
    misuse = report("def alphabeta_search(game, state):\n    return game.utility(state, 'MAX')\n", LECTURE)
    assert misuse["error"]["line"] == 2 and misuse["error"]["message"].startswith("utility(A, 'MAX'): the game is not over at A")
    leaving = report("import sys\n\ndef alphabeta_search(game, state):\n    sys.exit(0)\n", LECTURE)
    assert leaving["verdict"] == "error" and leaving["error"]["line"] == 4 and "called exit()" in leaving["error"]["message"]
    bad_move = report("def alphabeta_search(game, state):\n    return game.result(state, 'Z')\n", LECTURE)
    assert "'Z' is not one of ACTIONS(A) = ['B', 'C', 'D']" in bad_move["error"]["message"]


def test_the_starters_run_and_stop_at_the_part_to_write() -> None:
    for algorithm, problem in (("minimax", LECTURE | {"algorithm": "minimax"}), ("alphabeta", LECTURE),
                               ("expectiminimax", {"example": "chance", "algorithm": "expectiminimax"})):
        answer = report(starter(algorithm), problem)
        assert answer["verdict"] == "error" and answer["error"]["message"].startswith("NotImplementedError")
        assert answer["error"]["line"] is not None


def test_the_students_events_fit_the_trace_schema_and_are_strict_json() -> None:
    answer = check(g.source(g.ALPHABETA_TOP, g.ALPHABETA_RIGHT, g.ALPHABETA_SLIPS["fail-hard"]), json.dumps(LECTURE))
    assert "Infinity" not in answer and "NaN" not in answer
    validator = event_validator()
    for event in json.loads(answer)["student_events"]:
        validator.validate(event)


def test_printing_is_kept_apart_and_a_forged_run_is_refused() -> None:
    noisy = "def alphabeta_search(game, state):\n    print('hello')\n    return 'B'\n"
    answer = report(noisy, LECTURE)
    assert answer["output"] == "hello\n" and answer["divergence"]["kind"] == "missed"
    problem = Problem.from_request(LECTURE)
    run = run_student(noisy, problem).to_json()
    with pytest.raises(Exception, match=r"steps\[0\]"):
        judge({**run, "steps": [{"kind": "visit", "node": 3}]}, problem)


def test_a_search_that_stops_too_early_is_told_which_node_it_never_visits() -> None:
    early = g.source(g.MINIMAX_TOP, g.MINIMAX_RIGHT).replace(
        "        v = min(v, max_value(game, game.result(state, a), player, depth + 1))",
        "        v = min(v, max_value(game, game.result(state, a), player, depth + 1))\n        break")
    answer = report(early, LECTURE | {"algorithm": "minimax"})
    assert answer["divergence"]["kind"] == "missed"
    assert answer["divergence"]["message"] == "your search never visits B2: minimax visits it after B1, where your search goes on to C"
    aima3 = g.source(g.MINIMAX_TOP, g.MINIMAX_RIGHT).replace("game.is_terminal(", "game.terminal_test(")
    assert report(aima3, LECTURE | {"algorithm": "minimax"})["verdict"] == "match"
