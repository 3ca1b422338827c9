"""The diagnosis names the wrong idea an answer follows (search.practice.diagnosis): on the lecture tree in the
slides' words, never for a right answer, and first for answers made from each misconception on random trees."""

from __future__ import annotations

import random
from typing import Any

import pytest

from search.practice import check_answer, model_answer, parse_exercise
from search.practice.diagnosis import following, readings

LECTURE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
EVERYTHING = ["values", "bounds", "pruned"]


def test_the_window_not_passed_down_is_named_with_where_it_shows_and_how_much_it_explains() -> None:
    exercise = parse_exercise({"tree": LECTURE, "ask": EVERYTHING})
    answer = following(exercise, "window-not-passed")
    assert answer is not None and answer["bounds"]["C"] == ["-inf", "inf"] and answer["pruned"] == []
    result = check_answer(exercise, answer)
    first = result["misconceptions"][0]
    assert first["id"] == "window-not-passed" and first["name"] == "the window not passed down"
    assert first["explanation"].startswith("Your answers follow alpha-beta with the window not passed down: ")
    assert "instead of" in first["explanation"] and first["explanation"].endswith(f"all {len(result['mistakes'])} of your marks.")
    assert {(m["node"], m["kind"]) for m in result["mistakes"]} == {(e["node"], e["kind"]) for e in first["explains"]}
    assert all(m["misconception"] == "window-not-passed" for m in result["mistakes"])


def test_a_slip_is_named_but_each_of_its_marks_still_counts() -> None:
    """12 wrong marks of one slip are 12 wrong marks in the score (issue 46): the name is feedback, not a discount."""
    exercise = parse_exercise({"tree": LECTURE, "ask": EVERYTHING})
    result = check_answer(exercise, following(exercise, "window-not-passed"))
    model = model_answer(exercise)
    asked = len(model["values"]) + len(model["bounds"]) + len(model["pruned"])
    assert result["misconceptions"][0]["id"] == "window-not-passed"
    assert len(result["mistakes"]) == 12 and (result["asked"], result["extra"]) == (asked, 2)  # windows at C2, C3: never reached
    assert result["right"] == asked + 2 - 12 and result["score"] == round((asked + 2 - 12) / (asked + 2), 4)


def test_a_swapped_answer_is_named_and_a_stray_mark_stays_unexplained() -> None:
    exercise = parse_exercise({"tree": LECTURE})  # values and pruned, as the default
    answer = following(exercise, "max-min-swapped")
    assert answer == {"values": {"A": 6, "B": 12, "C": 6, "D": 14}, "pruned": ["D2", "D3"]}
    result = check_answer(exercise, {**answer, "pruned": ["D2", "D3", "B3"]})  # and B3 pruned, which no slip does
    assert [m["id"] for m in result["misconceptions"]] == ["max-min-swapped"]
    stray = [m for m in result["mistakes"] if m["misconception"] is None]
    assert [(m["node"], m["kind"]) for m in stray] == [("B3", "extra_prune")]
    assert "explains 8 of your 9 marks" in result["misconceptions"][0]["explanation"]


def test_fail_hard_is_a_misconception_only_where_the_exercise_asks_for_v() -> None:
    asks_v = parse_exercise({"tree": LECTURE})
    answer = following(asks_v, "fail-hard")
    assert answer is not None and answer["values"]["C"] == 3
    assert check_answer(asks_v, answer)["misconceptions"][0]["id"] == "fail-hard"
    asks_bound = parse_exercise({"tree": LECTURE, "returns": "bound"})
    assert check_answer(asks_bound, answer)["correct"]
    assert following(asks_bound, "fail-hard") is None
    assert check_answer(asks_bound, following(asks_bound, "fail-soft"))["misconceptions"][0]["id"] == "fail-soft"


def test_identical_answers_are_said_to_be_the_same() -> None:
    """Asked only values and prunes, the window not passed down prunes nothing, as plain minimax does: the plainest
    reading is named, and the others that give the very same answers are listed."""
    exercise = parse_exercise({"tree": LECTURE})
    first = check_answer(exercise, following(exercise, "window-not-passed"))["misconceptions"][0]
    assert first["id"] == "no-pruning" and first["same_answers"] == ["alpha-not-updated", "window-not-passed"]
    assert first["explanation"].endswith("On this tree the same answers also follow from α not updated and the window not passed down.")
    everything = parse_exercise({"tree": LECTURE, "ask": EVERYTHING})  # the windows tell them apart
    assert check_answer(everything, following(everything, "window-not-passed"))["misconceptions"][0]["same_answers"] == []


def random_shorthand(rng: random.Random, depth: int, high: int) -> Any:
    return rng.randint(0, high) if depth == 0 else [random_shorthand(rng, depth - 1, high) for _ in range(rng.randint(2, 3))]


@pytest.mark.parametrize("seed", range(4))
def test_answers_made_from_each_misconception_name_it_first_and_right_answers_get_none(seed: int) -> None:
    """The issue's figure on a sample (bench/misconception_diagnosis.py runs 300 trees): every answer a slip makes is
    named first, or first among slips that give that very answer (`same_answers`); a right answer gets nothing."""
    rng = random.Random(seed)
    named = total = 0
    for _ in range(10):
        tree = random_shorthand(rng, rng.choice((2, 3, 4)), rng.choice((3, 5, 9)))  # small ranges: ties happen
        for ask in (["values", "pruned"], EVERYTHING):
            for ties, returns in (("prune", "v"), ("explore", "v"), ("prune", "bound")):
                exercise = parse_exercise({"tree": tree, "ask": ask, "ties": ties, "returns": returns})
                right = check_answer(exercise, model_answer(exercise))
                assert right["correct"] and right["misconceptions"] == [] and right["score"] == 1.0
                for reading in readings(exercise):
                    result = check_answer(exercise, following(exercise, reading.misconception.id))
                    if result["correct"]:
                        continue
                    first = result["misconceptions"][0]
                    total += 1
                    named += first["id"] == reading.misconception.id
                    assert reading.misconception.id in [first["id"], *first["same_answers"]], (tree, ask, ties, returns)
    assert total > 100 and named / total > 0.85


def test_chance_and_several_players_slips_are_named_on_the_lectures_trees() -> None:
    from search.trees.node import CHANCE_TREE, THREE_PLAYERS_TREE
    chance = parse_exercise({"tree": CHANCE_TREE, "algorithm": "expectiminimax"})
    for slip in ("chance-as-min", "unweighted-average", "max-min-swapped"):
        assert check_answer(chance, following(chance, slip))["misconceptions"][0]["id"] == slip
    worst = following(chance, "chance-as-min")
    assert worst is not None and [worst["values"][n] for n in "BCD"] == [3, 1, 2]
    players = parse_exercise({"tree": THREE_PLAYERS_TREE, "algorithm": "maxn"})
    result = check_answer(players, following(players, "maxn-root-component"))
    assert result["misconceptions"][0]["id"] == "maxn-root-component"
    assert "⟨" in result["misconceptions"][0]["explanation"]  # the evidence quotes a vector as the drawing writes it


@pytest.mark.parametrize("algorithm", ["expectiminimax", "maxn"])
def test_generated_chance_and_players_exercises_name_the_slip_first(algorithm: str) -> None:
    for seed in range(15):
        exercise = parse_exercise({"generate": {"seed": seed, "depth": 3, "min_value": 0, "max_value": 5}, "algorithm": algorithm})
        assert check_answer(exercise, model_answer(exercise))["misconceptions"] == []
        for reading in readings(exercise):
            result = check_answer(exercise, following(exercise, reading.misconception.id))
            if not result["correct"]:
                assert result["misconceptions"][0]["id"] == reading.misconception.id, (seed, reading.misconception.id)


def test_the_step_where_a_slip_parts_from_the_real_search() -> None:
    exercise = parse_exercise({"tree": LECTURE, "ask": EVERYTHING})
    first = check_answer(exercise, following(exercise, "fail-hard"))["misconceptions"][0]
    assert exercise.events()[first["step"]] == {**exercise.events()[first["step"]], "type": "return", "node": "C"}
