"""A search that follows a misconception (issue 26, point 1: runnable, producing a trace like any
search): a link with misconception=<id> runs the mistaken search; the banner over the narration says
"This search follows a misconception: ..." with the idea; every step of each misconception's search on
the lecture tree narrates without "undefined" or "NaN" (walk); a plain search shows no banner.
Screenshots of the banner at both sizes when MINIMAX_LAB_SHOTS names a folder."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from search.misconceptions import CATALOGUE, Setting
from tests.browser.conftest import DESKTOP, PHONE, counter, new_page, shot, walk

BANNER = "#misconception-banner"
SAYS = "() => document.getElementById('narration').textContent"
# fail-soft is the slip of a search asked in the fail-hard form (returns=bound); the others of plain alpha-beta.
SEARCHES = [(m.id, "alphabeta", "&returns=bound" if m.id == "fail-soft" else "")
            for m in CATALOGUE.values() if m.applies(Setting("alphabeta")) or m.applies(Setting("alphabeta", returns="bound"))]


def open_link(page: Page, url: str, query: str, step: int = 0) -> None:
    page.goto(f"{url}/?{query}")
    page.wait_for_function("() => window.minimaxLab.finished && window.minimaxLab.last > 0")
    expect(page.locator("#counter")).to_have_text(re.compile(rf"^step {step} / [1-9]\d*$"))


@pytest.mark.parametrize("misconception, algorithm, extra", SEARCHES, ids=[s[0] for s in SEARCHES])
def test_each_misconceptions_search_shows_the_banner_and_narrates_every_step(browser: Browser, live_server: str,
                                                                             misconception: str, algorithm: str, extra: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    open_link(page, live_server, f"example=lecture&algorithm={algorithm}{extra}&misconception={misconception}")
    banner = page.locator(BANNER)
    expect(banner).to_be_visible()
    expect(banner).to_have_attribute("data-misconception", misconception)
    m = CATALOGUE[misconception]
    expect(banner.locator(".misconception-title")).to_have_text(f"This search follows a misconception: {m.follows}.")
    expect(banner.locator(".misconception-idea")).to_contain_text(m.idea[1:40])
    _, last = counter(page)
    said = [text for _, text in walk(page, "forward", last, SAYS)]
    assert len(said) == last + 1
    for step, text in enumerate(said):
        assert text and "undefined" not in text and "NaN" not in text and "null" not in text, f"step {step}: {text!r}"
    if misconception == "tests-wrong-bound":
        assert any("(the wrong bound: the slides test v ≤ α at MIN)" in text for text in said)
        assert not any(" v <= beta" in text or " v >= alpha" in text for text in said)
    page.context.close()
    assert errors == []


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_banner_leaves_with_the_mistaken_search(browser: Browser, live_server: str, viewport: dict[str, int]) -> None:
    page, errors = new_page(browser, viewport)
    open_link(page, live_server, "example=lecture&algorithm=alphabeta&misconception=max-min-swapped&step=20", 20)
    expect(page.locator(BANNER)).to_be_visible()
    expect(page.locator("#narration")).to_have_text("B returns v = 12 to A")
    shot(page, f"misconception-banner-{viewport['width']}x{viewport['height']}.png")
    # The link to this step keeps the misconception.
    if viewport == DESKTOP:
        page.get_by_role("button", name="Copy link to this step").click()
        expect(page.locator("#step-link-status")).to_contain_text("misconception=max-min-swapped")
        page.get_by_role("button", name="Run", exact=True).click()  # the Search tab's plain alpha-beta
        page.wait_for_function("() => window.minimaxLab.searches === 2 && window.minimaxLab.finished")
        expect(page.locator(BANNER)).to_be_hidden()
    page.context.close()
    assert errors == []
