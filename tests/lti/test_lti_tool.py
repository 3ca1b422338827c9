"""Our server as an LTI 1.3 tool, against the test LMS (tests/helpers/lti_platform.py: real signed id_tokens, its
JWKS, OAuth2 client credentials checked against our /lti/jwks, AGS recording the scores): an instructor adds a graded
exercise by deep linking, a student's launch and Checks send scores to the gradebook, an instructor's launch opens
the results, and every kind of bad launch is refused by name with nothing stored.
"""

from __future__ import annotations

import csv
import html
import io
import sqlite3
from pathlib import Path
from typing import Any, Iterator, NamedTuple
from urllib.parse import parse_qs, urlsplit

import pytest
import requests
from flask import Flask

from tests.helpers.lti_course import deep_link, lms_and_tool
from tests.helpers.lti_platform import INSTRUCTOR, LtiPlatform, LtiUser, ResourceLink

LECTURE = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"
RIGHT = {"values": {"A": 3, "B": 3, "C": 2, "D": 2}, "pruned": ["C2", "C3"]}
HALF_RIGHT = {"values": {"A": 3, "B": 3, "C": 4, "D": 5}, "pruned": []}


class Lms(NamedTuple):
    platform: LtiPlatform
    url: str
    app: Flask
    database: Path
    prof: LtiUser


@pytest.fixture(scope="module")
def lms(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lms]:
    with lms_and_tool(tmp_path_factory.mktemp("lti")) as both:
        yield Lms(*both, both.platform.add_user("prof", "Ada Byron", roles=INSTRUCTOR))


def launch_id_of(response: requests.Response) -> str:
    return parse_qs(urlsplit(response.headers["Location"]).query)["lti"][0]


def add_link(lms: Lms, **form: str) -> tuple[ResourceLink, requests.Response]:
    """An instructor's deep linking, through our picker: (the link the LMS made, our answer page)."""
    return deep_link(lms.platform, lms.url, lms.prof, **form)


def check(lms: Lms, exercise_id: str, answer: dict[str, Any], lti: str) -> dict[str, Any]:
    answered = requests.post(f"{lms.url}/api/exercises/{exercise_id}/check", json={**answer, "lti": lti}, timeout=30)
    assert answered.status_code == 200, answered.text
    return answered.json()


def rows(lms: Lms, table: str) -> int:
    with sqlite3.connect(lms.database) as db:
        return int(db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])


def stored_launches(lms: Lms) -> int:
    return len(lms.app.extensions["minimax_lti"].backend._kinds["launch"])


def test_a_graded_exercise_added_by_deep_linking_sends_each_students_best_score_and_opens_results_for_the_instructor(
        lms: Lms) -> None:
    link, sent = add_link(lms, choice="new", tree=LECTURE, algorithm="alphabeta", grade="best", hints="on",
                          solution="on", attempts="", title="Week 3: alpha-beta")
    exercise_id = urlsplit(link.target_link_uri).path.split("/")[-1]
    assert link.target_link_uri == f"{lms.url}/x/{exercise_id}" and link.title == "Week 3: alpha-beta"
    policy = sent.headers["Content-Security-Policy"]  # posts its form to the LMS, inside the LMS's frame
    assert f"form-action 'self' {lms.platform.url}" in policy and f"frame-ancestors 'self' {lms.platform.url}" in policy
    item = lms.platform.deep_link_items[-1]
    assert item["type"] == "ltiResourceLink" and item["lineItem"]["scoreMaximum"] == 100
    assert item["lineItem"]["resourceId"] == exercise_id and link.line_item_id
    results_link = urlsplit(sent.text.split('id="results-link" href="')[1].split('"')[0])
    assert results_link.path == f"/x/{exercise_id}/results" and "key=" in results_link.query

    alice = lms.platform.add_user("alice", "Alice Liddell")
    student = requests.Session()
    opened = lms.platform.launch(student, alice, link)
    assert opened.status_code == 303 and urlsplit(opened.headers["Location"]).path == f"/x/{exercise_id}"
    lti = launch_id_of(opened)
    copy = requests.get(f"{lms.url}/api/exercises/{exercise_id}", params={"lti": lti}, timeout=10).json()
    assert copy["lms"] == {"student": "Alice Liddell", "course": "Game search", "graded": True}
    assert copy["options"]["grade"] == "best"

    first = check(lms, exercise_id, HALF_RIGHT, lti)
    assert 0 < first["score"] < 1
    assert first["lms"] == {"sent": True, "points": round(first["score"] * 100, 2), "out_of": 100, "grade": "best"}
    second = check(lms, exercise_id, RIGHT, lti)
    third = check(lms, exercise_id, HALF_RIGHT, lti)
    assert (second["lms"]["points"], third["lms"]["points"]) == (100, 100)  # the best so far, not the latest
    scores = lms.platform.wait_for_scores(3)[-3:]
    assert [s["scoreGiven"] for s in scores] == [first["lms"]["points"], 100, 100]
    assert all(s["userId"] == alice.sub and s["scoreMaximum"] == 100 and s["activityProgress"] == "Completed"
               and s["gradingProgress"] == "FullyGraded" and s["lineItem"] == link.line_item_id for s in scores)

    teacher = lms.platform.launch(requests.Session(), lms.prof, link)
    assert teacher.status_code == 303 and urlsplit(teacher.headers["Location"]).path == f"/x/{exercise_id}/results"
    teacher_lti = launch_id_of(teacher)
    results = requests.get(f"{lms.url}/api/exercises/{exercise_id}/results", params={"lti": teacher_lti}, timeout=10)
    assert results.status_code == 200
    found = results.json()
    assert (found["attempts"], found["first_attempts"], found["retries"]) == (3, 1, 2)  # one student, by LMS identity
    assert {(a["student"], a["lms"]) for a in found["attempt_list"]} == {("Alice Liddell", True)}
    table = requests.get(f"{lms.url}/api/exercises/{exercise_id}/results.csv", params={"lti": teacher_lti}, timeout=10)
    lines = list(csv.DictReader(io.StringIO(table.content.decode("utf-8").removeprefix("\ufeff"))))
    assert {line["lms_user"] for line in lines} == {f"{lms.platform.issuer} {alice.sub}"}
    assert requests.get(f"{lms.url}/api/exercises/{exercise_id}/results", params={"lti": lti}, timeout=10).status_code == 403


def test_an_exercise_made_elsewhere_is_added_by_its_results_link_and_a_latest_grade_sends_the_latest_score(lms: Lms) -> None:
    made = requests.post(f"{lms.url}/api/exercises", json={"tree": [[3, 12, 8], [2, 4, 6], [14, 5, 2]], "grade": "latest"},
                         timeout=10).json()
    wrong = requests.Session()
    started = lms.platform.deep_link_launch(wrong, lms.prof)
    launch = parse_qs(urlsplit(started.headers["Location"]).query)["launch"][0]
    refused = wrong.post(f"{lms.url}/lti/deep-link", timeout=10, data={
        "launch": launch, "choice": "mine", "results": f"{lms.url}/x/{made['id']}/results?key=not-the-key"})
    assert refused.status_code == 400 and 'id="error-results"' in refused.text and "with that results key" in refused.text
    link, _ = add_link(lms, choice="mine", results=f"{lms.url}/x/{made['id']}/results?key={made['key']}")
    assert link.target_link_uri == f"{lms.url}/x/{made['id']}"
    bob = lms.platform.add_user("bob", "Bob Dodgson")
    lti = launch_id_of(lms.platform.launch(requests.Session(), bob, link))
    count = len(lms.platform.scores)
    assert check(lms, made["id"], RIGHT, lti)["lms"]["points"] == 100
    latest = check(lms, made["id"], HALF_RIGHT, lti)["lms"]
    assert latest["grade"] == "latest" and latest["points"] < 100
    scores = lms.platform.wait_for_scores(count + 2)[count:]
    assert [(s["userId"], s["scoreGiven"]) for s in scores] == [(bob.sub, 100), (bob.sub, latest["points"])]


def test_a_view_link_opens_the_embedded_view_ungraded(lms: Lms) -> None:
    link, _ = add_link(lms, choice="view", view="/?example=lecture&algorithm=alphabeta&step=30", title="The α cut")
    assert link.target_link_uri == f"{lms.url}/embed?example=lecture&algorithm=alphabeta&step=30"
    assert lms.platform.deep_link_items[-1].get("lineItem") is None
    opened = lms.platform.launch(requests.Session(), lms.platform.add_user("carol", "Carol"), link)
    assert opened.status_code == 303 and opened.headers["Location"] == "/embed?example=lecture&algorithm=alphabeta&step=30"


def test_a_hidden_solutions_page_opens_for_the_courses_instructor_only(lms: Lms) -> None:
    """With the solution off, /x/<id>/solution?lti= of a student's launch is the hidden page (403, no tree:
    server/http/solution_hidden.py); of an instructor's launch from the course, the replay."""
    link, _ = add_link(lms, choice="new", tree=LECTURE, algorithm="alphabeta", grade="best", attempts="", title="Graded")
    exercise_id = urlsplit(link.target_link_uri).path.split("/")[-1]
    student = launch_id_of(lms.platform.launch(requests.Session(), lms.platform.add_user("sam", "Sam"), link))
    teacher = launch_id_of(lms.platform.launch(requests.Session(), lms.prof, link))
    for path in (f"/x/{exercise_id}/solution", f"/embed/x/{exercise_id}/solution"):
        hidden = requests.get(lms.url + path, params={"lti": student, "step": "0"}, timeout=10)
        assert hidden.status_code == 403 and 'id="solution-hidden-what"' in hidden.text and "<script" not in hidden.text
        replay = requests.get(lms.url + path, params={"lti": teacher, "step": "0"}, timeout=10)
        assert replay.status_code == 200 and f'data-exercise-solution="{exercise_id}"' in replay.text


def test_the_picker_names_a_bad_field_and_makes_nothing(lms: Lms) -> None:
    session = requests.Session()
    started = lms.platform.deep_link_launch(session, lms.prof)
    launch = parse_qs(urlsplit(started.headers["Location"]).query)["launch"][0]
    before = rows(lms, "exercises")
    for form, field, words in (({"choice": "new", "tree": "[[3, 12"}, "tree", "not JSON"),
                               ({"choice": "new", "tree": LECTURE, "attempts": "many"}, "attempts", "whole number"),
                               ({"choice": "view", "view": "https://elsewhere.example/page"}, "view", "Minimax Lab link"),
                               ({"choice": "view", "view": f"{lms.url}/t/abc123"}, "view", "no saved tree with id &#39;abc123&#39; is stored"),
                               ({"choice": "view", "view": "/embed/r/abc123?step=3"}, "view", "no saved trace with id &#39;abc123&#39;")):
        answer = session.post(f"{lms.url}/lti/deep-link", data={"launch": launch, **form}, timeout=10)
        assert answer.status_code == 400 and f'id="error-{field}"' in answer.text and words in answer.text
        assert "&lt;" not in answer.text.split(f'id="error-{field}"')[0][-5:]
    assert rows(lms, "exercises") == before
    student_page = session.get(f"{lms.url}/lti/deep-link", params={"launch": "lti1p3-launch-unknown"}, timeout=10)
    assert student_page.status_code == 404


@pytest.mark.parametrize("tamper, status, words", [
    ("unknown_issuer", 400, "unknown issuer 'https://unknown-lms.invalid'"),
    ("bad_signature", 403, "bad signature"),
    ("expired", 400, "expired token"),
    ("wrong_audience", 400, "wrong audience: the id_token is for client"),
    ("no_deployment_id", 400, "no deployment id: the id_token has no deployment_id claim, so this tool cannot tell which "
                              "placement of it in the LMS launched"),
])
def test_a_bad_launch_is_refused_by_name_and_nothing_is_stored(lms: Lms, tamper: str, status: int, words: str) -> None:
    link = lms.platform.add_resource_link(f"{lms.url}/x/none", "Refused")
    before = (stored_launches(lms), rows(lms, "attempts"), rows(lms, "lti_courses"))
    answer = lms.platform.launch(requests.Session(), lms.platform.add_user(f"eve-{tamper}", "Eve"), link, tamper=tamper)
    assert answer.status_code == status and words in html.unescape(answer.text), answer.text
    assert "Location" not in answer.headers
    assert (stored_launches(lms), rows(lms, "attempts"), rows(lms, "lti_courses")) == before


def test_a_replayed_id_token_is_refused(lms: Lms) -> None:
    link = lms.platform.add_resource_link(f"{lms.url}/x/none", "Replayed")
    session = requests.Session()
    assert lms.platform.launch(session, lms.platform.add_user("mallory", "Mallory"), link).status_code == 303
    before = stored_launches(lms)
    again = lms.platform.post_form(session)
    assert again.status_code == 403 and "replayed nonce" in again.text
    assert stored_launches(lms) == before


def test_a_launch_works_only_for_its_own_exercise(lms: Lms) -> None:
    made = [requests.post(f"{lms.url}/api/exercises", json={"tree": [[1, 2], [3, 4]]}, timeout=10).json() for _ in range(2)]
    link = lms.platform.add_resource_link(f"{lms.url}/x/{made[0]['id']}", "One", line_item={"scoreMaximum": 10})
    lti = launch_id_of(lms.platform.launch(requests.Session(), lms.platform.add_user("dan", "Dan"), link))
    other = requests.post(f"{lms.url}/api/exercises/{made[1]['id']}/check", json={"values": {}, "lti": lti}, timeout=10)
    assert other.status_code == 400 and "lti" in other.json()["error"] and "another exercise" in other.json()["error"]
    expired = requests.post(f"{lms.url}/api/exercises/{made[0]['id']}/check", timeout=10,
                            json={"values": {}, "lti": "lti1p3-launch-00000000-0000-0000-0000-000000000000"})
    assert expired.status_code == 400 and "open the exercise again from your course" in expired.json()["error"]
    # A course link made by hand (not by deep linking): its instructor is asked once for the results link (the key).
    teacher = requests.Session()
    asked = lms.platform.launch(teacher, lms.prof, link)
    assert asked.status_code == 303 and urlsplit(asked.headers["Location"]).path == "/lti/attach"
    page = teacher.get(lms.url + asked.headers["Location"], timeout=10)
    assert page.status_code == 200 and f'href="/x/{made[0]["id"]}?lti=' in page.text
    launch = parse_qs(urlsplit(asked.headers["Location"]).query)["launch"][0]
    other = teacher.post(f"{lms.url}/lti/attach", timeout=10, data={
        "launch": launch, "results": f"{lms.url}/x/{made[1]['id']}/results?key={made[1]['key']}"})
    assert other.status_code == 400 and "another exercise" in html.unescape(other.text)
    assert requests.post(f"{lms.url}/lti/attach", data={"launch": lti, "results": ""}, timeout=10).status_code == 403  # a student's
    added = teacher.post(f"{lms.url}/lti/attach", allow_redirects=False, timeout=10, data={
        "launch": launch, "results": f"{lms.url}/x/{made[0]['id']}/results?key={made[0]['key']}"})
    assert added.status_code == 303 and urlsplit(added.headers["Location"]).path == f"/x/{made[0]['id']}/results"
    again = lms.platform.launch(requests.Session(), lms.prof, link)  # from now on, straight to the results
    assert urlsplit(again.headers["Location"]).path == f"/x/{made[0]['id']}/results"


def test_a_course_link_to_an_exercise_not_stored_opens_the_not_found_page(lms: Lms) -> None:
    """A link made by hand to /x/<id> of an exercise this server does not hold (mistyped, or stored on another server):
    the student's and the instructor's launches both end on the not-found page naming it (server/http/not_found.py)."""
    link = lms.platform.add_resource_link(f"{lms.url}/x/abc123", "Gone")
    for user in (lms.platform.add_user("nora", "Nora"), lms.prof):
        session = requests.Session()
        landed = session.get(lms.url + lms.platform.launch(session, user, link).headers["Location"], timeout=10)
        assert landed.status_code == 404 and "No exercise with id <code>abc123</code> is stored on this server." in landed.text


def test_a_login_from_an_unknown_platform_is_refused_and_jwks_serves_our_key(lms: Lms) -> None:
    refused = requests.get(f"{lms.url}/lti/login", params={"iss": "https://nobody.example", "login_hint": "x",
                                                          "target_link_uri": f"{lms.url}/"}, timeout=10)
    assert refused.status_code == 400 and "login: unknown issuer 'https://nobody.example'" in html.unescape(refused.text)
    keys = requests.get(f"{lms.url}/lti/jwks", timeout=10).json()["keys"]
    assert len(keys) == 1 and keys[0]["kty"] == "RSA" and keys[0]["alg"] == "RS256" and keys[0]["kid"]


def test_links_made_by_hand_get_a_gradebook_column_per_exercise_and_one_token_serves_many_checks(lms: Lms) -> None:
    made = [requests.post(f"{lms.url}/api/exercises", json={"tree": [[3, 12, 8], [2, 4, 6], [14, 5, 2]]}, timeout=10).json()
            for _ in range(2)]
    links = [lms.platform.add_resource_link(f"{lms.url}/x/{m['id']}", f"Hand-made {n}", gradebook=True) for n, m in enumerate(made)]
    erin = lms.platform.add_user("erin", "Erin")
    tokens_before, count = len(lms.platform.tokens), len(lms.platform.scores)
    for link, exercise in zip(links, made):
        lti = launch_id_of(lms.platform.launch(requests.Session(), erin, link))
        for answer in (HALF_RIGHT, RIGHT):
            assert check(lms, exercise["id"], answer, lti)["lms"]["sent"] is True
    scores = lms.platform.wait_for_scores(count + 4)[count:]
    columns = {item["resourceId"]: number for number, item in lms.platform.line_items.items() if item.get("resourceId")}
    assert [s["lineItem"].rstrip("/").split("/")[-1] for s in scores] == [columns[made[0]["id"]]] * 2 + [columns[made[1]["id"]]] * 2
    assert len(lms.platform.tokens) - tokens_before <= 1  # kept between Checks (a token from an earlier test may serve)


def test_a_best_grade_is_the_best_of_the_checks_made_from_that_link(lms: Lms) -> None:
    made = requests.post(f"{lms.url}/api/exercises", json={"tree": [[3, 12, 8], [2, 4, 6], [14, 5, 2]]}, timeout=10).json()
    practice, quiz = (lms.platform.add_resource_link(f"{lms.url}/x/{made['id']}", title, line_item={"scoreMaximum": 100})
                      for title in ("Practice", "Quiz"))
    frank = lms.platform.add_user("frank", "Frank")
    assert check(lms, made["id"], RIGHT, launch_id_of(lms.platform.launch(requests.Session(), frank, practice)))["lms"]["points"] == 100
    on_quiz = check(lms, made["id"], HALF_RIGHT, launch_id_of(lms.platform.launch(requests.Session(), frank, quiz)))["lms"]
    assert on_quiz["sent"] and on_quiz["points"] < 100  # the practice link's 100 is not the quiz's


@pytest.mark.parametrize("target", ["/\\evil.example/x", "//evil.example/x", "/x/%2F%2Fevil.example"])
def test_a_launch_never_redirects_off_our_host(lms: Lms, target: str) -> None:
    link = lms.platform.add_resource_link(lms.url + target, "Odd target")
    opened = lms.platform.launch(requests.Session(), lms.platform.add_user(f"grace-{len(lms.platform.users)}", "Grace"), link)
    assert opened.status_code == 303 and opened.headers["Location"] == "/"


def test_the_course_gradebook_shows_what_the_lms_gradebook_received(lms: Lms) -> None:
    """Issue 46 part 6: for an LMS student, the course gradebook's score at each exercise is the grade the platform
    last recorded for them on that link's line item (a "best" and a "latest" exercise)."""
    made: dict[str, tuple[ResourceLink, str]] = {}
    for grade in ("best", "latest"):
        link, sent = add_link(lms, choice="new", tree=LECTURE, algorithm="alphabeta", grade=grade, attempts="", title=f"By {grade}")
        results = urlsplit(html.unescape(sent.text.split('id="results-link" href="')[1].split('"')[0]))
        made[grade] = (link, parse_qs(results.query)["key"][0])
    ids = {grade: urlsplit(link.target_link_uri).path.split("/")[-1] for grade, (link, _) in made.items()}
    course = requests.post(f"{lms.url}/api/courses", timeout=10, json={
        "title": "Game search", "exercises": [{"id": ids[grade], "key": key} for grade, (_, key) in made.items()]}).json()
    dana = lms.platform.add_user("dana", "Dana Scully")
    count = len(lms.platform.scores)
    for grade, answers in (("best", (HALF_RIGHT, RIGHT, HALF_RIGHT)), ("latest", (RIGHT, HALF_RIGHT))):
        lti = launch_id_of(lms.platform.launch(requests.Session(), dana, made[grade][0]))
        for answer in answers:
            check(lms, ids[grade], answer, lti)
    received = lms.platform.wait_for_scores(count + 5)[count:]
    book = requests.get(f"{lms.url}/api/courses/{course['id']}/gradebook", params={"key": course["key"]}, timeout=10).json()
    [row] = [s for s in book["students"] if s["name"] == "Dana Scully"]
    assert row["lms"] is True
    for grade, (link, _) in made.items():
        last = [s for s in received if s["lineItem"] == link.line_item_id and s["userId"] == dana.sub][-1]
        assert round(row["scores"][ids[grade]]["score"] * 100, 2) == last["scoreGiven"]
    assert row["scores"][ids["best"]]["score"] == 1.0 and row["scores"][ids["latest"]]["score"] < 1.0
