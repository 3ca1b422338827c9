"""Shared links: /t/<id> runs a saved tree, /r/<id> replays a saved trace, a bad id says so."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import Browser, expect

from tests.browser.conftest import DESKTOP, counter, new_page, node_states
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


def test_an_unknown_shared_id_says_so_and_shows_the_lecture(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    page.goto(live_server + "/r/no-such-trace")
    expect(page.get_by_role("alert")).to_contain_text("no-such-trace")
    expect(page.locator("#counter")).to_have_text("step 0 / 57")
    page.context.close()
    # The 404 of the lookup is the only error the console may show.
    assert all("404" in e for e in errors), errors
