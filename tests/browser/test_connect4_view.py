"""Connect Four in the viewer (issue 29): a search run from the Search tab draws each position's discs
in its node (X filled, O a ring, the disc just dropped outlined), the form will not send a search
without the depth limit the game needs and says why beside the depth field, and the result says which
column won and by how much. Isolation's 5x5 board is drawn the same way."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import DESKTOP, PHONE, log_socket, new_page, open_app, run_search, shot
from tests.helpers.cli import run_cli

# The form's default Connect Four position (search_form.js): X to move, two discs each.
START = "." * 28 + "...O..." + "..OXX.."
DEPTH_NEEDED = "Connect Four needs a depth limit: its game tree from the empty board has about 4.5 trillion positions"

# The board of one drawn node: its position, its discs by kind, the cell it outlines, a disc's size on screen.
BOARD = """id => {
    const board = document.querySelector(`#tree [data-node-id="${id}"] .board`);
    if (!board) return null;
    const cells = (kind) => [...board.querySelectorAll(`circle.disc.${kind}`)].map(c => +c.dataset.cell).sort((a, b) => a - b);
    const disc = board.querySelector('circle.disc');
    return { board: board.dataset.board, x: cells('x'), o: cells('o'), moved: board.dataset.moveCell ?? null,
             outline: board.querySelector('.moved') ? board.querySelector('.moved').getAttribute('class') : null,
             disc: disc ? disc.getBoundingClientRect().width : 0 };
}"""


def within_width(page: Page) -> bool:
    """The Search tab's form (its longer hint, the estimate field) and the drawing stay inside the viewport."""
    return page.evaluate("""() => ['#search-form', '#tree', '#narration'].every(
        s => document.querySelector(s).getBoundingClientRect().right <= window.innerWidth + 0.5)""")


def trace(*args: str) -> list[dict[str, Any]]:
    """The engine's own trace of the search the page runs (the same request: the same events)."""
    done = run_cli("trace", *args)
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def finished_search(page: Page, **fields: str) -> None:
    searches = page.evaluate("window.minimaxLab.searches")
    run_search(page, source="game", **fields)
    page.wait_for_function("n => window.minimaxLab.searches > n && window.minimaxLab.finished", arg=searches)


def at_event(page: Page, k: int) -> None:
    page.evaluate(f"window.minimaxLab.seek({k})")
    expect(page.locator("#counter")).to_have_text(re.compile(rf"^step {k} / "))
    assert page.evaluate("window.minimaxLab.event") == k


def test_a_connect4_search_draws_each_positions_discs_and_says_which_column_won(app: Page) -> None:
    page = app
    finished_search(page, game="connect4", position=START, depth="4")
    events = trace("--game", "connect4", "--state", START, "--algorithm", "alphabeta", "--depth", "4")
    assert page.evaluate("window.minimaxLab.last") == len(events) - 1
    # A big search: drawn around the current node (the focus view).
    expect(page.locator(".focus-note")).to_be_visible()
    # Step to positions two and three moves deep: each node's board holds its position's discs.
    for depth in (2, 3):
        k, visit = next((k, e) for k, e in enumerate(events) if e["type"] == "visit" and e["depth"] == depth)
        at_event(page, k)
        drawn = page.evaluate(BOARD, visit["node"])
        state = visit["state"]
        assert drawn["board"] == state
        assert drawn["x"] == [i for i, ch in enumerate(state) if ch == "X"]
        assert drawn["o"] == [i for i, ch in enumerate(state) if ch == "O"]
        # The disc just dropped: the top disc of the move's column, outlined in its player's colour.
        column = visit["move"]
        landed = next(row * 7 + column for row in range(6) if state[row * 7 + column] != ".")
        assert drawn["moved"] == str(landed)
        assert drawn["outline"] == f"moved {state[landed].lower()}"
        # Readable as first shown: a disc is at least 6 px across (an X 7.8 px, an O's ring 6.5 px inside its stroke).
        assert drawn["disc"] >= 6, drawn
        narration = page.locator("#narration")
        expect(narration).to_contain_text(f"{state[landed]} drops a disc in column {column} (the {column + 1}")
    shot(page, "connect4-node-1280.png")
    # The result: which column won, by how much, from the root children's returns in the trace.
    at_event(page, len(events) - 1)
    result = events[-1]
    returns = {e["node"]: e for e in events if e["type"] == "return" and e["node"].count(".") == 1}
    best = returns[result["child"]]
    others = [e for node, e in returns.items() if node != result["child"]]
    # X (MAX) moves: the next best is the highest value, an exact one before a bound equal to it.
    runner = max(others, key=lambda e: (e["value"], "bound" not in e))
    margin = best["value"] - runner["value"]
    said = page.locator("#narration").text_content() or ""
    assert said.startswith(f"Result: the root = {result['value']}, best move: column {result['move']}. "), said
    is_worth = f"is worth {'at most ' if 'bound' in runner else ''}{runner['value']}"
    next_best = f"Why column {result['move']}: it is worth {best['value']}; the next best, column {runner['node'][-1]}, {is_worth}"
    assert next_best in said, said
    if margin > 0:
        assert f"so column {result['move']} wins by {'at least ' if 'bound' in runner else ''}{margin}" in said, said
    shot(page, "connect4-result-1280.png")


def test_without_a_depth_limit_the_form_says_why_and_sends_nothing(app: Page) -> None:
    page = app
    page.locator('input[name="source"][value="game"]').check()
    page.locator('select[name="game"]').select_option("connect4")
    # Chosen, Connect Four brings its own position and a depth limit of 4.
    expect(page.locator('input[name="position"]')).to_have_value(START)
    expect(page.locator('input[name="depth"]')).to_have_value("4")
    # Under the position, how Connect Four's are written: the registry's words, the other games' hidden.
    hint = page.locator(".position-hint [data-game]:visible")
    expect(hint).to_have_count(1)
    expect(hint).to_have_text("Connect Four: 42 characters, the 6 rows from top to bottom, each X, O or '.'; X moves first.")
    note = page.locator("#depth-note")
    expect(note).to_be_hidden()
    page.locator('input[name="depth"]').fill("")
    expect(note).to_be_visible()
    expect(note).to_contain_text(DEPTH_NEEDED)
    expect(note).to_contain_text("Try 4 to 6")
    expect(page.locator('input[name="depth"]')).to_have_attribute("aria-invalid", "true")
    log_socket(page)
    page.get_by_role("button", name="Run", exact=True).click()
    # The error under Run keeps the head and the advice; the note beside the field says why.
    expect(page.locator("#form-error")).to_have_text("depth: Connect Four needs a depth limit. Try 4 to 6")
    expect(page.locator('input[name="depth"]')).to_be_focused()
    assert page.evaluate("window.socketLog.sent") == []
    shot(page, "connect4-depth-needed-1280.png")
    # The server refuses such a search too (a link, the class): its words are shown the same way.
    page.locator('input[name="depth"]').fill("3")
    expect(note).to_be_hidden()
    page.evaluate("s => s.start({game: 'connect4', state: '.'.repeat(42), algorithm: 'alphabeta', depth: null})",
                  page.evaluate_handle("window.minimaxLab.searchSocket"))
    expect(page.locator("#form-error")).to_have_text("depth: Connect Four needs a depth limit. Try 4 to 6")
    expect(note).to_be_visible()
    expect(note).to_contain_text(f"{DEPTH_NEEDED}, more than any search can finish. Try 4 to 6")
    # Back on tic-tac-toe the depth the form put in goes again.
    page.locator('input[name="depth"]').fill("4")
    page.locator('select[name="game"]').select_option("tictactoe")
    expect(page.locator('input[name="depth"]')).to_have_value("")
    expect(note).to_be_hidden()
    # A square Isolation board needs one too, and the mobility estimate: typed in, the form offers both.
    estimate = page.locator('select[name="estimate"]')
    expect(estimate).to_be_hidden()
    page.locator('select[name="game"]').select_option("isolation")
    expect(estimate).to_be_visible()
    expect(estimate).to_have_value("zero")
    page.locator('input[name="position"]').fill("." * 25)
    page.locator('input[name="position"]').press("Tab")
    expect(page.locator('input[name="depth"]')).to_have_value("3")
    expect(estimate).to_have_value("mobility")
    page.locator('input[name="depth"]').fill("")
    expect(note).to_have_text("Isolation on the 5x5 board needs a depth limit: its game tree is far too big for any search to "
                              "finish. Try 3 to 5, with the mobility estimate")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "390"])
def test_connect4_and_isolation_5x5_look_right(browser: Browser, live_server: str, viewport: dict[str, int]) -> None:
    """Screenshots for a person to look at (MINIMAX_LAB_SHOTS), and nothing spilling out of the page."""
    page, errors = new_page(browser, viewport)
    open_app(page, live_server)
    phone = viewport is PHONE
    finished_search(page, game="connect4", position=START, depth="3")
    page.evaluate("window.minimaxLab.seek(40)")
    assert within_width(page)
    shot(page, f"connect4-{viewport['width']}.png", full_page=phone)
    page.locator('select[name="game"]').select_option("isolation")
    page.locator('select[name="estimate"]').select_option("mobility")
    finished_search(page, game="isolation", position="." * 25, depth="2")
    page.evaluate("window.minimaxLab.seek(60)")
    board = page.locator("#tree .node .board[data-board]").last
    expect(board).to_have_attribute("data-cols", "5")
    # The search ran with the estimate chosen: the key says the engine's mobility on a square board.
    expect(page.locator("#game-key")).to_contain_text("(player 1's moves − player 2's moves) / 100.")
    shot(page, f"isolation5-{viewport['width']}.png", full_page=phone)
    assert within_width(page)
    page.context.close()
    assert errors == []
