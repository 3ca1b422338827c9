"""The JupyterLite site (`make lite`, docs/jupyter.md "The notebooks in a browser, with no server"), served by a plain
static file server (`python -m http.server` on a free port) and opened in Debian's Chromium: the lecture notebook runs
in the Pyodide kernel with no install cell (`search` is the project's wheel, installed as the kernel started), its
widget steps to the α cut at C and back, and a widget's step reaches the kernel and the kernel's reaches it. Every
request the page, the kernel's worker and the site's service worker make is recorded: one to anywhere but that server
fails the test (and is refused, so nothing outside answers it).

The site comes from `make lite`, a no-op when it is up to date; on a fresh checkout it installs the build tools
(build/lite-venv) and downloads the kernel's wheels from PyPI first (docs/testing.md has the times). The picture of
the α cut goes to the test's own temporary folder (and to $MINIMAX_LAB_SHOTS when set): the checkout stays as it was.
Like the JupyterLab test, it drives its own Chromium from a thread of its own (that module's `in_own_thread`)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Iterator
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, Request, Route

from tests.browser.conftest import shot
from tests.helpers.server_process import free_port
from tests.jupyter.test_widget_in_jupyterlab import KERNEL_IDLE, RUN_NEW_CELL, counters, in_own_thread, wait_until_answered, walk

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "build" / "lite"
KERNEL_PATIENCE_S = 240
"""Pyodide's first start: about 20 s on a quiet machine (the page, 31 MB of runtime and wheels, the imports); far
more while the rest of the suite loads both cores."""
PATIENCE_S = 60


@pytest.fixture(scope="module")
def site() -> Path:
    """build/lite, as `make lite` leaves it (built now if it is missing or older than its sources)."""
    env = {key: value for key, value in os.environ.items() if key not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    built = subprocess.run(["make", "--no-print-directory", "lite"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert built.returncode == 0, f"make lite failed:\n{built.stdout[-4000:]}\n{built.stderr[-4000:]}"
    assert (SITE / "jupyter-lite.json").is_file()
    return SITE


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    """The site behind Python's own static file server, nothing else: no headers of ours, no rewriting."""
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory", str(site), str(port)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    wait_until_answered(process, f"{url}/jupyter-lite.json", "python -m http.server")
    try:
        yield url
    finally:
        process.kill()
        process.wait()


def test_the_site_lists_the_notebooks_and_its_kernel_loads_from_the_site_alone(site: Path) -> None:
    settings = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    kernel = settings["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs" and kernel["disablePyPIFallback"] is True
    assert "minimax-lab" in kernel["loadPyodideOptions"]["packages"]
    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert {"minimax-lab", "anywidget", "ipywidgets", "ipython", "pyodide-kernel"} <= set(lock["packages"])
    assert all("/" not in p["file_name"] and (site / "static" / "pyodide" / p["file_name"]).is_file() for p in lock["packages"].values())
    assert "jsonschema" not in lock["packages"]["minimax-lab"]["depends"]  # left out on purpose (lite/build_site.py)
    assert {e["name"] for e in settings["federated_extensions"]} >= {"anywidget", "@jupyter-widgets/jupyterlab-manager"}
    listing = json.loads((site / "api" / "contents" / "all.json").read_text(encoding="utf-8"))
    assert {"lecture.ipynb", "nim.ipynb", "tictactoe.ipynb", "nim.py"} <= {item["name"] for item in listing["content"]}


def test_the_lecture_notebook_runs_in_pyodide_and_its_widget_steps_with_nothing_fetched_from_outside(
        served: str, tmp_path: Path) -> None:
    lecture = json.loads((ROOT / "docs" / "examples" / "lecture.ipynb").read_text(encoding="utf-8"))
    code = ["".join(cell["source"]) for cell in lecture["cells"] if cell["cell_type"] == "code"]
    assert code[0].startswith("import search") and not any("install" in source for source in code), "no install cell"
    server = urlsplit(served)
    routed: list[str] = []
    outside: list[str] = []
    picture = tmp_path / "jupyterlite-widget.png"

    def local(url: str) -> bool:
        parts = urlsplit(url)
        return parts.scheme in ("data", "blob") or (parts.hostname, parts.port) == (server.hostname, server.port)

    def route(route: Route) -> None:
        """Every request of the page and its workers: anything off the site is recorded and refused. The site's own
        jupyter-lite.json gets exposeAppInBrowser (window.jupyterapp), the hook the JupyterLab test turns on by flag."""
        url = route.request.url
        routed.append(url)
        if not local(url):
            outside.append(url)
            route.abort()
        elif urlsplit(url).path == "/jupyter-lite.json":
            answer = route.fetch()
            config = answer.json()
            config["jupyter-config-data"]["exposeAppInBrowser"] = True
            route.fulfill(response=answer, json=config)
        else:
            route.continue_()

    def seen(request: Request) -> None:
        """The context's every request, those the service worker answers too (routes do not see them)."""
        if not local(request.url):
            outside.append(request.url)

    def drive(page: Page) -> None:
        crashes: list[str] = []
        page.on("pageerror", lambda err: crashes.append(str(err)))
        page.on("websocket", lambda socket: None if local(socket.url) else outside.append(socket.url))
        page.context.route("**/*", route)
        page.context.on("request", seen)
        page.goto(f"{served}/lab/index.html?path=lecture.ipynb")
        page.wait_for_function(KERNEL_IDLE, timeout=KERNEL_PATIENCE_S * 1000)
        page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
        page.wait_for_function("() => document.querySelector('.mmlab-widget .counter')?.textContent === 'step 0 / 57'")
        assert "value 3\nmove B\npruned C2 C3" in page.locator(".jp-OutputArea-output pre").first.text_content()
        assert not page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").count()
        widget = page.locator(".mmlab-widget")
        assert widget.locator(".code-line.current").text_content() == "v ← MAX-VALUE(state, −∞, +∞)"
        assert widget.locator(".narration").text_content().startswith("Alpha-beta search starts at A")

        seen_steps = walk(page, 0, "forward", 30)
        assert [s["counter"] for s in seen_steps] == [f"step {k} / 57" for k in range(1, 31)]
        cut = seen_steps[-1]
        assert sorted(cut["pruned"]) == ["C2", "C3"] and all(not s["pruned"] for s in seen_steps[:-1])
        assert cut["line"] == [["min.test", "if v ≤ α then return v"]]
        assert cut["vars"] == ["C", "2", "3", "+∞"]
        assert cut["narration"].startswith("C is MIN with v = 2 ≤ α = 3.")
        assert "α cut" in widget.locator(".cut-mark.cut-alpha text").all_text_contents()
        widget.scroll_into_view_if_needed()
        page.screenshot(path=str(picture))
        shot(page, picture.name)

        [back] = walk(page, 0, "back", 1)
        assert back["counter"] == "step 29 / 57" and back["pruned"] == []
        widget.locator("svg.tree").focus()
        page.keyboard.press("ArrowRight")
        assert counters(page) == ["step 30 / 57"]

        # The kernel is Pyodide's and `search` the installed wheel; a second widget's step goes both ways.
        page.evaluate(RUN_NEW_CELL, "import sys\nprint('kernel', sys.platform, search.__file__)\nw2 = search.show(t, step=5)\nw2")
        page.wait_for_function("() => document.querySelectorAll('.mmlab-widget .counter')[1]?.textContent === 'step 5 / 57'")
        printed = page.locator(".jp-OutputArea-output pre", has_text="kernel ").text_content()
        assert printed.strip() == "kernel emscripten /lib/python3.14/site-packages/search/__init__.py", printed
        walk(page, 1, "forward", 1)
        page.evaluate(RUN_NEW_CELL, "print('w2 at step', w2.step)")
        page.wait_for_function("() => [...document.querySelectorAll('.jp-OutputArea-output pre')].some(p => p.textContent.includes('w2 at step 6'))")
        page.evaluate(RUN_NEW_CELL, "w2.step = 40")
        page.wait_for_function("() => document.querySelectorAll('.mmlab-widget .counter')[1].textContent === 'step 40 / 57'")
        assert counters(page) == ["step 30 / 57", "step 40 / 57"] and crashes == []

    try:
        in_own_thread(drive)
    finally:  # named first: a page refused what it asked elsewhere may fail later for that
        assert outside == [], f"the page asked for something off the site: {sorted(set(outside))}"
    kernel_files = [url for url in routed if "/static/pyodide/" in url]
    assert any(url.endswith("/pyodide.asm.wasm") for url in kernel_files), "the kernel's worker was not seen: is every request routed?"
    assert any("/minimax_lab-" in url and url.endswith(".whl") for url in kernel_files)
    assert picture.stat().st_size > 0
