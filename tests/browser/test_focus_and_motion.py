"""Focus visible everywhere and prefers-reduced-motion (issue 30, part 5; docs/accessibility.md).

Tab goes through the main page, an exercise, the code lab and /play from the top; every element the
keyboard lands on shows a ring (an outline at least 2 px wide, or a box-shadow) whose colour is 3:1 or
more against what is around it (WCAG 2.1 1.4.11 and 2.4.7). With the browser asking for reduced motion,
no transition or animation runs (a transition given to a button takes no time, the code lab's cursor does
not blink), the page never scrolls smoothly, and panning the drawing takes no time either."""

from __future__ import annotations

from typing import Any, Iterator

import pytest
from playwright.sync_api import Browser, Error as PlaywrightError, Page, expect

from tests.browser.axe_check import contrast
from tests.browser.conftest import DESKTOP, new_page, open_app, refusals_removed
from tests.browser.test_exercise_page import make, open_exercise

RING = """() => {
    let e = document.activeElement;
    while (e && e.shadowRoot && e.shadowRoot.activeElement) e = e.shadowRoot.activeElement;
    if (!e || e === document.body) return null;
    const what = e.id ? '#' + e.id : e.tagName.toLowerCase() + (e.className && e.className.baseVal === undefined
        ? '.' + String(e.className).trim().split(/\\s+/).join('.') : '') + (e.textContent ? ` "${e.textContent.trim().slice(0, 30)}"` : '');
    if (e.closest('svg.tree [data-node-id]')) return { what, tree: true };  // the tree's own ring: test_tree_keyboard.py
    const ringed = e.closest('.cm-editor') || e;  // CodeMirror rings its editor, not the text it holds
    const s = getComputedStyle(ringed);
    // What the ring is seen against: the element itself for an outline drawn inside it, else what is behind it.
    const up = (n) => n.parentElement || (n.getRootNode() && n.getRootNode().host) || null;
    let back = parseFloat(s.outlineOffset) < 0 ? ringed : up(ringed), bg = 'rgb(255, 255, 255)';
    for (; back && back.nodeType === 1; back = up(back)) {
        const c = getComputedStyle(back).backgroundColor;
        if (c.startsWith('rgb(')) { bg = c; break; }
    }
    return { what, tree: false, style: s.outlineStyle, width: parseFloat(s.outlineWidth), colour: s.outlineColor,
             shadow: s.boxShadow, behind: bg };
}"""


def ringed(ring: dict[str, Any]) -> bool:
    return (ring["style"] != "none" and ring["width"] >= 2) or ring["shadow"] != "none"


def tab_through(page: Page, presses: int) -> list[str]:
    """Press Tab from the top of the page until focus comes back round (or `presses` times); returns what
    was reached. Fails naming the first element whose ring is missing or too faint."""
    page.locator("body").focus()
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    reached: list[str] = []
    for _ in range(presses):
        page.keyboard.press("Tab")
        ring: dict[str, Any] | None = page.evaluate(RING)
        if ring is None:
            break
        if reached and ring["what"] == reached[0]:
            break
        reached.append(ring["what"])
        if ring["tree"]:
            continue
        if not ringed(ring):  # CodeMirror marks its editor focused a moment after the focus event
            try:
                page.wait_for_function(f"() => ({RING})().style !== 'none'", timeout=2000)
            except PlaywrightError:
                pass
            ring = page.evaluate(RING)
        assert ringed(ring), f"no focus ring on {ring['what']}: {ring}"
        outlined = ring["style"] != "none" and ring["width"] >= 2
        if outlined:
            ratio = contrast(ring["colour"], ring["behind"])
            assert ratio >= 3, f"{ring['what']}'s ring {ring['colour']} on {ring['behind']} is {ratio:.2f}:1, needs 3:1"
    return reached


@pytest.fixture()
def plain(browser: Browser) -> Iterator[Page]:
    """A page at 1280x800; afterwards the browser's own motion setting again, and no JavaScript errors."""
    page, errors = new_page(browser, DESKTOP)
    yield page
    page.emulate_media(reduced_motion="null")  # the pooled page goes back to the browser's own setting
    page.context.close()
    assert refusals_removed(errors) == []


def test_every_control_of_the_main_page_shows_its_focus(plain: Page, live_server: str) -> None:
    page = plain
    open_app(page, live_server)
    reached = tab_through(page, 120)
    # The header's links, the player, the scrolled boxes, the tabs and the search form were all reached.
    for what in ("#forward", "#scrub", "#code", "#tab-search"):
        assert what in reached, f"Tab never reached {what}: {reached}"
    assert any(w.startswith("a.code-lab-link") for w in reached)
    assert len(reached) > 25


def test_every_box_of_an_exercise_shows_its_focus(plain: Page, live_server: str) -> None:
    page = plain
    made = make(page, live_server, ["values", "bounds", "pruned"])
    open_exercise(page, live_server, made["url"])
    reached = tab_through(page, 120)
    assert "#check" in reached
    assert any(w.startswith("button.prune-toggle") for w in reached) and any(w.startswith("input") for w in reached)


def test_every_control_of_play_and_the_code_lab_shows_its_focus(plain: Page, live_server: str) -> None:
    page = plain
    page.goto(live_server + "/play")
    expect(page.locator("#play-status")).to_have_attribute("data-state", "yours")
    reached = tab_through(page, 60)
    assert sum(w.startswith("button.play-cell") for w in reached) == 9  # tic-tac-toe's empty cells
    page.goto(live_server + "/code?algorithm=alphabeta&example=lecture")
    expect(page.locator("#run")).to_be_enabled()
    reached = tab_through(page, 60)
    assert "#run" in reached and any(w.startswith("div.cm-content") for w in reached)


TRANSITION = """() => {
    const b = document.getElementById('fit');
    b.style.transition = 'background-color 1s';
    const seen = getComputedStyle(b).transitionDuration;
    b.style.transition = '';
    return seen;
}"""

PAN = """async () => {
    const viewport = () => document.querySelector('#tree [transform]').getAttribute('transform');
    const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
    document.getElementById('fit').click();
    const at = viewport();
    await frame(); await frame();
    return [at, viewport(), document.getAnimations().length];
}"""


def test_reduced_motion_stops_transitions_smooth_scrolling_and_panning(plain: Page, live_server: str) -> None:
    page = plain
    open_app(page, live_server)
    assert page.evaluate(TRANSITION) == "1s"  # the browser's own setting: a transition runs
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate("() => matchMedia('(prefers-reduced-motion: reduce)').matches")
    assert page.evaluate(TRANSITION) == "0s"
    assert page.evaluate("() => getComputedStyle(document.documentElement).scrollBehavior") == "auto"
    # Zoomed in with the keyboard, then Fit: the drawing is at its fitted place at once, nothing animating.
    page.locator("#tree").focus()
    page.keyboard.press("+")
    zoomed = page.evaluate("() => document.querySelector('#tree [transform]').getAttribute('transform')")
    at_once, later, animations = page.evaluate(PAN)
    assert at_once != zoomed and at_once == later and animations == 0
    # The player steps, the pseudocode's line moves, the tree redraws: still nothing animates.
    page.locator("#forward").click()
    page.keyboard.press("End")
    page.wait_for_function("() => window.minimaxLab.event === window.minimaxLab.last")
    assert page.evaluate("() => document.getAnimations().length") == 0


def test_reduced_motion_keeps_the_code_labs_cursor_still(plain: Page, live_server: str) -> None:
    page = plain
    page.goto(live_server + "/code?algorithm=alphabeta&example=lecture")
    expect(page.locator("#run")).to_be_enabled()
    blinking = "() => document.getElementById('editor').shadowRoot.getAnimations().length"
    page.locator("#editor .cm-content").click()
    page.wait_for_function(f"() => ({blinking})() > 0")  # the cursor blinks (CodeMirror's CSS animation)
    page.emulate_media(reduced_motion="reduce")
    page.wait_for_function(f"() => ({blinking})() === 0")
    expect(page.locator("#editor .cm-cursor-primary")).to_be_visible()  # still there, only still
