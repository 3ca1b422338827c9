"""Practice paths against a live server (issue 50 part 4, docs/http-api.md): POST /api/paths gives the students' link
and a results key; /next gives each student the same tree until they check it, then the tree the engine chooses from
their checks (one on which the idea named changes the answer), two right in a row master it; /progress stores nothing;
/results shows who mastered which idea, behind the key. Bad input is refused naming the field, a wrong key 403, an
unknown path 404."""

from __future__ import annotations

import json
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Iterator

import pytest
import requests

from search.practice import model_answer, parse_exercise
from search.practice.diagnosis import following
from search.practice.exercise import Exercise
from search.practice.next_tree import shows
from tests.helpers.live_server import running_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    database = tmp_path_factory.mktemp("paths") / "lab.sqlite"
    with running_server({"DATABASE": str(database)}) as base:
        yield base, database


@pytest.fixture()
def url(server: tuple[str, Path]) -> str:
    return server[0]


def make_path(url: str, **body: Any) -> dict[str, Any]:
    made = requests.post(url + "/api/paths", json=body, timeout=10)
    assert made.status_code == 201, made.text
    return made.json()


def next_tree(url: str, path: dict[str, Any], who: dict[str, str]) -> dict[str, Any]:
    res = requests.post(f"{url}/api/paths/{path['id']}/next", json=who, timeout=60)
    assert res.status_code == 200, res.text
    assert res.headers["Cache-Control"] == "no-store"
    return res.json()


def exercise_of(url: str, given: dict[str, Any]) -> Exercise:
    """The engine's exercise for a tree the path gave, rebuilt from the student's copy."""
    copy = requests.get(f"{url}/api/exercises/{given['exercise']['id']}", timeout=10).json()
    return parse_exercise({"tree": copy["tree"], "algorithm": copy["algorithm"], "ties": copy["ties"],
                           "returns": copy["returns"], "ask": copy["ask"]})


def check(url: str, given: dict[str, Any], answer: dict[str, Any], who: dict[str, str]) -> dict[str, Any]:
    res = requests.post(f"{url}/api/exercises/{given['exercise']['id']}/check", json={**answer, **who}, timeout=30)
    assert res.status_code == 200, res.text
    return res.json()


def test_a_path_is_made_with_its_link_and_a_results_key(url: str) -> None:
    made = make_path(url, title="Week 5 <b>alpha-beta</b>")
    assert made["url"] == f"/p/{made['id']}" and made["results_url"] == f"/p/{made['id']}/results" and len(made["key"]) >= 20
    page = requests.get(url + made["url"], timeout=10)
    assert page.status_code == 200 and made["id"] in page.text
    results = requests.get(f"{url}/api/paths/{made['id']}/results", params={"key": made["key"]}, timeout=10).json()
    assert results["path"]["title"] == "Week 5 <b>alpha-beta</b>" and results["path"]["algorithm"] == "alphabeta"
    assert results["students"] == [] and results["ideas"] == [] and results["students_count"] == 0
    other = make_path(url, algorithm="minimax")
    named = requests.get(f"{url}/api/paths/{other['id']}/results", params={"key": other["key"]}, timeout=10).json()["path"]
    assert other["id"] != made["id"] and named["title"] == "Practice: minimax" and named["algorithm"] == "minimax"


@pytest.mark.parametrize("body, problem", [
    ({"algorithm": "maxn"}, "algorithm: expected one of minimax, alphabeta, expectiminimax"),
    ({"title": "x" * 201}, "title: expected text of at most 200 characters"),
    ({"title": "a\u0000b"}, "title: expected text of at most 200 characters, with no control characters"),
    ({"tree": [1, 2]}, "tree: unknown field (a path has title, algorithm and start)"),
    ({"start": "no-such-idea"}, "start: expected a misconception's id (docs/misconceptions.md), not 'no-such-idea'"),
    ({"start": 3}, "start: expected a misconception's id"),
])
def test_a_bad_path_is_refused_naming_the_field(url: str, body: dict[str, Any], problem: str) -> None:
    res = requests.post(url + "/api/paths", json=body, timeout=10)
    assert res.status_code == 400 and res.json()["error"].startswith(problem), res.text


def test_unknown_paths_wrong_keys_and_no_student_are_refused(url: str) -> None:
    made = make_path(url)
    assert requests.post(f"{url}/api/paths/nope/next", json={"learner": "abcdefgh"}, timeout=10).status_code == 404
    assert requests.get(f"{url}/p/nope", timeout=10).status_code == 404
    assert requests.get(f"{url}/p/nope/results", timeout=10).status_code == 404
    wrong = requests.get(f"{url}/api/paths/{made['id']}/results", params={"key": made["key"][:-1] + "?"}, timeout=10)
    assert wrong.status_code == 403 and wrong.json()["error"].startswith("key:")
    nobody = requests.post(f"{url}/api/paths/{made['id']}/next", json={}, timeout=10)
    assert nobody.status_code == 400 and nobody.json()["error"].startswith("learner: a path follows one student")
    bad = requests.post(f"{url}/api/paths/{made['id']}/next", json={"learner": "no"}, timeout=10)
    assert bad.status_code == 400 and bad.json()["error"].startswith("learner:")


def test_the_same_tree_is_given_until_it_is_checked_and_progress_stores_nothing(server: tuple[str, Path]) -> None:
    url, database = server
    path = make_path(url)
    who = {"learner": "samelearner01"}
    asked = requests.get(f"{url}/api/paths/{path['id']}/progress", params=who, timeout=10).json()
    assert asked["exercise"] is None and asked["step"] == 0 and asked["progress"]["current"] == {"target": None, "level": 1}
    with ThreadPoolExecutor(4) as pool:  # four tabs at once: one tree
        given = list(pool.map(lambda _: next_tree(url, path, who), range(4)))
    assert len({g["exercise"]["id"] for g in given}) == 1 and given[0]["step"] == 1
    assert given[0]["exercise"]["url"] == f"/x/{given[0]['exercise']['id']}"
    assert next_tree(url, path, who)["exercise"] == given[0]["exercise"]
    progress = requests.get(f"{url}/api/paths/{path['id']}/progress", params=who, timeout=10).json()
    assert progress["exercise"] == given[0]["exercise"] and progress["step"] == 1
    with sqlite3.connect(database) as db:
        assert db.execute("SELECT count(*) FROM path_steps WHERE path_id = ?", (path["id"],)).fetchone() == (1,)
    other = next_tree(url, path, {"student": "Bob"})  # another student: a tree of their own
    assert other["exercise"]["id"] != given[0]["exercise"]["id"]


def test_an_idea_named_is_practised_on_trees_it_changes_until_two_are_right_in_a_row(url: str) -> None:
    path = make_path(url, title="Alpha-beta practice")
    who = {"student": "Ada"}
    first = next_tree(url, path, who)
    exercise = exercise_of(url, first)
    slip = next(s for s in ("strict-test", "no-pruning", "fail-hard", "window-not-passed")
                if following(exercise, s) is not None and shows(exercise, s))
    checked = check(url, first, following(exercise, slip) or {}, who)
    idea = checked["misconceptions"][0]["id"]
    assert idea == slip
    practice = next_tree(url, path, who)
    assert practice["step"] == 2 and practice["progress"]["current"]["target"]["id"] == idea
    assert shows(exercise_of(url, practice), idea)  # a tree on which the idea changes the answer
    assert {k: practice["progress"]["ideas"][0][k] for k in ("id", "state", "streak", "shown")} == \
        {"id": idea, "state": "practising", "streak": 0, "shown": 1}
    # A hint first: right, but not right first time without help.
    requests.post(f"{url}/api/exercises/{practice['exercise']['id']}/hint", json={**who}, timeout=30).raise_for_status()
    check(url, practice, model_answer(exercise_of(url, practice)), who)
    helped = next_tree(url, path, who)
    assert helped["progress"]["ideas"][0]["streak"] == 0 and helped["progress"]["right"] == 0
    for n in (1, 2):
        check(url, helped, model_answer(exercise_of(url, helped)), who)
        check(url, helped, {}, who)  # a retry after it changes nothing: only the first check counts
        helped = next_tree(url, path, who)
        assert helped["progress"]["ideas"][0]["streak"] == n
    progress = helped["progress"]
    assert progress["ideas"][0]["state"] == "mastered" and progress["mastered"] == 1
    assert progress["current"] == {"target": None, "level": 2}  # a harder tree
    results = requests.get(f"{url}/api/paths/{path['id']}/results", params={"key": path["key"]}, timeout=10).json()
    (student,) = results["students"]
    assert student["student"] == "Ada" and student["learner"] is None and student["trees"] == 4 and student["right"] == 2
    assert [(i["id"], i["state"]) for i in student["ideas"]] == [(idea, "mastered")]
    assert results["ideas"] == [{"id": idea, "name": student["ideas"][0]["name"], "students": 1, "mastered": 1}]


def test_a_path_started_from_an_idea_practises_it_first_until_two_are_right_in_a_row(url: str) -> None:
    """The exercise page's "Practise this": a path whose first trees are the idea's, then a harder one."""
    path = make_path(url, title="Practice: the strict test", start="strict-test")
    who = {"learner": "practisestart1"}
    asked = requests.get(f"{url}/api/paths/{path['id']}/progress", params=who, timeout=10).json()
    assert asked["path"]["start"] == {"id": "strict-test", "name": "the strict test"}
    assert asked["progress"]["current"] == {"target": {"id": "strict-test", "name": "the strict test"}, "level": 1}
    assert [(i["id"], i["state"], i["shown"]) for i in asked["progress"]["ideas"]] == [("strict-test", "practising", 1)]
    given = next_tree(url, path, who)
    for n in (1, 2):
        assert given["progress"]["current"]["target"]["id"] == "strict-test"
        assert shows(exercise_of(url, given), "strict-test")  # a tree on which the strict test changes the answer
        check(url, given, model_answer(exercise_of(url, given)), who)
        given = next_tree(url, path, who)
        assert given["progress"]["ideas"][0]["streak"] == n
    progress = given["progress"]
    assert progress["ideas"][0]["state"] == "mastered" and progress["current"] == {"target": None, "level": 2}
    results = requests.get(f"{url}/api/paths/{path['id']}/results", params={"key": path["key"]}, timeout=10).json()
    assert results["ideas"] == [{"id": "strict-test", "name": "the strict test", "students": 1, "mastered": 1}]


def test_another_name_or_browser_cannot_hide_a_wrong_first_check_or_the_solution(url: str) -> None:
    path = make_path(url)
    who = {"student": "Cleo"}
    given = next_tree(url, path, who)
    right = model_answer(exercise_of(url, given))
    check(url, given, {}, {"learner": "otherbrowser1"})  # a first look under another browser, wrong
    check(url, given, right, who)
    after = next_tree(url, path, who)
    assert after["progress"]["trees"] == 1 and after["progress"]["right"] == 0
    solution = requests.get(f"{url}/api/exercises/{after['exercise']['id']}/solution", params={"learner": "otherbrowser1"},
                            timeout=30)
    assert solution.status_code == 200, solution.text
    check(url, after, model_answer(exercise_of(url, after)), who)  # right, but the solution was read first
    progress = next_tree(url, path, who)["progress"]
    assert progress["trees"] == 2 and progress["right"] == 0


def test_a_name_typed_otherwise_is_the_same_student_and_a_learner_is_listed_by_its_start(url: str) -> None:
    path = make_path(url)
    one = next_tree(url, path, {"student": "Bob Smith"})
    assert next_tree(url, path, {"student": " bob  smith"})["exercise"] == one["exercise"]
    next_tree(url, path, {"learner": "0123456789abcdef"})
    results = requests.get(f"{url}/api/paths/{path['id']}/results", params={"key": path["key"]}, timeout=10).json()
    assert sorted((s["student"] or "", s["learner"] or "") for s in results["students"]) == [("", "012345"), ("Bob Smith", "")]
    assert json.dumps(results, allow_nan=False)
