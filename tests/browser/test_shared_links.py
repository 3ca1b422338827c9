"""Shared links: /t/<id> runs a saved tree, /r/<id> replays a saved trace; an id that is not stored gets a not-found
page (or, when the page was served and the fetch answers 404, a not-found note), never the lecture tree."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import DESKTOP, PHONE, counter, new_page, node_states, shot
from tests.helpers.cli import run_cli

ROOT = Path(__file__).resolve().parents[2]


def test_a_shared_tree_opens_and_runs(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    tree = {"id": "root", "label": "shared <tree>", "children": [{"id": "L", "value": 5}, {"id": "R", "value": 9}]}
    saved = page.request.post(f"{live_server}/api/trees", data=json.dumps(tree))
    assert saved.status == 201, saved.text()
    page.goto(live_server + saved.json()["url"])
    expect(page.locator('[data-node-id="root"] .label')).to_have_text("shared <tree>")
    expect(page.locator("#counter")).to_have_text(re.compile(r"^step 0 / [1-9]\d*$"))
    page.get_by_role("button", name="Last step").click()
    assert node_states(page)["root"] == ("done", "9")
    expect(page.locator('input[name="source"][value="tree"]')).to_be_checked()
    page.context.close()
    assert errors == []


def test_a_shared_trace_replays(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    trace = run_cli("trace", "--example", "lecture", "--algorithm", "alphabeta").stdout
    saved = page.request.post(f"{live_server}/api/traces", data=trace)
    assert saved.status == 201, saved.text()
    page.goto(live_server + saved.json()["url"])
    expect(page.locator("#counter")).to_have_text("step 0 / 57")
    page.get_by_role("button", name="Last step").click()
    states = node_states(page)
    assert states["A"] == ("done", "3") and states["C2"] == ("pruned", "")
    assert counter(page) == (57, 57)
    page.context.close()
    assert errors == []


LECTURE_LABELS = re.compile(r"^[ABCD]$")


def assert_no_tree_drawn(page: Page) -> None:
    """No node of any tree is drawn, and none of the lecture's labels A, B, C, D anywhere in the view."""
    assert page.locator("[data-node-id]").count() == 0
    assert not [t for t in page.locator(".label").all_inner_texts() if LECTURE_LABELS.match(t.strip())]


def only_404s(errors: list[str]) -> list[str]:
    """The console lines left once the browser's own lines for the 404 answers are taken out."""
    return [e for e in errors if "status of 404" not in e]


@pytest.mark.parametrize("path, words", [("/t/abc123", "No saved tree with id abc123 is stored on this server."),
                                          ("/x/abc123", "No exercise with id abc123 is stored on this server.")])
def test_a_missing_id_opens_a_not_found_page_never_the_lecture(browser: Browser, live_server: str, path: str, words: str) -> None:
    """The server's page (server/http/not_found.py): 404, what was asked for, the reasons, a way to the lecture."""
    for viewport, size in ((DESKTOP, "1280x800"), (PHONE, "390x844")):
        page, errors = new_page(browser, viewport)
        answer = page.goto(live_server + path)
        assert answer is not None and answer.status == 404
        expect(page.locator("#not-found-what")).to_have_text(words)
        expect(page.locator("#not-found-why")).to_contain_text("mistyped or cut off")
        expect(page.get_by_role("link", name="Open the lecture example instead")).to_have_attribute("href", "/")
        assert_no_tree_drawn(page)
        assert page.locator("#tree").count() == 0
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")  # nothing wider than a phone
        shot(page, f"not-found{path.replace('/', '-')}-{size}.png")
        page.context.close()
        assert only_404s(errors) == [], errors


def gone(page: Page, pattern: str, error: str) -> None:
    """The REST API answers 404 for what the page was served for: a saved item gone since (or stored on another
    server behind the same address)."""
    page.route(pattern, lambda route: route.fulfill(status=404, content_type="application/json", body=json.dumps({"error": error})))


@pytest.mark.parametrize("kind", ["tree", "trace", "link", "solution"])
def test_a_saved_item_whose_fetch_answers_404_shows_not_found_in_place_of_the_tree(browser: Browser, live_server: str,
                                                                                    kind: str) -> None:
    """The page's own fallback (static/js/page/not_found.js): the note over the empty drawing, no lecture tree; a
    search run afterwards takes its place."""
    page, errors = new_page(browser, DESKTOP)
    if kind == "trace":
        saved = page.request.post(f"{live_server}/api/traces", data=run_cli("trace", "--example", "lecture").stdout).json()
        gone(page, "**/api/traces/*", f"no saved trace with id {saved['id']!r}")
        path, words = saved["url"], f"No saved trace with id {saved['id']} is stored on this server."
    elif kind == "solution":
        made = page.request.post(f"{live_server}/api/exercises", data=json.dumps({"tree": [[3, 12, 8], [2, 4, 6]]})).json()
        gone(page, "**/api/exercises/*/solution*", f"no exercise with id {made['id']!r}")
        path, words = made["url"] + "/solution", f"No exercise with id {made['id']} is stored on this server."
    else:
        saved = page.request.post(f"{live_server}/api/trees", data=json.dumps([[1, 2], [3, 4]])).json()
        gone(page, "**/api/trees/*", f"no saved tree with id {saved['id']!r}")
        path = saved["url"] if kind == "tree" else f"/?tree={saved['id']}&algorithm=minimax&step=2"
        words = f"No saved tree with id {saved['id']} is stored on this server."
    page.goto(live_server + path)
    note = page.get_by_role("alert").filter(has_text="Not found")
    expect(note.locator("#not-found-what")).to_have_text(words)
    expect(note.locator("#not-found-why")).to_contain_text("saved on another Minimax Lab server")
    expect(page.locator("#narration")).to_contain_text(words)
    assert page.evaluate("window.minimaxLab.searches") == 0  # the lecture example was never started
    assert_no_tree_drawn(page)
    expect(page.locator("#form-error")).to_have_text("")
    if kind == "tree":
        shot(page, "not-found-fallback-1280x800.png")
    page.get_by_role("tab", name="Search").click()
    page.get_by_role("button", name="Run", exact=True).click()  # the lecture, asked for: the note goes
    expect(page.locator('[data-node-id="A"]')).to_be_visible()
    expect(page.locator("#not-found-note")).to_have_count(0)
    page.context.close()
    assert only_404s(errors) == [], errors
