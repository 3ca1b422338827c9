"""What the browser tests do to the app, shared by several files: open a tab, select and edit nodes in
the editor, run a game or an example, step to an event, download an export, find what overflows."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

PDFLATEX = shutil.which("pdflatex") or "/usr/bin/pdflatex"


def open_tab(page: Page, name: str) -> None:
    page.get_by_role("tab", name=name).click()
    expect(page.get_by_role("tab", name=name)).to_have_attribute("aria-selected", "true")


def select(page: Page, node_id: str) -> None:
    page.locator(f'#editor-outline [data-edit-id="{node_id}"]').click()
    expect(page.locator(f'#editor-outline [data-edit-id="{node_id}"]')).to_have_attribute("aria-current", "true")


def set_field(page: Page, name: str, value: str) -> None:
    field = page.locator(f'#node-form [name="node_{name}"]')
    if name == "player":
        field.select_option(value)
    else:
        field.fill(value)
        field.press("Enter")


def press(page: Page, name: str) -> None:
    page.get_by_role("button", name=name, exact=True).click()


def open_text_box(page: Page) -> None:
    if page.locator("#text-section").get_attribute("open") is None:
        page.locator("#text-section summary").click()


def editor_idle(page: Page) -> None:
    """Wait until the editor has done every edit asked of it (Add child waits for the server)."""
    expect(page.locator("#panel-edit")).to_have_attribute("aria-busy", "false")


def editor_tree(page: Page) -> dict[str, Any]:
    """The editor's tree, read from its own "Show as JSON" once the edits before it are done."""
    open_text_box(page)
    press(page, "Show as JSON")
    editor_idle(page)
    return json.loads(page.locator("#editor-text").input_value())


def add_child(page: Page, parent: str) -> None:
    """Select `parent` and add a child to it (the editor then selects the new child)."""
    select(page, parent)
    press(page, "Add child")


def run_tree(page: Page) -> None:
    """Run the edited tree and wait for that search (not the one before) to arrive whole."""
    before = page.evaluate("window.minimaxLab.searches")
    press(page, "Run this tree")
    page.wait_for_function(
        "n => window.minimaxLab.searches > n && window.minimaxLab.finished && window.minimaxLab.last > 0", arg=before
    )


def download(page: Page, button: str, folder: Path) -> Path:
    with page.expect_download() as info:
        page.get_by_role("button", name=button).click()
    d = info.value
    path = folder / d.suggested_filename
    d.save_as(path)
    return path


def compile_tex(path: Path) -> Path:
    result = subprocess.run(
        [PDFLATEX, "-interaction=nonstopmode", "-halt-on-error", path.name],
        cwd=path.parent, capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 0, result.stdout[-3000:]
    pdf = path.with_suffix(".pdf")
    assert pdf.exists() and pdf.read_bytes().startswith(b"%PDF")
    return pdf


SVG = "{http://www.w3.org/2000/svg}"


def overflowing(page: Page) -> list[str]:
    """Elements (outside the SVG drawing, which clips) that stick out past the viewport's right
    edge, and are not inside a box that scrolls or clips them within it (the phone's legend is
    one line that scrolls sideways)."""
    return page.evaluate(
        """() => {
            const right = window.innerWidth + 0.5;
            const clipped = (e) => {
                for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
                    if (getComputedStyle(a).overflowX !== 'visible' && a.getBoundingClientRect().right <= right) return true;
                }
                return false;
            };
            return [...document.querySelectorAll('body *')]
                .filter(e => !e.closest('svg') && e.getBoundingClientRect().right > right && !clipped(e))
                .map(e => e.tagName + (e.id ? '#' + e.id : '') + '.' + e.className);
        }"""
    )


FIND_STEP = """text => {
    const lab = window.minimaxLab;
    for (let k = 0; k <= lab.last; k++) {
        lab.seek(k);
        if (document.getElementById('narration').textContent.includes(text)) return k;
    }
    return -1;
}"""


def run_to_end(page: Page) -> None:
    """Press Run and wait until that search has finished streaming."""
    searches = page.evaluate("window.minimaxLab.searches")
    page.get_by_role("button", name="Run", exact=True).click()
    page.wait_for_function("n => window.minimaxLab.searches > n && window.minimaxLab.finished", arg=searches)


def game_run(page: Page, position: str, depth: str, algorithm: str = "alphabeta", *, tt: bool = False,
             quiescence: bool = False, beam: str = "") -> None:
    """Fill the form for a tic-tac-toe search with the enhancements and run it to its end."""
    page.locator('input[name="source"][value="game"]').check()
    page.locator('select[name="game"]').select_option("tictactoe")
    page.locator('input[name="position"]').fill(position)
    page.locator('select[name="algorithm"]').select_option(algorithm)
    page.locator('input[name="depth"]').fill(depth)
    page.locator('input[name="tt"]').set_checked(tt)
    page.locator('input[name="quiescence"]').set_checked(quiescence)
    page.locator('input[name="beam"]').fill(beam)
    run_to_end(page)


CHANCE_EVENTS = 76  # expectiminimax on "chance": 77 events, numbered 0..76
BOUNDED_EVENTS = 102  # alpha-beta on "chance-bounded": 103 events
MAXN_EVENTS = 52  # max^n on "three-players": 53 events


def seek(page: Page, k: int) -> None:
    page.evaluate(f"window.minimaxLab.seek({k})")
    expect(page.locator("#counter")).to_have_text(re.compile(rf"^step {k} / "))


def run_example(page: Page, name: str, algorithm: str, events: int) -> None:
    """Pick the example (which picks its algorithm), run it, wait for the whole trace."""
    page.locator('input[name="source"][value="example"]').check()
    page.locator('select[name="example"]').select_option(name)
    expect(page.locator('select[name="algorithm"]')).to_have_value(algorithm)
    page.get_by_role("button", name="Run", exact=True).click()
    expect(page.locator("#counter")).to_have_text(f"step 0 / {events}")


LECTURE_EVENTS = 57  # the last step of every line: 58 events, numbered 0..57
