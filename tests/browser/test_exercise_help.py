"""Issue 31 (exercises for grading) in a real browser: the page's hints and its solution carry the student's
link name and learner token, the check's feedback says plainly that help was used and that the check is
not counted as perfect, the results page shows the help per attempt and "perfect without help", and a
hidden solution's feedback names no right value. Screenshots at 1280x800 and 390x844."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Locator, Page, expect

from tests.browser.axe_check import assert_clean
from tests.browser.conftest import DESKTOP, PHONE, new_page, shot
from tests.browser.exercise_pages import make, open_exercise

VALUES = {"A": "3", "B": "3", "C": "2", "D": "2"}


def both_widths(page: Page, name: str, target: Locator | None) -> None:
    """Screenshots at 1280x800 (the whole page) and 390x844 (at `target`, else the whole page), with nothing
    wider than the phone."""
    shot(page, f"{name}-1280.png", full_page=True)
    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    if target is not None:
        target.scroll_into_view_if_needed()
    shot(page, f"{name}-390.png", full_page=target is None)


def fill_perfect(page: Page) -> None:
    for node, value in VALUES.items():
        page.get_by_label(f"value of {node}").fill(value)
    for node in ("C2", "C3"):
        toggle = page.get_by_role("button", name=re.compile(rf"^{node} pruned"))
        if toggle.get_attribute("aria-pressed") != "true":
            toggle.click()


def test_hints_and_the_solution_are_shown_on_the_check_and_the_results(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    made = make(page, live_server)
    student = f"{live_server}{made['url']}?student=Ada"
    open_exercise(page, student)
    first = page.locator("#feedback-first")
    for _ in range(3):  # each hint's step is put in, so the next hint is a new one
        before = first.text_content()
        page.get_by_role("button", name="Hint").click()
        expect(first).not_to_have_text(before or "")
        node = re.match(r"Hint, at (\w+):", first.text_content() or "").group(1)  # type: ignore[union-attr]
        if node in VALUES:
            page.get_by_label(f"value of {node}").fill(VALUES[node])
        else:
            page.get_by_role("button", name=re.compile(rf"^{node} pruned")).click()
    fill_perfect(page)
    page.get_by_role("button", name="Check").click()
    expect(page.locator("#feedback-score")).to_have_text(re.compile(r"^Correct!"))
    note = page.locator("#feedback-help")
    expect(note).to_have_text("3 hints were used before this check: it is not counted as perfect.")
    expect(note).to_have_attribute("data-hints", "3")
    expect(page.locator("#feedback-withheld")).to_be_hidden()
    assert_clean(page, "an exercise checked after hints", "#feedback")
    both_widths(page, "exercise-help-note", note)
    page.set_viewport_size(DESKTOP)
    # Show solution: the solution page's request carries the name (in its address) and the token.
    page.get_by_role("button", name="Show solution").click()
    expect(page).to_have_url(re.compile(r"/solution\?step=0&student=Ada$"))
    expect(page.locator("#counter")).to_have_text(re.compile(r"^step 0 / [1-9]\d*$"))
    open_exercise(page, student)
    fill_perfect(page)
    page.get_by_role("button", name="Check").click()
    expect(note).to_have_text("3 hints and the solution were used before this check: it is not counted as perfect.")
    # Another browser of the same class, no help: perfect.
    other, other_errors = new_page(browser, DESKTOP)
    open_exercise(other, f"{live_server}{made['url']}")
    fill_perfect(other)
    other.get_by_role("button", name="Check").click()
    expect(other.locator("#feedback-score")).to_have_text(re.compile(r"^Correct!"))
    expect(other.locator("#feedback-help")).to_be_hidden()
    other.context.close()
    # The instructor's results: perfect without help, and each attempt's help.
    page.goto(f"{live_server}{made['url']}/results?key={made['key']}")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator(".results-facts")).to_contain_text("perfect without help1")
    expect(page.locator("#perfect")).to_have_text("1")
    expect(page.locator("#with-help")).to_have_text("2")
    rows = page.locator("#attempt-rows tr")
    expect(rows).to_have_count(3)
    assert [rows.nth(i).locator("td").last.text_content() for i in range(3)] == ["none", "3 hints, the solution", "3 hints"]
    assert [rows.nth(i).get_attribute("data-help") for i in range(3)] == ["none", "used", "used"]
    expect(rows.nth(1).locator("td.help-used")).to_have_count(1)
    assert_clean(page, "the results with help", "#attempt-table")
    both_widths(page, "exercise-results-help", None)
    page.context.close()
    assert errors == [] and other_errors == []


def test_a_hidden_solutions_feedback_names_no_right_value(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    made = make(page, live_server, solution=False)
    open_exercise(page, f"{live_server}{made['url']}")
    page.get_by_label("value of B").fill("12")  # wrong: B returns 3
    page.get_by_label("value of C").fill("2")
    page.get_by_role("button", name="Check").click()
    withheld = page.locator("#feedback-withheld")
    expect(withheld).to_have_text("This exercise's solution is hidden: the feedback names no right value, only what you wrote "
                                  "that is wrong. Not listed, as where they are would tell the answer: 2 answers left empty "
                                  "and 2 prune marks wrong or missing.")
    expect(page.locator("#feedback-score")).to_have_text("Score 17%: 1 of 6 marks right.")  # C; B wrong, A and D empty, C2 and C3 unmarked
    expect(page.locator("#feedback-first")).to_have_text("First listed mistake, at B: you wrote 12: not the value this search gives B")
    items = page.locator("#feedback-list li")
    expect(items).to_have_count(1)
    said = page.locator("#feedback-first, #feedback-list, #misconception-box").all_inner_texts()
    assert not any(re.search(r"(?<![A-Z])3", text) for text in said), said  # B's right value appears nowhere (C3 is a node)
    expect(page.locator("#misconception-watch")).to_have_count(0)
    expect(page.locator("#misconception-box .misconception-marks")).to_have_text("Its marks are among those not listed.")
    assert_clean(page, "a hidden solution's feedback", "#feedback")
    both_widths(page, "exercise-withheld", withheld)
    page.context.close()
    assert errors == []
