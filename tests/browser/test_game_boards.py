"""Games a student can read (issue 9.8): boards big enough without zooming, the move just played
marked on each board, and a key saying what a game's values mean."""

from __future__ import annotations

from typing import Any, Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import DESKTOP, PHONE, new_page, open_app, run_search, shot

# The smallest on-screen width and height of any board cell, in CSS px.
SMALLEST_CELL = """() => {
    const sizes = [...document.querySelectorAll('#tree .board .cell')].map(r => r.getBoundingClientRect());
    return [Math.min(...sizes.map(b => b.width)), Math.min(...sizes.map(b => b.height)), sizes.length];
}"""

# Each drawn board that marks a move: its node's id and player, its position, the marked cell,
# and whether the outline sits exactly on that cell.
MARKED_BOARDS = """() => [...document.querySelectorAll('#tree .node')].flatMap(g => {
    const board = g.querySelector('.board[data-board]');
    if (!board) return [];
    const moved = board.querySelector('.moved');
    const at = board.dataset.moveCell;
    const cell = at === undefined ? null : board.querySelectorAll('.cell')[+at];
    const inside = (a, b) => a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width && a.y + a.height <= b.y + b.height;
    return [{
        id: g.dataset.nodeId, player: g.classList.contains('min') ? 'min' : 'max',
        board: board.dataset.board, cell: at === undefined ? null : +at, outlines: board.querySelectorAll('.moved').length,
        onCell: !!(moved && cell && inside(moved.getBBox(), cell.getBBox())),
    }];
})"""


def game_search(page: Page, **fields: str) -> int:
    """Run a game search from the side panel and wait for its end; returns the nodes drawn."""
    searches = page.evaluate("window.minimaxLab.searches")
    run_search(page, source="game", **fields)
    page.wait_for_function("n => window.minimaxLab.searches > n && window.minimaxLab.finished", arg=searches)
    return page.locator("#tree [data-node-id]").count()


@pytest.fixture()
def desktop(browser: Browser, live_server: str) -> Iterator[Page]:
    page, errors = new_page(browser, DESKTOP)
    open_app(page, live_server)
    yield page
    page.context.close()
    assert errors == []


@pytest.mark.parametrize(
    "fields",
    [
        {"game": "tictactoe", "position": "XOX.O.X..", "depth": "2"},  # 14 nodes: the whole tree fits
        {"game": "tictactoe", "position": "XOX.O....", "depth": "2"},  # 26 nodes
        {"game": "tictactoe", "position": "XO.......", "depth": "2", "algorithm": "minimax"},  # 50, wide
    ],
    ids=lambda f: f"{f['position']}-{f.get('algorithm', 'alphabeta')}",
)
def test_tictactoe_cells_are_at_least_12px_in_the_first_view(desktop: Page, fields: dict[str, str]) -> None:
    nodes = game_search(desktop, **fields)
    assert 10 <= nodes <= 50
    width, height, cells = desktop.evaluate(SMALLEST_CELL)
    assert cells >= 9 * 5
    assert width >= 12 and height >= 12, f"{nodes} nodes: cells {width:.1f} x {height:.1f} px"
    # Stepping pans the view to the current node, never shrinks it.
    desktop.get_by_role("button", name="Last step").click()
    assert desktop.evaluate(SMALLEST_CELL)[0] >= 12


def moves_in_id(node_id: str) -> str:
    """A game node's id is its move path (search/games/game.py path_id): the last part is its move."""
    return node_id.rsplit(".", 1)[1]


def test_each_tictactoe_board_marks_the_move_that_led_to_it(desktop: Page) -> None:
    game_search(desktop, game="tictactoe", position="XOX.O....", depth="2")
    desktop.get_by_role("button", name="Last step").click()
    boards: list[dict[str, Any]] = desktop.evaluate(MARKED_BOARDS)
    assert len(boards) > 10
    for b in boards:
        if b["id"] == "root":  # the position searched: no move led to it
            assert b["cell"] is None and b["outlines"] == 0
            continue
        assert b["cell"] == int(moves_in_id(b["id"])), b
        assert b["outlines"] == 1 and b["onCell"], b
        # The mover is the player not to move now: X moved into a MIN node.
        assert b["board"][b["cell"]] == ("X" if b["player"] == "min" else "O"), b


def test_each_isolation_board_marks_the_square_moved_to(desktop: Page) -> None:
    game_search(desktop, game="isolation", position=".....#", depth="3")
    desktop.get_by_role("button", name="Last step").click()
    boards = desktop.evaluate(MARKED_BOARDS)
    assert len(boards) > 10
    for b in boards:
        if b["id"] == "root":
            assert b["cell"] is None
            continue
        x, y = (int(n) for n in moves_in_id(b["id"]).split(","))
        assert b["cell"] == y * 3 + x and b["onCell"], b
        assert b["board"][b["cell"]] == ("1" if b["player"] == "min" else "2"), b


def test_the_key_explains_game_values_and_hides_for_a_tree(desktop: Page) -> None:
    key = desktop.locator("#game-key")
    expect(key).to_be_hidden()  # the lecture tree: its values are the instructor's
    game_search(desktop, game="tictactoe", position="XOX.O.X..", depth="2")
    expect(key).to_be_visible()
    expect(key).to_have_text(
        "Utility (game over): 100 X wins, −100 O wins, 0 draw. Estimate (depth limit, in italics): "
        "lines open for X − lines open for O (a row, column or diagonal is open for X if it holds no O)."
    )
    game_search(desktop, game="isolation", position=".....#", depth="2")
    expect(key).to_contain_text("1 player 1 wins, −1 player 2 wins (a player with no move loses)")
    expect(key).to_contain_text("Estimate (depth limit, in italics): 0 (no guess).")
    searches = desktop.evaluate("window.minimaxLab.searches")
    run_search(desktop, source="example")
    desktop.wait_for_function("n => window.minimaxLab.searches > n", arg=searches)
    expect(desktop.locator('[data-node-id="A"]')).to_be_visible()
    expect(key).to_be_hidden()


@pytest.mark.parametrize("name,viewport", [("desktop", DESKTOP), ("phone", PHONE)])
def test_a_game_search_fits_the_width_with_readable_boards(browser: Browser, live_server: str, name: str, viewport: dict[str, int]) -> None:
    page, errors = new_page(browser, viewport)
    open_app(page, live_server)
    game_search(page, game="tictactoe", position="XOX.O....", depth="2")
    page.evaluate("window.minimaxLab.seek(20)")  # mid-search: boards, values, a window on the path
    shot(page, f"game-boards-{name}.png", full_page=name == "phone")
    # The key fits the phone's width: no sideways scrolling.
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert page.locator("#tree .board .cell").first.bounding_box()["width"] >= 12
    page.context.close()
    assert errors == []
