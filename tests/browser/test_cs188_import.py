"""A UC Berkeley CS188 .test file (GraphGameTreeTest) pasted into the editor's text box or opened as a
file: the server reads it (POST /api/import/cs188), the editor holds its tree, and the page searches it
as the autograder does, with the file's algorithm and ties explore, and draws it."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.app_helpers import editor_tree, open_tab, open_text_box, press
from tests.browser.conftest import PHONE, checked_app, node_states, refusals_removed, shot
from tests.engine.test_cs188 import TIES, TIES_EVAL, test_file

WIN_ON_A_GHOSTS_TURN = test_file("ExpectimaxAgent", 2, "a Left win1\na Right b\nb x c1\nb y c2\nc2 Left d",
                                 "win1 8.0\nc1 -10.0\nd 30.0", win="win1 d", lose="c1")


@pytest.fixture()
def page(browser: Browser, live_server: str) -> Iterator[Page]:
    """The app at 1280x800; JavaScript errors fail the test (the server's 400 refusals aside)."""
    with checked_app(browser, live_server, refusals_removed) as p:
        yield p


def load_test_text(page: Page, text: str) -> int:
    """Paste `text` into the tree box and press Load from text; the number of searches before it."""
    open_tab(page, "Edit tree")
    open_text_box(page)
    before = page.evaluate("window.minimaxLab.searches")
    page.locator("#editor-text").fill(text)
    press(page, "Load from text")
    return before


def wait_for_search_after(page: Page, before: int) -> None:
    page.wait_for_function(
        "n => window.minimaxLab.searches > n && window.minimaxLab.finished && window.minimaxLab.last > 0", arg=before)


def test_a_pasted_alphabeta_test_is_drawn_and_searched_with_ties_explore(page: Page) -> None:
    before = load_test_text(page, test_file("AlphaBetaAgent", 1, TIES, TIES_EVAL))
    wait_for_search_after(page, before)
    expect(page.locator("#text-status")).to_have_text(
        "Loaded CS188 AlphaBetaAgent, depth 1 × 2 agents = 2 plies (11 nodes): searched with alpha-beta, ties explore, "
        "as its autograder does.")
    expect(page.locator("#text-error")).to_have_text("")
    assert page.locator('select[name="algorithm"]').input_value() == "alphabeta"
    assert page.locator('select[name="ties"]').input_value() == "explore"
    assert page.locator('input[name="depth"]').input_value() == ""
    expect(page.locator("#editor-run-note")).to_have_text("Runs alpha-beta, no depth limit, ties explore (options in the Search tab).")
    assert editor_tree(page)["children"][1]["label"] == "b2 (Middle)"
    expect(page.locator('#tree [data-node-id="b2"] .label')).to_have_text("b2 (Middle)")
    page.get_by_role("button", name="Last step").click()
    states = node_states(page)
    # The autograder's generated states: c3 = 5 = alpha is explored on (c4, c5 searched); c7 alone is pruned.
    assert states["a"][1] == "5"
    assert {node for node, (state, _) in states.items() if state == "pruned"} == {"c7"}
    assert states["c4"][0] != "pruned" and states["c5"][0] != "pruned"
    shot(page, "cs188_alphabeta_1280.png")


def test_an_opened_expectimax_file_with_a_win_on_a_ghosts_turn(page: Page, tmp_path: Path) -> None:
    path = tmp_path / "win_on_ghost_turn.test"
    path.write_text(WIN_ON_A_GHOSTS_TURN, encoding="utf-8")
    open_tab(page, "Edit tree")
    open_text_box(page)
    before = page.evaluate("window.minimaxLab.searches")
    page.locator("#text-file").set_input_files(str(path))
    wait_for_search_after(page, before)
    expect(page.locator("#text-status")).to_contain_text("Loaded CS188 ExpectimaxAgent, depth 2 × 2 agents = 4 plies")
    assert page.locator('select[name="algorithm"]').input_value() == "expectiminimax"
    assert page.locator("#editor-text").input_value() == WIN_ON_A_GHOSTS_TURN
    tree = editor_tree(page)
    assert tree["children"][0] == {"id": "win1", "label": "win1 (Left)", "player": "chance", "value": 8}
    page.get_by_role("button", name="Last step").click()
    # b = (-10 + 30) / 2 = 10 beats the win's 8
    assert node_states(page)["a"][1] == "10"
    shot(page, "cs188_expectimax_1280.png")


def test_a_bad_file_says_the_servers_message_naming_the_line(page: Page) -> None:
    bad = test_file("MinimaxAgent", 1, "a Left b\na Right c\nc Up a", "b 1.0\nc 2.0")
    load_test_text(page, bad)
    expect(page.locator("#text-error")).to_have_text(
        "CS188 test: line 18: c Up a closes a cycle (a -> c -> a): a game tree's states lead only forward")
    expect(page.locator('#editor-outline [data-edit-id="A"]')).to_be_visible()  # the editor keeps its tree


def test_on_a_phone_the_imported_tree_is_drawn(browser: Browser, live_server: str) -> None:
    with checked_app(browser, live_server, refusals_removed, viewport=PHONE) as page:
        before = load_test_text(page, test_file("AlphaBetaAgent", 1, TIES, TIES_EVAL))
        wait_for_search_after(page, before)
        expect(page.locator("#text-status")).to_contain_text("Loaded CS188 AlphaBetaAgent")
        shot(page, "cs188_text_box_390.png")
        expect(page.locator('#tree [data-node-id="c7"]')).to_be_attached()
        page.locator("#tree").scroll_into_view_if_needed()
        shot(page, "cs188_tree_390.png")
