"""The `parsons` exercise kind over HTTP (issue 50, docs/http-api.md, docs/practice.md): the student's copy shows the
lines and nothing of the answer, a check is made of the server's own lines (ids and indents only: a line's text in a
check is refused, and stores nothing), it scores by the lines in place and names a distractor's misconception, and
the score it answers is the one the results and the CSV keep. The browser test drives the page; this holds the API."""

from __future__ import annotations

import csv
import io
from typing import Any, Iterator

import pytest
import requests

from search.misconceptions import CATALOGUE
from search.practice import copy_for, model_answer, parse_exercise
from tests.helpers.exercise_api import make
from tests.helpers.live_server import running_server

STRICT = "if v > β then return v"
SLIDES_TEST = "if v ≥ β then return v"
GENERATE = {"seed": 4, "depth": 3, "max_branching": 3, "min_prunes": 2}


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    with running_server() as base:
        yield base


def copy_of(url: str, made: dict[str, Any], **params: str) -> dict[str, Any]:
    res = requests.get(f"{url}/api/exercises/{made['id']}", params=params, timeout=10)
    assert res.status_code == 200, res.text
    return res.json()


def check(url: str, made: dict[str, Any], body: dict[str, Any]) -> requests.Response:
    return requests.post(f"{url}/api/exercises/{made['id']}/check", json=body, timeout=30)


def results(url: str, made: dict[str, Any]) -> dict[str, Any]:
    return requests.get(f"{url}/api/exercises/{made['id']}/results", params={"key": made["key"]}, timeout=10).json()


def csv_rows(url: str, made: dict[str, Any]) -> list[dict[str, str]]:
    res = requests.get(f"{url}/api/exercises/{made['id']}/results.csv", params={"key": made["key"]}, timeout=10)
    assert res.status_code == 200, res.text
    return list(csv.DictReader(io.StringIO(res.content.decode("utf-8-sig"))))


def lecture_model() -> tuple[list[dict[str, Any]], dict[str, str]]:
    """The default parsons exercise's model answer [{id, indent}] and its lines {id: text}, worked out here as the
    server does (the lecture tree: the same lines, the same ids)."""
    exercise = parse_exercise({"kind": "parsons"})
    return model_answer(exercise)["lines"], {line["id"]: line["text"] for line in copy_for(exercise)["lines"]}


def test_the_copy_hides_the_answer_and_a_distractor_scores_below_one_naming_its_misconception_everywhere(url: str) -> None:
    made = make(url, kind="parsons")
    res = requests.get(f"{url}/api/exercises/{made['id']}", timeout=10)
    copy = res.json()
    model, text = lecture_model()
    assert copy["kind"] == "parsons" and copy["functions"] == ["MAX-VALUE", "MIN-VALUE"]
    assert all(set(line) == {"id", "text"} for line in copy["lines"])
    assert {line["id"]: line["text"] for line in copy["lines"]} == text
    assert len(copy["lines"]) == len(model) + 4 and STRICT in text.values()  # the slides' 16 lines and 4 distractors
    assert [line["id"] for line in copy["lines"] if line["id"] in {m["id"] for m in model}] != [m["id"] for m in model]
    assert not {"solution", "model", "order", "indents", "distractors", "answer"} & set(copy)
    for name in ("strict-test", "window-not-passed", "fail-hard", "tests-wrong-bound", "partner", "misconception"):
        assert name not in res.text

    right = check(url, made, {"lines": model, "student": "Ann"}).json()
    assert (right["score"], right["correct"], right["right"], right["asked"], right["extra"]) == (1.0, True, 16, 16, 0)
    assert right["mistakes"] == [] and right["misconceptions"] == [] and right["rule"] == "lines"
    assert right["program"]["problem"] is None and right["program"]["python"].startswith("def max_value(state, alpha, beta):")
    assert right["runs"] and all(run["matches"] for run in right["runs"])

    strict = next(line_id for line_id, said in text.items() if said == STRICT)
    place = next(i for i, line in enumerate(model) if text[line["id"]] == SLIDES_TEST)
    slipped = [{"id": strict, "indent": line["indent"]} if i == place else line for i, line in enumerate(model)]
    wrong = check(url, made, {"lines": slipped, "learner": "learner_0001"}).json()
    assert 0 < wrong["score"] < 1 and not wrong["correct"]
    assert (wrong["right"], wrong["asked"], wrong["extra"]) == (15, 16, 1) and wrong["score"] == round(15 / 17, 4)
    assert [m["id"] for m in wrong["misconceptions"]] == ["strict-test"] == [CATALOGUE["strict-test"].id]
    assert wrong["misconceptions"][0]["name"] == CATALOGUE["strict-test"].name and wrong["misconceptions"][0]["lines"] == [strict]
    assert [(m["node"], m["kind"], m["seq"], m["misconception"]) for m in wrong["mistakes"]] == [(strict, "distractor", place,
                                                                                                   "strict-test")]
    assert wrong["mistakes"][0]["explanation"].endswith(f"The slides write “{SLIDES_TEST}” here")
    assert "if v > beta: return v" in wrong["program"]["python"]
    assert any(not run["matches"] and "≥ β" in run["difference"] for run in wrong["runs"])

    summary = results(url, made)
    assert (summary["attempts"], summary["perfect"]) == (2, 1)
    assert summary["mean_score"] == (right["score"] + wrong["score"]) / 2
    assert [(a["score"], a["mistakes"], a["rule"]) for a in summary["attempt_list"]] == [(wrong["score"], 1, "lines"),
                                                                                          (1.0, 0, "lines")]
    assert summary["attempt_list"][0]["misconceptions"] == [{"id": "strict-test", "name": "the strict test", "marks": 1}]
    assert summary["misconceptions"][0]["id"] == "strict-test" and summary["misconceptions"][0]["nodes"] == [
        {"node": strict, "attempts": 1}]
    # Its marks line by line: the slides' lines in order, then the distractors; only the slip's line was wrong.
    lines = summary["lines"]
    assert [(line["id"], line["solution_indent"]) for line in lines[:len(model)]] == [(line["id"], line["indent"]) for line in model]
    assert {line["id"] for line in lines[len(model):]} == set(text) - {line["id"] for line in model}
    assert {line["solution_indent"] for line in lines[len(model):]} == {None}  # a distractor has no place in the solution
    assert [(line["id"], line["attempts_wrong"], line["distractor"]) for line in lines if line["attempts_wrong"]] == [(strict, 1, 1)]
    rows = csv_rows(url, made)
    assert [(row["student"], row["score"], row["score_rule"]) for row in rows] == [
        ("Ann", f"{right['score']:.4f}", "lines"), ("", f"{wrong['score']:.4f}", "lines")]
    assert [float(row["score"]) for row in rows] == [right["score"], wrong["score"]]
    assert rows[1]["misconception_ids"] == "strict-test" and rows[1]["mistakes"] == "1"


def test_a_check_sending_a_lines_text_or_an_unknown_id_is_refused_and_stores_nothing(url: str) -> None:
    made = make(url, kind="parsons")
    model, _ = lecture_model()
    with_text = [dict(line) for line in model]
    with_text[3] = {**with_text[3], "text": "return 99"}  # an otherwise right program
    res = check(url, made, {"lines": with_text, "student": "Ann"})
    assert res.status_code == 400 and res.json() == {"error": "lines[3].text: unknown field; a line has id and indent"}
    res = check(url, made, {"lines": [model[0], {"id": "zzz999", "indent": 1}], "student": "Ann"})
    assert res.status_code == 400 and res.json() == {"error": "lines[1].id: no line 'zzz999' in this exercise"}
    assert results(url, made)["attempts"] == 0 and csv_rows(url, made) == []
    assert copy_of(url, made, student="Ann")["attempts_used"] == 0
    assert check(url, made, {"lines": model, "student": "Ann"}).json()["score"] == 1.0
    assert results(url, made)["attempts"] == 1


def test_a_generated_parsons_exercise_checks_the_model_at_one_and_no_lines_at_zero(url: str) -> None:
    made = make(url, kind="parsons", generate=GENERATE)
    copy = copy_of(url, made)
    exercise = parse_exercise({"kind": "parsons", "generate": GENERATE})
    assert copy["lines"] == copy_for(exercise)["lines"] and copy["tree"] == copy_for(exercise)["tree"]
    lecture, lecture_text = lecture_model()
    assert copy["tree"] != copy_for(parse_exercise({"kind": "parsons"}))["tree"]
    assert not {line["id"] for line in copy["lines"]} & set(lecture_text)  # a line's id is the exercise's own
    model = model_answer(exercise)["lines"]
    assert len(model) == len(lecture)
    right = check(url, made, {"lines": model}).json()
    assert (right["score"], right["correct"], right["mistakes"]) == (1.0, True, [])
    assert [run["tree"] for run in right["runs"]] == ["exercise", "lecture", "generated-1", "generated-2", "generated-3"]
    assert all(run["matches"] and run["value"] == run["expected"] for run in right["runs"])
    empty = check(url, made, {"lines": []}).json()
    assert (empty["score"], empty["correct"], empty["right"], empty["asked"], empty["extra"]) == (0.0, False, 0, 16, 0)
    assert empty["runs"] == [] and empty["program"] == {"python": "", "problem": "no lines are chosen: there is no program"}
    assert [m["kind"] for m in empty["mistakes"]] == ["missing"] * 16 and empty["misconceptions"] == []
    assert empty["first_mistake"] == {"node": model[0]["id"], "kind": "missing", "seq": 0,
                                      "explanation": "“function MAX-VALUE(state, α, β) returns a utility value” is missing: "
                                                     "MAX-VALUE begins with it, at the left edge"}
    summary = results(url, made)
    assert (summary["attempts"], summary["mean_score"]) == (2, 0.5)


def test_one_line_at_the_wrong_indent_loses_only_that_lines_mark(url: str) -> None:
    made = make(url, kind="parsons")
    model, text = lecture_model()
    at = next(i for i, line in enumerate(model) if text[line["id"]] == "return v")  # MAX-VALUE's last line, at indent 1
    assert model[at]["indent"] == 1
    shifted = [{**line, "indent": 2} if i == at else line for i, line in enumerate(model)]  # into the loop: it returns early
    result = check(url, made, {"lines": shifted}).json()
    assert (result["right"], result["asked"], result["extra"]) == (len(model) - 1, len(model), 0)
    assert result["score"] == round((len(model) - 1) / len(model), 4) == 0.9375 and not result["correct"]
    assert result["mistakes"] == [{"node": model[at]["id"], "kind": "indent", "seq": at,
                                   "explanation": "“return v” goes under “function MAX-VALUE(state, α, β) returns a utility "
                                                  "value” (indent 1), not at indent 2"}]
    assert result["program"]["problem"] is None and not all(run["matches"] for run in result["runs"])
    heads = [i for i, line in enumerate(model) if line["indent"] == 0]
    swapped = model[heads[1]:] + model[:heads[1]]  # MIN-VALUE first: the same program, every line in place
    assert check(url, made, {"lines": swapped}).json()["score"] == 1.0
    assert [row["score"] for row in csv_rows(url, made)] == ["0.9375", "1.0000"]
