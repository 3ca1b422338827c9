"""The drawing's tree for a keyboard and a screen reader (docs/students.md, "Keyboard and screen reader"):
an ARIA tree whose items a student walks with the arrows, Home and End, each named by what the drawing shows of
it at the step ("B, MIN node, value 3, window −∞ to 3, ..."); Enter or a click selects a node, whose v, α and β
the readout then shows; Page Up and Page Down step the search from inside the tree."""
from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.app_helpers import seek

# The lecture's alpha-beta at its result, every node as Chromium names its tree item (the accessible name).
AT_RESULT = {
    "A": "A, MAX node, value 3, window 3 to +∞, finished, visit 1",
    "B": "B, MIN node, value 3, window −∞ to 3, finished, the move chosen, visit 2",
    "B1": "B1, leaf, value 3, window −∞ to +∞, finished, visit 3",
    "B2": "B2, leaf, value 12, window −∞ to 3, finished, visit 4",
    "B3": "B3, leaf, value 8, window −∞ to 3, finished, visit 5",
    "C": "C, MIN node, value at most 2 (a bound: cut short), window 3 to +∞, visit 6",
    "C1": "C1, leaf, value 2, window 3 to +∞, finished, visit 7",
    "C2": "C2, leaf, pruned by the α cut",
    "C3": "C3, leaf, pruned by the α cut",
    "D": "D, MIN node, value 2, window 3 to 5, finished, visit 8",
    "D1": "D1, leaf, value 14, window 3 to +∞, finished, visit 9",
    "D2": "D2, leaf, value 5, window 3 to 14, finished, visit 10",
    "D3": "D3, leaf, value 2, window 3 to 5, finished, visit 11",
}
# The walk: each key, and the node it leads to (the tree in preorder, and back up).
WALK = [
    ("Home", "A"), ("ArrowDown", "B"), ("ArrowDown", "B1"), ("ArrowRight", "B2"), ("ArrowRight", "B3"),
    ("ArrowRight", "B3"), ("ArrowUp", "B"), ("ArrowRight", "C"), ("ArrowDown", "C1"), ("ArrowRight", "C2"),
    ("ArrowRight", "C3"), ("ArrowUp", "C"), ("ArrowRight", "D"), ("ArrowDown", "D1"), ("ArrowRight", "D2"),
    ("ArrowRight", "D3"), ("ArrowLeft", "D2"), ("ArrowUp", "D"), ("ArrowLeft", "C"), ("ArrowUp", "A"), ("End", "D3"),
]


def focused_id(page: Page) -> str | None:
    """The node whose tree item has the focus."""
    return page.evaluate("() => { const g = document.activeElement && document.activeElement.closest('[data-node-id]'); return g ? g.dataset.nodeId : null; }")


def item(page: Page, node: str):  # noqa: ANN201 (a Locator)
    """Node `node`'s tree item: its shape, which carries the role, the name and the Tab stop."""
    return page.locator(f'#tree [data-node-id="{node}"] [role="treeitem"]')


def tab_into_tree(page: Page) -> None:
    """Tab from the top of the page until a tree item has the focus (the keyboard alone: no click)."""
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.getAttribute('role')") == "treeitem":
            return
    raise AssertionError("Tab never reached the tree")


def readout(page: Page) -> list[str]:
    return [page.locator(f"#var-{name}").inner_text() for name in ("node", "v", "alpha", "beta")]


def test_the_keyboard_alone_walks_the_lecture_tree_and_hears_each_node(app: Page) -> None:
    page = app
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.keyboard.press("End")  # the player's End: the last step, the result
    expect(page.locator("#tally")).to_have_attribute("data-final", "true")
    tree = page.get_by_role("tree")
    expect(tree).to_have_count(1)
    expect(page.get_by_role("treeitem")).to_have_count(13)
    tab_into_tree(page)
    assert focused_id(page) == "A", "at the result no node is current: the Tab stop is the root"
    for key, node in WALK:
        page.keyboard.press(key)
        named = page.get_by_role("treeitem", name=AT_RESULT[node], exact=True)
        expect(named).to_be_focused()
        assert focused_id(page) == node
    # Walking never stepped the search, and the tree has one Tab stop: the node the keyboard is on.
    expect(page.locator("#counter")).to_have_text("step 57 / 57")
    expect(page.locator('#tree [role="treeitem"][tabindex="0"]')).to_have_count(1)
    expect(item(page, "D3")).to_have_attribute("tabindex", "0")


def test_each_item_has_its_level_place_and_expanded_state(app: Page) -> None:
    page = app
    c = item(page, "C")
    for name, value in [("aria-level", "2"), ("aria-posinset", "2"), ("aria-setsize", "3"), ("aria-expanded", "true")]:
        expect(c).to_have_attribute(name, value)
    leaf = item(page, "D3")
    for name, value in [("aria-level", "3"), ("aria-posinset", "3"), ("aria-setsize", "3")]:
        expect(leaf).to_have_attribute(name, value)
    assert leaf.get_attribute("aria-expanded") is None, "a leaf has nothing to expand"
    # The drawing's texts are not read a second time: only the items' names are.
    assert page.evaluate("() => [...document.querySelectorAll('#tree .node text')].every((t) => t.closest('[aria-hidden=true]'))")
    assert page.evaluate("() => ['.edges', '.cut-marks', '.tt-links'].every((s) => document.querySelector('#tree ' + s).getAttribute('aria-hidden') === 'true')")


# B's name as the search goes through it: its v from +∞ to 3 (B1), then its β to 3, and where the search stands.
B_FROM_STEP_4 = [
    "B, MIN node, value +∞, window −∞ to +∞, current, visit 2",
    "B, MIN node, value +∞, window −∞ to +∞, on the current path, visit 2",  # visit B1
    "B, MIN node, value +∞, window −∞ to +∞, on the current path, visit 2",
    "B, MIN node, value 3, window −∞ to +∞, current, visit 2",  # v ← MIN(+∞, 3)
    "B, MIN node, value 3, window −∞ to +∞, current, visit 2",
    "B, MIN node, value 3, window −∞ to 3, current, visit 2",  # β ← MIN(+∞, 3)
    "B, MIN node, value 3, window −∞ to 3, on the current path, visit 2",  # visit B2
]


def test_names_follow_the_step_and_page_down_steps_from_inside_the_tree(app: Page) -> None:
    page = app
    seek(page, 4)
    tab_into_tree(page)
    b = item(page, "B")
    # The Tab stop follows the step: Tab into the tree lands on the node the step is at, B.
    expect(b).to_be_focused()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowUp")
    expect(b).to_be_focused()
    expect(b).to_have_attribute("aria-label", B_FROM_STEP_4[0])
    for step, name in enumerate(B_FROM_STEP_4[1:], start=5):
        page.keyboard.press("PageDown")
        expect(page.locator("#counter")).to_have_text(re.compile(rf"^step {step} / "))
        expect(b).to_be_focused()  # the keyboard stays where the student is
        expect(b).to_have_attribute("aria-label", name)
    page.keyboard.press("PageUp")
    expect(page.locator("#counter")).to_have_text(re.compile(r"^step 9 / "))
    expect(page.locator("#narration")).to_have_attribute("aria-live", "polite")


def test_after_a_click_on_a_node_the_arrows_still_step(app: Page) -> None:
    """A mouse user's arrows keep stepping the search: only the keyboard's way into the tree walks it."""
    page = app
    seek(page, 20)
    page.locator('#tree [data-node-id="C"] .shape').click()
    expect(page.locator("#var-node")).to_have_text("C")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#counter")).to_have_text(re.compile(r"^step 21 / "))
    page.keyboard.press("End")
    expect(page.locator("#counter")).to_have_text("step 57 / 57")


def test_enter_or_a_click_selects_a_node_and_the_readout_shows_it(app: Page) -> None:
    page = app
    seek(page, 30)
    narration = page.locator("#narration").inner_text()
    current = readout(page)
    tab_into_tree(page)
    page.keyboard.press("Home")
    page.keyboard.press("ArrowDown")  # B
    page.keyboard.press("Enter")
    b = item(page, "B")
    expect(b).to_have_attribute("aria-selected", "true")
    expect(page.locator('#tree [data-node-id="B"]')).to_have_class(re.compile(r"\bpicked\b"))
    expect(page.locator("#var-node")).to_have_text("B")
    assert readout(page) == ["B", "3", "−∞", "3"]
    expect(page.locator(".vars")).to_have_attribute("aria-label", "Values at the selected node")
    expect(page.locator("#counter")).to_have_text(re.compile(r"^step 30 / "))  # Enter selects; it does not step
    assert page.locator("#narration").inner_text() == narration, "the narration stays the step's"
    # Escape drops the selection: the readout is the current node's again.
    page.keyboard.press("Escape")
    expect(b).to_have_attribute("aria-selected", "false")
    expect(page.locator(".vars")).to_have_attribute("aria-label", "Values at the current node")
    assert readout(page) == current
    # A click selects any node, an unvisited one too (nothing known of it yet).
    page.locator('#tree [data-node-id="D2"] .shape').click()
    expect(page.locator("#var-node")).to_have_text("D2")
    assert readout(page) == ["D2", "—", "—", "—"]
    expect(item(page, "D2")).to_be_focused()
    # The next step shows the node the step is at again.
    page.keyboard.press("PageDown")
    expect(page.locator("#counter")).to_have_text(re.compile(r"^step 31 / "))
    expect(page.locator(".vars")).to_have_attribute("aria-label", "Values at the current node")
    expect(item(page, "D2")).to_have_attribute("aria-selected", "false")
