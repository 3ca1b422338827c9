"""A practice path in a real browser (issue 50, part 4): an instructor makes a path on /p/new and gets the students'
link and the results link; a student whose first check named a wrong idea opens the path, is given a tree that
tests that idea, gets it right twice in a row (typed on the page) and sees it mastered; the results page shows who
mastered which idea. Every page passes axe; the strip fits a phone. Screenshots at both sizes (MINIMAX_LAB_SHOTS)."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Browser, Page, expect

from search.practice import model_answer, parse_exercise
from search.practice.diagnosis import following
from search.practice.exercise import Exercise
from search.practice.next_tree import shows
from tests.browser.axe_check import assert_clean
from tests.browser.conftest import DESKTOP, PHONE, new_page, shot

SLIPS = ("strict-test", "no-pruning", "fail-hard", "window-not-passed", "alpha-not-updated")


def exercise_of(page: Page, base: str, exercise_id: str) -> Exercise:
    """The engine's exercise for a tree the path gave, rebuilt from the student's copy."""
    copy = page.request.get(f"{base}/api/exercises/{exercise_id}").json()
    return parse_exercise({"tree": copy["tree"], "algorithm": copy["algorithm"], "ties": copy["ties"],
                           "returns": copy["returns"], "ask": copy["ask"]})


def post(page: Page, url: str, body: dict[str, Any]) -> dict[str, Any]:
    answer = page.request.post(url, data=json.dumps(body), headers={"Content-Type": "application/json"})
    assert answer.ok, answer.text()
    return answer.json()


def make_path_on_the_page(page: Page, base: str) -> tuple[str, str]:
    """The students' link and the results link, as /p/new shows them."""
    page.goto(base + "/p/new")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    page.get_by_label("Title (optional)").fill("Week 5: <b>alpha-beta</b>")
    page.get_by_label("Search").select_option("alphabeta")
    page.click("#new-form button[type=submit]")
    expect(page.locator("body")).to_have_attribute("data-ready", "made")
    assert_clean(page, "the page making a path, with the path made")
    students, results = (page.locator(f"#{link}").get_attribute("href") or "" for link in ("made-link", "made-results"))
    assert re.fullmatch(rf"{re.escape(base)}/p/[\w-]+", students) and results.startswith(f"{students}/results?key=")
    shot(page, "path-new.png")
    return students, results


def first_tree_wrong(page: Page, base: str, students: str) -> str:
    """Ada's first tree, checked (through the API) with a slip's answer: the idea it is named as."""
    path_id = students.rsplit("/", 1)[1]
    given = post(page, f"{base}/api/paths/{path_id}/next", {"student": "Ada"})
    exercise = exercise_of(page, base, given["exercise"]["id"])
    slip = next(s for s in SLIPS if shows(exercise, s))
    checked = post(page, f"{base}/api/exercises/{given['exercise']['id']}/check", {**(following(exercise, slip) or {}), "student": "Ada"})
    assert checked["misconceptions"][0]["id"] == slip
    return str(checked["misconceptions"][0]["name"])


def type_the_right_answer(page: Page, base: str) -> None:
    exercise = exercise_of(page, base, page.url.split("/x/")[1].split("?")[0])
    right = model_answer(exercise)
    for node, value in right["values"].items():
        page.get_by_label(f"value of {node}", exact=True).fill(str(value))
    for node in right.get("pruned", []):
        page.click(f'.prune-toggle[data-node="{node}"]')


def check(page: Page) -> None:
    with page.expect_response(lambda res: res.url.endswith("/check")) as answered:
        page.click("#check")
    assert answered.value.json()["score"] == 1.0
    expect(page.locator("#path-strip")).to_have_attribute("data-ready", "checked")


def test_a_student_masters_the_idea_their_check_named_and_the_results_show_it(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    students, results = make_path_on_the_page(page, live_server)
    idea = first_tree_wrong(page, live_server, students)
    page.goto(f"{students}?student=Ada")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#path-title")).to_have_text("Week 5: <b>alpha-beta</b>")  # a title is text, never markup
    expect(page.locator("#path-summary")).to_have_text("1 tree checked, 0 right first time; 0 of 1 idea mastered.")
    expect(page.locator(".path-idea")).to_have_attribute("data-state", "practising")
    expect(page.locator(".path-idea")).to_contain_text(f"{idea}: practising now, 0 of 2 right in a row")
    shot(page, "path-page.png")
    assert_clean(page, "a student's path page")
    page.click("#path-go")
    page.wait_for_url(re.compile(r"/x/[\w-]+\?path=[\w-]+&student=Ada$"))
    strip = page.locator("#path-strip")
    expect(strip).to_contain_text(f"This tree tests the idea “{idea}”")
    first_tree = page.url
    type_the_right_answer(page, live_server)
    check(page)
    expect(strip.locator(".path-outcome")).to_have_text(f"Right first time: 1 of 2 right in a row for “{idea}”.")
    page.click("#path-next")
    page.wait_for_url(lambda url: "/x/" in url and url != first_tree)
    expect(strip).to_contain_text(f"This tree tests the idea “{idea}”")
    type_the_right_answer(page, live_server)
    check(page)
    expect(strip.locator(".path-outcome")).to_have_text(f"Right first time: “{idea}” is mastered.")
    expect(strip.locator(".path-idea")).to_have_attribute("data-state", "mastered")
    expect(strip.locator(".path-summary")).to_have_text("3 trees checked, 2 right first time; 1 of 1 idea mastered.")
    shot(page, "path-tree-checked.png", full_page=True)
    assert_clean(page, "a path's tree after Check")
    page.click("#check")  # again: a retry changes nothing
    expect(strip.locator(".path-outcome")).to_contain_text("Only your first check of a tree counts on the path")
    page.goto(results)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    row = page.locator("#path-rows tr")
    expect(row).to_have_count(1)
    expect(row.locator("th")).to_have_text("Ada")
    expect(row.locator("td.path-cell")).to_have_attribute("data-state", "mastered")
    expect(page.locator("#path-head th").nth(1)).to_have_text(idea)
    expect(page.locator("#idea-summary li")).to_have_text(f"{idea}: shown by 1, mastered now by 1")
    shot(page, "path-results.png")
    assert_clean(page, "a path's results")
    assert errors == []


def test_the_path_strip_fits_a_phone(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, PHONE)
    made = post(page, f"{live_server}/api/paths", {"title": "A path with a rather long title for a phone's narrow screen"})
    page.goto(f"{live_server}{made['url']}")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#path-go")).to_have_text("Start")
    page.click("#path-go")
    page.wait_for_url(re.compile(r"/x/[\w-]+\?path="))
    strip = page.locator("#path-strip")
    expect(strip).to_have_attribute("data-ready", "true")
    expect(strip).to_contain_text("A first tree (level 1 of 4): it shows what to practise.")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.click("#check")  # nothing typed: not right
    expect(strip.locator(".path-outcome")).to_have_text("Not right at the first check: this tree does not count as right.")
    box = strip.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    shot(page, "path-tree-phone.png", full_page=True)
    assert errors == []
