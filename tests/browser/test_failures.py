"""What the page does when things go wrong mid-way: a lost connection, a refused edit."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.app_helpers import open_tab, select
from tests.browser.conftest import (
    checked_app,
    counter,
    hold_stream,
    log_socket,
    refusals_removed,
    run_search,
    wait_until_every_search_ended,
)

# Chromium's own log line when a socket it closed still receives a frame in flight: the browser
# reports the dropped connection we caused; it is not an error in our JavaScript.
SOCKET_DROPPED = re.compile(r"^console\.error: WebSocket connection to 'ws://[^']*' failed: ")


@pytest.fixture()
def page(browser: Browser, live_server: str) -> Iterator[Page]:
    """The app at 1280x800; JavaScript errors fail the test (the server's 400 refusals aside)."""
    with checked_app(browser, live_server, refusals_removed) as p:
        yield p


@pytest.fixture()
def dropping_page(browser: Browser, live_server: str) -> Iterator[Page]:
    """The app at 1280x800 for a test that cuts the connection: only the browser's socket log is allowed."""
    with checked_app(browser, live_server, lambda errors: [e for e in errors if not SOCKET_DROPPED.match(e)]) as p:
        yield p


def test_a_lost_connection_ends_the_search_where_it_stood(dropping_page: Page) -> None:
    page = dropping_page
    # Its events unread, the search waits on the server once its buffers are full: it is mid-way
    # when the connection drops, and the page has a few thousand events to draw, not however many
    # a full-speed stream brought (tens of thousands made Last step take seconds).
    hold_stream(page)
    run_search(page, source="game", game="tictactoe", position=".........", algorithm="minimax")
    page.wait_for_function("() => window.heldEvents && window.minimaxLab.last === window.heldEvents - 1"
                           " && !window.minimaxLab.finished")
    held = page.evaluate("window.heldEvents")
    page.evaluate("window.minimaxLab.dropConnection()")
    expect(page.get_by_role("alert").filter(has_text="connection")).to_have_text(
        "the connection to the server was lost, so the search stopped here: run it again")
    page.wait_for_function("() => window.minimaxLab.finished")
    # The timeline is complete as it stands: Last step goes to its end, and the page reconnects.
    page.get_by_role("button", name="Last step").click()
    k, n = counter(page)
    assert k == n == held - 1 >= 3000 - 1
    expect(page.locator("#connection")).to_have_text("connected")


def test_run_refuses_a_tree_the_form_does_not_show(page: Page) -> None:
    open_tab(page, "Edit tree")
    select(page, "B1")
    searches = page.evaluate("window.minimaxLab.searches")
    log_socket(page)
    page.locator('#node-form [name="node_value"]').fill("abc")
    page.get_by_role("button", name="Run this tree").click()
    expect(page.locator("#editor-error")).to_have_text(re.compile(r"value"))
    page.locator('#node-form [name="node_value"]').fill("7")
    page.get_by_role("button", name="Run this tree").click()
    page.wait_for_function("n => window.minimaxLab.searches > n && window.minimaxLab.finished", arg=searches)
    # By the end of the second Run's search, a start from the first would have been sent: none was.
    log = wait_until_every_search_ended(page, 1)
    assert len(log["sent"]) == 1 and page.evaluate("window.minimaxLab.searches") == searches + 1
    page.get_by_role("button", name="Last step").click()
    assert page.locator('[data-node-id="B1"]').get_attribute("data-value") == "7"


def test_a_triple_click_on_run_shows_one_search_and_meets_no_limit(page: Page) -> None:
    # Three clicks in one go, before the server can answer any: without care they would be three
    # searches at once, and the third would meet the two-per-client limit.
    hold_stream(page)  # each search stays running, a few thousand events shown
    log_socket(page)
    searches = page.evaluate("window.minimaxLab.searches")
    run_search(page, source="game", game="tictactoe", position=".........", algorithm="minimax")
    page.wait_for_function("n => window.minimaxLab.searches > n && window.minimaxLab.last > 0", arg=searches)
    page.get_by_role("button", name="Run").evaluate("run => { run.click(); run.click(); run.click(); }")
    page.wait_for_function("n => window.minimaxLab.searches > n + 1 && window.minimaxLab.last > 0", arg=searches)
    page.get_by_role("button", name="Stop").click()
    page.wait_for_function("() => window.minimaxLab.finished")
    # The first Run's search, the first click's (superseded) and the last click's: once each has
    # sent its last message, nothing about the superseded one can still arrive and be shown.
    log = wait_until_every_search_ended(page, 3)
    assert (len(log["sent"]), len(log["started"])) == (3, 3)
    assert page.evaluate("window.minimaxLab.searches") == searches + 2  # the first Run, then the last click's
    expect(page.locator("#form-error")).to_have_text("")


def test_a_tree_too_deep_to_decode_gets_an_answer_and_the_next_run_works(page: Page) -> None:
    searches = page.evaluate("window.minimaxLab.searches")
    run_search(page, source="tree", tree="[" * 1200 + "1" + "]" * 1200)
    expect(page.locator("#form-error")).to_have_text(re.compile("nested too deeply.*40 levels"))
    run_search(page, source="example")
    page.wait_for_function("n => window.minimaxLab.searches > n && window.minimaxLab.finished", arg=searches)
    expect(page.locator("#form-error")).to_have_text("")


LOSE_STARTS = """s => {
    const emit = s.socket.emit.bind(s.socket);
    window.restoreEmit = () => { s.socket.emit = emit; };
    s.socket.emit = (name, ...args) => (name === "search:start" ? s.socket : emit(name, ...args));
}"""


def test_a_start_that_gets_no_answer_is_reported_and_run_works_again(page: Page) -> None:
    socket = page.evaluate_handle("window.minimaxLab.searchSocket")
    socket.evaluate("s => { s.answerTimeoutMs = 300; }")
    socket.evaluate(LOSE_STARTS)
    searches = page.evaluate("window.minimaxLab.searches")
    page.get_by_role("button", name="Run").click()
    expect(page.locator("#form-error")).to_have_text("the server did not answer within 0.3 s: run it again")
    page.evaluate("window.restoreEmit()")
    page.get_by_role("button", name="Run").click()
    page.wait_for_function("n => window.minimaxLab.searches > n && window.minimaxLab.finished", arg=searches)


def test_stop_while_a_start_is_on_its_way_means_it_never_shows(page: Page) -> None:
    log_socket(page)
    socket = page.evaluate_handle("window.minimaxLab.searchSocket")
    socket.evaluate("""s => {
        const emit = s.socket.emit.bind(s.socket);
        s.socket.emit = (name, ...args) => (name === "search:start"
            ? (window.sendHeldStart = () => emit(name, ...args)) : emit(name, ...args));
    }""")
    searches = page.evaluate("window.minimaxLab.searches")
    run_search(page, source="game", game="tictactoe", position=".........", algorithm="minimax")
    page.get_by_role("button", name="Stop").click()
    page.evaluate("window.sendHeldStart()")  # on its way until now, whatever the machine's speed
    # The held-back start reaches the server, is answered, and that search ends (the page
    # cancels it unseen): after its last message nothing about it can still be shown.
    log = wait_until_every_search_ended(page, 1)
    assert len(log["started"]) == 1
    assert page.evaluate("window.minimaxLab.searches") == searches
    k, n = counter(page)
    assert n < 100  # still the lecture example, not the full tic-tac-toe tree
