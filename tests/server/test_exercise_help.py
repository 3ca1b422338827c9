"""Exercises for grading (issue 31, point 4) against a real server and SQLite file: hints and the solution
are noted under the student / learner that asked (no address), a check stores the help its student had used
before it and says so, "perfect" counts only attempts without help (results JSON and CSV), and with the
solution hidden a check's answer holds nothing of the answer (the instructor's key gets it whole)."""

from __future__ import annotations

import csv
import io
import json
import re
import sqlite3
from pathlib import Path
from typing import Any, Iterator

import pytest
import requests

from search.practice import model_answer, parse_exercise
from server.practice.help_uses import help_cell, help_note
from tests.helpers.live_server import running_server

LECTURE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
ASK = ["values", "bounds", "pruned"]
PERFECT = model_answer(parse_exercise({"tree": LECTURE, "ask": ASK}))
ADA = {"learner": "ada-browser-1"}
BOB = {"learner": "bob-browser-1"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    db = tmp_path_factory.mktemp("help") / "lab.sqlite"
    with running_server({"DATABASE": str(db)}) as url:
        yield url, db


def make(url: str, tree: Any = LECTURE, **options: Any) -> tuple[str, str]:
    made = requests.post(url + "/api/exercises", json={"tree": tree, "ask": ASK, **options}, timeout=30)
    assert made.status_code == 201, made.text
    return f"{url}/api/exercises/{made.json()['id']}", made.json()["key"]


def check(base: str, answer: dict[str, Any], **params: str) -> dict[str, Any]:
    who = {k: v for k, v in params.items() if k != "key"}
    answer_ = requests.post(f"{base}/check", json={**answer, **who}, params={"key": params["key"]} if "key" in params else None,
                            timeout=10)
    assert answer_.status_code == 200, answer_.text
    return answer_.json()


def hint(base: str, **who: str) -> requests.Response:
    return requests.post(f"{base}/hint", json=who, timeout=10)


def solution(base: str, **params: str) -> requests.Response:
    return requests.get(f"{base}/solution", params=params, timeout=10)


def help_rows(db: Path, base: str) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT what, student, learner FROM help_uses WHERE exercise_id = ? ORDER BY id",
                            (base.rsplit("/", 1)[1],)).fetchall()


def results(base: str, key: str) -> dict[str, Any]:
    return requests.get(f"{base}/results", params={"key": key}, timeout=10).json()


def test_hints_and_solutions_are_noted_under_whoever_asked_and_nothing_else(server: tuple[str, Path]) -> None:
    url, db = server
    base, key = make(url)
    assert hint(base, **ADA).status_code == 200
    assert hint(base, student="Ada", learner="ada-browser-1").status_code == 200
    assert solution(base, **BOB).status_code == 200
    assert solution(base, misconception="no-pruning", **BOB).status_code == 200  # a slip's search shows the values too
    assert hint(base).status_code == 200  # anonymous: noted, whose unknown
    assert solution(base, key=key, **ADA).status_code == 200  # the instructor's own: not a student's help
    assert help_rows(db, base) == [("hint", None, "ada-browser-1"), ("hint", "Ada", "ada-browser-1"), ("solution", None, "bob-browser-1"),
                                   ("slip", None, "bob-browser-1"), ("hint", None, None)]
    with sqlite3.connect(db) as conn:
        columns = [row[1] for row in conn.execute("PRAGMA table_info(help_uses)")]
    assert columns == ["id", "exercise_id", "what", "student", "learner", "created_at", "lms_user", "roster_entry", "student_key"]  # no address, cookie or agent


def test_refused_or_bad_help_requests_note_nothing(server: tuple[str, Path]) -> None:
    url, db = server
    base, _ = make(url, hints=False, solution=False)
    assert hint(base, **ADA).status_code == 403 and solution(base, **ADA).status_code == 403
    open_base, _ = make(url)
    assert requests.post(f"{open_base}/hint", json={"values": {"Z": 1}, **ADA}, timeout=10).status_code == 400
    assert solution(open_base, misconception="no-such-slip", **ADA).status_code == 400
    assert hint(open_base, learner="bad token!").status_code == 400
    assert solution(open_base, learner="x").json()["error"].startswith("learner: expected 8 to 64")
    assert help_rows(db, base) == [] and help_rows(db, open_base) == []


def test_a_check_stores_and_says_the_help_its_student_used_before_it(server: tuple[str, Path]) -> None:
    url, db = server
    base, key = make(url)
    clean = check(base, PERFECT, **ADA)
    assert clean["help"] == {"hints": 0, "solution": False} and clean["perfect"] is True and clean["help_note"] is None
    for _ in range(3):
        hint(base, **ADA)
    hint(base, **BOB)  # Bob's hint is not Ada's
    helped = check(base, PERFECT, **ADA)
    assert helped["correct"] is True and helped["score"] == 1.0  # the answer is right...
    assert helped["help"] == {"hints": 3, "solution": False} and helped["perfect"] is False  # ...and not perfect
    assert helped["help_note"] == "3 hints were used before this check: it is not counted as perfect."
    solution(base, misconception="no-pruning", **BOB)
    bob = check(base, {"values": {"A": 3}}, **BOB)
    assert bob["help"] == {"hints": 1, "solution": True} and bob["perfect"] is False
    assert bob["help_note"] == "1 hint and the solution were used before this check: a check after help is never counted as perfect."
    # A name counts across browsers, as attempts do; the same browser without the name is another student.
    solution(base, student="Cy", learner="cy-phone-01")
    assert check(base, PERFECT, student="Cy", learner="cy-laptop-1")["help"] == {"hints": 0, "solution": True}
    assert check(base, PERFECT, learner="cy-phone-01")["help"] == {"hints": 0, "solution": False}
    assert check(base, PERFECT)["help"] is None  # anonymous: whose help it had cannot be known
    with sqlite3.connect(db) as conn:
        stored = [json.loads(h) if h else None for (h,) in conn.execute(
            "SELECT help FROM attempts WHERE exercise_id = ? ORDER BY id", (base.rsplit("/", 1)[1],))]
    assert stored == [{"hints": 0, "solution": False}, {"hints": 3, "solution": False}, {"hints": 1, "solution": True},
                      {"hints": 0, "solution": True}, {"hints": 0, "solution": False}, None]


def test_perfect_counts_only_attempts_without_help_in_the_json_and_the_csv(server: tuple[str, Path]) -> None:
    url, _ = server
    base, key = make(url)
    check(base, PERFECT, **ADA)  # perfect, no help
    hint(base, **BOB)
    check(base, PERFECT, **BOB)  # 1.0 after a hint
    solution(base, student="Cy")
    check(base, {"values": {"A": 3}}, student="Cy")  # wrong after the solution
    found = results(base, key)
    assert (found["attempts"], found["perfect"], found["perfect_with_help"], found["with_help"]) == (3, 1, 1, 2)
    assert [a["help"] for a in found["attempt_list"]] == [{"hints": 0, "solution": True}, {"hints": 1, "solution": False},
                                                          {"hints": 0, "solution": False}]
    text = requests.get(f"{base}/results.csv", params={"key": key}, timeout=10).content.decode("utf-8").removeprefix("\ufeff")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][8] == "help" and rows[0][9:] == ["lms_user", "score_rule"]  # new columns come last (help, issue 32's lms_user, issue 46's rule)
    assert [row[8] for row in rows[1:]] == ["none", "1 hint", "solution"]


def test_help_words() -> None:
    assert [help_cell(h) for h in (None, {"hints": 0, "solution": False}, {"hints": 2, "solution": True})] == [
        "not recorded", "none", "2 hints; solution"]
    assert help_note({"hints": 0, "solution": True}, True) == "The solution was used before this check: it is not counted as perfect."
    assert help_note({"hints": 0, "solution": False}, True) is None and help_note(None, True) is None


# Leaves whose values no index, id or count of this tree can be mistaken for: every right value and
# window is one of them (or ±∞), so none of them may appear in a withheld answer unless the student wrote it.
DISTINCT = [[303, 1212, 808], [202, 404, 606], [1414, 505, 202]]
RIGHT = model_answer(parse_exercise({"tree": DISTINCT, "ask": ASK}))


def test_with_the_solution_hidden_a_check_gives_nothing_of_the_answer(server: tuple[str, Path]) -> None:
    url, _ = server
    base, key = make(url, tree=DISTINCT, solution=False)
    assert RIGHT["pruned"] == ["C2", "C3"] and RIGHT["values"]["A"] == 303
    for answer in ({}, {"values": {"B": 1212}, "bounds": {"C": ["-inf", "inf"]}, "pruned": ["D2"]}, {"pruned": ["B2", "C2"]}):
        found = check(base, answer, **ADA)
        text = json.dumps(found)
        assert found["withheld"] is True and found["correct"] is False
        for value in ("303", "202", "\"inf\"", "∞"):  # the right values and windows (the student wrote none of these)
            assert value not in text.replace("[\"-inf\", \"inf\"]", "").replace("[−∞, +∞]", "")
        assert "expected" not in text and "\"seq\"" not in text and "\"step\"" not in text
        assert all(m["kind"] in ("value", "bound") and "got" in m for m in found["mistakes"])  # only what was written
        assert not {m["node"] for m in found["mistakes"]} & {"C2", "C3", "D2"}  # where a mark is tells nothing
        assert all(mark["kind"] in ("value", "bound") for m in found["misconceptions"] for mark in m["explains"])
    empty = check(base, {}, **ADA)
    assert empty["mistakes"] == [] and empty["first_mistake"] is None and empty["unlisted"] == {"left_empty": 4 + 11, "prune_marks": 2}
    wrote = check(base, {"values": {"B": 1212}, "pruned": ["D2"]}, **ADA)
    assert wrote["mistakes"] == [{"node": "B", "kind": "value", "got": 1212, "misconception": None,
                                  "explanation": "you wrote 1212: not the value this search gives B"}]
    assert wrote["score"] == check(base, {"values": {"B": 1212}, "pruned": ["D2"]}, key=key)["score"]  # scored the same
    # The instructor's key gets the whole feedback, right values and all.
    full = check(base, {}, key=key)
    assert full["withheld"] is False and "unlisted" not in full and full["first_mistake"]["expected"] == ["-inf", "inf"]
    assert any(m.get("expected") == 303 for m in full["mistakes"])


def test_with_hints_and_solution_off_no_route_hands_a_student_the_answer(server: tuple[str, Path]) -> None:
    """Every GET and POST of /api/exercises/<id>/* and the exercise's pages, as a student: the leaves (the exercise
    itself) and feedback on what was written, never a right internal value, a window, the pruned list or the trace."""
    url, _ = server
    base, key = make(url, tree=DISTINCT, hints=False, solution=False, attempts=3)
    exercise_id = base.rsplit("/", 1)[1]
    copy = requests.get(base, params=ADA, timeout=10).json()
    assert copy["options"] == {"hints": False, "solution": False, "attempts": 3, "grade": "best"}
    assert internal_values(copy["tree"]) == [] and "pruned" not in copy and "events" not in copy
    checked = check(base, {"values": {"A": 1}, "pruned": ["D3"]}, **ADA)
    assert checked["withheld"] is True and "expected" not in json.dumps(checked)
    assert [(m["node"], m["got"]) for m in checked["mistakes"]] == [("A", 1)] and checked["unlisted"]["prune_marks"] == 3
    refused = [hint(base, **ADA), requests.post(f"{base}/hint", json={"values": {"A": 303}, **ADA}, timeout=10),
               solution(base, **ADA), solution(base, key="not-the-key"), solution(base, misconception="no-pruning", **ADA),
               solution(base, misconception="strict-test"), requests.get(f"{base}/results", timeout=10),
               requests.get(f"{base}/results", params={"key": "x" * 24}, timeout=10),
               requests.get(f"{base}/results.csv", params={"key": key[:-1]}, timeout=10)]
    for answer in refused:
        assert answer.status_code == 403 and set(answer.json()) == {"error"}, answer.url
        assert not any(value in answer.text for value in ("303", "202", "inf", "C2")), answer.url
    for page, status in (("", 200), ("/solution", 403), ("/results", 200)):  # the pages hold the id only; their scripts
        html = requests.get(f"{url}/x/{exercise_id}{page}", timeout=10)  # fetch the rest (the solution's: it is hidden)
        # Without the assets' versions (hex digits) and the exercise's random id, where "303" may occur by chance.
        text = re.sub(r"\?v=[0-9a-f]{12}", "", html.text).replace(exercise_id, "")
        assert html.status_code == status and "1212" not in text and "303" not in text
    # The key still opens the solution and a hint for the instructor.
    assert solution(base, key=key).status_code == 200
    assert requests.post(f"{base}/hint", json={}, params={"key": key}, timeout=10).json()["hint"]["expected"] == ["-inf", "inf"]


def internal_values(tree: dict[str, Any]) -> list[Any]:
    """Every value or eval an internal node carries."""
    found = [tree[k] for k in ("value", "eval") if k in tree and tree.get("children")]
    for child in tree.get("children", []):
        found += internal_values(child)
    return found
