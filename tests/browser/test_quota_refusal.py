"""A quota's 429 (issue 31, server/quotas.py) is shown where the user acted: saving a tree once too often in a
minute shows the server's sentence, naming the limit and when it resets, under the Share button."""

from __future__ import annotations

import re
from typing import Iterator

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.app_helpers import open_tab
from tests.browser.conftest import DESKTOP, PHONE, checked_app, shot
from tests.helpers.live_server import running_server

REFUSED_429 = re.compile(r"^console\.error: Failed to load resource: the server responded with a status of 429 ")


@pytest.fixture()
def one_tree_a_minute() -> Iterator[str]:
    with running_server({"QUOTA_TREES_PER_MINUTE": 1}) as url:
        yield url


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280x800", "390x844"])
def test_a_second_tree_saved_in_the_minute_shows_the_sentence(browser: Browser, one_tree_a_minute: str,
                                                              viewport: dict[str, int]) -> None:
    with checked_app(browser, one_tree_a_minute, lambda errors: [e for e in errors if not REFUSED_429.match(e)],
                     viewport) as page:
        open_tab(page, "Share & export")
        page.locator("#save-tree").click()
        expect(page.locator("#tree-link")).to_have_value(re.compile(r"/t/"))  # the minute's one save
        page.locator("#save-tree").click()
        expect(page.locator("#share-error")).to_have_text(
            re.compile(r"^too many trees saved from this address: at most 1 a minute; try again in \d+ s$"))
        expect(page.locator("#share-error")).to_be_in_viewport()  # under the button pressed, not at the panel's foot
        shot(page, f"quota-refusal-{viewport['width']}x{viewport['height']}.png")
