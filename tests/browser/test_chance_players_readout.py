"""Chance nodes and several players, the follow-ups: the readout shows a whole max^n vector, the
legend names chance circles, probabilities and players only when the tree has them; the editor
says a wrong probability sum as it is typed (refusing no edit) and takes a max^n leaf's value as
numbers separated by commas. At 1280x800 and 390x844."""

from __future__ import annotations

import json
from typing import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.app_helpers import (
    BOUNDED_EVENTS,
    CHANCE_EVENTS,
    LECTURE_EVENTS,
    MAXN_EVENTS,
    add_child,
    editor_idle,
    editor_tree,
    open_tab,
    overflowing,
    run_example,
    run_tree,
    seek,
    select,
    set_field,
)
from tests.browser.conftest import DESKTOP, PHONE, checked_app, new_page, open_app, run_search, shot


@pytest.fixture(params=[DESKTOP, PHONE], ids=["desktop", "phone"])
def page(request: pytest.FixtureRequest, browser: Browser, live_server: str) -> Iterator[Page]:
    """The app at 1280x800 and at 390x844; no JavaScript errors allowed."""
    with checked_app(browser, live_server, viewport=request.param) as p:
        yield p


# Eight players (search/limits.py MAX_PLAYERS) and numbers with many digits: the longest vector
# a readout is likely to meet. P1 keeps the first leaf's vector.
WIDE_VECTOR = [9.87654, -2.5, 3.75, -4.125, 5.0625, 6.5, -7.25, 8.125]
WIDE_TREE = json.dumps({"players": [f"P{k}" for k in range(1, 9)],
                        "children": [{"id": "L1", "value": WIDE_VECTOR}, {"id": "L2", "value": [1] * 8}]})


def whole_in_its_box(page: Page, selector: str) -> bool:
    """The element's text is not cut short: nothing hidden past its right edge."""
    return page.evaluate("s => { const e = document.querySelector(s); return e.scrollWidth <= e.clientWidth + 1; }",
                         selector)


def legend_entries(page: Page) -> list[str]:
    """The legend's entries a reader sees, in order."""
    return page.evaluate("""() => [...document.querySelectorAll('.legend li')]
        .filter(li => getComputedStyle(li).display !== 'none').map(li => li.textContent.trim())""")


def test_the_readout_shows_a_whole_max_n_vector(page: Page) -> None:
    run_example(page, "three-players", "maxn", MAXN_EVENTS)
    seek(page, 46)
    expect(page.locator("#var-v")).to_have_text("⟨5, 4, 5⟩")
    assert whole_in_its_box(page, "#var-v")
    # Max^n keeps no window: the α and β boxes give the vector their room.
    expect(page.locator("#var-alpha")).to_be_hidden()
    # Eight players with long numbers: the box wraps, the whole vector is there.
    run_search(page, source="tree", algorithm="maxn", tree=WIDE_TREE)
    expect(page.locator("#counter")).to_have_text("step 0 / 10")
    seek(page, 10)
    expect(page.locator("#var-v")).to_have_text("⟨9.87654, -2.5, 3.75, -4.125, 5.0625, 6.5, -7.25, 8.125⟩")
    assert whole_in_its_box(page, "#var-v")
    assert overflowing(page) == []
    # Back to alpha-beta: the window's boxes are back.
    run_example(page, "chance-bounded", "alphabeta", BOUNDED_EVENTS)
    expect(page.locator("#var-alpha")).to_be_visible()


def test_the_legend_names_chance_nodes_and_players_only_when_the_tree_has_them(page: Page) -> None:
    plain = legend_entries(page)
    assert "▲ MAX" in plain and not any("chance" in e or "probability" in e or "mover" in e for e in plain)
    run_example(page, "chance", "expectiminimax", CHANCE_EVENTS)
    entries = legend_entries(page)
    assert "chance: the probability-weighted sum" in entries and "0.5 outcome's probability" in entries
    assert "▲ MAX" in entries and "▼ MIN" in entries
    run_example(page, "three-players", "maxn", MAXN_EVENTS)
    entries = legend_entries(page)
    assert "ABC the mover, maximising its own entry of ⟨…⟩" in entries
    assert not any("chance" in e or e in ("▲ MAX", "▼ MIN") for e in entries)
    # Each name in its player's colour, the colour of that player's nodes in the drawing.
    colours = page.evaluate("""() => [...document.querySelectorAll('.legend .player-key')]
        .map(s => [s.textContent, getComputedStyle(s).color])""")
    drawn = page.evaluate("""() => Object.fromEntries(['R', 'R1', 'R1a'].map(id => {
        const g = document.querySelector(`#tree [data-node-id="${id}"]`);
        return [g.dataset.player, getComputedStyle(g.querySelector('text.mover')).fill]; }))""")
    assert [name for name, _ in colours] == ["A", "B", "C"]
    assert all(drawn[name] == colour for name, colour in colours)
    # Names are a tree's own text: shown as text, never as markup.
    tree = json.dumps({"players": ["<b>x</b>", "Y"], "children": [{"value": [1, 2]}, {"value": [2, 1]}]})
    run_search(page, source="tree", algorithm="maxn", tree=tree)
    expect(page.locator(".legend .player-key").first).to_have_text("<b>x</b>")
    assert page.locator(".legend b").count() == 0
    # A plain tree again: the plain legend again.
    page.locator('input[name="source"][value="example"]').check()
    page.locator('select[name="example"]').select_option("lecture")
    run_search(page, source="example", algorithm="alphabeta")
    expect(page.locator("#counter")).to_have_text(f"step 0 / {LECTURE_EVENTS}")
    expect(page.locator('.legend [data-legend="players"]')).to_be_hidden()
    assert legend_entries(page) == plain


def warning(page: Page):  # type: ignore[no-untyped-def]
    return page.locator("#node-warning")


def test_the_editor_says_a_wrong_probability_sum_as_it_is_typed_and_refuses_no_edit(page: Page) -> None:
    run_example(page, "chance", "expectiminimax", CHANCE_EVENTS)
    open_tab(page, "Edit tree")
    expect(warning(page)).to_be_hidden()
    select(page, "D1")
    set_field(page, "probability", "0.65")
    editor_idle(page)
    expect(warning(page)).to_have_text(
        "Chance node D: probabilities sum to 0.9, not 1. Run refuses the tree until this is fixed.")
    expect(page.locator("#editor-error")).to_be_empty()
    shot(page, f"editor-probability-warning-{page.viewport_size['width']}.png")
    # Elsewhere in the tree the warning names the node to go to.
    select(page, "A")
    expect(warning(page)).to_have_text("Chance node D (select it to fix): probabilities sum to 0.9, not 1.")
    # Edits go on: a child elsewhere (Add child asks the server to name it), and an outcome of D.
    add_child(page, "B1")
    editor_idle(page)
    expect(page.locator("#editor-error")).to_be_empty()
    add_child(page, "D")
    editor_idle(page)
    expect(page.locator("#editor-error")).to_be_empty()
    expect(warning(page)).to_have_text(
        "Chance node D: D3 has no probability: give every outcome one, or none for equal chances. "
        "Run refuses the tree until this is fixed.")
    set_field(page, "probability", "0.1")
    editor_idle(page)
    expect(warning(page)).to_be_hidden()
    d = editor_tree(page)["children"][2]
    assert [(c["id"], c.get("probability")) for c in d["children"]] == [("D1", 0.65), ("D2", 0.25), ("D3", 0.1)]
    run_tree(page)
    expect(page.locator('#tree .edges text.probability')).to_have_count(7)


def test_a_max_n_leaf_is_edited_as_numbers_separated_by_commas(page: Page) -> None:
    run_example(page, "three-players", "maxn", MAXN_EVENTS)
    open_tab(page, "Edit tree")
    select(page, "R1a1")
    expect(page.locator('#node-form [name="node_value"]')).to_have_value("1, 2, 6")
    expect(page.locator("#node-hint")).to_have_text(
        "Value: one number for each of A, B, C, separated by commas (e.g. 1, 2, 3).")
    set_field(page, "value", "9, 2, 6")
    editor_idle(page)
    expect(page.locator('#editor-outline [data-edit-id="R1a1"] .num')).to_have_text("= ⟨9, 2, 6⟩")
    set_field(page, "value", "9, 2")
    expect(page.locator("#editor-error")).to_have_text(
        "value: expected 3 numbers separated by commas, one for each of A, B, C (got 2)")
    set_field(page, "value", "9, x, 6")
    expect(page.locator("#editor-error")).to_have_text("value for B: expected a finite number")
    set_field(page, "value", "9, 2, 7")
    editor_idle(page)
    expect(page.locator("#editor-error")).to_be_empty()
    # A new child in a players tree is the next player's, with a number for each player.
    add_child(page, "R2b2")
    editor_idle(page)
    expect(page.locator("#editor-error")).to_be_empty()
    tree = editor_tree(page)
    assert tree["children"][0]["children"][0]["children"][0]["value"] == [9, 2, 7]
    new = tree["children"][1]["children"][1]["children"][1]["children"][0]
    assert (new["player"], new["value"]) == ("B", [0, 0, 0])
    run_tree(page)
    page.evaluate("window.minimaxLab.seek(window.minimaxLab.last)")
    expect(page.locator("#narration")).to_have_text("Result: R = ⟨9, 2, 7⟩, best move R1")


def test_copy_link_to_this_step_reopens_an_expectiminimax_step_with_its_narration(browser: Browser,
                                                                                  live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_app(page, live_server)
    run_example(page, "chance", "expectiminimax", CHANCE_EVENTS)
    seek(page, 72)
    said = "D: v ← 1.5 + 0.25 × 4 = 2.5 (outcome D2, probability 0.25)"
    expect(page.locator("#narration")).to_have_text(said)
    page.get_by_role("button", name="Copy link to this step").click()
    expect(page.locator("#step-link-status")).to_contain_text("Copied: ")
    url = page.locator("#step-link-status").get_attribute("data-url")
    assert url and "example=chance&" in url and "algorithm=expectiminimax" in url and url.endswith("step=72")
    assert page.evaluate("navigator.clipboard.readText()") == url
    page.goto(url)
    expect(page.locator("#counter")).to_have_text(f"step 72 / {CHANCE_EVENTS}")
    expect(page.locator("#narration")).to_have_text(said)
    expect(page.locator('select[name="algorithm"]')).to_have_value("expectiminimax")
    expect(page.locator("#tree .edges text.probability")).to_have_count(6)
    expect(page.locator("#form-error")).to_be_empty()
    # Max^n's links open the same way.
    page.goto(live_server + "/?example=three-players&algorithm=maxn&step=12")
    expect(page.locator("#counter")).to_have_text(f"step 12 / {MAXN_EVENTS}")
    expect(page.locator("#narration")).to_have_text("R1a: C keeps ⟨1, 2, 6⟩: its component 6 beats 3 (R1a2 has ⟨4, 2, 3⟩)")
    page.context.close()
    assert errors == []
