"""Review of issue 11 in a real browser: ids and labels that look like HTML or break a CSS selector
are drawn as text on the practice page, the results page, and in the feedback, and work."""

from __future__ import annotations

import json

from playwright.sync_api import Browser, expect

from tests.browser.conftest import DESKTOP, new_page

HOSTILE = {"id": "<b>R</b>", "label": "<img src=x onerror=\"window.pwned=1\">", "children": [
    {"id": "\"]x", "label": "<script>window.pwned=2</script>", "children": [{"id": "L&amp;1", "value": 3},
                                                                          {"id": "L'2", "value": 5}]},
    {"id": "C</svg>", "label": "<i>C</i>", "children": [{"id": "C1", "value": 2}, {"id": "C2 ]", "value": 9}]},
]}


def test_html_and_selector_breaking_ids_are_drawn_as_text(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    page.on("dialog", lambda dialog: errors.append(f"dialog: {dialog.message}"))
    made = page.request.post(f"{live_server}/api/exercises", data=json.dumps({"tree": HOSTILE}),
                             headers={"Content-Type": "application/json"})
    assert made.status == 201, made.text()
    exercise = made.json()
    page.goto(live_server + exercise["url"])
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.get_by_text("<img src=x onerror=\"window.pwned=1\">", exact=True)).to_have_count(1)
    expect(page.get_by_text("<script>window.pwned=2</script>", exact=True)).to_have_count(1)
    assert page.locator("img, b, i, script:not([src]):not([type=importmap])").count() == 0
    # Fill in the answer in the boxes named after the ids, mark the prune, and check it.
    # (the boxes are named by the nodes' labels: ids as labels at the leaves)
    page.get_by_label("value of <script>window.pwned=2</script>", exact=True).fill("3")
    page.get_by_label("value of <i>C</i>", exact=True).fill("2")
    page.get_by_label("value of <img src=x onerror=\"window.pwned=1\">", exact=True).fill("3")
    page.get_by_role("button", name="C2 ] pruned (the search skips the branch from <i>C</i> to C2 ])").click()
    page.get_by_role("button", name="Check").click()
    expect(page.locator("#feedback")).to_have_attribute("data-score", "1")
    # A wrong answer: the feedback names the nodes as the drawing does (their labels), as text.
    page.get_by_label("value of <i>C</i>", exact=True).fill("9")
    page.get_by_role("button", name="Check").click()
    expect(page.locator("#feedback-first")).to_contain_text("<i>C</i> is a MIN node: after C1, v = 2 ≤ α = 3 at <i>C</i>")
    page.goto(f"{live_server}{exercise['url']}/results?key={exercise['key']}")
    expect(page.get_by_text("<script>window.pwned=2</script>", exact=True).first).to_be_visible()
    assert page.evaluate("window.pwned") is None
    assert page.locator("img, b, i, script:not([src]):not([type=importmap])").count() == 0
    page.context.close()
    assert errors == []
