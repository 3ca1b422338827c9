"""A student in a course page of the test LMS (tests/helpers/lti_platform.py) opens the exercise in its frame: the
LTI login, the platform's authorization and the launch all run inside the frame; the exercise says whose checks
these are and where the score goes, and a Check's score reaches the LMS's gradebook. The LMS's origin is allowed to
frame us (--frame-ancestors), and nothing breaks the page's policy. At 1280x800 and 390x844.
"""

from __future__ import annotations

import json
from typing import Iterator, NamedTuple

import pytest
from playwright.sync_api import Browser, Frame, Page, expect

from tests.browser.conftest import DESKTOP, PHONE, new_page, shot
from tests.browser.test_security_policy import RECORD_VIOLATIONS
from tests.helpers.lti_course import lms_and_tool
from tests.helpers.lti_platform import LtiPlatform

LECTURE_VALUES = {"A": "3", "B": "3", "C": "2", "D": "2"}


class Course(NamedTuple):
    platform: LtiPlatform
    url: str


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Course]:
    with lms_and_tool(tmp_path_factory.mktemp("lti-browser")) as both:
        yield Course(both.platform, both.url)


def exercise_frame(page: Page, course: Course, page_path: str) -> Frame:
    """The frame once the launch has landed on the exercise (the login and the LMS's authorization ran in it); the
    launch, a key to the student's grades, is kept in the tab and no longer in the frame's address."""
    expect(page.frame_locator("iframe").first.locator("body")).to_have_attribute("data-ready", "true")
    found = next(f for f in page.frames if "/x/" in f.url)
    assert found.url.startswith(course.url + page_path) and "lti=" not in found.url
    return found


@pytest.mark.parametrize("viewport, login, page_path", [(DESKTOP, "alice", "/x/"), (PHONE, "bob", "/embed/x/")])
def test_a_student_checks_an_exercise_in_the_course_page_and_the_gradebook_gets_the_score(
        browser: Browser, course: Course, viewport: dict[str, int], login: str, page_path: str) -> None:
    page, errors = new_page(browser, viewport)
    page.add_init_script(RECORD_VIOLATIONS)
    made = page.request.post(f"{course.url}/api/exercises", headers={"Content-Type": "application/json"},
                             data=json.dumps({"tree": [[3, 12, 8], [2, 4, 6], [14, 5, 2]], "algorithm": "minimax"})).json()
    link = course.platform.add_resource_link(f"{course.url}{page_path}{made['id']}", "Week 3: minimax",
                                             line_item={"scoreMaximum": 100})
    student = course.platform.add_user(login, f"{login.title()} Liddell")
    before = len(course.platform.scores)
    page.goto(course.platform.course_url(link, student))
    frame = exercise_frame(page, course, page_path)
    expect(frame.locator("#task-student")).to_have_text(
        f"You opened this exercise from Game search as {login.title()} Liddell: each Check sends your best score so far "
        "to the course's gradebook.")
    frame.evaluate("window.beforeReload = true; location.reload()")  # the tab keeps the launch: still the LMS student
    frame.wait_for_function("() => !window.beforeReload && document.body.dataset.ready === 'true'")
    expect(frame.locator("#task-student")).to_contain_text(f"as {login.title()} Liddell")
    for node, value in LECTURE_VALUES.items():
        frame.get_by_label(f"value of {node}", exact=True).fill(value)
    frame.locator("#check").click()
    expect(frame.locator("#feedback-lms")).to_have_text("Sent to your course's gradebook: 100 of 100 (your best score so far).")
    score = course.platform.wait_for_scores(before + 1)[before]
    assert (score["userId"], score["scoreGiven"], score["scoreMaximum"]) == (student.sub, 100, 100)
    frame.locator("#feedback-lms").scroll_into_view_if_needed()
    shot(page, f"lti-course-page-{viewport['width']}.png")
    assert page.evaluate("() => window.cspViolations") == []
    assert frame.evaluate("() => window.cspViolations") == []
    page.context.close()
    assert errors == []

