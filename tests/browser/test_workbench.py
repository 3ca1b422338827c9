"""The instructors' workbench: the tree editor, random trees, text both ways, saving and sharing,
trace download and upload, and exports (SVG, PNG, LaTeX that compiles)."""

from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
import requests
from playwright.sync_api import Browser, Page, Route, expect

from tests.browser.app_helpers import (
    SVG,
    add_child,
    compile_tex,
    download,
    editor_idle,
    editor_tree,
    open_tab,
    open_text_box,
    press,
    run_tree,
    select,
    set_field,
)
from tests.browser.conftest import DESKTOP, checked_app, counter, new_page, node_states, open_app, refusals_removed, run_search
from tests.helpers.cli import lecture_trace

ROOT = Path(__file__).resolve().parents[2]
LECTURE = "[[3,12,8],[2,4,6],[14,5,2]]"
XSS = "<img src=x onerror=alert(1)>"


# ---- helpers: the editor driven as an instructor would ----


def load_text(page: Page, text: str) -> None:
    open_text_box(page)
    page.locator("#editor-text").fill(text)
    press(page, "Load from text")
    editor_idle(page)  # loaded, or refused with the reason: a click after lands on the tree loaded


def pruned(page: Page) -> list[str]:
    return sorted(node for node, (state, _) in node_states(page).items() if state == "pruned")


@pytest.fixture()
def page(browser: Browser, live_server: str):
    """The app at 1280x800; JavaScript errors fail the test (the server's 400 refusals aside)."""
    with checked_app(browser, live_server, refusals_removed) as p:
        yield p


# ---- the editor ----

def test_build_the_lecture_tree_by_hand_and_run_it(page: Page) -> None:
    open_tab(page, "Edit tree")
    press(page, "New tree")
    assert editor_tree(page) == {"id": "A", "label": "A", "player": "max", "value": 0}
    for _ in range(3):
        add_child(page, "A")  # the server names them B, C, D
    expect(page.locator("#editor-status")).to_contain_text("Added D under A")
    expect(page.locator('#editor-outline [data-edit-id="D"]')).to_have_attribute("aria-current", "true")
    leaves = {"B": [3, 12, 8], "C": [2, 4, 6], "D": [14, 5, 2]}
    for parent, values in leaves.items():
        select(page, parent)
        expect(page.locator("#node-form [name=node_player]")).to_have_value("min")
        for _ in values:
            add_child(page, parent)
        for i, value in enumerate(values, start=1):
            select(page, f"{parent}{i}")
            set_field(page, "value", str(value))
    expect(page.locator("#editor-outline [data-edit-id]")).to_have_count(13)
    expect(page.locator('#editor-outline [data-edit-id="C2"]')).to_contain_text("C2 = 4")
    tree = editor_tree(page)
    assert [c["id"] for c in tree["children"]] == ["B", "C", "D"]
    assert [c["player"] for c in tree["children"]] == ["min"] * 3
    assert [[leaf["value"] for leaf in c["children"]] for c in tree["children"]] == list(leaves.values())
    assert "value" not in tree and "value" not in tree["children"][0]  # internal nodes lost theirs

    run_tree(page)
    expect(page.locator("#counter")).to_have_text("step 0 / 57")
    page.get_by_role("button", name="Last step").click()
    states = node_states(page)
    assert states["A"] == ("done", "3")
    assert states["C2"][0] == states["C3"][0] == "pruned"
    assert pruned(page) == ["C2", "C3"]
    # The Search tab now holds the same tree, so its Run repeats this search.
    expect(page.locator('input[name="source"][value="tree"]')).to_be_checked()


def test_reordering_children_changes_what_alpha_beta_prunes(page: Page) -> None:
    open_tab(page, "Edit tree")
    load_text(page, LECTURE)
    run_tree(page)
    page.get_by_role("button", name="Last step").click()
    assert pruned(page) == ["C2", "C3"]
    # D3 = 2 first: D's first child already shows D <= 2 <= alpha = 3, so D1 and D2 are cut too.
    select(page, "D3")
    press(page, "Move left")
    press(page, "Move left")
    expect(page.locator("#editor-status")).to_have_text("")
    press(page, "Move left")  # already first: says so, changes nothing
    expect(page.locator("#editor-error")).to_have_text("D3 is already the first child of D")
    assert [c["id"] for c in editor_tree(page)["children"][2]["children"]] == ["D3", "D1", "D2"]
    run_tree(page)
    page.get_by_role("button", name="Last step").click()
    assert pruned(page) == ["C2", "C3", "D1", "D2"]
    assert node_states(page)["A"] == ("done", "3")
    # The better order saves more: the count at the result says how much.
    expect(page.locator("#narration")).to_have_text(
        "Result: A = 3, best move B. Why B: it is worth 3; the next best, C, is worth at most 2 (cut short: a bound), "
        "so B wins by at least 1. Alpha-beta evaluated 5 of 9 leaves (4 fewer than minimax)")


def test_undo_and_redo_restore_the_trees_before(page: Page) -> None:
    open_tab(page, "Edit tree")
    load_text(page, LECTURE)
    before = editor_tree(page)
    select(page, "B1")
    set_field(page, "value", "99")
    select(page, "C")
    press(page, "Delete subtree")
    expect(page.locator('#editor-outline [data-edit-id="C1"]')).to_have_count(0)
    edited = editor_tree(page)
    assert [c["id"] for c in edited["children"]] == ["B", "D"]
    assert edited["children"][0]["children"][0]["value"] == 99

    press(page, "Undo")
    after_one = editor_tree(page)
    assert [c["id"] for c in after_one["children"]] == ["B", "C", "D"]
    assert after_one["children"][0]["children"][0]["value"] == 99
    press(page, "Undo")
    assert editor_tree(page) == before
    press(page, "Redo")
    assert editor_tree(page) == after_one
    press(page, "Redo")
    assert editor_tree(page) == edited
    press(page, "Redo")
    expect(page.locator("#editor-status")).to_have_text("Nothing to redo")
    assert editor_tree(page) == edited
    # Ctrl+Z / Ctrl+Shift+Z in the editor (outside text fields, which keep their own undo).
    page.locator('#editor-outline [data-edit-id="A"]').focus()
    page.keyboard.press("Control+z")
    page.keyboard.press("Control+z")  # focus stays on the row, redrawn
    expect(page.locator('#editor-outline [data-edit-id="A"]')).to_be_focused()
    assert editor_tree(page) == before
    page.locator('#editor-outline [data-edit-id="A"]').focus()
    page.keyboard.press("Control+Shift+z")
    assert editor_tree(page) == after_one


def test_a_value_typed_then_a_click_on_another_node_applies_the_value_and_selects_that_node(page: Page) -> None:
    """Typing a value and clicking the next node (no Enter) applies the value as the field loses
    focus, which is between the press and the release: the click still selects the node pressed."""
    open_tab(page, "Edit tree")
    load_text(page, LECTURE)
    # (node edited, field, text typed, what its row then shows, node clicked next)
    for before, field, text, edited, target in (("B2", "value", "-7", "B2 = -7", "D"), ("D", "label", "D!", "D! (D)", "B2")):
        select(page, before)
        page.locator(f'#node-form [name="node_{field}"]').fill(text)
        row = page.locator(f'#editor-outline [data-edit-id="{target}"]')
        box = row.locator(".glyph").bounding_box()  # the press lands on the row's drawn parts
        assert box is not None
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        # The edit is applied, and the outline drawn again, while the button is still held.
        expect(page.locator(f'#editor-outline [data-edit-id="{before}"]')).to_contain_text(edited)
        page.mouse.up()
        expect(row).to_have_attribute("aria-current", "true")
        expect(page.locator('#editor-outline [aria-current="true"]')).to_have_count(1)
    tree = editor_tree(page)
    assert tree["children"][0]["children"][1]["value"] == -7
    assert tree["children"][2]["label"] == "D!"
    expect(page.locator('#node-form [name="node_label"]')).to_have_value("B2")


def test_edits_keep_the_tree_valid_and_say_why_not(page: Page) -> None:
    open_tab(page, "Edit tree")
    load_text(page, "[[1,2]]")
    # The root cannot go.
    select(page, "A")
    press(page, "Delete subtree")
    expect(page.locator("#editor-error")).to_contain_text("the root cannot be deleted")
    # A node whose last child is deleted is a leaf again, with a value.
    select(page, "B1")
    press(page, "Delete subtree")
    select(page, "B2")
    press(page, "Delete subtree")
    expect(page.locator("#editor-status")).to_contain_text("B is a leaf now")
    expect(page.locator('#editor-outline [data-edit-id="B"][aria-current="true"]')).to_contain_text("B = 0")
    assert editor_tree(page)["children"] == [{"id": "B", "label": "B", "player": "min", "value": 0}]
    # A leaf that gets a child loses its value; a bad number is refused, the tree unchanged.
    press(page, "Add child")
    expect(page.locator("#editor-status")).to_contain_text("Added B1 under B. B is an internal node now")
    expect(page.locator('#editor-outline [data-edit-id="B1"]')).to_have_attribute("aria-current", "true")
    select(page, "B")
    expect(page.locator("#node-form [name=node_value]")).to_be_disabled()
    select(page, "B1")
    set_field(page, "value", "twelve")
    expect(page.locator("#editor-error")).to_have_text("value: expected a finite number")
    set_field(page, "value", "2e9")
    expect(page.locator("#editor-error")).to_contain_text("value: outside the allowed range")
    set_field(page, "eval", "abc")
    expect(page.locator("#editor-error")).to_have_text("eval: expected a finite number")
    assert editor_tree(page)["children"][0]["children"] == [{"id": "B1", "label": "B1", "player": "max", "value": 0}]
    # Players and estimates change; the shorthand says what it cannot carry.
    select(page, "B")
    set_field(page, "eval", "-4")
    set_field(page, "player", "max")
    b = editor_tree(page)["children"][0]
    assert b["eval"] == -4 and b["player"] == "max"
    press(page, "Show as shorthand")
    expect(page.locator("#text-error")).to_contain_text("B has an estimate (eval), which the shorthand cannot carry")


def test_labels_are_text_everywhere(page: Page) -> None:
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    open_tab(page, "Edit tree")
    load_text(page, LECTURE)
    select(page, "A")
    set_field(page, "label", XSS)
    expect(page.locator('#editor-outline [data-edit-id="A"]')).to_contain_text(f"{XSS} (A)")
    expect(page.locator("#node-heading")).to_contain_text(XSS)
    run_tree(page)
    expect(page.locator('#tree [data-node-id="A"] .label')).to_have_text(XSS)
    page.get_by_role("button", name="Last step").click()
    expect(page.locator("#narration")).to_have_text(
        f"Result: {XSS} = 3, best move B. Why B: it is worth 3; the next best, D, is worth 2, so B wins by 1. "
        "Alpha-beta evaluated 7 of 9 leaves (2 fewer than minimax)")
    # The shorthand cannot carry a label: it says so rather than dropping it.
    press(page, "Show as shorthand")
    expect(page.locator("#text-error")).to_contain_text("has a label, which the shorthand cannot carry")
    assert page.locator("img").count() == 0
    assert dialogs == []


EMOJI = "\U0001F600"


def server_error(live_server: str, tree: object) -> str:
    """What the server's validator says of `tree` (POST /api/trees/check)."""
    response = requests.post(live_server + "/api/trees/check", json=tree, timeout=10)
    assert response.status_code == 400
    return response.json()["error"]


def test_the_editor_and_the_server_agree_on_labels_and_numbers(page: Page, live_server: str) -> None:
    open_tab(page, "Edit tree")
    load_text(page, LECTURE)
    # 40 emoji are 40 characters (80 UTF-16 units): a label may have them; 41 it may not.
    select(page, "B")
    set_field(page, "label", EMOJI * 40)
    expect(page.locator('#editor-outline [data-edit-id="B"]')).to_contain_text(f"{EMOJI * 40} (B)")
    expect(page.locator("#editor-error")).to_have_text("")
    set_field(page, "label", EMOJI * 41)
    expect(page.locator("#editor-error")).to_have_text(server_error(live_server, {"id": "B", "label": EMOJI * 41, "value": 0}))
    expect(page.locator("#editor-error")).to_have_text("label: longer than 40 characters")
    set_field(page, "label", "tab\there")
    expect(page.locator("#editor-error")).to_have_text(server_error(live_server, {"id": "B", "label": "tab\there", "value": 0}))
    assert editor_tree(page)["children"][0]["label"] == EMOJI * 40
    # Values are numbers as JSON writes them: 0x10 is not 16.
    select(page, "B1")
    for typed in ["0x10", "1e", " 12abc", "Infinity", "1_000"]:
        set_field(page, "value", typed)
        expect(page.locator("#editor-error")).to_have_text("value: expected a finite number")
    expect(page.locator('#editor-outline [data-edit-id="B1"]')).to_contain_text("B1 = 3")
    set_field(page, "value", "1e3")
    expect(page.locator('#editor-outline [data-edit-id="B1"]')).to_contain_text("B1 = 1000")
    set_field(page, "value", "\u22122.5")  # the page's own minus sign
    expect(page.locator('#editor-outline [data-edit-id="B1"]')).to_contain_text("B1 = -2.5")
    expect(page.locator("#editor-error")).to_have_text("")


def test_rapid_adds_take_turns_and_undo_takes_each_back(page: Page) -> None:
    open_tab(page, "Edit tree")
    press(page, "New tree")
    held: list[Route] = []
    page.route("**/api/trees/check", lambda route: held.append(route))
    with page.expect_request("**/api/trees/check"):
        for _ in range(3):
            press(page, "Add child")  # three clicks with A selected, the first still on its way
    expect(page.locator("#panel-edit")).to_have_attribute("aria-busy", "true")
    expect(page.locator("#editor-outline [data-edit-id]")).to_have_count(1)
    assert len(held) == 1  # the second waits for the first: one request at a time
    page.route("**/api/trees/check", lambda route: route.continue_())  # the rest go straight through
    held[0].continue_()
    editor_idle(page)
    assert [c["id"] for c in editor_tree(page)["children"]] == ["B", "C", "D"]
    expect(page.locator('#editor-outline [data-edit-id="D"]')).to_have_attribute("aria-current", "true")
    for _ in range(3):
        press(page, "Undo")
    assert editor_tree(page) == {"id": "A", "label": "A", "player": "max", "value": 0}
    press(page, "Redo")
    assert [c["id"] for c in editor_tree(page)["children"]] == ["B"]


def test_a_value_typed_while_an_add_is_answered_is_kept(page: Page) -> None:
    """The server's answer to Add child redraws the editor: the value being typed in another node's field is not
    reset by it, and Enter applies it (it was lost before, now and then, in the lecture-tree test)."""
    open_tab(page, "Edit tree")
    load_text(page, "[[1,2],[3,4]]")
    held: list[Route] = []
    page.route("**/api/trees/check", lambda route: held.append(route))
    with page.expect_request("**/api/trees/check"):
        add_child(page, "B")  # on its way
    select(page, "C1")
    field = page.locator('#node-form [name="node_value"]')
    field.fill("7")
    page.route("**/api/trees/check", lambda route: route.continue_())  # the rest go straight through
    held[0].continue_()
    expect(page.locator('#editor-outline [data-edit-id="B3"]')).to_be_visible()  # answered and drawn
    expect(field).to_have_value("7")
    field.press("Enter")
    editor_idle(page)
    tree = editor_tree(page)
    assert [leaf["value"] for leaf in tree["children"][1]["children"]] == [7, 4]


def test_a_failed_add_says_so_and_changes_nothing(browser: Browser, live_server: str) -> None:
    failed = re.compile(r"^console\.error: Failed to load resource: net::ERR_FAILED")
    with checked_app(browser, live_server, lambda errors: [e for e in errors if not failed.match(e)]) as page:
        open_tab(page, "Edit tree")
        load_text(page, "[[1,2]]")
        before = editor_tree(page)
        page.route("**/api/trees/check", lambda route: route.abort())
        select(page, "B")
        press(page, "Add child")
        expect(page.locator("#editor-error")).to_have_text("Add child: cannot reach the server")
        editor_idle(page)
        page.unroute("**/api/trees/check")
        assert editor_tree(page) == before
        expect(page.locator('#editor-outline [data-edit-id="B"]')).to_have_attribute("aria-current", "true")
        press(page, "Undo")  # the failed add left no step behind: Undo takes back the load
        expect(page.locator("#editor-status")).to_have_text("Undone")
        assert editor_tree(page) != before
        # The editor still works.
        press(page, "Redo")
        add_child(page, "B")
        expect(page.locator("#editor-status")).to_have_text("Added B3 under B")


def test_edits_wait_for_the_servers_limits_and_are_refused_without_them(browser: Browser, live_server: str) -> None:
    # Before the limits arrive, an edit waits for them (it is applied then, not guessed at).
    page, errors = new_page(browser, DESKTOP)
    held: list[Route] = []
    page.route("**/api/limits", lambda route: held.append(route))
    open_app(page, live_server)
    open_tab(page, "Edit tree")
    load_text(page, LECTURE)
    select(page, "B1")
    set_field(page, "value", "99")
    expect(page.locator("#panel-edit")).to_have_attribute("aria-busy", "true")
    expect(page.locator('#editor-outline [data-edit-id="B1"]')).to_contain_text("B1 = 3")
    assert len(held) == 1
    held[0].continue_()
    expect(page.locator('#editor-outline [data-edit-id="B1"]')).to_contain_text("B1 = 99")
    assert errors == []
    # Without them, edits that need them are refused, saying why; the rest still works. The same page
    # (its route makes it one of its own), loaded afresh.
    page.unroute("**/api/limits")
    page.route("**/api/limits", lambda route: route.abort())
    page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")  # as a new page would have them
    open_app(page, live_server)
    open_tab(page, "Edit tree")
    problem = "the editor cannot check edits without the server's limits (GET /api/limits: cannot reach the server): reload the page"
    expect(page.locator("#editor-error")).to_have_text(problem)
    select(page, "B1")
    set_field(page, "value", "99")
    expect(page.locator("#editor-error")).to_have_text(problem)
    press(page, "Add child")
    expect(page.locator("#editor-error")).to_have_text(problem)
    assert editor_tree(page)["children"][0]["children"][0] == {"id": "B1", "label": "B1", "player": "max", "value": 3}
    select(page, "C")
    press(page, "Delete subtree")
    expect(page.locator("#editor-status")).to_have_text("Deleted C and its subtree")
    page.context.close()
    assert [e for e in errors if "net::ERR_FAILED" not in e] == []


def test_show_as_shorthand_names_what_it_renames(page: Page) -> None:
    open_tab(page, "Edit tree")
    load_text(page, json.dumps({"id": "root", "children": [{"id": "x", "value": -2}, {"id": "y", "value": 7.5}]}))
    press(page, "Show as shorthand")
    expect(page.locator("#editor-text")).to_have_value("[-2,7.5]")
    expect(page.locator("#text-status")).to_have_text("The shorthand names nodes itself: root → A, x → B, y → C.")
    press(page, "New tree")
    press(page, "Show as shorthand")
    expect(page.locator("#text-error")).to_have_text(
        "No shorthand: a one-node tree has no shorthand (the shorthand is a list of children). Use Show as JSON.")


# ---- the text box and random trees: the server's validator and generator ----

def test_text_box_both_ways_and_the_servers_errors(page: Page) -> None:
    open_tab(page, "Edit tree")
    load_text(page, LECTURE)
    before = editor_tree(page)
    assert before["children"][1]["children"][2] == {"id": "C3", "label": "C3", "player": "max", "value": 6}
    press(page, "Show as shorthand")  # written by the server (POST /api/trees/shorthand)
    expect(page.locator("#editor-text")).to_have_value(LECTURE)
    # Bad text: the server's message, inline; the editor keeps its tree.
    load_text(page, '[[3,"x"]]')
    expect(page.locator("#text-error")).to_have_text("[0][1]: expected a finite number or a list")
    bad = {"id": "A", "children": [{"id": "B", "value": 1}, {"id": "C", "children": [{"id": "D", "value": "x"}]}]}
    load_text(page, json.dumps(bad))
    expect(page.locator("#text-error")).to_have_text("children[1].children[0].value: expected a finite number")
    load_text(page, '{"id": "A", "children": [{"id": "A", "value": 1}]}')
    expect(page.locator("#text-error")).to_contain_text("duplicate id")
    expect(page.locator("#editor-outline [data-edit-id]")).to_have_count(13)
    assert editor_tree(page) == before
    # JSON with labels and estimates comes in, and goes out as JSON.
    good = {"id": "r", "label": "exam Q3", "eval": 1, "children": [{"id": "x", "value": -2}, {"id": "y", "value": 7.5}]}
    load_text(page, json.dumps(good))
    expect(page.locator("#text-error")).to_have_text("")
    assert editor_tree(page) == {
        "id": "r", "label": "exam Q3", "player": "max", "eval": 1,
        "children": [{"id": "x", "label": "x", "player": "min", "value": -2}, {"id": "y", "label": "y", "player": "min", "value": 7.5}],
    }
    run_tree(page)
    page.get_by_role("button", name="Last step").click()
    assert node_states(page)["r"] == ("done", "7.5")


def make_random(page: Page, seed: str, **fields: str) -> dict[str, Any]:
    if page.locator("#random-section").get_attribute("open") is None:
        page.locator("#random-section summary").click()
    for name, value in fields.items():
        page.locator(f'#random-form [name="random_{name}"]').fill(value)
    page.locator('#random-form [name="random_seed"]').fill(seed)
    press(page, "Make random tree")
    expect(page.locator("#editor-status")).to_contain_text(f"Random tree, seed {seed}:")
    return editor_tree(page)


def test_random_trees_by_seed(page: Page) -> None:
    open_tab(page, "Edit tree")
    first = make_random(page, "7", depth="3")
    # It runs at once: the drawing shows the random tree.
    page.wait_for_function("() => window.minimaxLab.finished && window.minimaxLab.last > 0")
    expect(page.locator('#tree [data-node-id="A"]')).to_be_visible()
    drawn = sorted(node_states(page))
    listed = sorted(page.locator("#editor-outline [data-edit-id]").evaluate_all("rows => rows.map(r => r.dataset.editId)"))
    assert drawn == listed
    press(page, "New tree")
    assert make_random(page, "7") == first  # the same seed, the same tree
    other = make_random(page, "8")
    assert other != first
    # New seed puts a fresh number in the field.
    press(page, "New seed")
    assert re.fullmatch(r"\d+", page.locator('#random-form [name="random_seed"]').input_value())
    # Bad options: the server names the option.
    page.locator('#random-form [name="random_depth"]').fill("0")
    press(page, "Make random tree")
    expect(page.locator("#random-error")).to_have_text("depth: expected 1 to 40")
    assert editor_tree(page) == other


# ---- saving and sharing ----

def test_a_shared_tree_opens_in_a_new_page_and_runs(page: Page, browser: Browser, live_server: str) -> None:
    open_tab(page, "Edit tree")
    load_text(page, LECTURE)
    select(page, "B2")
    set_field(page, "value", "-7")
    select(page, "D")
    set_field(page, "label", "D & {x}")
    tree = editor_tree(page)
    open_tab(page, "Share & export")
    press(page, "Save and share this tree")
    link = page.locator("#tree-link")
    expect(link).to_have_value(re.compile(rf"^{re.escape(live_server)}/t/[\w-]+$"))
    url = link.input_value()
    # Copy puts the link on the clipboard (the browser grants the permission a user would).
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server)
    page.get_by_role("button", name="Copy the tree link").click()
    expect(page.locator("#share-status")).to_have_text("Link copied")
    assert page.evaluate("navigator.clipboard.readText()") == url

    other, errors = new_page(browser, DESKTOP)
    other.goto(url)
    expect(other.get_by_role("tab", name="Edit tree")).to_have_attribute("aria-selected", "true")
    expect(other.locator("#counter")).to_have_text(re.compile(r"^step 0 / [1-9]\d*$"))
    assert editor_tree(other) == tree
    assert sorted(node_states(other)) == sorted(n["id"] for n in walk(tree))
    expect(other.locator('#tree [data-node-id="D"] .label')).to_have_text("D & {x}")
    other.get_by_role("button", name="Last step").click()
    assert node_states(other)["A"] == ("done", "2")  # B is now min(3, -7, 8) = -7: C's 2 wins
    other.context.close()
    assert errors == []


def walk(node: dict[str, Any]) -> list[dict[str, Any]]:
    out = [node]
    for child in node.get("children", []):
        out.extend(walk(child))
    return out


# ---- traces: download, upload, replay ----

def test_upload_a_cli_trace_and_replay_it(page: Page, tmp_path: Path) -> None:
    trace = lecture_trace()
    path = tmp_path / "lecture.jsonl"
    path.write_text(trace, encoding="utf-8")
    # Something else is shown first, so the replay visibly replaces it.
    open_tab(page, "Edit tree")
    load_text(page, "[[1,2],[3]]")
    run_tree(page)
    expect(page.locator("#counter")).not_to_have_text("step 0 / 57")

    open_tab(page, "Share & export")
    page.locator("#trace-upload").set_input_files(str(path))
    expect(page.locator("#counter")).to_have_text("step 0 / 57")
    expect(page.locator("#share-status")).to_contain_text("lecture.jsonl: replaying it")
    expect(page.locator("#trace-link")).to_have_value(re.compile(r"/r/[\w-]+$"))
    page.get_by_role("button", name="Last step").click()
    states = node_states(page)
    assert states["A"] == ("done", "3") and pruned(page) == ["C2", "C3"]
    assert counter(page) == (57, 57)

    # A broken trace: the server's error inline, and nothing else changes.
    lines = trace.splitlines()
    event = json.loads(lines[5])
    event["child_value"] = "x"
    lines[5] = json.dumps(event)
    broken = tmp_path / "broken.jsonl"
    broken.write_text("\n".join(lines) + "\n", encoding="utf-8")
    link_before = page.locator("#trace-link").input_value()
    page.locator("#trace-upload").set_input_files(str(broken))
    expect(page.locator("#share-error")).to_contain_text("broken.jsonl: line 6")
    assert counter(page) == (57, 57)
    assert node_states(page) == states
    assert page.locator("#trace-link").input_value() == link_before


def test_a_trace_written_in_format_1_opens_and_is_shared_as_today(page: Page, tmp_path: Path) -> None:
    """Traces downloaded before backups said their op and prunes their children's players and
    moves still open: the server upgrades them, and the page replays what it answers."""
    old = Path(__file__).parent.parent / "golden" / "format1" / "lecture_alphabeta.jsonl"
    path = tmp_path / "old-lecture.jsonl"
    shutil.copy(old, path)
    page.locator("#trace-file").set_input_files(str(path))
    expect(page.locator("#search-status")).to_contain_text("old-lecture.jsonl: replaying it")
    expect(page.locator("#counter")).to_have_text("step 0 / 57")
    for _ in range(7):  # start, visit A, v ← −∞, visit B, v ← +∞, visit B1, leaf B1: then B's first backup
        page.get_by_role("button", name="Step forward").click()
    expect(page.locator("#narration")).to_have_text("B: v ← MIN(+∞, 3) = 3 (from B1)")  # op, added by the upgrade
    page.get_by_role("button", name="Step forward").click()  # and the test the format-3 upgrade adds
    expect(page.locator("#narration")).to_have_text("B: 3 ≤ α = −∞? No: keep looking")
    page.get_by_role("button", name="Last step").click()
    assert node_states(page)["A"] == ("done", "3") and pruned(page) == ["C2", "C3"]

    open_tab(page, "Share & export")
    page.locator("#trace-upload").set_input_files(str(path))
    expect(page.locator("#trace-link")).to_have_value(re.compile(r"/r/[\w-]+$"))
    link = page.locator("#trace-link").input_value()
    served = requests.get(link.replace("/r/", "/api/traces/"), timeout=10).text
    assert served == (old.parent.parent / "lecture_alphabeta.jsonl").read_text()


def test_download_the_trace_and_it_replays(page: Page, tmp_path: Path) -> None:
    open_tab(page, "Share & export")
    with page.expect_download() as info:
        press(page, "Download trace (.jsonl)")
    download = info.value
    assert download.suggested_filename == "A-alphabeta.jsonl"
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    text = path.read_text(encoding="utf-8")
    # Strict JSON Lines, the very trace the command line writes.
    assert text == lecture_trace()
    for line in text.splitlines():
        json.loads(line, parse_constant=lambda name: pytest.fail(f"{name} in a trace"))
    page.locator("#trace-upload").set_input_files(str(path))
    expect(page.locator("#trace-link")).to_have_value(re.compile(r"/r/[\w-]+$"))
    expect(page.locator("#counter")).to_have_text("step 0 / 57")


# ---- exports ----


def test_export_svg_png_and_latex(page: Page, tmp_path: Path) -> None:
    page.locator("#scrub").fill("30")  # the prune at C: windows [3, inf] on the path, the alpha cut
    # Pan the view away: the export still frames the whole tree.
    box = page.locator("#tree").bounding_box()
    assert box
    page.mouse.move(box["x"] + 200, box["y"] + 200)
    page.mouse.down()
    page.mouse.move(box["x"] + 600, box["y"] + 450, steps=5)
    page.mouse.up()
    open_tab(page, "Share & export")

    svg_path = download(page, "Export SVG", tmp_path)
    assert svg_path.name == "A-alphabeta-step30.svg"
    root = ET.parse(svg_path).getroot()
    assert root.tag == f"{SVG}svg"
    x0, y0, w, h = map(float, root.attrib["viewBox"].split())
    labels = {t.text for t in root.iter(f"{SVG}text") if "label" in (t.get("class") or "")}
    assert {"A", "B", "C", "D", "B1", "C2", "D3"} <= labels
    for t in root.iter(f"{SVG}text"):
        if t.text:
            x, y = float(t.get("x", "0")), float(t.get("y", "0"))
            assert x0 <= x <= x0 + w and y0 <= y <= y0 + h, (t.text, x, y, root.attrib["viewBox"])
    viewport = root.find(f".//{SVG}g[@class='viewport']")
    assert viewport is not None and "transform" not in viewport.attrib
    # Styles are inline: a pruned node is greyed and dashed without the page's CSS.
    c2 = root.find(f".//{SVG}g[@data-node-id='C2']")
    assert c2 is not None and c2.get("data-state") == "pruned"
    shape_style = c2.find(f"{SVG}path").get("style") or ""
    assert "stroke-dasharray" in shape_style and "rgb(134, 142, 150)" in shape_style
    assert any((t.text or "") == "α cut" for t in root.iter(f"{SVG}text"))

    png_path = download(page, "Export PNG", tmp_path)
    data = png_path.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert (width, height) == (round(2 * w), round(2 * h))

    tex_path = download(page, "Export LaTeX (.tex)", tmp_path)
    tex = tex_path.read_text(encoding="utf-8")
    assert "\\usepackage{tikz}" in tex and "forest" not in tex and "standalone" not in tex
    assert "regular polygon sides=3" in tex and "shape border rotate=180" in tex
    assert "[3, $\\infty$]" in tex  # the window at C
    assert "$\\alpha$ cut" in tex
    compile_tex(tex_path)


def test_latex_escapes_labels_and_marks_the_result(page: Page, tmp_path: Path) -> None:
    open_tab(page, "Edit tree")
    load_text(page, "[[3,12,[5,9]],[2,4,6],[14,5,2]]")  # a beta cut under B3, an alpha cut at C
    select(page, "B")
    set_field(page, "label", "a_b & {c} $#^%~\\ <x>")
    select(page, "C1")
    set_field(page, "label", "αβ ∞ é")
    select(page, "D")
    set_field(page, "label", XSS)
    run_tree(page)
    page.get_by_role("button", name="Last step").click()
    open_tab(page, "Share & export")
    tex_path = download(page, "Export LaTeX (.tex)", tmp_path)
    tex = tex_path.read_text(encoding="utf-8")
    assert "a\\_b \\& \\{c\\} \\$\\#\\^{}\\%\\textasciitilde{}\\textbackslash{} \\textless{}x\\textgreater{}" in tex
    assert "$\\alpha$$\\beta$ $\\infty$ é" in tex
    assert tex.count("\\draw[tree edge chosen]") == 1  # A -> B, thick
    assert "{$\\beta$ cut}" in tex and "{$\\alpha$ cut}" in tex
    assert tex.count("\\draw[tree edge cut beta]") == 1 and tex.count("\\draw[tree edge cut alpha]") == 2
    compile_tex(tex_path)
    # The SVG carries the same labels as text, escaped for XML.
    root = ET.parse(download(page, "Export SVG", tmp_path)).getroot()
    labels = {t.text for t in root.iter(f"{SVG}text") if "label" in (t.get("class") or "")}
    assert {"a_b & {c} $#^%~\\ <x>", "αβ ∞ é", XSS} <= labels
    assert root.find(f".//{SVG}img") is None and root.find(".//img") is None


def test_latex_refuses_a_tree_too_big_for_pdflatex(page: Page) -> None:
    open_tab(page, "Edit tree")
    # 1,093 nodes: over the limit of 1,000, the smallest full ternary tree that is (a refusal: its size is
    # not the point, and drawing, searching and leaving a tree of 3,280 cost the page three times as much).
    make_random(page, "3", depth="6", min_branching="3", max_branching="3")
    page.wait_for_function("() => window.minimaxLab.finished && window.minimaxLab.searches > 1")
    open_tab(page, "Share & export")
    page.get_by_role("button", name="Export LaTeX (.tex)").click()
    expect(page.locator("#share-error")).to_have_text(
        "LaTeX export draws at most 1,000 nodes (pdflatex's memory); this tree has 1,093. Export SVG or PNG instead."
    )


def test_latex_of_a_game_draws_each_visited_position_and_compiles(page: Page, tmp_path: Path) -> None:
    searches = page.evaluate("window.minimaxLab.searches")
    run_search(page, source="game", game="tictactoe", position="XO.XO....", depth="2")
    page.wait_for_function("n => window.minimaxLab.searches > n && window.minimaxLab.finished", arg=searches)
    page.get_by_role("button", name="Last step").click()
    open_tab(page, "Share & export")
    tex_path = download(page, "Export LaTeX (.tex)", tmp_path)
    tex = tex_path.read_text(encoding="utf-8")
    visited = page.locator('#tree [data-node-id][data-state="done"], #tree [data-node-id][data-state="visited"], '
                           '#tree [data-node-id][data-state="bounded"]').count()
    assert visited == 15 and tex.count("\\draw[board cell]") == visited  # pruned positions have none
    # The root's board: X O . / X O . / . . . (two X, two O), drawn first.
    first_board = tex[tex.index("\\draw[board cell]"):].split("\\draw[board cell]")[1].split("\\node[node label]")[0]
    assert first_board.count("{X}") == 2 and first_board.count("{O}") == 2
    compile_tex(tex_path)


def test_latex_of_a_game_tree_too_big_to_draw_whole_exports_what_is_drawn(page: Page) -> None:
    """1,000+ positions: drawn around the current node (issue 12), so LaTeX takes the drawn
    positions, well under its 750 (pdflatex's memory), rather than refusing the tree."""
    searches = page.evaluate("window.minimaxLab.searches")
    run_search(page, source="game", game="tictactoe", position="XO.......", algorithm="minimax", depth="4")
    page.wait_for_function("n => window.minimaxLab.searches > n && window.minimaxLab.finished", arg=searches)
    expect(page.locator("#tree .fold-badge").first).to_be_attached()
    open_tab(page, "Share & export")
    with page.expect_download() as download:
        page.get_by_role("button", name="Export LaTeX (.tex)").click()
    tex = Path(download.value.path()).read_text()
    assert tex.count("\\begin{tikzpicture}") == 1
    expect(page.locator("#share-error")).to_have_text("")


def test_the_outline_follows_clicks_in_the_drawing_and_the_arrow_keys(page: Page) -> None:
    open_tab(page, "Edit tree")
    page.locator('#tree [data-node-id="C"] .shape').click()
    expect(page.locator('#editor-outline [aria-current="true"]')).to_have_attribute("data-edit-id", "C")
    page.keyboard.press("Tab")  # into the form; back to the outline row to use the arrows
    page.locator('#editor-outline [data-edit-id="C"]').focus()
    page.keyboard.press("ArrowDown")
    expect(page.locator('#editor-outline [data-edit-id="C1"]')).to_be_focused()
    expect(page.locator("#node-heading")).to_contain_text("C1 (id C1): MAX, child 1 of 3 of C")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    expect(page.locator('#editor-outline [aria-current="true"]')).to_have_attribute("data-edit-id", "B3")
    assert counter(page)[0] == 0  # the player did not move
