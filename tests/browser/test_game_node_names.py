"""Game nodes named as a player would (issue 25): on the page's tic-tac-toe search with the
transposition table, a beam and quiescence, every step's narration and readout name nodes by the moves from
the root ("X 2 · O 4", the root "the root"), never by an internal id such as root.1.2; the
table hit's source is a button that still selects its node; the result names the best move's
square; and a child's [α, β] window stays written (dimmed) once it has returned."""

from __future__ import annotations

import json
import re
from typing import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.app_helpers import FIND_STEP, game_run, overflowing
from tests.browser.conftest import DESKTOP, PHONE, checked_app, new_page, open_app, shot, walk
from tests.helpers.cli import run_cli

POSITION, DEPTH, BEAM = "X...O....", "3", "3"
NAME = re.compile(r"^(the root|[XO] \d( · [XO] \d)*)$")
READOUT = re.compile(r"^(the root|(… )?[XO] \d( · [XO] \d)?)$")  # a deep node by its last two moves
INTERNAL = re.compile(r"\broot\.\d|\bmove \d")

# What each step shows: the narration, the readout's node, the narration's node button (its
# name and the id it carries), and the event's type.
PROBE = """() => {
    const button = document.querySelector('#narration button.node-link');
    return {
        said: document.getElementById('narration').textContent,
        node: document.getElementById('var-node').textContent,
        full: document.getElementById('var-node').title,
        link: button ? [button.textContent, button.dataset.node] : null,
    };
}"""

PLACES = ["the top-left corner", "the top edge", "the top-right corner", "the left edge", "the centre",
          "the right edge", "the bottom-left corner", "the bottom edge", "the bottom-right corner"]


def expected_result() -> dict:
    """The engine's own result for the same search (the CLI), to word it independently."""
    out = run_cli("trace", "--game", "tictactoe", "--state", POSITION, "--depth", DEPTH, "--tt", "--beam", BEAM, "--quiescence").stdout
    return json.loads(out.strip().splitlines()[-1])


@pytest.fixture(params=[DESKTOP, PHONE], ids=["desktop", "phone"])
def page(request: pytest.FixtureRequest, browser: Browser, live_server: str) -> Iterator[Page]:
    with checked_app(browser, live_server, viewport=request.param) as p:
        yield p


@pytest.fixture(scope="module")
def searched_page(browser: Browser, live_server: str) -> Iterator[tuple[Page, list[str]]]:
    """One 1280x800 page that ran the module's search (table, beam, quiescence) from the form, and the list its
    JavaScript errors go to: shared by the tests that only step through that search and pick a node."""
    page, errors = new_page(browser, DESKTOP)
    open_app(page, live_server)
    game_run(page, POSITION, DEPTH, tt=True, beam=BEAM, quiescence=True)
    yield page, errors
    page.context.close()


@pytest.fixture()
def searched(searched_page: tuple[Page, list[str]]) -> Iterator[Page]:
    """searched_page at step 0 (which unpicks any node); JavaScript errors while a test used it fail that test."""
    page, errors = searched_page
    assert errors == []  # none left over (a test before that failed said so)
    page.evaluate("window.minimaxLab.seek(0)")
    expect(page.locator("#counter")).to_have_text(re.compile(r"^step 0 / [1-9]\d*$"))
    yield page
    found = list(errors)
    errors.clear()
    assert found == []


@pytest.fixture(params=["desktop", "phone"])
def searched_at(request: pytest.FixtureRequest, browser: Browser, live_server: str) -> Iterator[Page]:
    """The module's search run from the form at 1280x800 (the shared page) or 390x844 (a page of its own)."""
    if request.param == "desktop":
        yield request.getfixturevalue("searched")
        return
    with checked_app(browser, live_server, viewport=PHONE) as p:
        game_run(p, POSITION, DEPTH, tt=True, beam=BEAM, quiescence=True)
        yield p


def test_every_step_names_game_nodes_by_their_moves(searched: Page) -> None:
    app = searched
    app.locator("#first").click()
    last = app.evaluate("window.minimaxLab.last")
    steps = walk(app, "forward", last, PROBE)
    assert len(steps) == last + 1 and steps[-1][0].startswith(f"step {last} / {last}")
    links = []
    for counter, seen in steps:
        said, node, full = seen["said"], seen["node"], seen["full"]
        assert not INTERNAL.search(said), f"{counter}: {said}"
        assert READOUT.match(node) and NAME.match(full), f"{counter}: the readout names {node!r} ({full!r})"
        assert full.endswith(node.removeprefix("… ")), (node, full)
        # Every sentence names the node its step is at, as the readout does ("The root" begins one).
        assert full.lower() in said.lower(), f"{counter}: {said!r} does not name {full!r}"
        for name in re.findall(r"[XO] \d(?: · [XO] \d)*", said):
            assert NAME.match(name), name
        if seen["link"]:
            links.append(seen["link"])
    # The enhancements' sentences were among them.
    for words in ("the beam keeps", "in the transposition table", "but not quiet", "already searched at"):
        assert any(words in s["said"] for _, s in steps), words
    # The table hit's source: named by its moves, the button carrying its id.
    assert links, "the search has a transposition hit"
    for text, node_id in links:
        assert NAME.match(text) and node_id.startswith("root.")
    # The result: the value and the best move's square, as the engine found them.
    result = expected_result()
    move = result["move"]
    expect(app.locator("#narration")).to_have_text(re.compile(
        rf"^Result: the root = {result['value']}, best move: {PLACES[move]}, cell {move}\. "
        rf"Why {PLACES[move]}, cell {move}: it is worth {result['value']}; .*\. "
        rf"The transposition table answered \d+ positions? and stored \d+\. "
        rf"Beam 3 never looked at some moves, so the answer is a guess: searched without the beam, the root = -?\d+, "
        rf"best move: the [a-z -]+, cell \d \([\d,]+ nodes searched, against {result['visited']}\)$"))
    expect(app.locator("#var-node")).to_have_text("the root")


def test_the_hit_source_button_selects_its_node(searched: Page) -> None:
    app = searched
    step = app.evaluate(FIND_STEP, "this position was already searched at")
    assert step >= 0
    button = app.locator("#narration button.node-link")
    name, node_id = button.inner_text(), button.get_attribute("data-node")
    assert NAME.match(name) and node_id
    expect(app.locator("#narration")).to_contain_text(f"already searched at {name} — ")
    # The drawing's hover title names it the same way, never by its id.
    expect(app.locator(f'#tree [data-node-id="{node_id}"] > .shape > title')).to_have_text(name)
    button.click()
    expect(app.locator(f'#tree [data-node-id="{node_id}"]')).to_have_class(re.compile(r"\bpicked\b"))


def test_done_nodes_keep_their_window(searched_at: Page) -> None:
    page = searched_at
    width = page.viewport_size["width"]
    page.evaluate(FIND_STEP, "this position was already searched at")
    shot(page, f"game_names_tt_hit_{width}.png", full_page=width < 600)
    assert overflowing(page) == []
    page.evaluate("window.minimaxLab.seek(window.minimaxLab.last)")
    expect(page.locator("#tally")).to_have_attribute("data-final", "true")
    windows = page.evaluate("""() => [...document.querySelectorAll('#tree .node')].map((g) => [
        g.dataset.state, g.querySelector('.window').textContent, getComputedStyle(g.querySelector('.window')).fill])""")
    done = [(text, fill) for state, text, fill in windows if state in ("done", "bounded")]  # bounded: returned a bound
    never = [text for state, text, _ in windows if state in ("pruned", "dropped", "unvisited")]
    assert done and all(re.match(r"^\[.+, .+\]$", text) for text, _ in done), done
    assert never and all(text == "" for text in never)
    # Dimmed: a lighter colour than a window on the current path.
    page.evaluate(FIND_STEP, "store value")
    path_fill = page.evaluate("""() => getComputedStyle(document.querySelector('#tree .node[data-state="current"] .window')).fill""")
    assert all(fill != path_fill for _, fill in done)
    page.evaluate("window.minimaxLab.seek(window.minimaxLab.last)")
    shot(page, f"game_names_result_{width}.png", full_page=width < 600)
    assert overflowing(page) == []


def test_iterative_deepening_names_each_best_move_by_its_square(page: Page) -> None:
    game_run(page, POSITION, "2", "iterative")
    page.evaluate("window.minimaxLab.seek(window.minimaxLab.last)")
    rows = page.locator("#iteration-rows tr")
    expect(rows).to_have_count(2)
    for r in range(2):
        expect(rows.nth(r).locator("td").nth(3)).to_have_text(re.compile(r"^[a-z -]+, cell \d$"))
    expect(page.locator("#narration")).to_have_text(re.compile(r"^Result: the root = -?\d+, best move: the [a-z -]+, cell \d "))
    expect(page.locator("#iteration-compare")).to_have_text(re.compile(r"^All 2 iterations: [\d,]+ nodes"))
    step = page.evaluate(FIND_STEP, "Iteration 1 (depth limit 1) found")
    assert step >= 0
    expect(page.locator("#narration")).to_have_text(re.compile(
        r"^Iteration 1 \(depth limit 1\) found the root = -?\d+, best move: the [a-z -]+, cell \d \([\d,]+ leaf|leaves, [\d,]+ nodes?\)\. "
        r"Iteration 2 searches the root's children best first for MAX by these values: X \d \(-?\d+\)(, X \d \(-?\d+\))*$"))
    width = page.viewport_size["width"]
    shot(page, f"game_names_iterations_{width}.png", full_page=width < 600)
    assert overflowing(page) == []
