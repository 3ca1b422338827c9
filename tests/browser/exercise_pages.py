"""Making the lecture's exercise and opening its page, for the exercise pages' browser tests."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, expect

LECTURE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def make(page: Page, base: str, **options: Any) -> dict[str, Any]:
    """The lecture's exercise asking values and pruned branches (plus `options`): the 201's {id, url, key}."""
    body = {"tree": LECTURE, "ask": ["values", "pruned"], **options}
    made = page.request.post(f"{base}/api/exercises", data=json.dumps(body), headers={"Content-Type": "application/json"})
    assert made.status == 201, made.text()
    return made.json()


def open_exercise(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
