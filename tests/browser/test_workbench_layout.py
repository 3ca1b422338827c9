"""The workbench's panels (Edit tree, Share & export) at 1280x800 and 390x844: nothing sticks out,
every control has a name, the tabs work from the keyboard; screenshots in /tmp/shots."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.app_helpers import overflowing
from tests.browser.conftest import DESKTOP, PHONE, new_page, open_app, shot

UNNAMED = """() => [...document.querySelectorAll('.setup-panel button, .setup-panel input, .setup-panel select, .setup-panel textarea')]
    .filter(e => e.getClientRects().length)
    .filter(e => {
        const label = e.getAttribute('aria-label') || (e.labels && [...e.labels].map(l => l.textContent).join(' ')) || '';
        const text = e.tagName === 'BUTTON' ? e.textContent : '';
        return !(label.trim() || text.trim());
    })
    .map(e => e.outerHTML.slice(0, 80))"""


def fill_panels(page: Page) -> None:
    """Give the panels their longest content: a selected deep node, text, messages, links."""
    page.get_by_role("tab", name="Edit tree").click()
    page.locator("#text-section summary").click()
    page.locator("#random-section summary").click()
    page.locator('#editor-outline [data-edit-id="C2"]').click()
    page.locator('#node-form [name="node_label"]').fill("a rather long label for a node, 40 chars")
    page.locator('#node-form [name="node_label"]').press("Enter")
    page.get_by_role("button", name="Show as JSON").click()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280x800", "390x844"])
def test_workbench_panels_fit(browser: Browser, live_server: str, viewport: dict[str, int]) -> None:
    page, errors = new_page(browser, viewport)
    open_app(page, live_server)
    size = f"{viewport['width']}x{viewport['height']}"
    phone = viewport is PHONE
    fill_panels(page)
    page.locator("#editor-outline").scroll_into_view_if_needed()
    shot(page, f"workbench_edit_{size}.png", full_page=phone)
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert overflowing(page) == []
    assert page.evaluate(UNNAMED) == []
    if not phone:
        # The side panel scrolls inside itself; the page does not grow.
        assert page.evaluate("document.documentElement.scrollHeight") <= viewport["height"]
        panel = page.locator(".setup-panel").bounding_box()
        tree = page.locator("#tree").bounding_box()
        assert panel and tree and panel["x"] + panel["width"] <= tree["x"] + 1 and tree["width"] >= 600

    page.get_by_role("tab", name="Share & export").click()
    page.get_by_role("button", name="Save and share this tree").click()
    expect(page.locator("#tree-link")).to_have_value(re.compile(r"/t/"))
    page.get_by_role("button", name="Save and share this tree").scroll_into_view_if_needed()
    shot(page, f"workbench_share_{size}.png", full_page=phone)
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert overflowing(page) == []
    assert page.evaluate(UNNAMED) == []
    for name in ("Export SVG", "Export PNG", "Export LaTeX (.tex)", "Download trace (.jsonl)", "Copy the tree link"):
        button = page.get_by_role("button", name=name)
        button.scroll_into_view_if_needed()
        expect(button).to_be_in_viewport()
        box = button.bounding_box()
        assert box and box["height"] >= 24

    # The tabs answer the arrow keys (and the player does not step meanwhile).
    page.get_by_role("tab", name="Share & export").focus()
    page.keyboard.press("ArrowLeft")
    expect(page.get_by_role("tab", name="Edit tree")).to_have_attribute("aria-selected", "true")
    expect(page.get_by_role("tab", name="Edit tree")).to_be_focused()
    expect(page.locator("#panel-share")).to_be_hidden()
    page.keyboard.press("ArrowLeft")
    expect(page.get_by_role("tab", name="Search")).to_have_attribute("aria-selected", "true")
    expect(page.get_by_role("button", name="Run", exact=True)).to_be_visible()
    expect(page.locator("#counter")).to_have_text("step 0 / 57")
    page.context.close()
    assert errors == []


def test_the_tabs_fit_on_one_line_and_the_player_on_one_row(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    open_app(page, live_server)
    tabs = page.get_by_role("tab")
    heights = [tabs.nth(i).bounding_box()["height"] for i in range(tabs.count())]  # type: ignore[index]
    assert max(heights) < 30, heights  # one line of text each
    tops = {round(page.get_by_role("tab").nth(i).bounding_box()["y"]) for i in range(3)}  # type: ignore[index]
    assert len(tops) == 1
    # The student's player keeps its single row next to the new side panel.
    play = page.get_by_role("button", name="Play").bounding_box()
    speed = page.locator("#speed").bounding_box()
    assert play and speed and abs((play["y"] + play["height"] / 2) - (speed["y"] + speed["height"] / 2)) < 10
    page.context.close()
    assert errors == []
