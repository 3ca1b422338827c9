"""The enhancements of AIMA 4th ed. §5.2.4-5.3.3 on the page (transposition table, quiescence, beam): a transposition hit marked and linked to the node that
filled the entry, the horizon effect side by side, and what a beam never considered, greyed."""

from __future__ import annotations

import base64
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.app_helpers import FIND_STEP, SVG, download, game_run, open_tab, overflowing
from tests.browser.conftest import DESKTOP, PHONE, checked_app, shot


def to_last_step(page: Page) -> None:
    page.evaluate("window.minimaxLab.seek(window.minimaxLab.last)")


@pytest.fixture(params=[DESKTOP, PHONE], ids=["desktop", "phone"])
def page(request: pytest.FixtureRequest, browser: Browser, live_server: str) -> Iterator[Page]:
    """The app at 1280x800 and at 390x844; no JavaScript errors allowed."""
    with checked_app(browser, live_server, viewport=request.param) as p:
        yield p


def test_a_transposition_hit_is_marked_linked_and_narrated(page: Page) -> None:
    game_run(page, "XO.X.....", "3", "minimax", tt=True)
    step = page.evaluate(FIND_STEP, "this position was already searched at")
    assert step >= 0
    narration = page.locator("#narration").inner_text()
    hit_id, source_id = hit_ids(page)
    hit = page.locator(f'#tree [data-node-id="{hit_id}"]')
    expect(hit).to_have_class(__import__("re").compile(r"\btt-hit\b"))
    expect(hit).to_have_attribute("data-tt-source", source_id)
    expect(page.locator(f'#tree [data-node-id="{source_id}"]')).to_have_class(__import__("re").compile(r"\btt-source\b"))
    assert page.locator("#tree .tt-link").count() >= 1
    assert "value" in narration and "from the table" in narration
    expect(page.locator(".legend")).to_contain_text("from the table")
    width = page.viewport_size["width"]
    shot(page, f"enhancements_tt_hit_{width}.png")
    to_last_step(page)
    expect(page.locator("#narration")).to_contain_text("transposition table answered")
    assert overflowing(page) == []


def test_the_horizon_effect_side_by_side(page: Page) -> None:
    page.locator('input[name="source"][value="game"]').check()
    searches = page.evaluate("window.minimaxLab.searches")
    page.get_by_role("button", name="Horizon effect").click()
    columns = page.locator("#horizon-panel .horizon-columns section")
    expect(columns).to_have_count(4)
    plain, quiet = columns.nth(0), columns.nth(1)
    expect(plain).to_contain_text("Plays 2")
    expect(plain).to_contain_text("O wins — a mistake")
    expect(quiet).to_contain_text("Plays 4")
    expect(quiet).to_contain_text("X wins — the best move")
    expect(columns.nth(2)).to_contain_text("never considered")  # a beam of 1 drops the winning fork
    expect(columns.nth(3)).to_contain_text("the winning move survives")
    dialog = page.locator("#horizon-panel")
    expect(dialog).to_be_visible()
    expect(dialog.locator(".horizon-board .mark")).to_have_count(4)  # the position XO.X..O.., drawn
    width = page.viewport_size["width"]
    boxes = [columns.nth(i).bounding_box() for i in range(4)]
    assert all(b is not None for b in boxes)
    if width >= 1000:  # side by side, each wide enough to read, and none cut off
        assert len({round(b["y"]) for b in boxes}) == 1, boxes
        assert min(b["width"] for b in boxes) >= 220
        assert boxes[3]["x"] + boxes[3]["width"] <= width
        # Each run's parts line up across the columns: its verdict starts at the same height.
        tops = {round(columns.nth(i).locator(".verdict").bounding_box()["y"]) for i in range(4)}
        assert len(tops) == 1, tops
    else:  # a phone: one under another, the full width of the dialog
        assert boxes[0]["y"] < boxes[1]["y"] < boxes[2]["y"] < boxes[3]["y"]
        assert min(b["width"] for b in boxes) >= 300
    assert overflowing(page) == []
    shot(page, f"enhancements_horizon_{width}.png")
    # The main view steps through the depth-limited search: no node past the limit.
    page.wait_for_function("n => window.minimaxLab.searches > n && window.minimaxLab.finished", arg=searches)
    to_last_step(page)
    expect(page.locator("#narration")).to_contain_text("best move: the top-right corner, cell 2")
    assert page.locator("#tree .node.past-limit").count() == 0
    # The quiescence column's button steps through that search: nodes past the limit, shaded.
    searches = page.evaluate("window.minimaxLab.searches")
    quiet.get_by_role("button", name="Step through this search").click()
    expect(dialog).to_be_hidden()  # back to the tree, to step through it
    expect(page.locator("#player")).to_be_in_viewport()
    page.wait_for_function("n => window.minimaxLab.searches > n && window.minimaxLab.finished", arg=searches)
    to_last_step(page)
    expect(page.locator("#narration")).to_contain_text("best move: the centre, cell 4")
    assert page.locator("#tree .node.past-limit").count() > 0
    assert page.locator('input[name="quiescence"]').is_checked()
    expect(quiet).to_have_class(__import__("re").compile(r"\bshown\b"))
    shot(page, f"enhancements_horizon_stepping_{width}.png")
    # Opening it again shows the same comparison, the column being stepped through marked, without
    # starting another search; Escape closes it.
    searches = page.evaluate("window.minimaxLab.searches")
    page.get_by_role("button", name="Horizon effect").click()
    expect(dialog).to_be_visible()
    expect(quiet).to_have_class(__import__("re").compile(r"\bshown\b"))
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    assert page.evaluate("window.minimaxLab.searches") == searches
    expect(page.get_by_role("button", name="Horizon effect")).to_be_focused()
    assert overflowing(page) == []


def test_what_a_beam_never_considered_is_greyed(app: Page) -> None:
    page = app  # at 1280x800 only: nothing here depends on the width (the layout tests above take both)
    game_run(page, "XO.X..O..", "2", "alphabeta", beam="2")
    to_last_step(page)
    dropped = page.locator('#tree .node[data-state="dropped"]')
    assert dropped.count() > 0
    assert page.locator("#tree .edge.dropped").count() == dropped.count()
    step = page.evaluate(FIND_STEP, "never considered:")
    assert step >= 0
    expect(page.locator("#narration")).to_contain_text("the beam keeps the 2 best by estimate")
    expect(page.locator(".legend")).to_contain_text("never considered (beam)")
    width = page.viewport_size["width"]
    to_last_step(page)
    shot(page, f"enhancements_beam_{width}.png")


def test_bad_combinations_are_named_on_the_page(page: Page) -> None:
    page.locator('input[name="source"][value="game"]').check()
    page.locator('select[name="game"]').select_option("tictactoe")
    page.locator('input[name="depth"]').fill("")
    page.locator('input[name="quiescence"]').check()
    page.get_by_role("button", name="Run", exact=True).click()
    expect(page.locator("#form-error")).to_contain_text("quiescence: needs a depth limit")


# A point on some hit's dashed arrow that nothing covers (whole pixels, as a click lands), in page pixels, and the arrow's source id.
ARROW_POINT = """() => {
    const box = document.getElementById('tree').getBoundingClientRect();
    for (const g of document.querySelectorAll('#tree .tt-link-group')) {
        const path = g.querySelector('.tt-link-area');
        const length = path.getTotalLength();
        for (let f = 0.5; f > 0.05; f -= 0.05) {
            for (const at of [f, 1 - f]) {
                const q = path.getPointAtLength(length * at).matrixTransform(path.getScreenCTM());
                const p = {x: Math.round(q.x), y: Math.round(q.y)};  // a mouse event's point is whole pixels
                const inside = p.x > box.left && p.x < box.right && p.y > box.top && p.y < box.bottom;
                if (inside && g.contains(document.elementFromPoint(p.x, p.y))) {
                    return {x: p.x, y: p.y, source: g.dataset.to};
                }
            }
        }
    }
    return null;
}"""


def hit_step(page: Page) -> tuple[str, str]:
    """Run tic-tac-toe minimax with the table and go to its first hit: (hit id, source id)."""
    game_run(page, "XO.X.....", "3", "minimax", tt=True)
    step = page.evaluate(FIND_STEP, "this position was already searched at")
    assert step >= 0
    return hit_ids(page)


def hit_ids(page: Page) -> tuple[str, str]:
    """At a hit: (the hit's node id, its source's id). The narration names both by their moves; the
    source's button carries its id."""
    hit_id = page.locator('#tree .node[data-state="current"]').get_attribute("data-node-id") or ""
    source_id = page.locator("#narration button.node-link").get_attribute("data-node") or ""
    return hit_id, source_id


def name_of(page: Page, node_id: str) -> str:
    """How the page names a node ("X 2 · O 4"), as the narration and the readout say it."""
    return page.locator(f'#tree [data-node-id="{node_id}"] > .shape > title').text_content() or ""


def picked(page: Page, node_id: str) -> None:
    """Node `node_id` is selected: highlighted, focused, and on screen in the drawing."""
    node = page.locator(f'#tree [data-node-id="{node_id}"]')
    expect(node).to_have_class(__import__("re").compile(r"\bpicked\b"))
    expect(node.locator('[role="treeitem"]')).to_be_focused()
    box, shape = page.locator("#tree").bounding_box(), node.locator(".shape").bounding_box()
    assert box and shape
    assert box["x"] <= shape["x"] and shape["x"] + shape["width"] <= box["x"] + box["width"]
    assert box["y"] <= shape["y"] and shape["y"] + shape["height"] <= box["y"] + box["height"]
    assert page.locator("#tree .node.picked").count() == 1


def test_a_hit_leads_to_the_node_that_filled_its_entry(page: Page) -> None:
    hit_id, source_id = hit_step(page)
    # The narration's source id is a button: it selects the source in the drawing.
    button = page.locator("#narration button.node-link")
    expect(button).to_have_text(name_of(page, source_id))
    page.locator("#tree").hover()
    page.mouse.wheel(0, -1500)  # zoomed in far: the source is likely off screen; the button brings it in
    button.click()
    picked(page, source_id)
    width = page.viewport_size["width"]
    shot(page, f"enhancements_tt_picked_{width}.png", full_page=width < 600)
    # Stepping on clears the selection.
    page.keyboard.press("PageDown")  # the focus is on the node: in the tree the arrows walk it, the page keys step
    expect(page.locator("#tree .node.picked")).to_have_count(0)
    page.keyboard.press("PageUp")
    expect(page.locator("#narration button.node-link")).to_have_text(name_of(page, source_id))
    # Clicking the hit node itself does the same.
    page.evaluate("window.minimaxLab.seek(window.minimaxLab.last)")  # every hit's arrow drawn
    hit = page.locator(f'#tree [data-node-id="{hit_id}"]')
    page.locator("#fit").click()
    hit.locator(".shape").click()
    picked(page, source_id)
    # And clicking its dashed arrow: a point on the curve, as the student would.
    page.locator("#fit").click()
    point = page.evaluate(ARROW_POINT)
    assert point is not None
    page.mouse.click(point["x"], point["y"])
    picked(page, point["source"])
    assert overflowing(page) == []


def test_the_keyboard_reaches_a_hits_source(app: Page) -> None:
    page = app  # at 1280x800 only: nothing here depends on the width (the layout tests above take both)
    hit_id, source_id = hit_step(page)
    # The narration's button: Tab to it, Enter.
    button = page.locator("#narration button.node-link")
    button.focus()
    page.keyboard.press("Enter")
    picked(page, source_id)
    page.keyboard.press("PageDown")
    page.keyboard.press("PageUp")
    # In the drawing: the hit the step is at is in the Tab order; Enter on it shows its source.
    hit = page.locator(f'#tree [data-node-id="{hit_id}"] [role="treeitem"]')  # the node's tree item
    expect(hit).to_have_attribute("aria-label", __import__("re").compile(f"filled the entry, {__import__('re').escape(name_of(page, source_id))}$"))
    page.locator("#tree").focus()  # into the drawing: the tree's Tab stop is the node the step is at, the hit
    expect(hit).to_have_attribute("tabindex", "0")
    page.keyboard.press("Tab")
    expect(hit).to_be_focused()
    step = page.evaluate("window.minimaxLab.step")
    page.keyboard.press("Enter")
    picked(page, source_id)
    assert page.evaluate("window.minimaxLab.step") == step  # Enter selects; it does not step
    page.keyboard.press("PageDown")
    page.keyboard.press("PageUp")
    hit.focus()
    page.keyboard.press(" ")  # Space on a hit shows its source too (not Play)
    picked(page, source_id)
    assert page.evaluate("window.minimaxLab.step") == step


def test_a_step_link_carries_the_enhancements(app: Page) -> None:
    page = app  # at 1280x800 only: nothing here depends on the width (the layout tests above take both)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    game_run(page, "XO.X.....", "3", "alphabeta", tt=True, quiescence=True, beam="3")
    step = page.evaluate(FIND_STEP, "this position was already searched at")
    assert step >= 0
    said = page.locator("#narration").inner_text()
    last = page.evaluate("window.minimaxLab.last")
    page.get_by_role("button", name="Copy link to this step").click()
    expect(page.locator("#step-link-status")).to_contain_text("Copied: ")
    url = page.locator("#step-link-status").get_attribute("data-url")
    assert url and "tt=1" in url and "quiescence=1" in url and "beam=3" in url and f"step={step}" in url
    # A fresh page with the enhancements off opens the same search, at the same step.
    page.goto(url)
    expect(page.locator("#counter")).to_have_text(f"step {step} / {last}")
    expect(page.locator("#narration")).to_have_text(said)
    expect(page.locator("#narration button.node-link")).to_be_visible()
    assert page.locator('input[name="tt"]').is_checked()
    assert page.locator('input[name="quiescence"]').is_checked()
    assert page.locator('input[name="beam"]').input_value() == "3"
    assert page.locator('input[name="position"]').input_value() == "XO.X....."
    # The drawing is the enhanced one: a hit marked, what the beam dropped greyed.
    assert page.locator("#tree .node.tt-hit").count() >= 1
    page.evaluate("window.minimaxLab.seek(window.minimaxLab.last)")
    assert page.locator('#tree .node[data-state="dropped"]').count() > 0
    expect(page.locator("#narration")).to_contain_text("transposition table answered")
    # A link without them turns them off again.
    page.goto(url.replace("&tt=1", "").replace("&quiescence=1", "").replace("&beam=3", "").split("&step=")[0] + "&step=1")
    expect(page.locator("#counter")).to_have_text(__import__("re").compile(r"^step 1 / \d+$"))
    assert not page.locator('input[name="tt"]').is_checked()
    assert not page.locator('input[name="quiescence"]').is_checked()
    assert page.locator('input[name="beam"]').input_value() == ""


TT_COLOUR = "rgb(112, 72, 232)"  # --tt, #7048e8

# How many pixels of a PNG (a data: URL) are the table's purple, give or take antialiasing.
PURPLE_PIXELS = """async url => {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const ctx = canvas.getContext('2d');
    ctx.drawImage(image, 0, 0);
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
        if (Math.abs(data[i] - 112) < 24 && Math.abs(data[i + 1] - 72) < 24 && Math.abs(data[i + 2] - 232) < 24) n++;
    }
    return n;
}"""


def test_the_exports_keep_a_hits_styling(app: Page, tmp_path: Path) -> None:
    page = app  # at 1280x800 only: nothing here depends on the width (the layout tests above take both)
    hit_id, source_id = hit_step(page)
    open_tab(page, "Share & export")
    svg_path = download(page, "Export SVG", tmp_path)
    root = ET.parse(svg_path).getroot()
    # The hit: its double outline in the table's colour, inline (the file has no stylesheet).
    hit = root.find(f".//{SVG}g[@data-node-id='{hit_id}']")
    assert hit is not None and "tt-hit" in (hit.get("class") or "") and hit.get("data-tt-source") == source_id
    style = hit.find(f"{SVG}path").get("style") or ""
    assert f"stroke:{TT_COLOUR}" in style.replace(": ", ":") and "stroke-width:3.5px" in style.replace(": ", ":"), style
    value = hit.find(f"{SVG}text[@class='value']")
    assert value is not None and TT_COLOUR in (value.get("style") or "")
    # The source rings; the dashed arrow points at it, its head defined in the file.
    source = root.find(f".//{SVG}g[@data-node-id='{source_id}']")
    assert source is not None and "tt-source" in (source.get("class") or "")
    assert "stroke-width:4px" in (source.find(f"{SVG}path").get("style") or "").replace(": ", ":")
    arrows = [a for a in root.iter(f"{SVG}path") if a.get("class") == "tt-link"]
    assert arrows
    arrow_style = (arrows[0].get("style") or "").replace(": ", ":")
    assert f"stroke:{TT_COLOUR}" in arrow_style and "stroke-dasharray" in arrow_style, arrow_style
    assert arrows[0].get("marker-end") == "url(#tt-arrow)"
    assert root.find(f".//{SVG}marker[@id='tt-arrow']") is not None
    # The PNG is the same drawing: the table's purple is in it.
    png_path = download(page, "Export PNG", tmp_path)
    data = png_path.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    url = "data:image/png;base64," + base64.b64encode(data).decode()
    purple = page.evaluate(PURPLE_PIXELS, url)
    # The same search without the table, at the same step: no purple (the colour is the hit's).
    step = page.evaluate("window.minimaxLab.step")
    open_tab(page, "Search")
    game_run(page, "XO.X.....", "3", "minimax")
    page.evaluate("k => window.minimaxLab.seek(k)", step)
    open_tab(page, "Share & export")
    plain = base64.b64encode(download(page, "Export PNG", tmp_path).read_bytes()).decode()
    without = page.evaluate(PURPLE_PIXELS, "data:image/png;base64," + plain)
    assert purple > 50 and without < purple / 10, (purple, without)
