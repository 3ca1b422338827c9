"""The Ordering tab's Replay of a game position (issue 10, item 3): the request's `ordering` and
`seed` make the main view's alpha-beta search count what the lab's row says, the narration says
which order, and a link to one of its steps reopens the same search at that step."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import DESKTOP, new_page


def lab_row(page: Page, ordering: str) -> tuple[str, str]:
    """(leaves, visited) as the lab's table shows them for `ordering`."""
    cells = page.locator(f'#ordering-rows tr[data-ordering="{ordering}"] td')
    return cells.nth(1).inner_text(), cells.nth(2).inner_text()


def replay(page: Page, ordering: str) -> None:
    before = page.evaluate("() => window.minimaxLab.searches")
    page.locator(f'#ordering-rows tr[data-ordering="{ordering}"] button').click()
    page.wait_for_function("n => window.minimaxLab.searches > n && window.minimaxLab.finished", arg=before)


def test_replay_a_game_ordering_counts_what_the_lab_says_and_links_to_a_step(app: Page, browser: Browser, live_server: str) -> None:
    app.locator('input[name="source"][value="game"]').check()
    app.locator('select[name="game"]').select_option("tictactoe")
    app.locator('input[name="position"]').fill("X...O....")
    app.locator('input[name="depth"]').fill("2")
    app.locator("#tab-ordering").click()
    app.locator("#ordering-seed").fill("7")
    app.locator("#ordering-run").click()
    app.wait_for_function("() => window.minimaxLab.orderingRuns >= 1")
    for ordering in ("best", "random"):
        leaves, visited = lab_row(app, ordering)
        expect(app.locator(f'#ordering-rows tr[data-ordering="{ordering}"] button')).to_be_enabled()
        replay(app, ordering)
        app.locator("#last").click()
        expect(app.locator("#tally")).to_contain_text(f"Alpha-beta visited {visited} of")
        app.locator("#back").click()
        expect(app.locator("#tally")).to_have_text(f"visited {visited} nodes · evaluated {leaves} leaves")
    app.locator("#first").click()
    expect(app.locator("#narration")).to_contain_text("each node's children shuffled (seed 7)")
    # A link to step 9 of the shuffled search reopens it there, with the same counts.
    app.evaluate("() => window.minimaxLab.seek(9)")
    app.locator("#copy-step-link").click()
    expect(app.locator("#step-link-status")).to_contain_text("ordering=random")
    url = app.locator("#step-link-status").get_attribute("data-url") or ""
    assert "seed=7" in url and "game=tictactoe" in url
    page, errors = new_page(browser, DESKTOP)
    page.goto(url)
    page.wait_for_function("() => window.minimaxLab.finished && window.minimaxLab.step === 9")
    expect(page.locator("#narration")).to_have_text(app.locator("#narration").inner_text())
    page.locator("#last").click()
    page.locator("#back").click()
    expect(page.locator("#tally")).to_have_text(f"visited {visited} nodes · evaluated {leaves} leaves")
    page.context.close()
    assert errors == []


def test_a_link_with_a_bad_ordering_says_so(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    page.goto(live_server + "/?example=lecture&ordering=sideways")
    expect(page.locator("#form-error")).to_contain_text('link: ordering must be given, best, worst, random, not "sideways"')
    page.context.close()


def test_the_lab_compares_plain_alpha_beta_whatever_the_search_tab_adds(app: Page) -> None:
    """The table, quiescence and a beam ticked in the Search tab do not apply to the lab (the
    server refuses them in /api/ordering): the lab leaves them out and still compares."""
    app.locator('input[name="source"][value="game"]').check()
    app.locator('select[name="game"]').select_option("tictactoe")
    app.locator('input[name="position"]').fill("X...O....")
    app.locator('input[name="depth"]').fill("2")
    app.locator('input[name="tt"]').check()
    app.locator('input[name="quiescence"]').check()
    app.locator('input[name="beam"]').fill("2")
    app.locator("#tab-ordering").click()
    app.locator("#ordering-run").click()
    app.wait_for_function("() => window.minimaxLab.orderingRuns >= 1")
    expect(app.locator("#ordering-error")).to_have_text("")
    assert lab_row(app, "best") == ("12", "20")  # the plain lab's row (tests/server/test_ordering_replay.py)
