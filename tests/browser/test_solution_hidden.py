"""A hidden solution draws nothing (issue 46, part 5), in a real browser: the server's page for a hidden solution
(server/http/solution_hidden.py), full and embedded, says so with a way back and draws no tree; when the page was
served but the solution's fetch is refused anyway (403, or any other failure), the app says so in place of the
drawing (static/js/page/solution_refused.js) and never starts the lecture example; and the exercise page offers
no Show solution it could not keep. Screenshots at 1280x800 and 390x844."""

from __future__ import annotations

import json
import re
from typing import Any, Iterator

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from tests.browser.axe_check import assert_clean
from tests.browser.conftest import DESKTOP, PHONE, new_page, shot
from tests.browser.exercise_pages import make, open_exercise
from tests.browser.test_shared_links import assert_no_tree_drawn

HIDDEN_WORDS = re.compile(r"^The instructor of exercise [\w-]+ has hidden its solution:\s+the exercise is graded, "
                          r"so its search is not shown to students\.$")  # the template's line break is a space


def refused_console_lines_removed(errors: list[str]) -> list[str]:
    """The errors without the browser's own console lines for the answers refused on purpose here (403, 500)."""
    return [e for e in errors if not re.search(r"status of (403|500)\b", e)]


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280x800", "390x844"])
def test_a_hidden_solutions_page_says_so_and_draws_no_tree(browser: Browser, live_server: str, viewport: dict[str, int]) -> None:
    page, errors = new_page(browser, viewport)
    made = make(page, live_server, solution=False)
    width = viewport["width"]
    for prefix in ("", "/embed"):
        answer = page.goto(f"{live_server}{prefix}{made['url']}/solution?step=0&student=Ada")
        assert answer is not None and answer.status == 403
        expect(page.get_by_role("heading", name="Solution hidden")).to_be_visible()
        expect(page.locator("#solution-hidden-what")).to_have_text(HIDDEN_WORDS)
        assert_no_tree_drawn(page)
        assert page.locator("#tree, svg, script").count() == 0
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")  # nothing wider than a phone
        shot(page, f"solution-hidden{prefix.replace('/', '-')}-{width}.png", full_page=True)
        back = page.get_by_role("link", name="Back to the exercise")
        expect(back).to_have_attribute("href", f"{prefix}{made['url']}?student=Ada")
        back.click()
        expect(page.locator("body")).to_have_attribute("data-ready", "true")
        expect(page.locator("#task-student")).to_contain_text("Ada")
        expect(page.get_by_role("button", name="Show solution")).to_be_hidden()
    page.context.close()
    assert refused_console_lines_removed(errors) == [], errors


def test_an_unknown_exercises_solution_page_draws_no_tree(browser: Browser, live_server: str) -> None:
    """The not-found page (server/http/not_found.py) for both forms, the instructor's ?key= or not."""
    page, errors = new_page(browser, DESKTOP)
    for path in ("/x/abc123/solution?step=2", "/embed/x/abc123/solution", "/x/abc123/solution?key=anything"):
        answer = page.goto(live_server + path)
        assert answer is not None and answer.status == 404
        expect(page.locator("#not-found-what")).to_have_text("No exercise with id abc123 is stored on this server.")
        assert_no_tree_drawn(page)
        assert page.locator("#tree, svg, script").count() == 0
    page.context.close()
    assert [e for e in errors if "status of 404" not in e] == [], errors


def test_the_instructors_key_still_opens_the_replay(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    made = make(page, live_server, solution=False)
    page.goto(f"{live_server}{made['url']}/solution?key={made['key']}&step=3")
    expect(page.locator("#counter")).to_have_text(re.compile(r"^step 3 / [1-9]\d*$"))
    expect(page.locator('#tree [data-node-id="A"]')).to_be_visible()
    page.context.close()
    assert errors == []


@pytest.fixture(scope="module")
def routed_page(browser: Browser, live_server: str) -> Iterator[tuple[Page, list[str], dict[str, Any]]]:
    """One page at 1280x800 for the tests that answer the exercise API themselves, its JavaScript errors, and the
    answer its solution fetches get ({} lets them through): a page with a route is closed for real when its test
    ends (page_pool.py), a new browser context for each such test, so they share this one. Each test sets its
    answer and navigates afresh; its storage and cookies are cleared first, as the pool's wipe does."""
    page, errors = new_page(browser, DESKTOP)
    answer: dict[str, Any] = {}

    def solution(route: Route) -> None:
        if answer:
            route.fulfill(status=answer["status"], content_type="application/json", body=json.dumps({"error": answer["error"]}))
        else:
            route.continue_()

    page.route("**/api/exercises/*/solution*", solution)
    yield page, errors, answer
    page.context.close()


class Routed:
    """A test's view of the routed page: the page, the answer its solution fetches get, and its own JavaScript errors."""

    def __init__(self, page: Page, errors: list[str], answer: dict[str, Any]) -> None:
        self.page, self.answer, self._errors, self._before = page, answer, errors, len(errors)

    def errors(self) -> list[str]:
        """The JavaScript errors since this test began."""
        return self._errors[self._before:]


@pytest.fixture()
def routed(routed_page: tuple[Page, list[str], dict[str, Any]]) -> Routed:
    """The module's routed page with its storage and cookies cleared, its solution fetches let through until the
    test says otherwise."""
    page, errors, answer = routed_page
    if page.url.startswith("http"):
        page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
    page.context.clear_cookies()
    answer.clear()
    return Routed(page, errors, answer)


HIDDEN = "the solution of this exercise is hidden (graded use): only its results key opens it"
NOT_YOURS = "this link's student token is not on the exercise's roster: use the link your instructor sent"


@pytest.mark.parametrize("status, error, heading, words, prefix", [
    (403, HIDDEN, "Solution hidden", "has hidden its solution", "/embed"),
    (403, NOT_YOURS, "Solution not shown", f"cannot be opened: {NOT_YOURS}.", ""),  # a roster's refusal is not "hidden"
    (500, "the server broke", "Solution not shown", "cannot be opened: the server broke.", ""),
], ids=["403-embedded", "403-roster", "500"])
def test_a_refused_solution_fetch_draws_nothing_in_place_of_the_lecture(routed: Routed, live_server: str, status: int, error: str,
                                                                       heading: str, words: str, prefix: str) -> None:
    """The page's own second line of defence: served the app (the solution was shown then), its fetch refused since.
    A search run afterwards takes the note's place."""
    page = routed.page
    made = make(page, live_server)
    routed.answer.update(status=status, error=error)
    page.goto(f"{live_server}{prefix}{made['url']}/solution?step=4&student=Ada")
    note = page.get_by_role("alert").filter(has_text=heading)
    expect(note.locator("#solution-refused-what")).to_contain_text(words)
    expect(page.locator("#narration")).to_contain_text(words)
    expect(note.get_by_role("link", name="Back to the exercise")).to_have_attribute("href", f"{prefix}{made['url']}?student=Ada")
    assert page.evaluate("window.minimaxLab.searches") == 0  # the lecture example was never started
    assert_no_tree_drawn(page)
    expect(page.locator("#form-error")).to_have_text("")
    assert_clean(page, f"a refused solution's note ({status})", "#solution-refused-note")
    shot(page, f"solution-refused-{status}-1280.png")
    if not prefix:
        page.get_by_role("tab", name="Search").click()
        page.get_by_role("button", name="Run", exact=True).click()  # the lecture, asked for: the note goes
        expect(page.locator('[data-node-id="A"]')).to_be_visible()
        expect(page.locator("#solution-refused-note")).to_have_count(0)
    assert refused_console_lines_removed(routed.errors()) == [], routed.errors()


def test_the_exercise_page_offers_no_solution_before_it_knows_it_may(routed: Routed, live_server: str) -> None:
    """Hint and Show solution appear only once the exercise's options allow them: not while it loads, nor when it
    cannot be opened."""
    page = routed.page
    made = make(page, live_server)
    page.route(re.compile(r".*/api/exercises/[\w-]+(\?.*)?$"), lambda route: route.fulfill(
        status=500, content_type="application/json", body=json.dumps({"error": "the server broke"})))
    page.goto(live_server + made["url"])
    expect(page.locator("#task-settings")).to_have_text("This exercise cannot be opened: the server broke")
    expect(page.get_by_role("button", name="Show solution")).to_be_hidden()
    expect(page.get_by_role("button", name="Hint")).to_be_hidden()
    page.unroute(re.compile(r".*/api/exercises/[\w-]+(\?.*)?$"))
    open_exercise(page, live_server + made["url"])
    expect(page.get_by_role("button", name="Show solution")).to_be_visible()
    assert refused_console_lines_removed(routed.errors()) == [], routed.errors()
