"""The page works whole under its Content-Security-Policy (no inline script or style, nothing from
elsewhere), and the policy is in force: a script smuggled into the page as an attribute never runs."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import DESKTOP, PHONE, new_page, open_app, run_search

RECORD_VIOLATIONS = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) =>
    window.cspViolations.push(`${e.violatedDirective} ${e.sourceFile}:${e.lineNumber} ${e.sample}`));
"""


def violations(page: Page) -> list[str]:
    return page.evaluate("() => window.cspViolations")


def watched(browser: Browser, viewport: dict[str, int]) -> tuple[Page, list[str]]:
    page, errors = new_page(browser, viewport)
    page.add_init_script(RECORD_VIOLATIONS)
    return page, errors


def test_the_whole_app_runs_without_a_violation(browser: Browser, live_server: str) -> None:
    """A tour of what uses scripts and styles at run time: search, predict (it rings the node asked
    about), exports (styles copied into the SVG, a PNG drawn from a blob), present mode, a game."""
    page, errors = watched(browser, DESKTOP)
    open_app(page, live_server)
    page.get_by_label("Predict", exact=True).check()
    for _ in range(8):
        page.locator("#forward").click()
    expect(page.locator("#predict .predict-question")).to_be_visible()
    page.keyboard.press("Escape")
    page.locator("#scrub").fill("30")
    page.get_by_role("tab", name="Share & export").click()
    for button in ("Export SVG", "Export PNG"):
        with page.expect_download() as download:
            page.get_by_role("button", name=button).click()
        assert download.value.path().stat().st_size > 1000
    page.locator("#present").click()
    expect(page.locator("#present")).to_have_attribute("aria-pressed", "true")
    page.locator("#present").click()
    page.get_by_role("tab", name="Search").click()
    run_search(page, source="game", game="tictactoe", position="XO.X.O...", algorithm="alphabeta")
    page.wait_for_function("() => window.minimaxLab.finished && window.minimaxLab.searches > 1")
    assert violations(page) == []
    assert errors == []
    page.context.close()


def test_the_exercise_pages_run_without_a_violation(browser: Browser, live_server: str) -> None:
    page, errors = watched(browser, PHONE)
    made: dict[str, Any] = page.request.post(
        f"{live_server}/api/exercises", data=json.dumps({"tree": [[3, 12, 8], [2, 4, 6], [14, 5, 2]], "ask": ["values"]}),
        headers={"Content-Type": "application/json"}).json()
    page.goto(live_server + made["url"])
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    page.goto(f"{live_server}{made['url']}/results?key={made['key']}")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    assert violations(page) == []
    assert errors == []
    page.context.close()


def test_a_smuggled_inline_script_does_not_run(browser: Browser, live_server: str) -> None:
    page, _ = watched(browser, DESKTOP)
    open_app(page, live_server)
    page.evaluate("""() => {
        const img = document.createElement("img");
        img.setAttribute("onerror", "window.pwned = true");
        img.src = "/no-such-image.png";
        document.body.append(img);
        const script = document.createElement("script");
        script.textContent = "window.pwned = true";
        document.body.append(script);
    }""")
    page.wait_for_function("() => window.cspViolations.length >= 2")
    assert page.evaluate("() => window.pwned") is None
    assert {v.split()[0] for v in violations(page)} == {"script-src-attr", "script-src-elem"}
    page.context.close()
