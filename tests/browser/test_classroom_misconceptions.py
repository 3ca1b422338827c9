"""A class question names the misconception each wrong answer follows (issue 26, point 3;
docs/classroom.md): the instructor's page builds it from the same answers predict mode reads; nothing
names it before Reveal; at Reveal the tally says "1 student: MAX and MIN swapped" under the answer 12
and the student who said 12 is told the idea. Screenshots at both sizes when MINIMAX_LAB_SHOTS names a folder."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import DESKTOP, PHONE, shot
from tests.browser.test_classroom import code_of, step_to, student, teacher, wait_event

__all__ = ["teacher"]  # the fixture, used by name below


def test_the_reveal_names_the_misconception_beside_the_answer_and_not_before(browser: Browser, live_server: str, teacher: Page) -> None:
    code = code_of(teacher)
    swapped, swapped_errors = student(browser, f"{live_server}/c/{code}", PHONE)
    right, right_errors = student(browser, f"{live_server}/c/{code}", DESKTOP)
    expect(teacher.locator("#class-panel .class-members")).to_have_text("2 following")
    step_to(teacher, 19)  # the next step is B's return (event 20)
    for page in (swapped, right):
        wait_event(page, 19)
    teacher.get_by_role("button", name="Ask the class").click()
    expect(teacher.locator("#class-panel .class-prompt")).to_have_text("Asked: Which value does B return?")
    for page, said in ((swapped, "12"), (right, "3")):
        expect(page.locator("#class-question-prompt")).to_have_text("Which value does B return?")
        page.locator("#class-question input").first.fill(said)
        page.locator("#class-question").get_by_role("button", name="Send").click()
        expect(page.locator("#class-question .class-card-status")).to_contain_text(f"Sent: {said}")
    expect(teacher.locator("#class-panel .class-answered")).to_have_text("answered 2 of 2 following")
    expect(teacher.locator('#class-panel .class-bar[data-answer="12"] .class-bar-count')).to_have_text("1")
    expect(teacher.locator("#class-panel .class-bar-misconception")).to_have_count(0)  # the live tally names none
    for page in (swapped, right):
        assert not any("max-min-swapped" in m for m in page.evaluate("() => window.heard")), "named before the reveal"

    teacher.get_by_role("button", name="Reveal").click()
    bar = teacher.locator('#class-panel .class-bar[data-answer="12"]')
    expect(bar).to_have_attribute("data-misconception", "max-min-swapped")
    expect(bar.locator(".class-bar-misconception")).to_have_text("1 student: MAX and MIN swapped")
    expect(teacher.locator('#class-panel .class-bar[data-answer="3"] .class-bar-misconception')).to_have_count(0)
    verdict = swapped.locator("#class-question .class-verdict")
    expect(verdict).to_have_text(
        "Not quite: you said 12; the answer is 3. That answer follows the search with MAX and MIN swapped. MAX nodes take the "
        "largest of their children's values and MIN nodes the smallest; the root is the player to move (MAX in the lecture's "
        "example). 2 answered.")
    expect(verdict).to_have_attribute("data-misconception", "max-min-swapped")
    expect(right.locator("#class-question .class-verdict")).to_have_text("Right: 3. 2 answered.")
    expect(swapped.locator('#class-question .class-bar[data-answer="12"] .class-bar-misconception')).to_have_text(
        "1 student: MAX and MIN swapped")
    shot(teacher.locator("#class-panel"), "classroom-misconception-tally-1280x800.png")
    shot(swapped, "classroom-misconception-reveal-390x844.png")
    for page in (swapped, right):
        page.context.close()
    assert swapped_errors == [] and right_errors == []
