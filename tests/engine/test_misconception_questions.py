"""What each misconception answers to predict mode's questions on the lecture's tree (AIMA 4th ed. §5.2.3,
figure 5.5): search/misconceptions/questions.py, read from each mistaken search's own trace."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from search.misconceptions import CATALOGUE
from search.misconceptions.questions import misconception_answers
from search.request import parse_request

PREDICT = Path(__file__).parents[1] / "golden" / "predict"
LECTURE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
TIE_AT_C = [[3, 12, 8], [3, 4, 6], [14, 5, 2]]  # C1 = 3 = α at C: the slides prune on the tie


def answers(request: dict) -> dict[str, dict]:
    return {m["id"]: m["answers"] for m in misconception_answers(parse_request(request))}


def test_max_min_swapped_has_b_return_12_and_the_root_6() -> None:
    swapped = answers({"tree": LECTURE})["max-min-swapped"]["value"]
    assert swapped["B"] == 12  # MIN(3, 12, 8) read as MAX
    assert swapped["A"] == 6


def test_the_strict_test_keeps_looking_at_c_only_on_a_tie() -> None:
    assert "strict-test" not in answers({"tree": LECTURE})  # no tie: the strict test prunes the same nodes
    tie = answers({"tree": TIE_AT_C})
    assert tie["strict-test"]["prune"]["C"] == {"C1": "keep"}


def test_window_not_passed_gives_c_the_full_window_and_keeps_looking() -> None:
    window = answers({"tree": LECTURE})["window-not-passed"]
    assert window["window"]["C"] == ["-inf", "inf"]
    assert window["prune"]["C"] == {"C1": "keep"}
    assert "value" not in window or "A" not in window["value"]  # the root's value is right all the same


def test_alpha_not_updated_leaves_alpha_at_a_and_fail_hard_returns_the_bound() -> None:
    found = answers({"tree": LECTURE})
    assert found["alpha-not-updated"]["bound"]["A"]["B"] == {"alpha": "-inf"}
    assert found["fail-hard"]["value"]["C"] == 3  # α at C's cut, where the pseudocode returns v = 2
    assert found["tests-wrong-bound"]["prune"]["B"] == {"B1": "prune"}


def test_only_answers_that_differ_from_the_right_search_are_kept() -> None:
    for entry in misconception_answers(parse_request({"tree": LECTURE})):
        assert entry["answers"]["value"].get("A") != 3 or entry["id"] == "max-min-swapped"
        assert set(entry) == {"id", "name", "follows", "idea", "tells", "answers", "changes"}
        assert entry["name"] == CATALOGUE[entry["id"]].name
    json.dumps(misconception_answers(parse_request({"tree": LECTURE})), allow_nan=False)


def test_minimax_expectiminimax_and_maxn_read_their_own_misconceptions() -> None:
    assert set(answers({"tree": LECTURE, "algorithm": "minimax"})) == {"max-min-swapped"}
    chance = answers({"example": "chance", "algorithm": "expectiminimax"})
    assert {"chance-as-min", "unweighted-average"} <= set(chance)
    assert all(isinstance(v, (int, float)) for v in chance["chance-as-min"]["value"].values())
    players = answers({"example": "three-players", "algorithm": "maxn"})
    assert set(players) <= {"maxn-root-component"}


@pytest.mark.parametrize("request_", [{"example": "lecture-estimates", "algorithm": "iterative", "depth": 2},
                                      {"tree": LECTURE, "ordering": "best"},
                                      {"game": "tictactoe", "algorithm": "alphabeta", "depth": 2, "tt": True}])
def test_searches_predict_mode_does_not_read_get_none(request_: dict) -> None:
    assert misconception_answers(parse_request(request_)) == []


def test_a_game_past_the_cap_gets_none_but_a_shallow_one_gets_readings() -> None:
    assert misconception_answers(parse_request({"game": "tictactoe", "algorithm": "alphabeta"})) == []
    shallow = answers({"game": "tictactoe", "algorithm": "alphabeta", "depth": 2})
    assert "no-pruning" in shallow or "window-not-passed" in shallow


@pytest.mark.parametrize("name, request_", [
    ("misconceptions_lecture", {"example": "lecture", "algorithm": "alphabeta"}),
    ("misconceptions_tie_prune", {"tree": TIE_AT_C, "algorithm": "alphabeta"}),
])
def test_the_readings_the_js_tests_judge_with_are_the_engines(name: str, request_: dict) -> None:
    """tests/js/predict/predict_questions.test.js names misconceptions with these (beside tie_prune.jsonl)."""
    pinned = json.loads((PREDICT / f"{name}.json").read_text())
    assert pinned == {"misconceptions": misconception_answers(parse_request(request_))}
