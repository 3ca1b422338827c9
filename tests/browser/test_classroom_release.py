"""A student's page holds the class's search only as far as the instructor has shown it (issue 31,
docs/classroom.md "What followers hold"): stepping on one's own stops at the instructor's furthest
step and the page says why; the rest arrives as the instructor shows it; a student who joins while a
question is open sees it and is told the next one is theirs; an instructor who steps past an open
question's step sends the students nothing from it until Reveal, and their page says so. Screenshots
at 390x844 (and 1280x800)."""

from __future__ import annotations

from typing import Iterator

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import shot
from tests.browser.test_classroom import DESKTOP, code_of, following, presenting, step_to, student, wait_event

AT_THE_END = "That is as far as the instructor has shown: the next steps come when the instructor shows them."
HELD_BACK = "The instructor has moved on: the steps after the question come when the answer is revealed."


def held(page: Page) -> list:
    return page.evaluate("() => [window.minimaxLab.last, window.minimaxLab.finished]")


def asked_at_seven(browser: Browser, live_server: str) -> tuple[Iterator[Page], Page, str, Page, list[str]]:
    """An instructor presenting the lecture and a student on a phone, the class at event 7 and asked a question
    (about event 8): (the instructor's generator, its page, the code, the student's page, its errors)."""
    instructor = presenting(browser, live_server)
    teacher = next(instructor)
    code = code_of(teacher)
    page, errors = student(browser, f"{live_server}/c/{code}")
    step_to(teacher, 7)
    wait_event(page, 7)
    teacher.get_by_role("button", name="Ask the class").click()
    expect(page.locator("#class-question-prompt")).not_to_be_empty()
    return instructor, teacher, code, page, errors


def test_a_student_cannot_step_past_the_instructor(browser: Browser, live_server: str) -> None:
    instructor = presenting(browser, live_server)
    teacher = next(instructor)
    code = code_of(teacher)
    page, errors = student(browser, f"{live_server}/c/{code}")
    step_to(teacher, 10)
    wait_event(page, 10)
    assert held(page) == [10, False]

    page.get_by_role("button", name="Step on my own").click()
    page.locator("#back").click()
    wait_event(page, 9)
    page.locator("#forward").click()
    wait_event(page, 10)
    expect(page.locator("#class-follow .class-note")).to_be_empty()  # that step moved
    page.locator("#forward").click()
    expect(page.locator("#class-follow .class-note")).to_have_text(AT_THE_END)
    assert page.evaluate("() => window.minimaxLab.event") == 10
    page.keyboard.press("End")
    assert page.evaluate("() => window.minimaxLab.event") == 10
    shot(page, "classroom-furthest-step-390x844.png")
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    heard = page.evaluate("() => window.heard")
    assert not any('"seq":11,' in m for m in heard) and not any(m.startswith('["search:done"') for m in heard)

    # The instructor goes on: the newly shown events arrive, the note goes, and the student steps on to them.
    step_to(teacher, 30)
    page.wait_for_function("() => window.minimaxLab.last === 30")
    expect(page.locator("#class-follow .class-note")).to_be_empty()
    page.keyboard.press("End")
    wait_event(page, 30)
    # The end shown: the whole search, finished, and stepping past it says nothing.
    step_to(teacher, 57)
    page.wait_for_function("() => window.minimaxLab.last === 57 && window.minimaxLab.finished")
    page.get_by_role("button", name="Follow again").click()
    wait_event(page, 57)
    following(page)
    page.locator("#forward").click()
    expect(page.locator("#class-follow .class-note")).to_be_empty()
    page.context.close()
    assert errors == []
    next(instructor, None)


def test_a_student_who_joins_while_a_question_is_open_is_told_the_next_is_theirs(browser: Browser, live_server: str) -> None:
    instructor, teacher, code, present, present_errors = asked_at_seven(browser, live_server)
    late, late_errors = student(browser, f"{live_server}/c/{code}")
    expect(late.locator("#class-question-prompt")).to_have_text(present.locator("#class-question-prompt").text_content() or "")
    expect(late.locator("#class-question .class-card-status")).to_have_text(
        "This question was asked before you joined; the next one is yours.")
    for choice in late.locator("#class-question .class-choice").all():
        expect(choice).to_be_disabled()
    shot(late, "classroom-late-question-390x844.png")
    present.get_by_role("button", name="keep looking").click()
    expect(teacher.locator("#class-panel .class-answered")).to_have_text("answered 1 of 2 following")
    for page in (present, late):
        page.context.close()
    assert present_errors == [] and late_errors == []
    next(instructor, None)


def test_stepping_past_an_open_question_holds_the_students_at_its_step_until_reveal(browser: Browser, live_server: str) -> None:
    instructor, teacher, code, phone, phone_errors = asked_at_seven(browser, live_server)
    step_to(teacher, 20)  # the instructor's own page steps on
    expect(phone.locator("#class-follow .class-note")).to_have_text(HELD_BACK)
    laptop, laptop_errors = student(browser, f"{live_server}/c/{code}", DESKTOP)  # joins with the class past the question
    expect(laptop.locator("#class-follow .class-note")).to_have_text(HELD_BACK)
    for page in (phone, laptop):
        wait_event(page, 7)
        assert held(page) == [7, False]
        following(page)
        heard = page.evaluate("() => window.heard")
        assert any('"seq":7,' in m for m in heard) and not any(f'"seq":{k},' in m for m in heard for k in range(8, 58))
    phone.get_by_role("button", name="keep looking").click()
    expect(phone.locator("#class-question .class-card-status")).to_contain_text("Sent: keep looking")
    shot(phone, "classroom-held-back-390x844.png")
    shot(laptop, "classroom-held-back-1280x800.png")
    assert phone.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")

    teacher.get_by_role("button", name="Reveal").click()
    for page in (phone, laptop):
        page.wait_for_function("() => window.minimaxLab.last === 20")
        wait_event(page, 20)
        expect(page.locator("#class-follow .class-note")).to_be_empty()
    expect(phone.locator("#class-question .class-verdict")).to_have_text("Right: keep looking. 1 answered.")
    for page in (phone, laptop):
        page.context.close()
    assert phone_errors == [] and laptop_errors == []
    next(instructor, None)
