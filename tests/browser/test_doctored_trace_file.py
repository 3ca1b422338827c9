"""A trace file the engine does not make is refused in the page with the server's words (422 from
POST /api/traces/check or /api/traces, search.traces.verify), and the page keeps what it showed."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Browser, expect

from tests.browser.conftest import DESKTOP, new_page, open_app, refusals_removed, shot
from tests.helpers.cli import lecture_trace

REFUSAL = "line 7: leaf B1 has value 99, the engine gives 3"


def doctored_file(folder: Path) -> Path:
    """The lecture's trace with leaf B1's value changed from 3 to 99."""
    lines = lecture_trace().splitlines()
    n = next(i for i, line in enumerate(lines) if json.loads(line)["type"] == "leaf" and json.loads(line)["node"] == "B1")
    lines[n] = lines[n].replace('"value":3', '"value":99')
    path = folder / "doctored.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_doctored_trace_file_is_refused_in_the_page(browser: Browser, live_server: str, tmp_path: Path) -> None:
    viewport = DESKTOP  # the refusal's words and what is kept; the phone's layout is tests/browser/test_layout.py's
    page, errors = new_page(browser, viewport)
    open_app(page, live_server)
    page.locator("#trace-file").set_input_files(str(doctored_file(tmp_path)))
    alert = page.locator("#form-error")
    expect(alert).to_have_text(f"doctored.jsonl: {REFUSAL}")
    expect(page.locator("#counter")).to_have_text("step 0 / 57")  # the lecture example is still shown
    alert.scroll_into_view_if_needed()
    shot(page, f"doctored-trace-{viewport['width']}x{viewport['height']}.png")
    # Shared from the Share & export tab: refused the same way, and no link is offered.
    page.get_by_role("tab", name="Share & export").click()
    page.locator("#trace-upload").set_input_files(str(doctored_file(tmp_path)))
    expect(page.locator("#share-error")).to_have_text(f"doctored.jsonl: {REFUSAL}")
    expect(page.locator("#trace-link")).to_have_value("")
    page.context.close()
    assert refusals_removed(errors) == []
