"""The page's algorithm menus are built from GET /api/catalogue (static/js/page/algorithm_menus.js): the search
form lists every algorithm of the registry, the exercise maker the single-pass ones, /play its engine's, and a
choice from the menu runs that search."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from search.algorithms.registry import PLAYABLE, REGISTRY, SINGLE_PASS
from tests.browser.conftest import DESKTOP, PHONE, new_page, shot


def menu(page: Page, name: str) -> list[tuple[str, str]]:
    return [tuple(pair) for pair in page.eval_on_selector(f'select[name="{name}"]', "s => [...s.options].map(o => [o.value, o.textContent])")]


def test_the_search_forms_menus_are_the_registrys(app: Page) -> None:
    assert menu(app, "algorithm") == [(a.id, a.label) for a in REGISTRY.values()]
    assert app.eval_on_selector('select[name="algorithm"]', "s => s.value") == "alphabeta"
    assert [value for value, _ in menu(app, "maker_algorithm")] == list(SINGLE_PASS)
    assert dict(menu(app, "maker_algorithm"))["maxn"] == "max^n (several players)"
    shot(app, "algorithm-menus-desktop.png")


def test_a_search_chosen_from_the_menu_runs_with_its_name(app: Page) -> None:
    app.select_option('select[name="algorithm"]', "minimax")
    app.locator("#search-form button[type=submit]").click()
    expect(app.locator("#code")).to_contain_text("MINIMAX")




def test_play_lists_the_searches_its_engine_moves_by(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    page.goto(live_server + "/play")
    expect(page.locator('select[name="algorithm"] option')).to_have_count(len(PLAYABLE))
    assert [value for value, _ in menu(page, "algorithm")] == list(PLAYABLE)
    assert page.eval_on_selector('select[name="algorithm"]', "s => s.value") == "alphabeta"
    assert errors == []


def test_the_menus_fit_a_phone(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, PHONE)
    page.goto(live_server + "/")
    expect(page.locator('select[name="algorithm"] option')).to_have_count(len(REGISTRY))
    box = page.locator('select[name="algorithm"]').bounding_box()
    assert box is not None and box["x"] + box["width"] <= PHONE["width"]
    shot(page, "algorithm-menus-phone.png")
    assert errors == []
