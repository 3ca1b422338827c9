"""The LMS course's roster (LTI Names and Role Provisioning Services 2.0) against the test LMS, over real HTTP
(tests/helpers/lti_platform_nrps.py): the results of an exercise added to the course and the course gradebook list
every learner, "not started" for those who have not checked; the roster is read with the tool's token, every page of
it, and kept a few minutes; an LMS that fails costs the results nothing."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any, Iterator, NamedTuple
from urllib.parse import parse_qs, urlsplit

import pytest
import requests

from server.lti.course_roster import FAILURE_SECONDS, ROSTER_SECONDS, RosterCache
from tests.helpers.lti_course import LmsAndTool, deep_link, lms_and_tool
from tests.helpers.lti_platform import INSTRUCTOR, STUDENT, ResourceLink

LECTURE = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"
RIGHT = {"values": {"A": 3, "B": 3, "C": 2, "D": 2}, "pruned": ["C2", "C3"]}
NRPS_SCOPE = "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly"


class Course(NamedTuple):
    both: LmsAndTool
    link: ResourceLink
    exercise_id: str
    key: str


@pytest.fixture
def course(tmp_path: Path) -> Iterator[Course]:
    """A course with an exercise added by deep linking (its launch offers the roster), and the exercise's results key."""
    with lms_and_tool(tmp_path) as both:
        prof = both.platform.add_user("prof", "Ada Byron", roles=INSTRUCTOR)
        link, sent = deep_link(both.platform, both.url, prof, choice="new", tree=LECTURE, algorithm="alphabeta",
                               grade="best", attempts="", title="Week 3")
        found = re.search(r'id="results-link" href="([^"]+)"', sent.text)
        assert found is not None
        results_link = urlsplit(html.unescape(found.group(1)))
        yield Course(both, link, results_link.path.split("/")[2], parse_qs(results_link.query)["key"][0])


def launch(course: Course, login: str) -> str:
    opened = course.both.platform.launch(requests.Session(), course.both.platform.users[login], course.link)
    assert opened.status_code == 303, opened.text
    return parse_qs(urlsplit(opened.headers["Location"]).query)["lti"][0]


def check(course: Course, lti: str) -> None:
    answer = requests.post(f"{course.both.url}/api/exercises/{course.exercise_id}/check", json={**RIGHT, "lti": lti}, timeout=30)
    assert answer.status_code == 200, answer.text


def results(course: Course, exercise_id: str | None = None, key: str | None = None) -> dict[str, Any]:
    answer = requests.get(f"{course.both.url}/api/exercises/{exercise_id or course.exercise_id}/results",
                          params={"key": key or course.key}, timeout=30)
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_the_results_list_every_learner_of_the_course_with_those_not_started(course: Course) -> None:
    platform = course.both.platform
    platform.members_per_page = 2  # the roster comes in pages: every one is read
    for login, name in (("alice", "Alice Liddell"), ("bob", "Bob Cratchit"), ("carol", "Carol Danvers"), ("dan", "Dan Dare")):
        platform.add_user(login, name, roles=STUDENT)
    platform.add_user("tess", "Tess Assist", roles=("http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant",))
    platform.left_course.add("dan")  # dropped the course: the LMS no longer lists him
    check(course, launch(course, "alice"))
    launch(course, "bob")  # opened it, never checked: not started
    found = results(course)["lms_roster"]
    assert found["learners"] == 3 and found["not_started"] == 2
    [listed] = found["courses"]
    assert listed["title"] == "Game search" and listed["error"] is None
    assert listed["members"] == [
        {"name": "Alice Liddell", "status": "started", "attempts": 1, "best": 1.0},
        {"name": "Bob Cratchit", "status": "not started", "attempts": 0, "best": None},
        {"name": "Carol Danvers", "status": "not started", "attempts": 0, "best": None},
    ]  # the instructor and the TA are members, not learners; Dan left
    pages = [r["page"] for r in platform.roster_requests]
    assert pages == [1, 2, 3]  # five members now in the course, two a page
    assert NRPS_SCOPE in platform.tokens[-1]  # asked with the tool's own token, for the roster's scope

    again = results(course)["lms_roster"]  # kept: the LMS is not asked again within ROSTER_SECONDS
    assert again == found and len(platform.roster_requests) == 3 and ROSTER_SECONDS >= 60


def test_the_course_gradebook_lists_learners_who_have_not_started(course: Course) -> None:
    both, exercise_id = course.both, course.exercise_id
    both.platform.add_user("alice", "Alice Liddell")
    both.platform.add_user("carol", "Carol Danvers")
    check(course, launch(course, "alice"))
    made = requests.post(f"{both.url}/api/courses", json={"title": "CS 101", "exercises": [{"id": exercise_id, "key": course.key}]},
                         timeout=10).json()
    book = requests.get(f"{both.url}/api/courses/{made['id']}/gradebook", params={"key": made["key"]}, timeout=30).json()
    rows = {s["name"]: s for s in book["students"]}
    assert rows["Alice Liddell"]["not_started"] is False and rows["Alice Liddell"]["scores"][exercise_id]["score"] == 1.0
    assert rows["Carol Danvers"] == {"name": "Carol Danvers", "lms": True, "scores": {exercise_id: None},
                                     "misconceptions": [], "not_started": True}
    assert book["lms_roster"] == {"learners": 2, "not_started": 1, "errors": []}
    table = requests.get(f"{both.url}/api/courses/{made['id']}/gradebook.csv", params={"key": made["key"]}, timeout=30)
    assert "Carol Danvers (LMS)," in table.content.decode("utf-8")


def test_an_lms_whose_roster_fails_leaves_the_results_whole(course: Course) -> None:
    both = course.both
    both.platform.add_user("alice", "Alice Liddell")
    check(course, launch(course, "alice"))
    both.platform.roster_refusal = 503
    found = results(course)
    assert found["attempts"] == 1
    assert found["lms_roster"]["courses"][0] == {"title": "Game search", "error": "the LMS's roster service answered HTTP 503",
                                                 "members": []}
    asked = len(both.platform.roster_requests)
    both.platform.roster_refusal = None  # a failure is kept FAILURE_SECONDS: a hung LMS would hold every load
    assert results(course)["lms_roster"]["courses"][0]["error"] == "the LMS's roster service answered HTTP 503"
    assert len(both.platform.roster_requests) == asked and FAILURE_SECONDS <= 60
    both.app.extensions["minimax_lti"].rosters = RosterCache()  # as a minute later
    assert results(course)["lms_roster"]["courses"][0]["members"][0]["status"] == "started"


def test_a_roster_whose_next_links_loop_is_read_once(course: Course) -> None:
    course.both.platform.add_user("alice", "Alice Liddell")
    course.both.platform.members_per_page = 1
    course.both.platform.roster_loop = True
    found = results(course)["lms_roster"]
    assert found["courses"][0]["error"] is None  # what was read is shown (here the instructor's page: no learner)
    assert len(course.both.platform.roster_requests) == 2  # the first page, its next (the first again): then stopped


def test_an_exercise_in_no_lms_course_lists_no_roster(course: Course) -> None:
    both = course.both
    assert results(course)["lms_roster"] is not None  # the deep linking launch offered it
    made = requests.post(f"{both.url}/api/exercises", json={"tree": [[1, 2], [3, 4]]}, timeout=10).json()
    assert results(course, made["id"], made["key"])["lms_roster"] is None  # in no LMS course
