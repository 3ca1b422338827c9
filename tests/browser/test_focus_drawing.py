"""A game tree too big to draw whole (past 500 positions) is drawn around the current node:
the path from the root, every child of each path node, and every other subtree folded into one
mark ("▸ 12,345 nodes") that a click or Enter opens. A lecture tree is still drawn whole."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.app_helpers import FIND_STEP, download, open_tab
from tests.browser.conftest import DESKTOP, PHONE, new_page, open_app, shot

# Full minimax from X . . / . O . / . . . : about 8,000 positions, streamed in a few seconds.
BIG = "/?game=tictactoe&state=X...O....&algorithm=minimax"
# Full alpha-beta from the empty board: about 18,000 positions (the screenshots).
FULL = "/?game=tictactoe&state=.........&algorithm=alphabeta"
NOTE = re.compile(r"^[\d,]+ nodes: too many to draw at once\. Showing the path to the current node and its neighbours; "
                  r"each ▸ mark is a subtree folded up \(click it to open it\)\.$")
SIZE = re.compile(r"^▸ [\d,]+ nodes?$")
DRAWN = "#tree [data-node-id]"
ITEM = '[role="treeitem"]'  # a node's tree item (its shape): the role, name, expanded state and focus


@pytest.fixture()
def page(browser: Browser, live_server: str) -> Iterator[Page]:
    page, errors = new_page(browser, DESKTOP)
    page.base_url = live_server  # type: ignore[attr-defined]
    yield page
    page.context.close()
    assert errors == []


def open_big(page: Page, url: str = BIG) -> None:
    """Open a search by its link and wait until it has all arrived and is drawn as a focus drawing."""
    page.goto(page.base_url + url)  # type: ignore[attr-defined]
    page.wait_for_function("() => window.minimaxLab && window.minimaxLab.finished")
    expect(page.locator("#tree-note")).to_have_text(NOTE)


def seek(page: Page, step: int) -> None:
    page.evaluate("k => window.minimaxLab.seek(k)", step)
    expect(page.locator("#counter")).to_have_text(re.compile(rf"^step {step} / "))


def drawn_ids(page: Page) -> list[str]:
    return page.eval_on_selector_all(DRAWN, "els => els.map((e) => e.dataset.nodeId)")


def current_id(page: Page) -> str:
    return page.locator('#tree .node[data-state="current"]').get_attribute("data-node-id") or ""


ON_SCREEN = """() => {
    const box = document.getElementById('tree').getBoundingClientRect();
    return [...document.querySelectorAll('#tree .node.folds.collapsed')].filter((g) => {
        const r = g.querySelector('.fold-badge rect').getBoundingClientRect();
        return r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom;
    }).map((g) => g.dataset.nodeId);
}"""


def marks_on_screen(page: Page) -> list[str]:
    """The folded marks the student can see in the drawing's box, by node id."""
    return page.evaluate(ON_SCREEN)


def children_drawn(ids: list[str], parent: str) -> list[str]:
    return [i for i in ids if i.startswith(parent + ".") and "." not in i[len(parent) + 1:]]


def test_the_path_and_every_path_nodes_children_are_drawn_and_the_rest_folded(page: Page) -> None:
    open_big(page)
    seek(page, page.evaluate("window.minimaxLab.last") // 2)
    current = current_id(page)
    ids = drawn_ids(page)
    assert len(ids) < 300 and len(ids) == len(set(ids))  # nothing left of a full drawing, nothing twice
    parts = current.split(".")
    path = [".".join(parts[: d + 1]) for d in range(len(parts))]
    for depth, node in enumerate(path[:-1]):
        # Two marks on the board at the root: a position at depth d has 7 - d moves, all in the tree.
        assert len(children_drawn(ids, node)) == 7 - depth, node
    assert len(children_drawn(ids, current)) in (0, 7 - (len(path) - 1))
    # Each drawn node with children off the path is one folded mark saying its size.
    folded = page.locator("#tree .node.folds.collapsed")
    assert folded.count() > 0
    for k in range(folded.count()):
        mark = folded.nth(k)
        node = mark.get_attribute("data-node-id") or ""
        assert node not in path and children_drawn(ids, node) == []
        expect(mark.locator(".fold-size")).to_have_text(SIZE)
        expect(mark.locator(ITEM)).to_have_attribute("role", "treeitem")
        expect(mark.locator(ITEM)).to_have_attribute("aria-expanded", "false")
    # The path itself is never folded.
    for node in path:
        expect(page.locator(f'#tree [data-node-id="{node}"]')).not_to_have_class(re.compile(r"\bcollapsed\b"))


def test_a_mark_opens_by_click_and_by_keyboard_and_folds_again(page: Page) -> None:
    open_big(page)
    seek(page, 40)
    node, other_id = marks_on_screen(page)[:2]
    mark = page.locator(f'#tree [data-node-id="{node}"]')
    size = int((mark.locator(".fold-size").text_content() or "").split()[1].replace(",", ""))
    assert size > 1
    expect(mark.locator(ITEM)).to_have_attribute("aria-label", re.compile(rf"^[XO] \d( · [XO] \d)*, .*; {size:,} nodes folded up, Enter opens them$"))
    mark.locator(".fold-badge rect").click()
    expect(mark.locator(ITEM)).to_have_attribute("aria-expanded", "true")
    expect(mark.locator(".fold-size")).to_have_text(f"▾ {size:,} nodes")
    assert len(children_drawn(drawn_ids(page), node)) > 0
    # Its children with children of their own are folded the same way.
    grandchild = page.locator(f'#tree .node.folds.collapsed[data-node-id^="{node}."]').first
    expect(grandchild.locator(".fold-size")).to_have_text(SIZE)
    mark.locator(".fold-badge rect").click()
    expect(mark.locator(ITEM)).to_have_attribute("aria-expanded", "false")
    assert children_drawn(drawn_ids(page), node) == []
    # The keyboard: Tab reaches the marks; Enter opens, Space folds (and does not play).
    other = page.locator(f'#tree [data-node-id="{other_id}"]')
    other.locator(ITEM).focus()
    expect(other.locator(ITEM)).to_be_focused()
    page.keyboard.press("Enter")
    expect(other.locator(ITEM)).to_have_attribute("aria-expanded", "true")
    assert len(children_drawn(drawn_ids(page), other_id)) > 0
    page.keyboard.press(" ")
    expect(other.locator(ITEM)).to_have_attribute("aria-expanded", "false")
    expect(page.locator("#counter")).to_have_text(re.compile(r"^step 40 / "))
    expect(page.locator("#play")).to_have_text("Play")


# The current node's id ("" if none is drawn; as current_id) and how many nodes are drawn, in one look.
CURRENT_AND_DRAWN = """() => {
    const current = document.querySelector('#tree .node[data-state="current"]');
    return [(current && current.getAttribute('data-node-id')) || '', document.querySelectorAll('DRAWN').length];
}""".replace("DRAWN", DRAWN)


def test_stepping_moves_the_focus_and_keeps_what_was_opened(page: Page) -> None:
    open_big(page)
    seek(page, 200)
    opened = marks_on_screen(page)[-1]
    mark = page.locator(f'#tree [data-node-id="{opened}"]')
    mark.locator(".fold-badge rect").click()
    expect(mark.locator(ITEM)).to_have_attribute("aria-expanded", "true")
    seen = {current_id(page)}
    page.locator("#tree").focus()
    for step in range(201, 216):
        page.keyboard.press("ArrowRight")
        expect(page.locator("#counter")).to_have_text(re.compile(rf"^step {step} / "))
        current, drawn = page.evaluate(CURRENT_AND_DRAWN)
        assert current, f"no current node drawn at step {step}"
        seen.add(current)
        assert drawn < 300
    assert len(seen) > 3  # the current node moved, and was drawn at every step
    expect(page.locator(f'#tree [data-node-id="{opened}"] {ITEM}')).to_have_attribute("aria-expanded", "true")
    # The result: the root is the focus; each of its moves is a mark with its value.
    page.keyboard.press("End")
    expect(page.locator("#tally")).to_have_attribute("data-final", "true")
    roots = page.locator('#tree .node.folds.collapsed[data-node-id^="root."] .fold-value')
    expect(roots.first).to_have_text(re.compile(r"^value -?\d+$"))


def test_a_table_hits_source_is_revealed_when_asked_for(page: Page) -> None:
    open_big(page, "/?game=tictactoe&state=.........&algorithm=minimax&tt=1")
    step = page.evaluate(FIND_STEP, "this position was already searched at")
    assert step >= 0
    source = page.locator("#narration button.node-link").get_attribute("data-node") or ""
    expect(page.locator(f'#tree [data-node-id="{source}"]')).to_have_count(0)  # folded away
    page.locator("#narration button.node-link").click()
    node = page.locator(f'#tree [data-node-id="{source}"]')
    expect(node).to_have_class(re.compile(r"\bpicked\b"))
    expect(node.locator(ITEM)).to_be_focused()
    box, shape = page.locator("#tree").bounding_box(), node.locator(".shape").bounding_box()
    assert box and shape and box["x"] <= shape["x"] <= box["x"] + box["width"] - shape["width"]
    assert page.locator(DRAWN).count() < 400


def test_the_exports_draw_what_is_shown(page: Page, tmp_path: Path) -> None:
    open_big(page)
    seek(page, 300)
    drawn = page.locator(DRAWN).count()
    folded = page.locator("#tree .node.folds.collapsed").count()
    open_tab(page, "Share & export")
    tex = download(page, "Export LaTeX (.tex)", tmp_path).read_text(encoding="utf-8")
    assert tex.count("\\node[node label") + tex.count("\\node[max node") + tex.count("\\node[min node") >= drawn
    assert tex.count("\\node[folded]") == folded
    svg = download(page, "Export SVG", tmp_path).read_text(encoding="utf-8")
    assert svg.count("data-node-id=") == drawn and svg.count('class="fold-size"') == folded


def test_a_lecture_tree_is_still_drawn_whole(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    open_app(page, live_server)
    expect(page.locator(DRAWN)).to_have_count(13)
    expect(page.locator("#tree .node.folds")).to_have_count(0)
    expect(page.locator("#tree-note")).to_have_text("")
    page.context.close()
    assert errors == []


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_full_alpha_beta_tree_streams_unfolds_and_fits_the_width(browser: Browser, live_server: str, viewport: dict[str, int]) -> None:
    page, errors = new_page(browser, viewport)
    width = viewport["width"]
    page.goto(live_server + FULL)
    # Mid-search: while it streams, once past the full drawing's size.
    expect(page.locator("#tree-note")).to_have_text(NOTE)
    shot(page, f"focus-streaming-{width}.png")
    page.wait_for_function("() => window.minimaxLab.finished")
    seek(page, 5000)
    # The first mark, wherever it is: Tab to it (focus) brings it into view.
    mark = page.locator(f'#tree [data-node-id="{page.locator("#tree .node.folds.collapsed").first.get_attribute("data-node-id")}"]')
    mark.locator(ITEM).focus()
    assert mark.get_attribute("data-node-id") in marks_on_screen(page)
    page.keyboard.press("Enter")
    expect(mark.locator(ITEM)).to_have_attribute("aria-expanded", "true")
    shot(page, f"focus-step-{width}.png")
    page.locator("#tree").focus()  # the drawing, not a node: there End is the last step (on a node, the node visited last)
    page.keyboard.press("End")
    expect(page.locator("#tally")).to_have_attribute("data-final", "true")
    page.locator(f'#tree [data-node-id="{marks_on_screen(page)[0]}"] .fold-badge rect').click()
    shot(page, f"focus-result-{width}.png")
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    assert page.locator(DRAWN).count() < 300
    page.context.close()
    assert errors == []


def test_the_keyboard_stays_in_the_tree_when_a_step_folds_its_node_away(page: Page) -> None:
    """Walking a big game's drawing, Page Down steps on; when the search leaves the node the keyboard is on and
    the drawing folds it away, the focus goes to its nearest drawn ancestor, never out of the tree."""
    open_big(page)
    seek(page, 200)
    page.locator("#tree").focus()
    page.keyboard.press("Tab")  # the node the step is at
    page.keyboard.press("ArrowDown")
    start = page.evaluate("() => document.activeElement.closest('[data-node-id]').dataset.nodeId")
    left = False
    for step in range(201, 231):
        page.keyboard.press("PageDown")
        expect(page.locator("#counter")).to_have_text(re.compile(rf"^step {step} / "))
        role, node = page.evaluate("""() => { const e = document.activeElement, n = e.closest('[data-node-id]');
                                              return [e.getAttribute('role'), n && n.dataset.nodeId]; }""")
        assert role == "treeitem", f"at step {step}"
        left = left or node != start
    assert left, "the search never folded the node away: the test proves nothing"


def test_enter_on_a_folded_node_opens_it_and_selects_it(page: Page) -> None:
    open_big(page)
    seek(page, 40)
    node = marks_on_screen(page)[0]
    mark = page.locator(f'#tree [data-node-id="{node}"]')
    mark.locator(ITEM).focus()
    page.keyboard.press("Enter")
    expect(mark.locator(ITEM)).to_have_attribute("aria-expanded", "true")
    expect(mark.locator(ITEM)).to_have_attribute("aria-selected", "true")
    expect(page.locator(".vars")).to_have_attribute("aria-label", "Values at the selected node")
