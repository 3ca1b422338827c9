"""Predict mode names the misconception a wrong answer follows (issue 26, point 3): on the lecture
example with alpha-beta, "B returns 12" is MAX and MIN swapped and "keep looking at C" is no pruning,
each in the slides' words before the narration's sentence; a wrong answer no misconception gives
names none. The answers are fetched once per search. Screenshots at both sizes when
MINIMAX_LAB_SHOTS names a folder."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.conftest import DESKTOP, PHONE, new_page, open_app, shot
from tests.browser.test_predict_mode import FEEDBACK, PROMPT, QUESTION, predict_on, to_question


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_wrong_answer_that_a_misconception_gives_is_named(browser: Browser, live_server: str, viewport: dict[str, int]) -> None:
    page, errors = new_page(browser, viewport)
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url) if r.url.endswith("/api/misconceptions/answers") else None)
    open_app(page, live_server)
    predict_on(page)
    expect(page.locator("#predict")).to_have_attribute("data-readings", "7")  # all but the strict test: no tie here
    feedback = page.locator(FEEDBACK)

    to_question(page, "Which value does B return?")
    page.locator("#predict-value").fill("12")
    page.keyboard.press("Enter")
    expect(feedback).to_have_attribute("data-misconception", "max-min-swapped")
    expect(feedback).to_have_text(
        "Not quite: you said 12. That answer follows the search with MAX and MIN swapped. "
        "MAX nodes take the largest of their children's values and MIN nodes the smallest; the root is the player "
        "to move (MAX in the lecture's example). MIN(3, 12, 8) = 3: B returns v = 3 to A")
    if viewport == DESKTOP:
        to_question(page, "v = 2 and α = 3 at C (test: v ≤ α): prune C's remaining children or keep looking?")
        page.get_by_role("button", name="Keep looking", exact=True).click()
        expect(feedback).to_have_attribute("data-misconception", "no-pruning")
        expect(feedback).to_contain_text("Not quite: you said keep looking. That answer follows alpha-beta that never prunes (plain minimax, where alpha-beta is asked). Alpha-beta stops")
        expect(feedback).to_contain_text("(α cut)")
        shot(page, "predict-misconception-1280x800.png")
        to_question(page, "Which value does C return?")
        page.locator("#predict-value").fill("7")
        page.keyboard.press("Enter")
        expect(feedback).to_have_attribute("data-verdict", "wrong")
        expect(feedback).not_to_have_attribute("data-misconception", "no-pruning")
        assert "follows" not in (feedback.text_content() or "")
        assert fetched == [live_server + "/api/misconceptions/answers"]  # once for the search, not per question
    else:
        expect(page.locator(QUESTION)).to_be_hidden()
        expect(page.locator(PROMPT)).to_be_hidden()
        feedback.scroll_into_view_if_needed()
        shot(page, "predict-misconception-390x844.png")
    assert errors == []
    page.context.close()
