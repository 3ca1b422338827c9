"""Layout at 1280x800 (panels side by side) and 390x844 (stacked), with screenshots in /tmp/shots."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from tests.browser.app_helpers import overflowing
from tests.browser.conftest import DESKTOP, PHONE, counter, new_page, open_app, shot, walk


def boxes(page: Page) -> dict[str, dict[str, float]]:
    return page.evaluate(
        """() => Object.fromEntries(['.tree-panel', '.code-panel', '.setup-panel', '#tree', '#player']
            .map(s => { const r = document.querySelector(s).getBoundingClientRect();
                        return [s, {x: r.x, y: r.y, right: r.right, bottom: r.bottom, width: r.width, height: r.height}]; }))"""
    )


def test_desktop_layout(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    open_app(page, live_server)
    shot(page, "desktop_1280x800_step0.png")
    page.locator("#scrub").fill("19")
    shot(page, "desktop_1280x800_prune.png")
    page.get_by_role("button", name="Last step").click()
    shot(page, "desktop_1280x800_result.png")

    assert page.evaluate("document.documentElement.scrollWidth") <= DESKTOP["width"]
    assert page.evaluate("document.documentElement.scrollHeight") <= DESKTOP["height"]
    assert overflowing(page) == []
    b = boxes(page)
    # Three columns: setup | tree | pseudocode, all on screen, the tree the widest.
    assert b[".setup-panel"]["right"] <= b[".tree-panel"]["x"] + 1
    assert b[".tree-panel"]["right"] <= b[".code-panel"]["x"] + 1
    assert b[".code-panel"]["right"] <= DESKTOP["width"] + 1
    assert b["#tree"]["width"] >= 600 and b["#tree"]["height"] >= 450
    assert b["#player"]["bottom"] <= DESKTOP["height"]
    # The fitted tree lies inside the drawing area.
    tree_box = page.locator("#tree .viewport").bounding_box()
    svg_box = page.locator("#tree").bounding_box()
    assert tree_box and svg_box
    assert tree_box["x"] >= svg_box["x"] and tree_box["x"] + tree_box["width"] <= svg_box["x"] + svg_box["width"] + 1
    page.context.close()
    assert errors == []


def test_phone_layout(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, PHONE)
    open_app(page, live_server)
    shot(page, "phone_390x844_step0.png")
    page.locator("#scrub").fill("19")
    shot(page, "phone_390x844_prune_full.png", full_page=True)

    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert overflowing(page) == []
    b = boxes(page)
    # Stacked: tree (with its player) first, then pseudocode, then the setup form.
    assert b[".tree-panel"]["bottom"] <= b[".code-panel"]["y"] + 1
    assert b[".code-panel"]["bottom"] <= b[".setup-panel"]["y"] + 1
    assert b["#tree"]["width"] >= PHONE["width"] - 2
    # The player is reachable and works at this width.
    for name in ("First step", "Step back", "Play", "Step forward", "Last step"):
        button = page.get_by_role("button", name=name)
        expect(button).to_be_in_viewport()
        box = button.bounding_box()
        assert box and box["width"] >= 40 and box["height"] >= 36  # big enough for a finger
    page.get_by_role("button", name="Step forward").click()
    assert counter(page)[0] == 20
    # The Run button, further down, can be reached and used.
    page.get_by_role("button", name="Run").scroll_into_view_if_needed()
    expect(page.get_by_role("button", name="Run")).to_be_in_viewport()
    page.get_by_role("button", name="Run").click()
    expect(page.locator("#counter")).to_have_text("step 0 / 57")
    shot(page, "phone_390x844_form.png")
    page.context.close()
    assert errors == []


OUTSIDE_DRAWING = """() => {
  const box = document.querySelector('svg#tree').getBoundingClientRect();
  return [...document.querySelectorAll('[data-node-id]')].filter((node) => {
    const r = node.getBoundingClientRect();
    return r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1;
  }).map((node) => node.dataset.nodeId);
}"""


def test_the_view_keeps_what_matters_in_sight_at_every_step(browser: Browser, live_server: str) -> None:
    # On a laptop the whole lecture tree is fitted and must not jump while a student steps:
    # every node, label and window included, stays inside the drawing at every step. On a
    # phone the tree opens at a readable size and follows the search: the current node is
    # always wholly in sight.
    for viewport in (DESKTOP, PHONE):
        page, errors = new_page(browser, viewport)
        open_app(page, live_server)
        last = counter(page)[1]
        probe = f"() => [({OUTSIDE_DRAWING})(), document.querySelector('#tree [data-state=current]')?.dataset.nodeId]"
        walked = walk(page, "forward", last, probe)
        assert [text for text, _ in walked] == [f"step {k} / {last}" for k in range(last + 1)]
        for step, (_, (outside, current)) in enumerate(walked):
            if viewport is DESKTOP:
                assert outside == [], (step, outside)
            elif current is not None:
                assert current not in outside, (step, outside)
        assert page.locator('[data-node-id="A"]').get_attribute("data-value") == "3"
        assert errors == []
        page.context.close()
