"""A Parsons exercise as an exercise (issue 50): made with "kind": "parsons", read back, checked through the one
check_answer, its distractor's misconception in the page's form, and a program that searches as the slides' does
counted right even where a line stands elsewhere."""

from __future__ import annotations

import json
from typing import Any

import pytest

from search import InputError
from search.practice import check_answer, copy_for, exercise_from_json, model_answer, parse_exercise
from search.practice.variants import parse_variants


def lecture() -> Any:
    return parse_exercise({"kind": "parsons"})


def lines_with(exercise: Any, swap: dict[str, str]) -> list[dict[str, Any]]:
    text = {line["id"]: line["text"] for line in copy_for(exercise)["lines"]}
    by_text = {t: i for i, t in text.items()}
    return [{"id": by_text[swap[text[line["id"]]]] if text[line["id"]] in swap else line["id"], "indent": line["indent"]}
            for line in model_answer(exercise)["lines"]]


def test_the_model_answer_is_right_and_the_stored_form_reads_back() -> None:
    ex = lecture()
    again = exercise_from_json(json.loads(json.dumps(ex.to_json())))
    assert again.kind == "parsons" and copy_for(again)["lines"] == copy_for(ex)["lines"]
    result = check_answer(again, model_answer(ex))
    assert result["correct"] and result["score"] == 1.0 and not result.get("same_search")


def test_a_distractor_names_its_misconception_as_the_page_shows_one() -> None:
    ex = lecture()
    result = check_answer(ex, {"lines": lines_with(ex, {"if v ≥ β then return v": "if v > β then return v"})})
    assert not result["correct"] and 0.8 < result["score"] < 1
    slip = result["misconceptions"][0]
    assert slip["id"] == "strict-test" and slip["explains"] == [{"node": slip["lines"][0], "kind": "distractor"}]
    assert slip["explanation"].startswith("Your program follows alpha-beta that prunes only on v > β") and slip["step"] > 0
    assert [m for m in result["mistakes"] if m["kind"] == "distractor"][0]["misconception"] == "strict-test"


def test_a_line_elsewhere_that_searches_the_same_is_right() -> None:
    ex = lecture()
    lines = model_answer(ex)["lines"]
    text = {line["id"]: line["text"] for line in copy_for(ex)["lines"]}
    at = next(i for i, line in enumerate(lines) if text[line["id"]] == "v ← −∞")
    lines[at - 1], lines[at] = lines[at], lines[at - 1]  # v ← −∞ before the terminal test: the same search
    result = check_answer(ex, {"lines": lines})
    assert result["correct"] and result["score"] == 1.0 and result["same_search"] and result["mistakes"] == []
    returns = next(i for i, line in enumerate(lines) if text[line["id"]] == "return v")
    lines[returns] = {**lines[returns], "indent": 2}  # return v inside the loop: returns after the first child
    assert not check_answer(ex, {"lines": lines})["correct"]


@pytest.mark.parametrize(("fields", "says"), [
    ({"ties": "explore"}, "ties: a parsons exercise builds the slides' pseudocode, which prunes on ties"),
    ({"algorithm": "maxn"}, "algorithm: a parsons exercise's pseudocode is one of alphabeta, minimax, expectiminimax"),
    ({"returns": "bound"}, "returns: a parsons exercise builds the slides' pseudocode, which returns v"),
    ({"ask": ["values"]}, "ask: a parsons exercise has its own marks"),
])
def test_bad_parsons_exercises_are_refused(fields: dict[str, Any], says: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_exercise({"kind": "parsons", **fields})
    assert str(caught.value).startswith(says)


def test_parsons_takes_no_variants() -> None:
    with pytest.raises(InputError) as caught:
        parse_variants("per-attempt", {"kind": "parsons", "generate": {"seed": 1}})
    assert str(caught.value).startswith("variants: a parsons exercise's lines are the same pseudocode on every tree")


def test_a_minimax_parsons_exercise_on_a_generated_tree() -> None:
    ex = parse_exercise({"kind": "parsons", "algorithm": "minimax", "generate": {"seed": 3, "depth": 3}})
    assert check_answer(ex, model_answer(ex))["correct"]
    assert [line["text"] for line in copy_for(ex)["lines"] if "α" in line["text"]] == []
