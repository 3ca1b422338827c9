"""The course gradebook page /course/<id> in a real browser (issue 46 part 6): a course made from an exercise's results
page (/course/new, the exercise's id and key in the fragment), its table of students × exercises drawn with names as text,
scores linking to each exercise's results opened by the course key, the CSV link, the add-exercise form (a wrong key
refused by name, a results link added), axe clean, and a phone's width where only the table scrolls sideways."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.browser.axe_check import assert_clean
from tests.browser.conftest import DESKTOP, PHONE, new_page, shot

LECTURE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
RIGHT = {"values": {"A": 3, "B": 3, "C": 2, "D": 2}, "pruned": ["C2", "C3"]}
HALF = {"values": {"A": 3, "B": 3, "C": 4, "D": 5}, "pruned": []}
HOSTILE = "<img src=x onerror=\"window.pwned=1\"> =SUM(A1)"


def post(page: Page, url: str, body: dict[str, Any]) -> dict[str, Any]:
    answer = page.request.post(url, data=json.dumps(body), headers={"Content-Type": "application/json"})
    assert answer.status in (200, 201), answer.text()
    return answer.json()  # type: ignore[no-any-return]


def test_a_course_made_from_results_shows_its_gradebook_adds_exercises_and_fits_a_phone(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    page.on("dialog", lambda dialog: errors.append(f"dialog: {dialog.message}"))
    first = post(page, f"{live_server}/api/exercises", {"tree": LECTURE, "grade": "best"})
    second = post(page, f"{live_server}/api/exercises", {"tree": LECTURE, "algorithm": "minimax", "ask": ["values"], "grade": "latest"})
    for who, answer in [("Bob ", RIGHT), ("bob", HALF), (HOSTILE, HALF), ("Ada", HALF)]:
        post(page, f"{live_server}/api/exercises/{first['id']}/check", {**answer, "student": who})
    post(page, f"{live_server}/api/exercises/{second['id']}/check", {"values": {"A": 3, "B": 3, "C": 2, "D": 2}, "student": "BOB"})

    page.goto(f"{live_server}/x/{first['id']}/results?key={first['key']}")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    page.get_by_role("link", name="Add this exercise to a new course").click()
    expect(page.locator("#new-exercise")).to_have_value(f"{live_server}/x/{first['id']}/results?key={first['key']}")
    page.get_by_label("Title").fill("Game search <week 3>")
    page.get_by_role("button", name="Make the course").click()
    expect(page.locator("#made")).to_be_visible()
    course_link = page.locator("#made-link").get_attribute("href") or ""
    assert "/course/" in course_link and "key=" in course_link
    shot(page, "course-new-desktop.png")

    page.goto(course_link)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#course-title")).to_have_text("Game search <week 3>")
    rows = page.locator("#gradebook-rows tr")
    expect(rows).to_have_count(3)  # "Bob " and "bob" are one student
    expect(rows.locator("th")).to_have_text([HOSTILE, "Ada", "Bob"])  # by name, case folded
    bob = rows.nth(2)
    expect(bob.locator("td").first).to_have_attribute("data-score", "1")  # best of 1.0 and the half-right one
    expect(bob.locator("td").first).to_contain_text("100%(2)")
    assert page.evaluate("window.pwned") is None and page.locator("img").count() == 0
    csv_href = page.locator("#download-csv").get_attribute("href") or ""
    csv_text = page.request.get(live_server + csv_href).text()
    assert csv_text.startswith("\ufeffstudent,") and "'<img" not in csv_text and "\"<img src=x onerror=\"\"window.pwned=1\"\"> =SUM(A1)\"" in csv_text

    # Add the second exercise: a wrong key is refused by name; its results link (holding the key) adds it.
    page.get_by_label("Exercise id or results link").fill(second["id"])
    page.get_by_label("Its results key").fill("not-the-key")
    page.get_by_role("button", name="Add to the course").click()
    expect(page.locator("#add-error")).to_contain_text("key: not the results key of exercise")
    page.get_by_label("Exercise id or results link").fill(f"{live_server}/x/{second['id']}/results?key={second['key']}")
    page.get_by_label("Its results key").fill("")
    page.get_by_role("button", name="Add to the course").click()
    expect(page.locator("#add-done")).to_have_text(f"Exercise {second['id']} added.")
    expect(page.locator("#gradebook-head th")).to_have_count(4)
    expect(bob.locator("td").nth(1)).to_contain_text("100%")
    expect(rows.nth(1).locator("td").nth(1)).to_have_class("not-tried")
    assert_clean(page, "the course gradebook")
    shot(page, "course-desktop.png", full_page=True)

    # A score opens that exercise's results with the course key (no results key needed).
    bob.locator("td").first.get_by_role("link").click()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#attempts")).to_have_text("4")
    page.context.close()
    assert [e for e in errors if "status of 403" not in e] == []  # the wrong key's refusal, logged by Chromium

    phone, phone_errors = new_page(browser, PHONE)
    phone.goto(course_link)
    expect(phone.locator("body")).to_have_attribute("data-ready", "true")
    page_width = phone.evaluate("document.documentElement.scrollWidth")
    assert page_width <= PHONE["width"], f"the page scrolls sideways: {page_width}px"
    scroller = phone.locator(".gradebook-scroll")
    assert phone.evaluate("(el) => el.scrollWidth > el.clientWidth", scroller.element_handle())  # the table scrolls instead
    scroller.evaluate("(el) => { el.scrollLeft = el.scrollWidth; }")
    name_box = phone.locator("#gradebook-rows th").first.bounding_box()
    assert name_box is not None and name_box["x"] <= 12  # the student column stays in view
    shot(phone, "course-phone.png", full_page=True)
    assert_clean(phone, "the course gradebook on a phone")
    phone.context.close()
    assert phone_errors == []
