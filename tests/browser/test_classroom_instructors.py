"""Issue 49, part 5, in the browser: a class left running by a tab closed without End class does not block the
instructor. The next tab of the same browser (the same instructor key, in localStorage) that cannot start a class
lists the classes this browser has running, each with End; ending one lets Present to class start a new one."""

from __future__ import annotations

from typing import Iterator

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.conftest import DESKTOP, PHONE, new_page, open_app, shot
from tests.browser.test_classroom import CODE_TEXT
from tests.helpers.live_server import running_server


@pytest.fixture(scope="module")
def one_class_each() -> Iterator[str]:
    """A server where an instructor may run one class at once."""
    with running_server({"CLASS_ROOMS_PER_INSTRUCTOR": 1}) as url:
        yield url


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_class_a_closed_tab_left_running_is_listed_and_ended_from_the_next_tab(
        browser: Browser, one_class_each: str, viewport: dict[str, int]) -> None:
    first, errors = new_page(browser, viewport)
    context = first.context
    open_app(first, one_class_each)
    first.get_by_role("button", name="Present to class").click()
    code = first.locator("#class-panel .class-code")
    expect(code).to_have_text(CODE_TEXT)
    left_running = code.text_content()
    first.close()  # the tab is closed without End class: the class runs on

    second = context.new_page()  # the same browser: the same instructor key
    open_app(second, one_class_each)
    second.get_by_role("button", name="Present to class").click()
    status = second.locator("#class-panel .class-status")
    expect(status).to_have_text("Could not start a class: you have 1 class running, the most one instructor may: "
                                "end one (End class, or in the list of your classes), or wait until it ends")
    mine = second.get_by_role("region", name="Your classes running")
    expect(mine.locator("li")).to_have_count(1)
    expect(mine.locator(".class-mine-code")).to_have_text(left_running)
    expect(mine.locator("li")).to_contain_text("0 following")
    shot(second, f"classroom-your-classes-{viewport['width']}.png")
    mine.get_by_role("button", name="End").click()
    expect(status).to_have_text(f"Class {left_running} ended: Present to class starts a new one.")
    expect(mine).to_be_hidden()
    second.get_by_role("button", name="Present to class").click()
    expect(second.locator("#class-panel .class-code")).to_have_text(CODE_TEXT)
    expect(second.locator("#class-panel .class-code")).not_to_have_text(left_running)
    second.locator("#class-panel .class-end").click()
    context.close()
    assert errors == []
