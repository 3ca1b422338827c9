"""The legend names what the drawing can show for this search, and nothing else: the entries of
the table, quiescence and a beam only with that option on, the estimate's only with a depth limit
(static/js/view/tree_legend.js)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.app_helpers import game_run

OPTIONAL = ("from the table", "table entry's source", "past the depth limit (quiescence)", "never considered (beam)",
            "estimate (depth limit)")


def shown_entries(page: Page) -> set[str]:
    """The optional entries the legend shows (hidden ones are in the page but not seen)."""
    return {text for text in OPTIONAL if page.locator(".legend li", has_text=text).is_visible()}


def test_the_lecture_example_shows_none_of_the_optional_entries(app: Page) -> None:
    expect(app.locator(".legend")).to_be_visible()
    assert shown_entries(app) == set()
    expect(app.locator(".legend li", has_text="pruned")).to_be_visible()


def test_each_option_brings_its_own_entries(app: Page) -> None:
    game_run(app, "XO.X..O..", "2", tt=True)
    assert shown_entries(app) == {"from the table", "table entry's source", "estimate (depth limit)"}
    game_run(app, "XO.X..O..", "2", quiescence=True, beam="2")
    assert shown_entries(app) == {"past the depth limit (quiescence)", "never considered (beam)", "estimate (depth limit)"}
    game_run(app, "XO.X..O..", "")
    assert shown_entries(app) == set()
