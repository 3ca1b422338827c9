"""The widget in a real JupyterLab (a server of its own on a free port) and Debian's Chromium: the lecture
notebook runs, its widget steps to the α cut at C and back, with the tree, narration, pseudocode and
readout of the page; a second widget on the same page steps on its own, its step reaching the kernel and
the kernel's reaching it; a misconception's banner, iterative deepening's table and a Connect Four search's
discs show as on the page.
Its picture of the α cut goes to the test's own temporary folder; with MINIMAX_LAB_DOCS_PICTURES=1 it
replaces docs/jupyter-widget.png, the picture docs/jupyter.md shows (docs/testing.md): a test run leaves
the checkout as it found it.

Playwright's sync API runs in one thread per instance: the browser tier's session browser may be open
in this pytest worker's main thread, so this test drives its own Chromium from a thread of its own."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

pytest.importorskip("jupyterlab")
pytest.importorskip("anywidget")

from playwright.sync_api import Page, expect, sync_playwright

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, DESKTOP, HEADLESS_SHELL, shot
from tests.helpers.server_process import free_port

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "examples"
DOCS_PICTURE = ROOT / "docs" / "jupyter-widget.png"
PATIENCE_S = 60
TOKEN = "minimax-lab-test"
# JupyterLab's own toasts (news, updates) would cover the notebook: off, in the test's own settings folder.
NOTIFICATIONS = ("@jupyterlab/apputils-extension", "notification.jupyterlab-settings",
                 '{"fetchNews": "false", "checkForUpdates": false}')


def wait_until_answered(process: subprocess.Popen[str], url: str, what: str) -> None:
    """Until `url` answers 200 (the server `what` failed if it exits first, or is slow past PATIENCE_S)."""
    deadline = time.monotonic() + PATIENCE_S
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2) as answer:
                if answer.status == 200:
                    return
        except OSError:
            pass
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited {process.returncode}: {process.stderr.read() if process.stderr else ''}")
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what} did not answer {url}")
        time.sleep(0.1)


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A JupyterLab serving a copy of docs/examples, with its settings, workspaces and runtime files in a temporary folder."""
    home = tmp_path_factory.mktemp("jupyterlab")
    notebooks = home / "notebooks"
    shutil.copytree(EXAMPLES, notebooks)
    folder, name, text = NOTIFICATIONS
    (home / "settings" / folder).mkdir(parents=True)
    (home / "settings" / folder / name).write_text(text, encoding="utf-8")
    port = free_port()
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(home / "config"), "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
           "IPYTHONDIR": str(home / "ipython")}
    process = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", "--ServerApp.ip=127.0.0.1", f"--port={port}",
         f"--IdentityProvider.token={TOKEN}", f"--ServerApp.root_dir={notebooks}", f"--LabApp.user_settings_dir={home / 'settings'}",
         f"--LabApp.workspaces_dir={home / 'workspaces'}", "--LabApp.extension_manager=readonly",
         "--LabApp.expose_app_in_browser=True"],  # window.jupyterapp: the test runs cells through JupyterLab's own commands
        cwd=notebooks, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_answered(process, f"{url}/api/status?token={TOKEN}", "jupyter lab")
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def in_own_thread(drive: Callable[[Page], None]) -> None:
    """drive(page) with a Chromium page at 1280x800, in a thread of its own (see the module's docstring)."""

    def run() -> None:
        with sync_playwright() as p:
            # The docs' picture in the browser students use; the check alone in the headless shell (tests/browser/conftest.py).
            executable = CHROMIUM if os.environ.get("MINIMAX_LAB_DOCS_PICTURES") == "1" else HEADLESS_SHELL
            browser = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
            try:
                page = browser.new_page(viewport=DESKTOP)
                page.set_default_timeout(PATIENCE_S * 1000)
                drive(page)
            finally:
                browser.close()

    with ThreadPoolExecutor(1) as pool:
        pool.submit(run).result()


KERNEL_IDLE = """() => { const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
    const kernel = panel && panel.sessionContext && panel.sessionContext.session && panel.sessionContext.session.kernel;
    return Boolean(kernel && kernel.status === 'idle' && panel.content && panel.content.widgets.length); }"""

# A cell added at the end of the notebook and run, through JupyterLab's own model and command.
RUN_NEW_CELL = """(source) => { const panel = window.jupyterapp.shell.currentWidget, book = panel.content;
    book.model.sharedModel.insertCell(book.widgets.length, { cell_type: 'code', source });
    book.activeCellIndex = book.widgets.length - 1;
    window.jupyterapp.commands.execute('notebook:run-cell'); }"""

# Press one widget's player button `times` times in one call, reading after each press its counter, the
# nodes drawn pruned, the lit pseudocode line, the readout and the narration (the page's walk(), per widget).
WALK = """async ([which, button, times]) => {
    const w = document.querySelectorAll('.mmlab-widget')[which], press = w.querySelector('.player .' + button);
    const look = () => ({ counter: w.querySelector('.counter').textContent,
        pruned: [...w.querySelectorAll('.node[data-state="pruned"]')].map(n => n.dataset.nodeId),
        line: [...w.querySelectorAll('.code-line.current')].map(l => [l.dataset.lineId, l.textContent]),
        vars: ['node', 'v', 'alpha', 'beta'].map(n => w.querySelector('.var-' + n).textContent),
        narration: w.querySelector('.narration').textContent });
    const seen = [];
    for (let i = 0; i < times; i++) {
        press.click();
        await new Promise(done => setTimeout(done, 0));
        seen.push(look());
    }
    return seen;
}"""


def walk(page: Page, which: int, button: str, times: int) -> list[dict[str, Any]]:
    return page.evaluate(WALK, [which, button, times])


def counters(page: Page) -> list[str]:
    return page.eval_on_selector_all(".mmlab-widget .counter", "els => els.map(e => e.textContent)")


def picture_path(tmp_path: Path) -> Path:
    """Where the widget's picture goes: docs/ only when asked for (MINIMAX_LAB_DOCS_PICTURES=1), else the test's own folder."""
    return DOCS_PICTURE if os.environ.get("MINIMAX_LAB_DOCS_PICTURES") == "1" else tmp_path / DOCS_PICTURE.name


def test_the_lecture_widget_steps_to_the_alpha_cut_and_back(lab: str, tmp_path: Path) -> None:
    picture = picture_path(tmp_path)

    def drive(page: Page) -> None:
        crashes: list[str] = []
        page.on("pageerror", lambda err: crashes.append(str(err)))
        page.goto(f"{lab}/lab/tree/lecture.ipynb?token={TOKEN}")
        page.wait_for_function(KERNEL_IDLE)
        page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
        widget = page.locator(".mmlab-widget")
        page.wait_for_function("() => document.querySelector('.mmlab-widget .counter')?.textContent === 'step 0 / 57'")
        assert "value 3\nmove B\npruned C2 C3" in page.locator(".jp-OutputArea-output pre").first.text_content()
        assert widget.locator(".code-line.current").text_content() == "v ← MAX-VALUE(state, −∞, +∞)"
        assert widget.locator(".narration").text_content().startswith("Alpha-beta search starts at A")

        seen = walk(page, 0, "forward", 30)
        assert [s["counter"] for s in seen] == [f"step {k} / 57" for k in range(1, 31)]
        assert all(not s["pruned"] for s in seen[:-1]), "nothing is pruned before the α cut at C"
        cut = seen[-1]
        assert sorted(cut["pruned"]) == ["C2", "C3"]
        assert cut["line"] == [["min.test", "if v ≤ α then return v"]]
        assert cut["vars"] == ["C", "2", "3", "+∞"]
        assert cut["narration"].startswith("C is MIN with v = 2 ≤ α = 3.") and cut["narration"].endswith("C2 and C3 are not looked at (α cut)")
        assert "α cut" in widget.locator(".cut-mark.cut-alpha text").all_text_contents()
        widget.scroll_into_view_if_needed()
        page.screenshot(path=str(picture))

        [back] = walk(page, 0, "back", 1)
        assert back["counter"] == "step 29 / 57" and back["pruned"] == [] and back["vars"][:2] == ["C", "2"]
        assert back["narration"] != cut["narration"]
        # The player's keys work inside the widget (JupyterLab's own shortcuts stay out).
        widget.locator("svg.tree").focus()
        page.keyboard.press("ArrowRight")
        assert counters(page) == ["step 30 / 57"]

        # A second widget on the page: opened at step 5, stepped on its own; its step reaches the kernel.
        page.evaluate(RUN_NEW_CELL, "w2 = search.show(t, step=5)\nw2")
        page.wait_for_function("() => document.querySelectorAll('.mmlab-widget').length === 2")
        page.wait_for_function("() => document.querySelectorAll('.mmlab-widget .counter')[1].textContent === 'step 5 / 57'")
        walk(page, 1, "forward", 1)
        assert counters(page) == ["step 30 / 57", "step 6 / 57"]
        page.evaluate(RUN_NEW_CELL, "print('w2 at step', w2.step)")
        page.wait_for_function("() => [...document.querySelectorAll('.jp-OutputArea-output pre')].some(p => p.textContent.includes('w2 at step 6'))")
        page.evaluate(RUN_NEW_CELL, "w2.step = 40")  # and back: the kernel moves the player
        page.wait_for_function("() => document.querySelectorAll('.mmlab-widget .counter')[1].textContent === 'step 40 / 57'")
        assert counters(page)[0] == "step 30 / 57"
        ids = page.eval_on_selector_all(".mmlab-widget marker", "ms => ms.map(m => m.id)")
        assert len(ids) == 2 and len(set(ids)) == 2, ids

        # The page's other parts: a misconception's banner, and iterative deepening's table over a game's boards.
        page.evaluate(RUN_NEW_CELL, 'search.show("lecture", algorithm="minimax", misconception="max-min-swapped")')
        banner = page.locator(".mmlab-widget").nth(2).locator(".misconception-banner")
        expect(banner).to_have_text(re.compile(r"^This search follows a misconception: "), timeout=PATIENCE_S * 1000)
        page.evaluate(RUN_NEW_CELL, 'search.show(search.TicTacToe("X...O...."), algorithm="iterative", depth=2)')
        game = page.locator(".mmlab-widget").nth(3)
        game.locator(".player .last").click(timeout=PATIENCE_S * 1000)
        expect(game.locator(".iteration-table tbody tr")).to_have_count(2)
        expect(game.locator(".game-key")).to_contain_text("100 X wins")
        assert game.locator(".tree .board").count() > 0 and crashes == []
        shot(page.locator(".mmlab-widget").nth(2), "jupyter-misconception.png")
        game.scroll_into_view_if_needed()
        shot(game, "jupyter-iterative.png")
        # Connect Four draws through the same modules: discs in the nodes, its key, the result's winning column.
        page.evaluate(RUN_NEW_CELL, 'search.show(search.ConnectFour("." * 38 + "X..."), algorithm="alphabeta", depth=2)')
        four = page.locator(".mmlab-widget").nth(4)
        four.locator(".player .last").click(timeout=PATIENCE_S * 1000)
        expect(four.locator(".game-key")).to_contain_text("1000 X wins")
        expect(four.locator('.tree .board[data-game="connect4"] circle.disc.x').first).to_be_attached()
        expect(four.locator(".narration")).to_contain_text("best move: column 3. Why column 3: it is worth 9;")
        assert crashes == []
        four.scroll_into_view_if_needed()
        shot(four, "jupyter-connect4.png")

    in_own_thread(drive)
    assert picture.stat().st_size > 0
