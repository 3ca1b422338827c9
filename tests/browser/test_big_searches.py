"""Issue 12, in the browser: a search opened by URL runs (run=1) or only fills the Search tab
(run=0); a search that meets the server's event cap says so above the player the moment its
last batch arrives; Stop says so too; the player answers while a search streams."""

from __future__ import annotations

import re
from typing import Iterator

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.conftest import DESKTOP, PHONE, new_page, shot
from tests.helpers.live_server import running_server

TICTACTOE = "/?game=tictactoe&state=.........&algorithm=minimax"


@pytest.fixture(scope="module")
def capped_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose searches stop after 3,000 events (the default is 4,000,000)."""
    database = tmp_path_factory.mktemp("db") / "capped.sqlite"
    with running_server({"DATABASE": str(database), "MAX_EVENTS_PER_SEARCH": 3000}) as url:
        yield url


def test_a_link_with_run_1_fills_the_search_tab_and_runs_it(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    page.goto(live_server + "/?game=tictactoe&state=X...O....&algorithm=minimax&depth=2&ties=explore&run=1")
    page.wait_for_function("() => window.minimaxLab && window.minimaxLab.finished && window.minimaxLab.last > 0")
    expect(page.locator('input[name="source"][value="game"]')).to_be_checked()
    expect(page.locator('select[name="algorithm"]')).to_have_value("minimax")
    expect(page.locator('input[name="depth"]')).to_have_value("2")
    expect(page.locator('select[name="ties"]')).to_have_value("explore")
    first = page.evaluate("window.minimaxLab.seek(0) || document.querySelector('#narration').textContent")
    assert "root" in first
    page.locator("#last").click()
    expect(page.locator("#narration")).to_have_text(re.compile(r"^Result: the root = "))
    expect(page.locator("#stream-note")).to_be_hidden()  # a whole search: nothing to say
    assert errors == []
    page.context.close()


def test_a_link_with_run_0_fills_the_search_tab_and_waits_for_run(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    page.goto(live_server + "/?example=lecture&algorithm=minimax&run=0")
    expect(page.locator("#narration")).to_have_text("The link filled in the Search tab: press Run to search.")
    expect(page.locator('select[name="algorithm"]')).to_have_value("minimax")
    assert page.evaluate("window.minimaxLab.searches") == 0
    page.get_by_role("button", name="Run").click()
    page.wait_for_function("() => window.minimaxLab.finished && window.minimaxLab.searches === 1")
    page.locator("#last").click()
    expect(page.locator("#narration")).to_have_text(re.compile(r"^Result: A = 3"))
    page.goto(live_server + "/?example=lecture&run=maybe")
    expect(page.locator("#form-error")).to_contain_text('link: run must be 1 or 0, not "maybe"')
    assert errors == []
    page.context.close()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_search_that_meets_the_event_cap_says_so_above_the_player_at_once(browser: Browser, capped_server: str,
                                                                              viewport: dict[str, int]) -> None:
    page, errors = new_page(browser, viewport)
    page.goto(capped_server + TICTACTOE + "&run=1")
    page.wait_for_function("() => window.minimaxLab && window.minimaxLab.finished && window.minimaxLab.last > 0")
    note = page.locator("#stream-note")
    # Where the student is: at step 0, not at the last step.
    assert page.evaluate("window.minimaxLab.step") == 0
    expect(note).to_be_visible()
    expect(note).to_have_text("The search reached the server's event limit and stopped after 3,001 events: there is no result. "
                              "Step through what arrived, or search with a depth limit.")
    assert note.get_attribute("data-stopped") == "true"
    box = note.bounding_box()
    player = page.locator("#player").bounding_box()
    assert box and player and box["y"] + box["height"] <= player["y"] + 1, "the note sits just above the player"
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    note.scroll_into_view_if_needed()
    shot(page, f"big-cap-{viewport['width']}.png")
    # A new search that completes clears it.
    page.goto(capped_server + "/?example=lecture&algorithm=alphabeta&run=1")
    page.wait_for_function("() => window.minimaxLab && window.minimaxLab.finished && window.minimaxLab.last > 0")
    expect(page.locator("#stream-note")).to_be_hidden()
    assert errors == []
    page.context.close()


def test_stop_while_a_big_search_streams_ends_it_and_says_so(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    page.goto(live_server + TICTACTOE + "&run=1")
    note = page.locator("#stream-note")
    expect(note).to_have_text(re.compile(r"^Receiving the search: [\d,]+ events so far"))
    # The player works while it streams: a step forward and the scrubber.
    page.locator("#forward").click()
    expect(page.locator("#counter")).to_have_text(re.compile(r"^step 1 / \d+"))
    page.locator("#stop").click()
    page.wait_for_function("() => window.minimaxLab.finished")
    expect(note).to_have_text(re.compile(r"^Stopped after [\d,]+ events, as asked: there is no result\."))
    last = page.evaluate("window.minimaxLab.last")
    assert 10_000 <= last < 1_944_616
    page.locator("#last").click()
    expect(page.locator("#narration")).to_have_text("Search stopped early (cancelled): no result")
    assert errors == []
    page.context.close()
