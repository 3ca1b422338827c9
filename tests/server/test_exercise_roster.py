"""Rosters and trees of one's own (issue 46, parts 3 and 4) against a real server on each storage back end: private
links, 403s for a typed name or a wrong token, limits per roster entry however a name is typed, additions, the CSV,
per-student and per-attempt trees each checked against their own, and the instructor's view of one attempt."""

from __future__ import annotations

import csv
import io
import re
from typing import Any, Iterator
from urllib.parse import parse_qs, urlsplit

import pytest
import requests

from search.practice import model_answer, parse_exercise
from server.practice.roster import MAX_ROSTER
from tests.helpers.databases import BACKENDS, fresh_database
from tests.helpers.live_server import running_server
from tests.helpers.stored_rows import query, rows

LECTURE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
GENERATE = {"seed": 11, "depth": 3, "min_branching": 3, "max_branching": 3,  # one shape: node ids alike, values differ
            "min_value": 0, "max_value": 60,
            "min_prunes": 2, "distinct": True}


@pytest.fixture(scope="module", params=BACKENDS)
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """A server on each back end: the roster's SQL (positions counted with coalesce(max), entries added in bulk,
    looked up by token) is exercised only here, so it stays on PostgreSQL too (tests/conftest.py's `database`)."""
    db = fresh_database(request.param, tmp_path_factory.mktemp("roster"), request)
    with running_server({"DATABASE": db}) as url:
        yield url, db


def make(url: str, **body: Any) -> requests.Response:
    return requests.post(url + "/api/exercises", json={"tree": LECTURE, "ask": ["values", "pruned"], **body}, timeout=30)


def token(link: str) -> str:
    return parse_qs(urlsplit(link).query)["s"][0]


def check(url: str, exercise_id: str, answer: dict[str, Any], **who: Any) -> requests.Response:
    return requests.post(f"{url}/api/exercises/{exercise_id}/check", json={**answer, **who}, timeout=30)


def copy(url: str, exercise_id: str, **query: str) -> dict[str, Any]:
    got = requests.get(f"{url}/api/exercises/{exercise_id}", params=query, timeout=30)
    assert got.status_code == 200, got.text
    return got.json()


def tree_answer(student_copy: dict[str, Any], request: dict[str, Any]) -> dict[str, Any]:
    """The right answer for the tree a student copy shows (the engine's own, from the leaves the copy gives)."""
    def shape(node: dict[str, Any]) -> Any:
        return node["value"] if "value" in node else [shape(child) for child in node["children"]]
    exercise = parse_exercise({"tree": shape(student_copy["tree"]), "algorithm": request.get("algorithm", "alphabeta"),
                               "ties": "prune", "ask": student_copy["ask"]})
    return model_answer(exercise)


def leaves(tree: dict[str, Any]) -> list[Any]:
    return [tree["value"]] if "value" in tree else [v for child in tree["children"] for v in leaves(child)]


def test_a_roster_gives_private_links_and_refuses_typed_names(server: tuple[str, str]) -> None:
    url, db = server
    made = make(url, roster=["Ada Lovelace", "  Bob  Smith ", "=HYPERLINK(\"x\")"], attempts=2)
    assert made.status_code == 201, made.text
    body = made.json()
    assert set(body) == {"id", "url", "key", "links"}
    assert [link["student"] for link in body["links"]] == ["Ada Lovelace", "Bob Smith", "=HYPERLINK(\"x\")"]
    tokens = [token(link["url"]) for link in body["links"]]
    assert all(re.fullmatch(r"/x/[\w-]+\?s=[\w-]{24}", link["url"]) for link in body["links"])
    assert len(set(tokens)) == 3 and all(len(t) >= 22 for t in tokens)  # 18 random bytes each
    exercise_id = body["id"]
    answer = {"values": {"A": 3}, "pruned": []}
    # No s, a wrong s, a typed name: 403, nothing stored.
    for who in ({}, {"s": "not-a-real-token-at-all"}, {"student": "Ada Lovelace"}, {"student": "Ada Lovelace", "s": tokens[0]}):
        refused = check(url, exercise_id, answer, **who)
        assert refused.status_code == 403, who
    assert "use the link your instructor sent" in check(url, exercise_id, answer, s="bad-token-xxxxxxxx").json()["error"]
    assert rows(db, "attempts") == 0 or query(db, "SELECT COUNT(*) FROM attempts WHERE exercise_id = ?", exercise_id)[0][0] == 0
    hint = requests.post(f"{url}/api/exercises/{exercise_id}/hint", json={"student": "Ada"}, timeout=10)
    assert hint.status_code == 403
    assert requests.get(f"{url}/api/exercises/{exercise_id}/solution", timeout=10).status_code == 403
    # The copy without s says it is a roster exercise; with s, the student's roster name.
    anonymous = copy(url, exercise_id)
    assert anonymous["roster"] is True and anonymous["person"] is False and "roster_student" not in anonymous
    ada = copy(url, exercise_id, s=tokens[0])
    assert ada["roster_student"] == "Ada Lovelace" and ada["person"] is True and ada["attempts_left"] == 2
    # The limit holds per roster entry, whatever the learner token says.
    assert check(url, exercise_id, answer, s=tokens[0], learner="browser-one").status_code == 200
    assert check(url, exercise_id, answer, s=tokens[0], learner="browser-two").status_code == 200
    assert check(url, exercise_id, answer, s=tokens[0], learner="browser-three").status_code == 403
    assert check(url, exercise_id, answer, s=tokens[1]).status_code == 200
    stored = query(db, "SELECT student, roster_entry FROM attempts WHERE exercise_id = ? ORDER BY id", exercise_id)
    assert [s for s, _ in stored] == ["Ada Lovelace", "Ada Lovelace", "Bob Smith"] and len({e for _, e in stored}) == 2
    # The instructor's key still checks and opens the solution without an s.
    key = body["key"]
    instructor = {**answer, "learner": "instructors-browser"}  # (a limit needs to know whose a check is)
    assert requests.post(f"{url}/api/exercises/{exercise_id}/check?key={key}", json=instructor, timeout=10).status_code == 200
    assert requests.get(f"{url}/api/exercises/{exercise_id}/solution", params={"key": key}, timeout=10).status_code == 200
    results = requests.get(f"{url}/api/exercises/{exercise_id}/results", params={"key": key}, timeout=10).json()
    assert results["roster"] is True and [a["roster"] for a in results["attempt_list"]][1:] == [True, True, True]


def test_bad_rosters_are_refused_naming_the_entry_and_store_nothing(server: tuple[str, str]) -> None:
    url, db = server
    before = rows(db, "exercises")
    cases = {"roster[1]": ["Ada", " ada "], "roster[0]": ["  "], "roster": [], "roster[2]": ["a", "b", "x" * 101]}
    for where, names in cases.items():
        refused = make(url, roster=names)
        assert refused.status_code == 400 and refused.json()["error"].startswith(where), (where, refused.text)
    assert make(url, roster=["Ada\nBob"]).json()["error"].startswith("roster[0]")
    assert make(url, roster=[str(n) for n in range(MAX_ROSTER + 1)]).status_code == 400
    assert make(url, roster="Ada, Bob").json()["error"].startswith("roster")
    assert rows(db, "exercises") == before and make(url, roster=[str(n) for n in range(MAX_ROSTER)]).status_code == 201


def test_a_typed_name_is_one_student_however_it_is_spelled(server: tuple[str, str]) -> None:
    url, db = server
    exercise_id = make(url, attempts=2).json()["id"]
    answer = {"values": {"A": 3}, "pruned": []}
    assert check(url, exercise_id, answer, student="Bob").status_code == 200
    assert check(url, exercise_id, answer, student="Bob ").status_code == 200
    used = check(url, exercise_id, answer, student="  BOB")
    assert used.status_code == 403 and "used your 2 attempts" in used.json()["error"]
    assert check(url, exercise_id, answer, student="Bobby").status_code == 200
    assert copy(url, exercise_id, student="bob")["attempts_left"] == 0
    assert copy(url, exercise_id, student="bob")["person"] is False  # a typed name is not tied to a person
    assert check(url, exercise_id, answer, s="anything-at-all-here").status_code == 403  # no roster: no token is its own
    key = make(url).json()["key"]  # (another exercise: its key is not this one's)
    results = requests.get(f"{url}/api/exercises/{exercise_id}/results", params={"key": key}, timeout=10)
    assert results.status_code == 403


def test_roster_additions_links_and_csv(server: tuple[str, str]) -> None:
    url, db = server
    body = make(url, roster=["Ada", "=cmd|' /C calc'!A0"]).json()
    exercise_id, key = body["id"], body["key"]
    base = f"{url}/api/exercises/{exercise_id}/roster"
    assert requests.get(base, timeout=10).status_code == 403
    assert requests.get(base, params={"key": "wrong"}, timeout=10).status_code == 403
    assert requests.get(f"{url}/api/exercises/no-such-one/roster", params={"key": key}, timeout=10).status_code == 404
    assert requests.post(base, params={"key": "wrong"}, json={"roster": ["Cy"]}, timeout=10).status_code == 403
    added = requests.post(base, params={"key": key}, json={"roster": ["Cy", "Dee"]}, timeout=10)
    assert added.status_code == 201 and [link["student"] for link in added.json()["links"]] == ["Cy", "Dee"]
    again = requests.post(base, params={"key": key}, json={"roster": ["Eve", " ADA"]}, timeout=10)
    assert again.status_code == 400 and again.json()["error"].startswith("roster[1]") and "already on the roster" in again.json()["error"]
    listed = requests.get(base, params={"key": key}, timeout=10).json()["links"]
    assert [link["student"] for link in listed] == ["Ada", "=cmd|' /C calc'!A0", "Cy", "Dee"]  # Eve not half-added
    assert listed[:2] == body["links"] and listed[2:] == added.json()["links"]
    ada = token(listed[0]["url"])
    assert copy(url, exercise_id, s=token(listed[3]["url"]))["roster_student"] == "Dee"
    csv_response = requests.get(f"{base}.csv", params={"key": key}, timeout=10)
    assert csv_response.status_code == 200 and csv_response.headers["Content-Type"].startswith("text/csv")
    assert csv_response.content.startswith("\ufeff".encode())
    table = list(csv.reader(io.StringIO(csv_response.content.decode("utf-8-sig"))))
    assert table[0] == ["name", "link"] and len(table) == 5
    assert table[1] == ["Ada", f"{url}/x/{exercise_id}?s={ada}"]
    assert table[2][0] == "'=cmd|' /C calc'!A0"  # never a formula
    plain = make(url).json()
    refused = requests.post(f"{url}/api/exercises/{plain['id']}/roster", params={"key": plain["key"]}, json={"roster": ["Ada"]}, timeout=10)
    assert refused.status_code == 409


def test_per_student_trees_are_each_checked_against_their_own(server: tuple[str, str]) -> None:
    url, db = server
    request = {"generate": GENERATE, "ask": ["values", "pruned"]}
    refused = make(url, tree=None, **{**request, "generate": None}, variants="per-student")
    assert refused.status_code == 400
    assert make(url, variants="per-student").json()["error"].startswith("variants")
    assert make(url, tree=None, generate=GENERATE, variants="everyone").json()["error"].startswith("variants")
    body = make(url, tree=None, generate=GENERATE, ask=["values", "pruned"], variants="per-student", roster=["Ada", "Bob"]).json()
    exercise_id, key = body["id"], body["key"]
    ada, bob = (token(link["url"]) for link in body["links"])
    ada_copy, bob_copy = copy(url, exercise_id, s=ada), copy(url, exercise_id, s=bob)
    assert ada_copy["variants"] == "per-student" and leaves(ada_copy["tree"]) != leaves(bob_copy["tree"])
    assert copy(url, exercise_id, s=ada)["tree"] == ada_copy["tree"]  # the same tree every time
    ada_answer, bob_answer = tree_answer(ada_copy, request), tree_answer(bob_copy, request)
    copied = check(url, exercise_id, bob_answer, s=ada)  # Bob's right answer, sent from Ada's link
    assert copied.status_code == 200 and copied.json()["score"] < 1.0
    assert check(url, exercise_id, ada_answer, s=ada).json()["score"] == 1.0
    assert check(url, exercise_id, bob_answer, s=bob).json()["score"] == 1.0
    # A hint and the solution are of the student's own tree.
    hint = requests.post(f"{url}/api/exercises/{exercise_id}/hint", json={"s": ada}, timeout=10).json()["hint"]
    assert hint is not None
    solution = requests.get(f"{url}/api/exercises/{exercise_id}/solution", params={"s": bob}, timeout=10)
    assert solution.status_code == 200 and str(bob_copy["tree"]["children"][0]["children"][0].get("value", "")) in solution.text
    # The instructor opens each attempt on its own tree, with its answer; misconceptions are counted across trees.
    results = requests.get(f"{url}/api/exercises/{exercise_id}/results", params={"key": key}, timeout=10).json()
    assert results["variants"] == "per-student" and results["attempts"] == 3
    assert all(a["variant"] is not None for a in results["attempt_list"])
    first = results["attempt_list"][-1]
    one = requests.get(f"{url}/api/exercises/{exercise_id}/attempts/{first['id']}", params={"key": key}, timeout=10)
    assert one.status_code == 200
    seen = one.json()
    assert seen["student"]["tree"] == ada_copy["tree"] and seen["answer"] == bob_answer and seen["check"]["score"] == copied.json()["score"]
    assert seen["attempt"]["student"] == "Ada" and seen["attempt"]["attempt"] == 1
    assert requests.get(f"{url}/api/exercises/{exercise_id}/attempts/{first['id']}", timeout=10).status_code == 403
    assert requests.get(f"{url}/api/exercises/{exercise_id}/attempts/999999", params={"key": key}, timeout=10).status_code == 404


def test_per_attempt_draws_a_new_tree_after_each_check(server: tuple[str, str]) -> None:
    url, db = server
    request = {"generate": GENERATE, "ask": ["values", "pruned"]}
    exercise_id = make(url, tree=None, generate=GENERATE, ask=["values", "pruned"], variants="per-attempt").json()["id"]
    who = {"learner": "learner-per-attempt-1"}
    first = copy(url, exercise_id, **who)
    assert copy(url, exercise_id, **who)["tree"] == first["tree"]  # the same until a check
    checked = check(url, exercise_id, tree_answer(first, request), **who)
    assert checked.json()["score"] == 1.0 and checked.json()["new_tree"] is True
    second = copy(url, exercise_id, **who)
    assert leaves(second["tree"]) != leaves(first["tree"])
    assert check(url, exercise_id, tree_answer(first, request), **who).json()["score"] < 1.0  # the old tree's answer
    other = copy(url, exercise_id, learner="learner-per-attempt-2")
    assert leaves(other["tree"]) != leaves(first["tree"])


def test_per_attempt_requests_name_the_tree_on_screen(server: tuple[str, str]) -> None:
    """Two tabs on the same tree: the first check deals a new tree; the second tab's check of the old one is refused
    (409, nothing stored) instead of being scored against a tree it never saw; a hint and the solution are of the tree
    the page names, the old one included, never of a tree not dealt yet."""
    url, _ = server
    request = {"generate": GENERATE, "ask": ["values", "pruned"]}
    made = make(url, tree=None, generate=GENERATE, ask=["values", "pruned"], variants="per-attempt").json()
    exercise_id = made["id"]
    who = {"learner": "learner-two-tabs-1"}
    tab = copy(url, exercise_id, **who)
    assert tab["tree_number"] == 0
    right = tree_answer(tab, request)
    assert check(url, exercise_id, {**right, "tree_number": 0}, **who).json()["score"] == 1.0
    stale = check(url, exercise_id, {**right, "tree_number": 0}, **who)
    assert stale.status_code == 409 and "reload the page" in stale.json()["error"]
    assert copy(url, exercise_id, **who)["tree_number"] == 1
    base = f"{url}/api/exercises/{exercise_id}"
    hinted = requests.post(f"{base}/hint", json={**right, "tree_number": 0, **who}, timeout=10).json()
    assert hinted == {"hint": None}  # all right on the tree shown (tree 0), not a hint into tree 1
    old = requests.get(f"{base}/solution", params={"tree_number": "0", **who}, timeout=10)
    assert old.status_code == 200 and '"node":"A"' in old.text.replace(" ", "")
    assert requests.get(f"{base}/solution", params={"tree_number": "2", **who}, timeout=10).status_code == 409
    bad = requests.post(f"{base}/check", json={**right, "tree_number": "x", **who}, timeout=10)
    assert bad.status_code == 400 and bad.json()["error"].startswith("tree_number:")
    too_big = requests.get(f"{base}/attempts/99999999999999999999", params={"key": made["key"]}, timeout=10)
    assert too_big.status_code == 404  # past any row id: not found, never a 500
