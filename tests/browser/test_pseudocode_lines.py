"""The lit pseudocode line says what the narration says, at every step of a tic-tac-toe search with a
transposition table, a beam and quiescence (issue 25): a store lights TABLE-STORE, a hit TABLE-LOOKUP,
"not quiet" IS-QUIET, a beam "the K best of ACTIONS(state)"; at a child's visit the loop that took it is
shown too, lighter. A saved trace opened from a file asks for the same listing."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.app_helpers import game_run, seek
from tests.browser.conftest import DESKTOP, PHONE, checked_app, shot, walk
from tests.browser.narration_rules import judged as judge

GOLDEN = Path(__file__).parents[1] / "golden"

PROBE = """() => ({
    lit: [...document.querySelectorAll('#code .code-line.current')].map(li => li.textContent),
    caller: [...document.querySelectorAll('#code .code-line.caller')].map(li => li.textContent),
    said: document.getElementById('narration').textContent,
})"""


def judged(seen: dict[str, Any]) -> str:
    """"fits", "unfit" or "unchecked" (no rule knows the narration) for one step."""
    return judge(seen["lit"], seen["said"])


@pytest.fixture()
def app(browser: Browser, live_server: str) -> Iterator[Page]:
    with checked_app(browser, live_server) as page:
        yield page


def test_every_lit_line_says_what_the_narration_says(app: Page) -> None:
    page = app
    game_run(page, "XO.X.....", "3", "alphabeta", tt=True, quiescence=True, beam="3")
    last = page.evaluate("window.minimaxLab.last")
    page.evaluate("window.minimaxLab.seek(0)")
    steps = walk(page, "forward", last, PROBE)
    assert steps[-1][0] == f"step {last} / {last}"
    verdicts = [judged(seen) for _, seen in steps]
    unfit = [(k, seen["said"], seen["lit"]) for k, ((_, seen), verdict) in enumerate(zip(steps, verdicts)) if verdict != "fits"]
    print(f"\nsteps checked: {len(steps)}, lit line not fitting the narration: {verdicts.count('unfit')}, "
          f"unchecked: {verdicts.count('unchecked')}")
    assert unfit == []
    said = " ".join(seen["said"] for _, seen in steps)
    for words in ("in the transposition table", "already searched", "but not quiet", "the beam keeps"):
        assert words in said  # the search shows every enhancement
    # At a child's visit the loop that took it is lit too, lighter; at no other step.
    visits = [seen for _, seen in steps if re.search(r"(^|\. )Visit ", seen["said"])]
    assert all(len(seen["caller"]) == 1 and seen["caller"][0].startswith("for each a in the 3 best of ACTIONS(state)")
               for seen in visits[1:])
    assert visits[0]["caller"] == []  # the root: nobody took it
    assert all(seen["caller"] == [] for _, seen in steps if not re.search(r"(^|\. )Visit ", seen["said"]))


FIRST_STEPS = """() => {
    const lab = window.minimaxLab, found = { hit: -1, beam: -1, store: -1, caller: -1 };
    const is = (lit, line) => lit && lit.dataset.lineId.endsWith('.' + line);
    for (let k = 1; k <= lab.last && Object.values(found).includes(-1); k++) {
        lab.seek(k);
        const lit = document.querySelector('#code .code-line.current');
        const caller = document.querySelector('#code .code-line.caller');
        if (found.hit < 0 && is(lit, 'tt_lookup')) found.hit = k;
        if (found.beam < 0 && is(lit, 'beam')) found.beam = k;
        if (found.store < 0 && is(lit, 'return') && lit.textContent.includes('TABLE-STORE')
            && document.getElementById('narration').textContent.includes('transposition table')) found.store = k;
        if (found.caller < 0 && is(caller, 'beam')) found.caller = k;
    }
    return found;
}"""
"""The first step that lights TABLE-LOOKUP (a hit), the beam's loop, TABLE-STORE (a store the narration
tells), and the beam's loop as the caller of a child's visit; -1 where none does."""


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_table_and_beam_lines_lit(browser: Browser, live_server: str, viewport: dict[str, int]) -> None:
    with checked_app(browser, live_server, viewport=viewport) as page:
        game_run(page, "XO.X.....", "3", "alphabeta", tt=True, quiescence=True, beam="3")
        code = page.locator("#code")
        expect(code.locator('[data-line-id="max.tt_lookup"]')).to_have_text(
            "if TABLE-LOOKUP(state, depth, α, β) answers then return its value")
        expect(code.locator('[data-line-id="min.beam"]')).to_have_text("for each a in the 3 best of ACTIONS(state) by EVAL do")
        expect(code.locator('[data-line-id="max.quiescence"]')).to_be_visible()
        width = viewport["width"]
        # One pass through the search finds the first step of each kind (a seek per step); then each is shown.
        first = page.evaluate(FIRST_STEPS)
        for what in ("hit", "beam", "store"):
            step = first[what]
            assert step > 0, what
            seek(page, step)
            expect(code.locator(".code-line.current")).to_have_count(1)
            lit = code.locator(".code-line.current")
            code.evaluate("e => e.scrollIntoView({block: 'center'})")  # the page's scroll: the panel keeps its lit line in view
            expect(lit).to_be_in_viewport()
            shot(page, f"pseudocode_{what}_{width}.png")
        # A child's visit: the loop that took it, lighter, beside the visit's own line.
        assert first["caller"] > 0, "caller"
        seek(page, first["caller"])
        expect(code.locator(".code-line.caller")).to_have_count(1)
        code.evaluate("e => e.scrollIntoView({block: 'center'})")
        shot(page, f"pseudocode_visit_caller_{width}.png")


def test_a_saved_trace_opens_with_the_listing_of_its_options(app: Page) -> None:
    page = app
    path = GOLDEN / "enhanced_horizon_minimax_tt_quiescence_beam3.jsonl"
    page.locator("#trace-file").set_input_files(str(path))
    expect(page.locator("#counter")).to_have_text(re.compile(r"^step 0 / 288$"))
    code = page.locator("#code")
    expect(code.locator('[data-line-id="min.tt_lookup"]')).to_have_text("if TABLE-LOOKUP(state, depth) answers then return its value")
    expect(code.locator('[data-line-id="search.return"]')).to_contain_text("the 3 best of ACTIONS(state) by EVAL")
    expect(code.locator('[data-line-id="max.quiescence"]')).to_contain_text("IS-QUIET")
    steps = walk(page, "forward", 288, PROBE)
    verdicts = [judged(seen) for _, seen in steps]
    assert verdicts.count("unfit") == 0, [seen for (_, seen), v in zip(steps, verdicts) if v == "unfit"][:3]
    assert verdicts.count("unchecked") == 0, [seen for (_, seen), v in zip(steps, verdicts) if v == "unchecked"][:3]
