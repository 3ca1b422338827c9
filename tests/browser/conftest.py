"""Playwright fixtures for the browser tests: Debian's Chromium driving the real server.

Playwright cannot download its own browsers here, so we launch Debian's: its headless shell
(/usr/bin/chromium-headless-shell, or $MINIMAX_LAB_HEADLESS_SHELL) for most tests, and the full browser
(/usr/bin/chromium, or $MINIMAX_LAB_CHROMIUM) where a test relies on what only the full browser does
(`full_chromium`). `make test` installs both (`make system-deps`).
"""

from __future__ import annotations

import os
import re
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page, Playwright, expect, sync_playwright

from tests.browser.code_lab_page import LECTURE as CODE_LAB_LECTURE, TIME_LIMIT as CODE_LAB_TIME_LIMIT, open_lab, open_problem
from tests.browser.page_pool import PATIENCE_MS, PagePool
from tests.helpers.live_server import running_server

CHROMIUM = os.environ.get("MINIMAX_LAB_CHROMIUM", "/usr/bin/chromium")
"""Debian's Chromium as a student runs it: the docs' screenshots, the benchmarks, and the tests that rely on what
only the full browser does (`full_chromium`)."""
HEADLESS_SHELL = os.environ.get("MINIMAX_LAB_HEADLESS_SHELL", "/usr/bin/chromium-headless-shell")
"""Debian's headless shell of the same Chromium (package chromium-headless-shell, the same version): the same Blink
and V8 without the full browser's windows, autofill, history and extensions; Playwright's own choice for headless
tests. Most browser tests run here: a load of the lecture page costs it about 0.45 s of CPU against 0.7 s in the
full browser, whose browser process spends most of the difference on autofill's parse of the page's forms and on
compositing its own window (docs/testing.md). Set MINIMAX_LAB_HEADLESS_SHELL=/usr/bin/chromium to run every test in the full browser."""
# Without the background-networking flags Chromium keeps trying to reach Google's
# hosts, which this machine's closed network refuses.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-features=BackForwardCache",  # a page navigated away from ends (page_pool.py)
]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SHOTS = Path(os.environ["MINIMAX_LAB_SHOTS"]) if os.environ.get("MINIMAX_LAB_SHOTS") else None
"""Where shot() writes screenshots for a person to look at; None (the default) takes none: nothing compares them."""
COUNTER = re.compile(r"^step (\d+) / (\d+)$")


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    """The worker's one Playwright driver (a Node.js process): both browsers are launched from it."""
    expect.set_options(timeout=PATIENCE_MS)
    with sync_playwright() as p:
        yield p


@contextmanager
def _launched(playwright: Playwright, executable: str, variable: str, package: str) -> Iterator[Browser]:
    if not Path(executable).exists():
        pytest.fail(f"{executable} not found: install Debian's {package} (`make system-deps`) or set {variable}")
    b = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
    yield b
    _POOLS.pop(id(b), None)
    b.close()


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """Chromium's headless shell (HEADLESS_SHELL), where most browser tests run."""
    with _launched(playwright, HEADLESS_SHELL, "MINIMAX_LAB_HEADLESS_SHELL", "chromium-headless-shell") as b:
        yield b


@pytest.fixture(scope="session")
def full_chromium(playwright: Playwright) -> Iterator[Browser]:
    """The full Chromium (CHROMIUM), asked for in place of `browser` by a test that relies on what only the full
    browser does: e.g. a click's copy to the clipboard allowed without a permission granted, as a student's Chromium
    allows it (the headless shell refuses it). Started only on a worker that runs such a test."""
    with _launched(playwright, CHROMIUM, "MINIMAX_LAB_CHROMIUM", "chromium") as b:
        yield b


def shot(target: Page | Locator, name: str, full_page: bool = False) -> None:
    """A screenshot of the page or of one element into $MINIMAX_LAB_SHOTS, for a person to look at (docs/testing.md);
    nothing when the variable is unset, as in `make test`: no test compares them, and taking them costs time."""
    if SHOTS is None:
        return
    SHOTS.mkdir(parents=True, exist_ok=True)
    if isinstance(target, Page):
        target.screenshot(path=str(SHOTS / name), full_page=full_page)
    else:
        target.screenshot(path=str(SHOTS / name))


def new_page(browser: Browser, viewport: dict[str, int]) -> tuple[Page, list[str]]:
    """A page of its own for the test, showing an empty page, and the list its JavaScript errors are
    collected into. Closing its context ends it (page_pool.py keeps it for the next test, wiped)."""
    pool = _POOLS.get(id(browser))
    if pool is None:
        pool = _POOLS[id(browser)] = PagePool(browser)
    return pool.take(viewport)


_POOLS: dict[int, PagePool] = {}


def refusals_removed(errors: list[str]) -> list[str]:
    """The errors without the browser's console lines for requests the server refused with 400/413/422.

    A refused tree or trace is an expected answer here (the page shows the server's message);
    Chromium still logs each one as "Failed to load resource". Anything else stays an error.
    """
    refused = re.compile(r"^console\.error: Failed to load resource: the server responded with a status of (400|413|422) ")
    return [e for e in errors if not refused.match(e)]


def open_app(page: Page, base_url: str) -> None:
    """Open the page and wait until the lecture example is loaded (step 0 of N > 0)."""
    page.goto(base_url + "/")
    expect(page.locator("#counter")).to_have_text(re.compile(r"^step 0 / [1-9]\d*$"))
    expect(page.locator('[data-node-id="A"]')).to_be_visible()


@contextmanager
def checked_app(browser: Browser, base_url: str, allowed: Callable[[list[str]], list[str]] = lambda e: e,
                viewport: dict[str, int] = DESKTOP) -> Iterator[Page]:
    """The app (at 1280x800 unless told) on the lecture example; afterwards, the JavaScript errors
    that `allowed` leaves (by default, all of them) fail the test."""
    page, errors = new_page(browser, viewport)
    open_app(page, base_url)
    yield page
    page.context.close()
    assert allowed(errors) == []


@pytest.fixture()
def app(browser: Browser, live_server: str) -> Iterator[Page]:
    """The app at 1280x800 on the lecture example, paused at step 0; no JavaScript errors allowed."""
    with checked_app(browser, live_server) as page:
        yield page


def counter(page: Page) -> tuple[int, int]:
    """(K, N) from the "step K / N" counter."""
    text = page.locator("#counter").text_content() or ""
    m = COUNTER.match(text)
    assert m, f"counter reads {text!r}"
    return int(m.group(1)), int(m.group(2))


NODE_STATES = """() => [...document.querySelectorAll('#tree [data-node-id]')]
    .map(n => [n.dataset.nodeId, n.dataset.state, n.dataset.value])"""


def node_states(page: Page) -> dict[str, tuple[str, str]]:
    """{node id: (data-state, data-value)} for every node in the drawing."""
    return {node: (state, value) for node, state, value in page.evaluate(NODE_STATES)}


WALK = """async ([button, times]) => {
    const look = PROBE, counter = document.getElementById('counter'), press = document.getElementById(button);
    press.focus();
    const seen = [[counter.textContent, look()]];
    for (let i = 0; i < times; i++) {
        press.click();
        await Promise.resolve();
        seen.push([counter.textContent, look()]);
    }
    return seen;
}"""


def walk(page: Page, button: str, times: int, probe: str) -> list[tuple[str, Any]]:
    """Press the player's button (its id: "forward", "back") `times` times in one call to the page,
    returning (the counter's text, what the JavaScript function `probe` returns) before the first
    press and after each. The player draws a step at once (no timer or animation frame between a press and
    its drawing), so after each press only the promises its handlers started are let settle. A task boundary
    there (a setTimeout) let Chromium lay out and paint the whole tree after every press: about half of a
    566-step walk's CPU. Per-step checks of a whole search cost one round trip, not one per step and check."""
    return [(text, found) for text, found in page.evaluate(WALK.replace("PROBE", probe), [button, times])]


def run_search(page: Page, *, source: str, algorithm: str = "alphabeta", depth: str = "", **fields: str) -> None:
    """Fill the side panel and press Run. source: example | tree | game."""
    page.locator(f'input[name="source"][value="{source}"]').check()
    if source == "tree":
        page.locator('textarea[name="tree"]').fill(fields["tree"])
    elif source == "game":
        page.locator('select[name="game"]').select_option(fields["game"])
        page.locator('input[name="position"]').fill(fields["position"])
    page.locator('select[name="algorithm"]').select_option(algorithm)
    page.locator('input[name="depth"]').fill(depth)
    page.get_by_role("button", name="Run", exact=True).click()


SOCKET_LOG = """s => {
    const log = { sent: [], refused: 0, started: [], ended: [] };
    const emit = s.socket.emit.bind(s.socket);
    s.socket.emit = (name, ...args) => {
        if (name === "search:start") log.sent.push(args[0]);
        return emit(name, ...args);
    };
    s.socket.on("search:started", (msg) => log.started.push(msg.search));
    s.socket.on("search:done", (msg) => log.ended.push(msg.search));
    s.socket.on("search:error", (msg) => (msg.search == null ? log.refused++ : log.ended.push(msg.search)));
    window.socketLog = log;
}"""


def log_socket(page: Page) -> None:
    """From now on keep, in window.socketLog, what the page's /search socket sends and hears: the
    search:start requests sent, the starts refused (search:error without a search id), the
    searches started, and those ended (search:done or search:error: a search's last message)."""
    page.evaluate_handle("window.minimaxLab.searchSocket").evaluate(SOCKET_LOG)


def wait_until_every_search_ended(page: Page, starts: int) -> dict[str, Any]:
    """Wait until `starts` search:start messages were sent since `log_socket`, each was answered,
    and every search that started has sent its last message: nothing about them can come after.
    Returns window.socketLog."""
    page.wait_for_function(
        """n => {
            const log = window.socketLog;
            return log.sent.length >= n && log.started.length + log.refused >= log.sent.length
                && log.started.every((id) => log.ended.includes(id));
        }""",
        arg=starts,
    )
    return page.evaluate("window.socketLog")


HOLD_STREAM = """s => {
    const read = s.readChunk.bind(s), show = s.handlers.onEvents, cancel = s.cancel.bind(s);
    const released = new Set();
    let search = null, shown = 0, held = null;
    s.handlers.onEvents = (events) => {
        if (s.current !== search) [search, shown] = [s.current, 0];
        shown += events.length;
        show(events);
    };
    s.readChunk = (reader) => {
        if (s.current !== search || shown < HELD || released.has(search)) return read(reader);
        window.heldEvents = shown;
        return new Promise((resolve) => { held = () => resolve(read(reader)); });
    };
    // Stop (or a newer Run) lets the held stream go on to its end, as a page reading it would.
    s.cancel = () => {
        cancel();
        released.add(search);
        if (held) held = held();
    };
}"""

HELD = 3000
"""Events a page that holds its stream back reads of each search, at least (whole chunks)."""


def hold_stream(page: Page) -> None:
    """The page stops reading a search's events once it has HELD of them (it shows them): the
    server's buffers fill and the search waits, so a big search stays running with a few thousand
    events shown (window.heldEvents says how many), and the page is not kept busy drawing a stream
    while a test clicks."""
    page.evaluate_handle("window.minimaxLab.searchSocket").evaluate(HOLD_STREAM.replace("HELD", str(HELD)))


# --- the code lab's one page per worker (one load of Python): tests/browser/code_lab_page.py ---------------------
@pytest.fixture(scope="session")
def code_lab_server() -> Iterator[str]:
    """The worker's code lab server, with the short time limit."""
    with running_server({"CODE_LAB_TIME_LIMIT_SECONDS": CODE_LAB_TIME_LIMIT}) as url:
        yield url


@pytest.fixture(scope="session")
def code_lab_page(browser: Browser, code_lab_server: str) -> Iterator[tuple[Page, list[str]]]:
    """The worker's one code lab page and the list its JavaScript errors go to."""
    page, errors = new_page(browser, DESKTOP)
    open_lab(page, code_lab_server)
    yield page, errors
    page.context.close()


@pytest.fixture()
def lab(code_lab_page: tuple[Page, list[str]]) -> Iterator[Page]:
    """The shared code lab at 1280x800 on the lecture's problem, as a new page shows it; no JavaScript errors allowed
    during the test. A run replaces the last report whole and run_file waits for its own verdict."""
    page, errors = code_lab_page
    if page.viewport_size != DESKTOP:
        page.set_viewport_size(DESKTOP)
    open_problem(page, CODE_LAB_LECTURE)
    before = len(errors)
    yield page
    assert errors[before:] == []
