"""An LMS administrator pastes our registration URL into the test LMS (LTI Dynamic Registration, in the LMS's
frame as Moodle and Canvas open it): the registration runs, our last page tells the LMS it is done with
{subject: "org.imsglobal.lti.close"}; then a student's launch from the new registration works at once, in the LMS's
course page, and the instructor's results list the course's learners, "not started" for those who have not checked.
At 1280x800 and 390x844, with axe."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Browser, expect

from tests.browser.axe_check import assert_clean
from tests.browser.conftest import DESKTOP, PHONE, new_page, shot
from tests.helpers.live_server import running_app
from tests.helpers.lti_course import deep_link
from tests.helpers.lti_platform import INSTRUCTOR, LtiPlatform

SECRET = "course-setup-secret"


def test_one_pasted_url_sets_the_course_up_and_the_roster_shows_who_has_not_started(browser: Browser, tmp_path: Path) -> None:
    config = tmp_path / "platforms.json"
    settings = {"LTI_CONFIG": str(config), "LTI_REGISTRATION_SECRET": SECRET, "DATABASE": str(tmp_path / "lab.sqlite")}
    with running_app(settings) as (url, _), LtiPlatform() as platform:
        page, errors = new_page(browser, DESKTOP)
        page.goto(f"{platform.url}/admin/add-tool?url={url}/lti/register%3Fsecret%3D{SECRET}")
        expect(page.locator("#closed")).to_have_text(json.dumps({"subject": "org.imsglobal.lti.close"}).replace(" ", ""))
        frame = page.frame_locator("#registration")
        expect(frame.locator("#lti-client-id")).to_have_text("registered-client-1")
        expect(frame.locator("#lti-close-status")).to_have_text("The LMS was told the registration is finished; it closes this window.")
        shot(page, "lti-registered.png")
        assert [r["client_id"] for r in json.loads(config.read_text())[platform.issuer]] == ["registered-client-1"]

        prof = platform.add_user("prof", "Ada Byron", roles=INSTRUCTOR)
        link, sent = deep_link(platform, url, prof, choice="new", tree="[[3, 12, 8], [2, 4, 6], [14, 5, 2]]",
                               algorithm="alphabeta", grade="best", attempts="", title="Week 3")
        results_link = sent.text.split('id="results-link" href="')[1].split('"')[0].replace("&amp;", "&")
        for login, name in (("alice", "Alice Liddell"), ("bob", "Bob Cratchit"), ("carol", "Carol Danvers")):
            platform.add_user(login, name)
        student, _ = new_page(browser, PHONE)
        student.goto(platform.course_url(link, platform.users["alice"]))  # the launch, in the LMS's frame
        lesson = student.frame_locator("iframe")
        expect(lesson.locator("body")).to_have_attribute("data-ready", "true")
        for node, value in {"A": "3", "B": "3", "C": "2", "D": "2"}.items():
            lesson.get_by_label(f"value of {node}", exact=True).fill(value)
        lesson.locator('.prune-toggle[data-node="C2"]').click()
        lesson.locator('.prune-toggle[data-node="C3"]').click()
        lesson.locator("#check").click()
        expect(lesson.locator("#feedback-lms")).to_have_text("Sent to your course's gradebook: 100 of 100 (your best score so far).")
        platform.wait_for_scores(1)

        for viewport, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
            instructor, more = new_page(browser, viewport)
            instructor.goto(results_link)
            expect(instructor.locator("body")).to_have_attribute("data-ready", "true")
            expect(instructor.locator("#lms-roster-summary")).to_have_text("3 learners; 1 started, 2 not started.")
            rows = instructor.locator(".lms-roster-table tbody tr")
            expect(rows).to_have_count(3)
            expect(rows.locator("th")).to_have_text(["Bob Cratchit", "Carol Danvers", "Alice Liddell"])
            expect(rows.nth(0).locator("td").first).to_have_text("not started")
            expect(rows.nth(2).locator("td")).to_have_text(["started", "1", "100%"])
            instructor.locator("#lms-roster-section").scroll_into_view_if_needed()
            shot(instructor, f"lms-roster-{name}.png")
            assert_clean(instructor, "the results' course roster", "#lms-roster-section")
            assert more == []

        exercise_id = results_link.split("/x/")[1].split("/")[0]
        key = results_link.split("key=")[1]
        made = page.request.post(f"{url}/api/courses", data=json.dumps({"title": "CS 101", "exercises": [
            {"id": exercise_id, "key": key}]}), headers={"Content-Type": "application/json"}).json()
        page.goto(f"{url}/course/{made['id']}?key={made['key']}")  # the course gradebook lists them too
        expect(page.locator("body")).to_have_attribute("data-ready", "true")
        expect(page.locator("#not-started-count")).to_have_text("2 of 3")
        expect(page.locator('#gradebook-rows tr[data-status="not started"] th')).to_have_text(
            ["Bob Cratchit (LMS) not started", "Carol Danvers (LMS) not started"])
        shot(page, "lms-roster-gradebook.png")
        assert errors == []


def test_a_registration_opened_in_a_new_window_tells_its_opener(browser: Browser, tmp_path: Path) -> None:
    settings = {"LTI_CONFIG": str(tmp_path / "platforms.json"), "LTI_REGISTRATION_SECRET": SECRET,
                "DATABASE": str(tmp_path / "lab.sqlite")}
    with running_app(settings) as (url, _), LtiPlatform() as platform:
        page, errors = new_page(browser, DESKTOP)
        page.goto(f"{platform.url}/admin/add-tool?window=1&url={url}/lti/register%3Fsecret%3D{SECRET}")
        with page.expect_popup() as opened:
            page.click("#open-registration")
        expect(opened.value.locator("#lti-client-id")).to_have_text("registered-client-1")
        expect(page.locator("#closed")).to_have_text('{"subject":"org.imsglobal.lti.close"}')  # window.opener kept
        assert errors == []
