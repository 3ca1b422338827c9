"""The values exercise's tree on the page: a generated tree a little wider than its box is drawn smaller to fit at
1280x800, and scrolls at full size on a phone; the explanation of a mistake sits beside its node, covering no node,
box or ✂ mark, with the node and the explanation in view together, and is placed again when the window's size changes
(static/js/practice/drawing_fit.js, shared with the built exercises). Screenshots at both sizes (MINIMAX_LAB_SHOTS)."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.browser.conftest import DESKTOP, PHONE, new_page, shot
from tests.browser.exercise_pages import CALLOUT_GEOMETRY, callout_clear, make, open_exercise

GENERATED = {"generate": {"seed": 4, "depth": 3, "max_branching": 3}, "algorithm": "alphabeta", "ask": ["values", "pruned"]}
"""27 leaves under 13 internal nodes: 1,696 px wide at its own size, against a box of 1,206 at 1280x800."""


def test_a_generated_tree_fits_at_1280_and_its_first_mistake_is_explained_clear_of_every_node(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    made = make(page, live_server, **GENERATED)
    open_exercise(page, live_server + made["url"])
    drawn = page.evaluate(CALLOUT_GEOMETRY)
    assert 0.7 <= drawn["zoom"] < 1 and drawn["scroll_width"] <= drawn["client_width"], drawn  # drawn smaller, not cut
    page.click("#check")  # all blank: the first mistake is B1's value (the search's first return)
    expect(page.locator("#feedback")).to_contain_text("First mistake, at B1")
    expect(page.locator(".callout")).to_contain_text("B1 is a MAX node")
    callout_clear(page, "B1")
    shot(page, "exercise-fit-generated-1280.png")
    page.set_viewport_size(PHONE)  # the window narrows: the tree scrolls at full size, the callout is placed again
    expect(page.locator("#drawing-box .exercise-canvas")).to_have_css("zoom", "1")
    callout_clear(page, "B1")
    shot(page, "exercise-fit-generated-narrowed.png")
    page.context.close()
    assert errors == []


def test_on_a_phone_the_tree_scrolls_and_each_mistake_shown_is_in_view_with_its_explanation(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, PHONE)
    made = make(page, live_server, **GENERATED)
    open_exercise(page, live_server + made["url"])
    drawn = page.evaluate(CALLOUT_GEOMETRY)
    assert drawn["zoom"] == 1 and drawn["scroll_width"] > drawn["client_width"], drawn  # too wide to shrink: it scrolls
    page.click("#check")
    expect(page.locator(".callout")).to_have_attribute("data-node", "B1")
    callout_clear(page, "B1")
    shot(page, "exercise-fit-generated-phone.png")
    mistakes = page.locator("#feedback-list .mistake-link")
    expect(mistakes.nth(2)).to_be_visible()
    for k in (1, 2):  # the list's buttons show the next mistakes, each in view with its explanation
        node = mistakes.nth(k).get_attribute("data-node") or ""
        mistakes.nth(k).click()
        expect(page.locator(".callout")).to_have_attribute("data-node", node)
        callout_clear(page, node)
    page.context.close()
    assert errors == []


def test_the_lecture_trees_explanation_covers_nothing(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    made = make(page, live_server)
    open_exercise(page, live_server + made["url"])
    assert page.evaluate(CALLOUT_GEOMETRY)["zoom"] == 1  # it fits at its own size
    for selector, value in (('input[data-node="B"]', "3"), ('input[data-node="C"]', "2")):
        page.fill(selector, value)
    page.click("#check")  # B and C right, C2 and C3 not marked pruned: the first mistake is C2's missed prune
    expect(page.locator(".callout")).to_have_attribute("data-node", "C2")
    callout_clear(page, "C2")
    shot(page, "exercise-fit-lecture-1280.png")
    page.context.close()
    assert errors == []
