"""Depth limits never dead-end: a depth limit that cuts a node without an estimate shows the error
and, right under it, buttons that lead on: the lecture tree with estimates, the editor at that node,
or the search without a depth limit."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import DESKTOP, PHONE, checked_app, new_page, open_app, refusals_removed, run_search, shot

REFUSAL = "children[0].eval: node 'B' is cut off by the depth limit 1 and needs an estimate"
WAYS = ["Use the lecture tree with estimates", "Add estimates in the editor", "Run without a depth limit"]


def refused_at_depth_1(page: Page) -> None:
    """Run the lecture example with depth limit 1 and wait for the refusal and its buttons."""
    run_search(page, source="example", depth="1")
    expect(page.locator("#form-error")).to_have_text(REFUSAL)
    expect(page.locator("#form-ways button")).to_have_text(WAYS)


def searches(page: Page) -> int:
    return page.evaluate("window.minimaxLab.searches")


def wait_for_new_search(page: Page, before: int) -> None:
    """Wait until a search started after `before` searches has sent its last event."""
    page.wait_for_function("n => window.minimaxLab.searches > n && window.minimaxLab.finished", arg=before)


def test_the_refusal_names_the_node_and_offers_three_buttons(browser: Browser, live_server: str) -> None:
    with checked_app(browser, live_server, refusals_removed) as app:
        refused_at_depth_1(app)
        ways = app.get_by_role("group", name="Ways forward")
        for name in WAYS:
            expect(ways.get_by_role("button", name=name)).to_be_visible()
        # Keyboard: Tab from the Run button reaches them (Stop lies between), in order.
        app.get_by_role("button", name="Run", exact=True).focus()
        app.keyboard.press("Tab")
        for name in WAYS:
            app.keyboard.press("Tab")
            expect(ways.get_by_role("button", name=name)).to_be_focused()
        # Another error in their place (a trace file that is not one) takes the buttons away.
        app.locator("#trace-file").set_input_files(files=[{"name": "bad.jsonl", "mimeType": "application/json", "buffer": b"not json\n"}])
        expect(app.locator("#form-error")).to_contain_text("bad.jsonl")
        expect(app.locator("#form-ways")).to_be_hidden()
        refused_at_depth_1(app)
        # A search that runs clears the error and its buttons.
        before = searches(app)
        run_search(app, source="example", depth="")
        wait_for_new_search(app, before)
        expect(app.locator("#form-error")).to_be_empty()
        expect(app.locator("#form-ways")).to_be_hidden()


def test_use_the_lecture_tree_with_estimates_runs_at_the_same_depth(app: Page) -> None:
    refused_at_depth_1(app)
    before = searches(app)
    app.get_by_role("button", name="Use the lecture tree with estimates").click()
    wait_for_new_search(app, before)
    expect(app.locator('select[name="example"]')).to_have_value("lecture-estimates")
    expect(app.locator('select[name="example"]')).to_be_focused()
    expect(app.locator('input[name="depth"]')).to_have_value("1")
    expect(app.locator("#form-error")).to_be_empty()
    expect(app.locator("#form-ways")).to_be_hidden()
    app.get_by_role("button", name="Last step").click()
    expect(app.locator("#counter")).to_have_text(re.compile(r"^step (\d+) / \1$"))
    # The estimates say 8; the tree to its leaves says 3: the result says so beside its own answer.
    expect(app.locator("#narration")).to_have_text(
        "Result: A = 8, best move B. Why B: it is worth 8; the next best, D, is worth 7, so B wins by 1. "
        "Depth limit 1: estimates stood in for values, so the answer is a guess: "
        "searched to the end, A = 3, best move B (7 leaves searched by alpha-beta, against 3)")
    expect(app.locator("#tally")).to_have_text(re.compile(r"^Alpha-beta evaluated \d+ of \d+ leaves"))
    # B, C and D are scored by their estimates (8, 4, 7); no leaf below them was read.
    for node, value in (("B", "8"), ("C", "4"), ("D", "7")):
        drawn = app.locator(f'#tree [data-node-id="{node}"]')
        expect(drawn).to_have_attribute("class", re.compile(r"\bestimate\b"))
        expect(drawn).to_have_attribute("data-value", value)
    expect(app.locator('#tree [data-node-id="B1"]')).not_to_have_attribute("data-state", "done")
    shot(app, "desktop_1280x800_depth_estimates_result.png")
    app.evaluate("window.minimaxLab.seek(4)")
    expect(app.locator("#narration")).to_have_text(re.compile(r"^B is at the depth limit: return EVAL = 8 \(an estimate\)$"))


def test_add_estimates_in_the_editor_selects_the_node_and_focuses_eval(app: Page) -> None:
    refused_at_depth_1(app)
    app.get_by_role("button", name="Add estimates in the editor").click()
    expect(app.get_by_role("tab", name="Edit tree")).to_have_attribute("aria-selected", "true")
    expect(app.locator('#editor-outline [data-edit-id="B"]')).to_have_attribute("aria-current", "true")
    eval_field = app.locator('#node-form [name="node_eval"]')
    expect(eval_field).to_be_focused()
    expect(app.locator("#node-heading")).to_have_text(re.compile(r"^B \(id B\): MIN"))
    expect(app.locator("#editor-status")).to_contain_text("B needs an estimate")
    shot(app, "desktop_1280x800_depth_editor_at_B.png")
    # Typing an estimate and running goes on to the next node without one: C, selected in turn.
    app.keyboard.type("8")
    app.keyboard.press("Enter")
    expect(app.locator('#editor-outline [data-edit-id="B"]')).to_contain_text("eval 8")
    app.get_by_role("button", name="Run this tree").click()
    expect(app.locator("#editor-error")).to_have_text(
        "tree.children[1].eval: node 'C' is cut off by the depth limit 1 and needs an estimate")
    expect(app.locator('#editor-outline [data-edit-id="C"]')).to_have_attribute("aria-current", "true")
    expect(eval_field).to_be_focused()


def test_add_estimates_in_the_editor_for_a_typed_tree(app: Page) -> None:
    tree = '{"id": "R", "children": [{"id": "x", "eval": 1, "children": [{"value": 1}]}, {"id": "y", "children": [{"value": 2}]}]}'
    run_search(app, source="tree", depth="1", tree=tree)
    expect(app.locator("#form-error")).to_have_text(
        "tree.children[1].eval: node 'y' is cut off by the depth limit 1 and needs an estimate")
    # Not the lecture example: no lecture tree to offer.
    expect(app.locator("#form-ways button")).to_have_text(WAYS[1:])
    app.get_by_role("button", name="Add estimates in the editor").click()
    expect(app.locator('#editor-outline [data-edit-id="y"]')).to_have_attribute("aria-current", "true")
    expect(app.locator('#node-form [name="node_eval"]')).to_be_focused()


def test_run_without_a_depth_limit_clears_the_field_and_runs(app: Page) -> None:
    refused_at_depth_1(app)
    before = searches(app)
    app.get_by_role("button", name="Run without a depth limit").click()
    wait_for_new_search(app, before)
    expect(app.locator('input[name="depth"]')).to_have_value("")
    expect(app.locator('input[name="depth"]')).to_be_focused()
    expect(app.locator("#form-error")).to_be_empty()
    app.get_by_role("button", name="Last step").click()
    expect(app.locator("#narration")).to_have_text(re.compile(r"^Result: A = 3, best move B\. Why B: .*\. Alpha-beta evaluated 7 of 9 leaves"))


def test_the_refusals_buttons_are_whole_apart_and_big_enough_to_tap(browser: Browser, live_server: str) -> None:
    for name, viewport in (("desktop_1280x800", DESKTOP), ("phone_390x844", PHONE)):
        page, errors = new_page(browser, viewport)
        open_app(page, live_server)
        refused_at_depth_1(page)
        ways = page.locator("#form-ways")
        page.locator("#form-error").evaluate("e => e.scrollIntoView({block: 'center'})")
        # Each button is whole on screen, and none overlaps another.
        boxes = [b.bounding_box() for b in ways.locator("button").all()]
        assert all(box and 0 <= box["x"] and box["x"] + box["width"] <= viewport["width"] for box in boxes), boxes
        assert all(box and box["height"] >= 24 for box in boxes), boxes  # big enough to tap (WCAG 2.5.8)
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                assert a and b
                apart = a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"] or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"]
                assert apart, (a, b)
        shot(page, f"{name}_depth_refusal.png")
        shot(page.locator(".setup-panel"), f"{name}_depth_refusal_panel.png")
        page.context.close()
        assert errors == []
