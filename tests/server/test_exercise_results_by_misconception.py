"""The instructor's side of issue 26 against a real server and SQLite file: graded-use options (refused,
stored, enforced), attempts counted per learner or student name, first attempts told from retries,
results by misconception with the real check's diagnosis, and the CSV export with its guard against
formulas in students' names."""

from __future__ import annotations

import csv
import io
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Iterator

import pytest
import requests

from search.practice import check_answer, parse_exercise
from server.practice.identity import MAX_STUDENT_CHARS
from server.practice.options import MAX_ATTEMPTS_ALLOWED
from server.practice.results_csv import cell
from tests.helpers.live_server import running_server

LECTURE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
VALUES = {"A": 3, "B": 3, "C": 2, "D": 2}
PERFECT = {"values": VALUES, "pruned": ["C2", "C3"]}
NO_CUT_AT_C = {"values": VALUES, "pruned": []}  # C2 and C3 searched: a misconception explains both marks
ONE_SLIP = {"values": VALUES, "pruned": ["C2"]}  # C3 kept: no misconception explains it
DIAGNOSED = check_answer(parse_exercise({"tree": LECTURE, "ask": ["values", "pruned"]}), NO_CUT_AT_C)["misconceptions"][0]
"""The engine's own diagnosis of NO_CUT_AT_C (search/practice/diagnosis.py): the best of those that explain it."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    db = tmp_path_factory.mktemp("graded") / "lab.sqlite"
    with running_server({"DATABASE": str(db)}) as url:
        yield url, db


def make(url: str, **options: Any) -> dict[str, Any]:
    made = requests.post(url + "/api/exercises", json={"tree": LECTURE, "ask": ["values", "pruned"], **options}, timeout=30)
    assert made.status_code == 201, made.text
    return made.json()


def check(url: str, exercise_id: str, answer: dict[str, Any], **who: str) -> requests.Response:
    return requests.post(f"{url}/api/exercises/{exercise_id}/check", json={**answer, **who}, timeout=10)


def stored(db: Path, exercise_id: str) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT student, learner, score FROM attempts WHERE exercise_id = ? ORDER BY id", (exercise_id,)).fetchall()


def results(url: str, made: dict[str, Any]) -> dict[str, Any]:
    answer = requests.get(f"{url}/api/exercises/{made['id']}/results", params={"key": made["key"]}, timeout=10)
    assert answer.status_code == 200, answer.text
    return answer.json()


@pytest.mark.parametrize("options, message", [
    ({"hints": "no"}, "hints: expected true or false"),
    ({"solution": 0}, "solution: expected true or false"),
    ({"attempts": 0}, "attempts: expected null (no limit) or a whole number from 1 to 100"),
    ({"attempts": MAX_ATTEMPTS_ALLOWED + 1}, "attempts: expected null"),
    ({"attempts": 2.5}, "attempts: expected null"),
    ({"attempts": True}, "attempts: expected null"),
    ({"attempts": "3"}, "attempts: expected null"),
])
def test_bad_options_are_refused_naming_the_field(server: tuple[str, Path], options: dict[str, Any], message: str) -> None:
    url, db = server
    with sqlite3.connect(db) as conn:
        before = conn.execute("SELECT COUNT(*) FROM exercises").fetchone()[0]
    answer = requests.post(url + "/api/exercises", json={"tree": LECTURE, **options}, timeout=10)
    assert answer.status_code == 400 and answer.json()["error"].startswith(message), answer.text
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM exercises").fetchone()[0] == before


def test_the_options_default_to_open_practice_and_the_student_copy_says_them(server: tuple[str, Path]) -> None:
    url, _ = server
    open_one = requests.get(f"{url}/api/exercises/{make(url)['id']}", timeout=10).json()
    assert open_one["options"] == {"hints": True, "solution": True, "attempts": None, "grade": "best"}
    assert (open_one["attempts_used"], open_one["attempts_left"]) == (0, None)
    graded = make(url, hints=False, solution=False, attempts=3)
    copy = requests.get(f"{url}/api/exercises/{graded['id']}", params={"learner": "abcdefgh"}, timeout=10).json()
    assert copy["options"] == {"hints": False, "solution": False, "attempts": 3, "grade": "best"}
    assert (copy["attempts_used"], copy["attempts_left"]) == (0, 3)
    assert results(url, graded)["student"]["options"] == copy["options"]


def test_hidden_hints_and_solution_are_refused_by_the_server(server: tuple[str, Path]) -> None:
    url, _ = server
    made = make(url, hints=False, solution=False)
    base = f"{url}/api/exercises/{made['id']}"
    hint = requests.post(f"{base}/hint", json={}, timeout=10)
    assert hint.status_code == 403 and hint.json()["error"] == "hints are turned off for this exercise (graded use)"
    for params in ({}, {"key": "wrong"}, {"misconception": "no-pruning"}):  # a slip's search shows the values too
        hidden = requests.get(f"{base}/solution", params=params, timeout=10)
        assert hidden.status_code == 403 and "the solution of this exercise is hidden" in hidden.json()["error"]
    shown = requests.get(f"{base}/solution", params={"key": made["key"]}, timeout=10)  # the instructor's key opens it
    assert shown.status_code == 200 and shown.text.startswith('{"seq":0')
    # Only what was turned off: this one hides the solution and keeps hints.
    other = make(url, solution=False)
    assert requests.post(f"{url}/api/exercises/{other['id']}/hint", json={}, timeout=10).status_code == 200


def test_attempts_are_counted_per_learner_and_the_extra_one_is_refused_and_not_stored(server: tuple[str, Path]) -> None:
    url, db = server
    made = make(url, attempts=2)
    one, two = "learner-one-0001", "learner-two-0002"
    for _ in range(2):
        assert check(url, made["id"], ONE_SLIP, learner=one).status_code == 200
    refused = check(url, made["id"], PERFECT, learner=one)
    assert refused.status_code == 403 and refused.json() == {"error": "you have used your 2 attempts"}
    assert check(url, made["id"], PERFECT, learner=two).status_code == 200  # another browser has its own
    assert [row[1] for row in stored(db, made["id"])] == [one, one, two]
    copy = requests.get(f"{url}/api/exercises/{made['id']}", params={"learner": one}, timeout=10).json()
    assert (copy["attempts_used"], copy["attempts_left"]) == (2, 0)
    # A check that says nobody's name or browser cannot be counted: refused, naming what is missing.
    nobody = check(url, made["id"], PERFECT)
    assert nobody.status_code == 400 and nobody.json()["error"].startswith("learner: this exercise allows 2 attempts")
    single = make(url, attempts=1)
    check(url, single["id"], PERFECT, learner=one)
    assert check(url, single["id"], PERFECT, learner=one).json() == {"error": "you have used your 1 attempt"}
    assert len(stored(db, made["id"])) == 3 and len(stored(db, single["id"])) == 1


def test_a_student_name_counts_across_browsers(server: tuple[str, Path]) -> None:
    url, db = server
    made = make(url, attempts=2)
    assert check(url, made["id"], ONE_SLIP, student="Ada Lovelace", learner="laptop-0001").status_code == 200
    assert check(url, made["id"], ONE_SLIP, student="Ada Lovelace", learner="phone-00002").status_code == 200
    refused = check(url, made["id"], PERFECT, student="Ada Lovelace", learner="tablet-0003")
    assert refused.status_code == 403 and refused.json()["error"] == "you have used your 2 attempts"
    assert check(url, made["id"], PERFECT, student="Grace Hopper", learner="laptop-0001").status_code == 200
    assert stored(db, made["id"]) == [("Ada Lovelace", "laptop-0001", 0.8333), ("Ada Lovelace", "phone-00002", 0.8333),
                                      ("Grace Hopper", "laptop-0001", 1.0)]
    copy = requests.get(f"{url}/api/exercises/{made['id']}", params={"student": "Ada Lovelace"}, timeout=10).json()
    assert copy["attempts_left"] == 0 and "Ada" not in str(copy)  # the copy never echoes names


@pytest.mark.parametrize("who, message", [
    ({"student": "x" * (MAX_STUDENT_CHARS + 1)}, f"student: expected at most {MAX_STUDENT_CHARS} characters"),
    ({"student": "Ada\nLovelace"}, "student: expected at most"),
    ({"student": 7}, "student: expected text"),
    ({"learner": "short"}, "learner: expected 8 to 64 of A-Z a-z 0-9 _ -"),
    ({"learner": "has spaces in it"}, "learner: expected 8 to 64"),
    ({"learner": "x" * 65}, "learner: expected 8 to 64"),
    ({"learner": ["abcdefgh"]}, "learner: expected 8 to 64"),
])
def test_bad_names_and_learners_are_refused_and_nothing_is_stored(server: tuple[str, Path], who: dict[str, Any],
                                                                  message: str) -> None:
    url, db = server
    made = make(url)
    answer = check(url, made["id"], PERFECT, **who)
    assert answer.status_code == 400 and answer.json()["error"].startswith(message), answer.text
    assert stored(db, made["id"]) == []
    if all(isinstance(v, str) for v in who.values()):
        copy = requests.get(f"{url}/api/exercises/{made['id']}", params=who, timeout=10)
        assert copy.status_code == 400 and copy.json()["error"].startswith(message)
    # At the limit, and any script or markup, is stored as given.
    name = "<b>" + "é" * (MAX_STUDENT_CHARS - 3)
    assert check(url, made["id"], PERFECT, student=name).status_code == 200
    assert stored(db, made["id"]) == [(name, None, 1.0)]


def test_results_by_misconception_tell_first_attempts_from_retries(server: tuple[str, Path]) -> None:
    url, _ = server
    made = make(url)
    ada, bob = "ada-browser-01", "bob-browser-02"
    for answer, who in ((NO_CUT_AT_C, {"learner": ada}), (NO_CUT_AT_C, {"learner": ada}), (PERFECT, {"learner": ada}),
                        (NO_CUT_AT_C, {"learner": bob}), (NO_CUT_AT_C, {}), (ONE_SLIP, {"student": "Cy", "learner": bob})):
        result = check(url, made["id"], answer, **who).json()
        if answer is NO_CUT_AT_C:  # the real diagnosis of this answer
            assert [m["id"] for m in result["misconceptions"]][:1] == [DIAGNOSED["id"]]
    found = results(url, made)
    assert found["attempts"] == 6 and found["first_attempts"] == 4 and found["retries"] == 2
    # First attempts: ada's first, bob's first, the anonymous one, Cy's (counted by name, not bob's browser).
    # Every mark counts (issue 46): C2 and C3 searched is 4 of 6 marks right, C3 alone 5 of 6.
    assert found["first_scores"] == [0, 0, 0, 0, 0, 0, 3, 0, 1, 0] and sum(found["scores"]) == 6
    assert found["misconceptions"][0] == {"id": DIAGNOSED["id"], "name": DIAGNOSED["name"], "first_attempts": 3, "retries": 1,
                                          "nodes": [{"node": "C2", "attempts": 4}, {"node": "C3", "attempts": 4}]}
    listed = [(a["student"], a["learner"], a["attempt"], a["score"], [m["id"] for m in a["misconceptions"]][:1])
              for a in found["attempt_list"]]
    best = [DIAGNOSED["id"]]
    assert listed == [("Cy", "bob-br", 1, 0.8333, []), (None, None, 1, 0.6667, best), (None, "bob-br", 1, 0.6667, best),
                      (None, "ada-br", 3, 1.0, []), (None, "ada-br", 2, 0.6667, best), (None, "ada-br", 1, 0.6667, best)]
    assert found["attempt_list"][1]["misconceptions"][0] == {"id": DIAGNOSED["id"], "name": DIAGNOSED["name"], "marks": 2}
    assert all(a["time"].endswith("Z") and "T" in a["time"] for a in found["attempt_list"])
    assert ada not in str(found) and bob not in str(found)  # the learner token only by its first characters


def test_the_csv_has_a_row_per_attempt_and_no_formula_from_a_name(server: tuple[str, Path]) -> None:
    url, _ = server
    made = make(url)
    names = ["=HYPERLINK(\"http://evil.example\",\"x\")", "+1+1", "-2", "@SUM(A1)", "Ada, \"the\" first", "O'Hara"]
    for i, name in enumerate(names):
        check(url, made["id"], NO_CUT_AT_C if i == 0 else PERFECT, student=name, learner=f"browser-{i:04d}")
    check(url, made["id"], PERFECT, learner="browser-0001")
    base = f"{url}/api/exercises/{made['id']}/results.csv"
    for params in ({}, {"key": "wrong"}):
        assert requests.get(base, params=params, timeout=10).status_code == 403
    answer = requests.get(base, params={"key": made["key"]}, timeout=10)
    assert answer.status_code == 200 and answer.headers["Content-Type"] == "text/csv; charset=utf-8"
    assert answer.headers["Content-Disposition"] == f'attachment; filename="exercise-{made["id"]}-attempts.csv"'
    text = answer.content.decode("utf-8")
    assert text.startswith("\ufefftime,student,learner,attempt,score,mistakes,misconceptions,misconception_ids,help,lms_user,score_rule\r\n")
    rows = list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))
    assert len(rows) == 1 + len(names) + 1
    assert [row[1] for row in rows[1:]] == ["'=HYPERLINK(\"http://evil.example\",\"x\")", "'+1+1", "'-2", "'@SUM(A1)",
                                             "Ada, \"the\" first", "O'Hara", ""]
    first = rows[1]
    assert first[2:6] == ["browse", "1", "0.6667", "2"] and first[-1] == "marks"
    assert first[6].startswith(f"{DIAGNOSED['name']} (2)") and first[7].split(" ")[0] == DIAGNOSED["id"]
    assert rows[-1][1:4] == ["", "browse", "1"]  # browser-0001 without a name: counted apart from "+1+1"'s attempts


def test_a_cell_that_a_spreadsheet_would_read_as_a_formula_gets_a_quote() -> None:
    assert [cell(t) for t in ("=1", "+1", "-1", "@A", "\tx", "\rx", "1", "a=b", "")] == [
        "'=1", "'+1", "'-1", "'@A", "'\tx", "'\rx", "1", "a=b", ""]


def test_checks_at_once_cannot_pass_the_last_attempt_together(server: tuple[str, Path]) -> None:
    url, db = server
    made = make(url, attempts=1)
    with ThreadPoolExecutor(8) as pool:
        statuses = sorted(pool.map(lambda _: check(url, made["id"], PERFECT, learner="same-browser").status_code, range(8)))
    assert statuses == [200] + [403] * 7
    assert len(stored(db, made["id"])) == 1


def test_a_weighted_score_is_the_same_number_in_the_check_the_results_and_the_csv(server: tuple[str, Path]) -> None:
    """Issue 46: the score a student reads is the one the instructor's results, mean and CSV show."""
    url, _ = server
    made = make(url, weights={"values": 3})
    copy = requests.get(f"{url}/api/exercises/{made['id']}", timeout=10).json()
    assert copy["weights"] == {"values": 3.0, "pruned": 1.0} and "values ×3" in copy["scoring"]
    answer = check(url, made["id"], {"values": {**VALUES, "B": 12}, "pruned": ["C2", "C3", "D3"]}, learner="weigh-0001").json()
    # 3 of 4 values (×3) and 2 of 2 prunes right, D3 one extra prune mark: (9 + 2) / (12 + 3).
    assert (answer["asked"], answer["extra"], answer["right"], answer["rule"]) == (6, 1, 5, "marks")
    assert answer["score"] == round(11 / 15, 4)
    found = results(url, made)
    assert found["attempt_list"][0]["score"] == answer["score"] == found["mean_score"]
    text = requests.get(f"{url}/api/exercises/{made['id']}/results.csv", params={"key": made["key"]}, timeout=10).text
    row = next(csv.DictReader(io.StringIO(text.removeprefix("\ufeff"))))
    assert row["score"] == f"{answer['score']:.4f}" and row["score_rule"] == "marks"
    refused = requests.post(url + "/api/exercises", json={"tree": LECTURE, "weights": {"bounds": 2}}, timeout=10)
    assert refused.status_code == 400 and refused.json()["error"].startswith("weights.bounds: this exercise does not ask for bounds")
