"""One code lab page per test worker, shared by the tests that load a file into the code lab and run it.

Its costliest part is Python: the page's Web Worker loads Pyodide (10 MB of WebAssembly, CPython's start, our
package) in about 5 s of both cores on a quiet machine, 10 s on a loaded one, and does it again for every page.
The page opens another problem in place (its problem list, or `window.codeLab.open`, as a link does) with the
worker kept, so one page serves every problem here: `lab` opens the lecture's problem afresh for each test (the
starter in the editor, no report), at 1280x800, and fails the test on any JavaScript error it caused. A test that
needs what only a new page has (a route, a file chosen while the page sets up, an address opened at load) opens
its own page. The fixtures (`code_lab_server`, `code_lab_page`, `lab`) are in tests/browser/conftest.py; the helpers
the tests call are here.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

FILES = Path(__file__).parent / "code_lab"
LECTURE = "/code?algorithm=alphabeta&example=lecture"
TIME_LIMIT = 2.0
"""The page's time limit here (CODE_LAB_TIME_LIMIT_SECONDS): the endless loop costs 2 s, not 10."""
PYTHON_MS = 120_000
"""How long the first verdict may take: Pyodide (10 MB of WebAssembly) loads and compiles first."""
JUDGED_JS = '["match", "differs", "error"]'


def open_lab(page: Page, url: str, address: str = LECTURE) -> None:
    """A new page's load of the code lab at `address`."""
    page.goto(url + address)
    expect(page.locator("#run")).to_be_enabled()


def open_problem(page: Page, address: str) -> None:
    """Open the problem at `address` ("/code?...") in the page, as its problem list does: Python stays loaded."""
    assert address.startswith("/code?"), address
    assert page.evaluate("(search) => window.codeLab.open(search)", address.removeprefix("/code")) is True, address
    expect(page.locator("#run")).to_be_enabled()
    expect(page.locator("#verdict")).to_have_attribute("data-verdict", "")


def run_file(page: Page, name: str | Path) -> str:
    """Load FILES/name (or a path) through the file input, press Run, wait for the verdict; returns it."""
    path = FILES / name
    page.set_input_files("#code-file", str(path))
    expect(page.locator("#editor .cm-content")).to_contain_text(path.read_text(encoding="utf-8").splitlines()[0][:40])
    before = page.evaluate("window.codeLab.report.shown")
    page.locator("#run").click()
    verdict = page.locator("#verdict")
    # This run's verdict, not the last one's: the report counts runs (a warm run may pass "running" too fast to see).
    page.wait_for_function(f"() => window.codeLab.report.shown > {before} && {JUDGED_JS}.includes("
                           "document.getElementById('verdict').dataset.verdict)", timeout=PYTHON_MS)
    return verdict.get_attribute("data-verdict") or ""
