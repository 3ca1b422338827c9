"""The lecture slides' tic-tac-toe with symmetries taken into account, in the page: the built-in example
draws 3 moves at the root and 12 leaves and plays the centre; the Search tab's "Symmetries" box is
tic-tac-toe's only; a link to a step carries it; "Practise this tree" makes an exercise of the 16 nodes
the search drew. Screenshots at both sizes."""

from __future__ import annotations

import re
from typing import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.app_helpers import overflowing, run_to_end
from tests.browser.conftest import DESKTOP, PHONE, checked_app, new_page, open_app, refusals_removed, shot

DRAWN = """() => [...document.querySelectorAll('#tree [data-node-id]')].map(n => n.dataset.nodeId)"""


@pytest.fixture(params=[DESKTOP, PHONE], ids=["desktop", "phone"])
def page(request: pytest.FixtureRequest, browser: Browser, live_server: str) -> Iterator[Page]:
    """The app at 1280x800 and at 390x844; no JavaScript errors allowed."""
    with checked_app(browser, live_server, viewport=request.param) as p:
        yield p


def run_slides_example(page: Page) -> None:
    """Pick the example (which picks minimax and depth limit 2), run it, and show its last step."""
    searches = page.evaluate("window.minimaxLab.searches")
    page.locator('input[name="source"][value="example"]').check()
    page.locator('select[name="example"]').select_option(label="Tic-tac-toe, depth 2, symmetries (slides)")
    expect(page.locator('select[name="algorithm"]')).to_have_value("minimax")
    expect(page.locator('input[name="depth"]')).to_have_value("2")
    page.get_by_role("button", name="Run", exact=True).click()
    page.wait_for_function("n => window.minimaxLab.searches > n && window.minimaxLab.finished", arg=searches)
    page.evaluate("window.minimaxLab.seek(window.minimaxLab.last)")


def by_depth(ids: list[str]) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for node in ids:
        out.setdefault(node.count("."), []).append(node)
    return out


def test_the_slides_example_draws_3_moves_and_12_leaves_and_plays_the_centre(page: Page) -> None:
    run_slides_example(page)
    drawn = by_depth(page.evaluate(DRAWN))
    assert sorted(drawn[1]) == ["root.0", "root.1", "root.4"]  # a corner, an edge, the centre
    assert len(drawn[2]) == 12 and 3 not in drawn
    expect(page.locator("#narration")).to_contain_text("best move: the centre")
    expect(page.locator('#tree [data-node-id="root"]')).to_have_attribute("data-value", "1")
    for node, value in (("root.0", "-1"), ("root.1", "-2"), ("root.4", "1")):
        expect(page.locator(f'#tree [data-node-id="{node}"]')).to_have_attribute("data-value", value)
    assert overflowing(page) == []
    shot(page, f"symmetry_example_{page.viewport_size['width']}.png")
    shot(page.locator(".tree-panel"), f"symmetry_example_tree_{page.viewport_size['width']}.png")
    # Back on a tree example, the depth limit the game example brought goes again.
    page.locator('select[name="example"]').select_option("lecture")
    expect(page.locator('select[name="algorithm"]')).to_have_value("minimax")
    expect(page.locator('input[name="depth"]')).to_have_value("")


def test_a_link_to_a_step_carries_symmetry(app: Page, live_server: str) -> None:
    run_slides_example(app)
    app.get_by_role("button", name="Copy link to this step").click()
    status = app.locator("#step-link-status")
    expect(status).to_have_attribute("data-url", re.compile(r"symmetry=1"))
    url = status.get_attribute("data-url") or ""
    assert "game=tictactoe" in url and "depth=2" in url and "algorithm=minimax" in url
    app.goto(url)
    app.wait_for_function("() => window.minimaxLab && window.minimaxLab.finished && window.minimaxLab.last > 0")
    expect(app.locator('input[name="symmetry"]')).to_be_checked()
    app.evaluate("window.minimaxLab.seek(window.minimaxLab.last)")
    assert sorted(by_depth(app.evaluate(DRAWN))[1]) == ["root.0", "root.1", "root.4"]
    # The example by name opens in one click too (docs/instructors.md): its own algorithm and depth limit.
    app.goto(live_server + "/?example=tictactoe-symmetry")
    app.wait_for_function("() => window.minimaxLab && window.minimaxLab.finished && window.minimaxLab.last > 0")
    expect(app.locator('select[name="example"]')).to_have_value("tictactoe-symmetry")
    expect(app.locator('input[name="depth"]')).to_have_value("2")
    app.evaluate("window.minimaxLab.seek(window.minimaxLab.last)")
    drawn = by_depth(app.evaluate(DRAWN))
    assert len(drawn[1]) == 3 and len(drawn[2]) == 12
    expect(app.locator("#narration")).to_contain_text("best move: the centre")


def test_the_symmetries_box_is_tic_tac_toe_s_only(page: Page) -> None:
    box = page.locator('input[name="symmetry"]')
    expect(box).to_be_hidden()  # an example (a tree) is shown: the game's options are not
    page.locator('input[name="source"][value="game"]').check()
    expect(box).to_be_visible()
    expect(box).to_be_enabled()
    label = page.locator('label:has(input[name="symmetry"])')
    expect(label).to_have_attribute("title", re.compile(r"rotation or reflection"))
    box.check()
    page.locator('select[name="game"]').select_option("isolation")
    expect(box).to_be_disabled()
    expect(box).not_to_be_checked()
    expect(label).to_have_attribute("title", re.compile(r"for tic-tac-toe .*not Isolation"))
    shot(page.locator("#search-form"), f"symmetry_box_isolation_{page.viewport_size['width']}.png")
    page.locator('select[name="game"]').select_option("tictactoe")
    expect(box).to_be_enabled()
    box.check()
    page.locator('input[name="position"]').fill("....X....")
    page.locator('input[name="depth"]').fill("1")
    page.locator('select[name="algorithm"]').select_option("alphabeta")
    run_to_end(page)
    page.evaluate("window.minimaxLab.seek(window.minimaxLab.last)")
    assert sorted(by_depth(page.evaluate(DRAWN))[1]) == ["root.0", "root.1"]  # O: a corner or an edge
    shot(page, f"symmetry_box_{page.viewport_size['width']}.png")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_practising_the_slides_example_asks_for_its_four_values(browser: Browser, live_server: str,
                                                                viewport: dict[str, int]) -> None:
    page, errors = new_page(browser, viewport)
    open_app(page, live_server)
    run_slides_example(page)
    page.get_by_role("button", name="Practise this tree").click()
    page.wait_for_url(re.compile(r"/x/[\w-]{12}$"))
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    boxes = page.locator('input[data-field="v"]')
    expect(boxes).to_have_count(4)  # the root and its 3 children; the 12 leaves are given
    expect(page.locator("svg .edge")).to_have_count(15)
    for label, value in (("A", "1"), ("X0 (B)", "-1"), ("X1 (C)", "-2"), ("X4 (D)", "1")):
        page.get_by_label(f"value of {label}", exact=True).fill(value)
    page.get_by_role("button", name="Check").click()
    expect(page.locator("#feedback")).to_be_visible()
    assert float(page.locator("#feedback").get_attribute("data-score") or "nan") == 1
    shot(page, f"symmetry_practice_{viewport['width']}.png", full_page=True)
    page.context.close()
    assert refusals_removed(errors) == []


def test_practising_a_position_too_big_for_the_depth_limit_says_what_to_change(browser: Browser, live_server: str) -> None:
    with checked_app(browser, live_server, allowed=refusals_removed) as app:  # the refusal is a 400, as meant
        refused_practice(app)


def refused_practice(app: Page) -> None:
    app.locator('input[name="source"][value="game"]').check()
    app.locator('select[name="game"]').select_option("tictactoe")
    app.locator('input[name="position"]').fill(".........")
    app.locator('input[name="depth"]').fill("3")
    app.locator('select[name="algorithm"]').select_option("minimax")
    run_to_end(app)
    app.get_by_role("button", name="Practise this tree").click()
    expect(app.locator("#form-error")).to_contain_text(
        "searched with depth limit 3, this position has more than 400 nodes below it (the practice limit)")
