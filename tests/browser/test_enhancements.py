"""Seed 002's enhancements on the page: a transposition hit marked and linked to the node that
filled the entry, the horizon effect side by side, and what a beam never considered, greyed."""

from __future__ import annotations

from typing import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import DESKTOP, PHONE, SHOTS, new_page, open_app
from tests.browser.test_layout import overflowing

FIND_STEP = """text => {
    const lab = window.minimaxLab;
    for (let k = 0; k <= lab.last; k++) {
        lab.seek(k);
        if (document.getElementById('narration').textContent.includes(text)) return k;
    }
    return -1;
}"""


def game_run(page: Page, position: str, depth: str, algorithm: str = "alphabeta", *, tt: bool = False,
             quiescence: bool = False, beam: str = "") -> None:
    """Fill the form for a tic-tac-toe search with the enhancements and run it to its end."""
    searches = page.evaluate("window.minimaxLab.searches")
    page.locator('input[name="source"][value="game"]').check()
    page.locator('select[name="game"]').select_option("tictactoe")
    page.locator('input[name="position"]').fill(position)
    page.locator('select[name="algorithm"]').select_option(algorithm)
    page.locator('input[name="depth"]').fill(depth)
    page.locator('input[name="tt"]').set_checked(tt)
    page.locator('input[name="quiescence"]').set_checked(quiescence)
    page.locator('input[name="beam"]').fill(beam)
    page.get_by_role("button", name="Run", exact=True).click()
    page.wait_for_function("n => window.minimaxLab.searches > n && window.minimaxLab.finished", arg=searches)


def to_last_step(page: Page) -> None:
    page.evaluate("window.minimaxLab.seek(window.minimaxLab.last)")


@pytest.fixture(params=[DESKTOP, PHONE], ids=["desktop", "phone"])
def page(request: pytest.FixtureRequest, browser: Browser, live_server: str) -> Iterator[Page]:
    page, errors = new_page(browser, request.param)
    open_app(page, live_server)
    yield page
    page.context.close()
    assert errors == []


def test_a_transposition_hit_is_marked_linked_and_narrated(page: Page) -> None:
    game_run(page, "XO.X.....", "3", "minimax", tt=True)
    step = page.evaluate(FIND_STEP, "this position was already searched at")
    assert step >= 0
    narration = page.locator("#narration").inner_text()
    hit_id, source_id = narration.split(":")[0], narration.split("searched at ")[1].split(" ")[0]
    hit = page.locator(f'#tree [data-node-id="{hit_id}"]')
    expect(hit).to_have_class(__import__("re").compile(r"\btt-hit\b"))
    expect(hit).to_have_attribute("data-tt-source", source_id)
    expect(page.locator(f'#tree [data-node-id="{source_id}"]')).to_have_class(__import__("re").compile(r"\btt-source\b"))
    assert page.locator("#tree .tt-link").count() >= 1
    assert "value" in narration and "from the table" in narration
    expect(page.locator(".legend")).to_contain_text("from the table")
    width = page.viewport_size["width"]
    page.screenshot(path=str(SHOTS / f"enhancements_tt_hit_{width}.png"))
    to_last_step(page)
    expect(page.locator("#narration")).to_contain_text("transposition table answered")
    assert overflowing(page) == []


def test_the_horizon_effect_side_by_side(page: Page) -> None:
    page.locator('input[name="source"][value="game"]').check()
    searches = page.evaluate("window.minimaxLab.searches")
    page.get_by_role("button", name="Horizon effect").click()
    columns = page.locator("#horizon-panel .horizon-columns section")
    expect(columns).to_have_count(4)
    plain, quiet = columns.nth(0), columns.nth(1)
    expect(plain).to_contain_text("Plays 2")
    expect(plain).to_contain_text("O wins — a mistake")
    expect(quiet).to_contain_text("Plays 4")
    expect(quiet).to_contain_text("X wins — the best move")
    expect(columns.nth(2)).to_contain_text("never considered")  # a beam of 1 drops the winning fork
    expect(columns.nth(3)).to_contain_text("the winning move survives")
    # The main view steps through the depth-limited search: no node past the limit.
    page.wait_for_function("n => window.minimaxLab.searches > n && window.minimaxLab.finished", arg=searches)
    to_last_step(page)
    expect(page.locator("#narration")).to_contain_text("best move 2")
    assert page.locator("#tree .node.past-limit").count() == 0
    # The quiescence column's button steps through that search: nodes past the limit, shaded.
    searches = page.evaluate("window.minimaxLab.searches")
    quiet.get_by_role("button", name="Step through this search").click()
    page.wait_for_function("n => window.minimaxLab.searches > n && window.minimaxLab.finished", arg=searches)
    to_last_step(page)
    expect(page.locator("#narration")).to_contain_text("best move 4")
    assert page.locator("#tree .node.past-limit").count() > 0
    assert page.locator('input[name="quiescence"]').is_checked()
    expect(quiet).to_have_class(__import__("re").compile(r"\bshown\b"))
    width = page.viewport_size["width"]
    page.locator("#horizon-panel").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"enhancements_horizon_{width}.png"), full_page=width < 600)
    assert overflowing(page) == []


def test_what_a_beam_never_considered_is_greyed(page: Page) -> None:
    game_run(page, "XO.X..O..", "2", "alphabeta", beam="2")
    to_last_step(page)
    dropped = page.locator('#tree .node[data-state="dropped"]')
    assert dropped.count() > 0
    assert page.locator("#tree .edge.dropped").count() == dropped.count()
    step = page.evaluate(FIND_STEP, "never considered:")
    assert step >= 0
    expect(page.locator("#narration")).to_contain_text("the beam keeps the 2 best by estimate")
    expect(page.locator(".legend")).to_contain_text("never considered (beam)")
    width = page.viewport_size["width"]
    to_last_step(page)
    page.screenshot(path=str(SHOTS / f"enhancements_beam_{width}.png"))


def test_bad_combinations_are_named_on_the_page(page: Page) -> None:
    page.locator('input[name="source"][value="game"]').check()
    page.locator('select[name="game"]').select_option("tictactoe")
    page.locator('input[name="depth"]').fill("")
    page.locator('input[name="quiescence"]').check()
    page.get_by_role("button", name="Run", exact=True).click()
    expect(page.locator("#form-error")).to_contain_text("quiescence: needs a depth limit")
