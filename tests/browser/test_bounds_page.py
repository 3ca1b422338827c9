"""Bounds are bounds in the page: a node cut short is drawn "≤ 2" in a state of its own with its legend entry;
the Search tab's fail-hard form (the slides' figure) returns α at C, in the drawing, the narration and the link;
a beam's answer is shown beside the answer without the beam."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.app_helpers import game_run, run_to_end
from tests.browser.conftest import run_search

LEGEND = '.legend [data-legend="bounded"]'


def last_step(page: Page) -> None:
    page.get_by_role("button", name="Last step").click()


def test_the_cut_node_is_a_bound_in_its_own_state_with_its_legend(app: Page) -> None:
    expect(app.locator(LEGEND)).to_be_visible()
    expect(app.locator(LEGEND)).to_have_text(re.compile("cut: the value is a bound"))
    last_step(app)
    c = app.locator('[data-node-id="C"]')
    expect(c).to_have_attribute("data-state", "bounded")
    expect(c.locator(".value")).to_have_text("≤ 2")
    expect(app.locator('[data-node-id="D"] .value')).to_have_text("2")  # D saw all its children: a value
    # Its own look: not the fill of a finished node.
    fills = app.evaluate("""() => ['C', 'D'].map(id => getComputedStyle(
        document.querySelector(`[data-node-id="${id}"] .shape`)).fill)""")
    assert fills[0] != fills[1]
    # Minimax never cuts: no bound, no legend entry for one.
    run_search(app, source="example", algorithm="minimax")
    expect(app.locator(LEGEND)).to_be_hidden()


def test_the_fail_hard_form_from_the_search_tab_returns_alpha_at_c(app: Page) -> None:
    returns = app.locator('select[name="returns"]')
    app.locator('select[name="algorithm"]').select_option("minimax")
    expect(returns).to_be_disabled()  # the fail-hard form is alpha-beta's
    app.locator('select[name="algorithm"]').select_option("alphabeta")
    expect(returns).to_be_enabled()
    returns.select_option("bound")
    run_to_end(app)
    app.evaluate("window.minimaxLab.seek(31)")  # C's return, as the engine's lecture trace numbers it
    expect(app.locator("#narration")).to_have_text(
        "C returns α = 3 (fail-hard: the bound, not v = 2) to A: a bound, not its value: C is at most 3 (C2 and C3 were not looked at)")
    expect(app.locator('[data-node-id="C"] .value')).to_have_text("≤ 3")
    expect(app.locator('#code [data-line-id="min.test"]')).to_have_text(re.compile(r"if v ≤ α then return α"))
    expect(app.locator("#var-v")).to_have_text("≤ 3")
    # The link to this step opens the same form.
    app.get_by_role("button", name="Copy link to this step").click()
    status = app.locator("#step-link-status")
    expect(status).to_have_attribute("data-url", re.compile(r"returns=bound.*step=31|step=31.*returns=bound"))
    app.goto(status.get_attribute("data-url") or "")
    expect(app.locator('[data-node-id="C"] .value')).to_have_text("≤ 3")
    expect(app.locator('select[name="returns"]')).to_have_value("bound")


def test_a_beam_answer_is_shown_beside_the_answer_without_the_beam(app: Page) -> None:
    game_run(app, "X...O....", "3", beam="2")
    last_step(app)
    expect(app.locator("#narration")).to_have_text(re.compile(
        r"^Result: the root = 100, best move: the top-right corner, cell 2\. .*Beam 2 never looked at some moves, so the answer is "
        r"a guess: searched without the beam, the root = 2, best move: the top-right corner, cell 2 \(93 nodes searched, against 11\)$"))
