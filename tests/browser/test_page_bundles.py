"""The pages work from their built bundles (`make pages`: what every other browser test loads) and from their
modules one by one (PAGE_BUNDLES off, or a module edited since the build: server/http/page_bundles.py), alike: the
lecture's search steps to the same answer, and the exercise page checks an answer."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.conftest import DESKTOP, checked_app, new_page, node_states
from tests.helpers.live_server import running_server

LECTURE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
SCRIPTS = "() => [...document.querySelectorAll('script[type=module]')].map(s => new URL(s.src).pathname)"


@pytest.mark.parametrize(("bundles", "entry"), [(True, "/static/build/pages/app.js"), (False, "/static/js/app.js")])
def test_the_lecture_search_steps_to_the_same_answer_from_the_bundle_and_from_the_modules(browser: Browser, bundles: bool,
                                                                                          entry: str) -> None:
    with running_server({"PAGE_BUNDLES": bundles}) as url, checked_app(browser, url) as page:
        assert page.evaluate(SCRIPTS) == [entry]
        expect(page.locator("#connection")).to_have_attribute("data-status", "connected")
        page.get_by_role("button", name="Last step").click()
        expect(page.locator("#counter")).to_have_text("step 57 / 57")
        states = node_states(page)
        assert states["A"] == ("done", "3")
        assert sorted(node for node, (state, _) in states.items() if state == "pruned") == ["C2", "C3"]


@pytest.mark.parametrize(("bundles", "entry"), [(True, "/static/build/pages/practice/exercise_page.js"),
                                                (False, "/static/js/practice/exercise_page.js")])
def test_the_exercise_page_checks_an_answer_from_the_bundle_and_from_the_modules(browser: Browser, bundles: bool,
                                                                                 entry: str) -> None:
    with running_server({"PAGE_BUNDLES": bundles}) as url:
        page, errors = new_page(browser, DESKTOP)
        made = page.request.post(f"{url}/api/exercises", data=json.dumps({"tree": LECTURE, "ask": ["values"]}),
                                 headers={"Content-Type": "application/json"}).json()
        page.goto(url + made["url"])
        expect(page.locator("body")).to_have_attribute("data-ready", "true")
        assert page.evaluate(SCRIPTS) == [entry]
        for node, value in {"A": "3", "B": "3", "C": "2", "D": "2"}.items():
            page.get_by_label(f"value of {node}").fill(value)
        page.locator("#check").click()
        expect(page.locator("#feedback-score")).to_have_text(re.compile(r"^Correct!"))
        assert page.locator("#feedback").get_attribute("data-score") == "1"
        page.context.close()
        assert errors == []
