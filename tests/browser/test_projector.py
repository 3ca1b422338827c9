"""A projector (issue 30 item 4): Present at 1280x720, and at 150% zoom (a 853x480 page: the viewport a
zoomed browser gives, not a device scale factor, which keeps the CSS size), shows every sentence of the
lecture whole and a large tree; a running class's panel folds away (its button, and by itself in Present
mode); the instructor hides the answers' spread until Reveal, remembered for the tab's session.
Screenshots when MINIMAX_LAB_SHOTS names a folder."""

from __future__ import annotations

from typing import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.app_helpers import LECTURE_EVENTS
from tests.browser.conftest import new_page, open_app, shot, walk
from tests.browser.test_classroom import code_of, presenting, step_to, student, wait_event

PROJECTOR = {"width": 1280, "height": 720}
ZOOMED = {"width": 853, "height": 480}  # 1280x720 at 150%

WHOLE = "() => { const n = document.getElementById('narration'); return n.scrollHeight <= n.clientHeight + 0.5; }"
# How big the drawing is: the fitted tree's share of the drawing's box, and the labels' size on screen.
SIZE = """() => {
    const box = document.getElementById('tree').getBoundingClientRect();
    const drawn = document.querySelector('#tree .viewport').getBoundingClientRect();
    const label = document.querySelector('#tree [data-node-id="A"] .label');
    return { width: drawn.width / box.width, height: drawn.height / box.height, boxHeight: box.height,
             label: label.getBoundingClientRect().height, font: parseFloat(getComputedStyle(label).fontSize) * label.getScreenCTM().a };
}"""


def present(page: Page) -> None:
    page.locator("#present").click()
    expect(page.locator("#present")).to_have_attribute("aria-pressed", "true")


@pytest.mark.parametrize("viewport", [PROJECTOR, ZOOMED], ids=["1280x720", "150pc_853x480"])
def test_present_shows_every_sentence_whole_and_a_large_tree(browser: Browser, live_server: str, viewport: dict[str, int]) -> None:
    page, errors = new_page(browser, viewport)
    open_app(page, live_server)
    page.wait_for_function("() => window.minimaxLab.finished")
    present(page)
    seen = walk(page, "forward", LECTURE_EVENTS, WHOLE)
    cut = [k for k, (_, whole) in enumerate(seen) if not whole]
    assert cut == [], f"the narration cuts the sentence at steps {cut}"
    page.evaluate("window.minimaxLab.seek(51)")
    expect(page.locator("#narration")).to_contain_text("nothing is left to prune")
    shot(page, f"present_{viewport['width']}x{viewport['height']}_step51.png")
    size = page.evaluate(SIZE)
    # The fitted tree fills most of its box one way, and its labels read from the back of a room.
    assert max(size["width"], size["height"]) >= 0.7, size
    if viewport == PROJECTOR:
        assert size["label"] >= 16, size
    else:
        assert size["boxHeight"] >= 200, size  # was 144: the toolbar, player and facts take fewer rows
    assert page.evaluate("document.documentElement.scrollHeight") <= viewport["height"]
    page.context.close()
    assert errors == []


@pytest.fixture()
def projecting(browser: Browser, live_server: str) -> Iterator[Page]:
    """The instructor's page at 1280x720, presenting the lecture example to a new class (as test_classroom.py's `teacher`)."""
    yield from presenting(browser, live_server, PROJECTOR)


def test_the_class_panel_folds_by_its_button_and_in_present_mode(projecting: Page) -> None:
    page = projecting
    panel, fold = page.locator("#class-panel"), page.locator("#class-panel .class-toggle")
    expect(fold).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#class-panel .class-qr")).to_be_visible()
    open_height = page.evaluate(SIZE)["boxHeight"]
    fold.click()
    expect(fold).to_have_attribute("aria-expanded", "false")
    expect(fold).to_have_text("Unfold panel")
    expect(page.locator("#class-panel .class-qr")).to_be_hidden()
    expect(page.locator("#class-panel .class-code")).to_be_visible()
    assert page.evaluate(SIZE)["boxHeight"] > open_height + 100
    fold.click()
    expect(fold).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#class-panel .class-qr")).to_be_visible()

    # Present folds it: one short strip, the tree large; leaving Present opens it again as it was.
    present(page)
    expect(fold).to_have_attribute("aria-expanded", "false")
    step_to(page, 30)
    shot(page, "present_1280x720_class.png")
    assert (panel.bounding_box() or {"height": 999})["height"] <= 90
    size = page.evaluate(SIZE)
    # The panel's strip costs the tree a little: its labels are still 14 px tall (were 7 unfolded).
    assert size["label"] >= 14 and max(size["width"], size["height"]) >= 0.7, size
    page.keyboard.press("Escape")
    expect(page.locator("#present")).to_have_attribute("aria-pressed", "false")
    expect(fold).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#class-panel .class-qr")).to_be_visible()


def test_answers_stay_hidden_until_reveal_and_the_choice_is_remembered(browser: Browser, live_server: str, projecting: Page) -> None:
    teacher = projecting
    hide = teacher.get_by_label("Hide answers until Reveal")
    expect(hide).not_to_be_checked()
    hide.check()
    code = code_of(teacher)
    pupil, errors = student(browser, f"{live_server}/c/{code}")
    expect(teacher.locator("#class-panel .class-members")).to_have_text("1 following")
    step_to(teacher, 7)
    wait_event(pupil, 7)
    teacher.get_by_role("button", name="Ask the class").click()
    pupil.get_by_role("button", name="prune", exact=True).click()
    # The count shows; what they answered does not, on the instructor's (projected) screen.
    expect(teacher.locator("#class-panel .class-answered")).to_have_text("answered 1 of 1 following")
    expect(teacher.locator("#class-panel .class-hidden-note")).to_have_text("Answers hidden until Reveal")
    expect(teacher.locator("#class-panel .class-bar")).to_have_count(0)
    shot(teacher, "classroom_hidden_1280x720.png")

    # A reload of the instructor's tab keeps the choice (sessionStorage) and the count, still without the spread.
    teacher.reload()
    teacher.wait_for_function("() => window.minimaxLab.finished && window.minimaxLab.last === 57")
    expect(teacher.get_by_label("Hide answers until Reveal")).to_be_checked()
    expect(teacher.locator("#class-panel .class-members")).to_have_text("1 following")  # the class is back
    expect(teacher.locator("#class-panel .class-answered")).to_have_text("answered 1 of 1 following")  # and its tally
    expect(teacher.locator("#class-panel .class-bar")).to_have_count(0)

    # Revealed on the projector: in Present mode, the panel folded, the spread shows.
    teacher.locator("#present").click()
    expect(teacher.locator("#class-panel")).to_have_attribute("data-expanded", "false")
    teacher.get_by_role("button", name="Reveal").click()
    expect(teacher.locator("#class-panel .class-revealed")).to_have_text("Revealed: keep looking")
    expect(teacher.locator("#class-panel .class-hidden-note")).to_be_hidden()
    expect(teacher.locator('#class-panel .class-bar[data-answer="prune"] .class-bar-count')).to_have_text("1")
    expect(teacher.locator("#class-panel .class-bars")).to_be_visible()
    expect(teacher.locator("#class-panel .class-prompt")).to_be_visible()
    pupil.context.close()
    assert errors == []
