"""Pages kept open from one browser test to the next, so each test does not start a new renderer.

A new browser context and page cost about 0.4 s of Chromium's time more than a navigation of a page
already open (a new renderer process, V8 and Blink set up, every script compiled cold); the browser
tests open a page about 250 times. A test still gets a page of its own: closing its context hands
the page back instead, and the next test that asks for the same viewport gets it after it was
wiped: storage and cookies cleared, permissions taken back, routes removed, navigated to an empty
page (which also ends the old app's sockets and timers: the back/forward cache, which could keep it,
is off, conftest.CHROMIUM_ARGS). A page whose test changed what a wipe cannot undo (an init script,
a listener, an exposed function, a route, its viewport, a second page in its context) is closed for
real, as before.

The empty page is served from 127.0.0.1, the site of every server under test (a site is a scheme
and host, whatever the port): the next test's page then opens in the renderer process the last one
used. From about:blank, Chromium starts a new renderer for each page: a page load cost about
0.8 s of the machine's time that way, 0.46 s this way (measured side by side, 20 loads each).
"""

from __future__ import annotations

import threading
from functools import cache
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable

from playwright.sync_api import Browser, BrowserContext, Page

PATIENCE_MS = 30_000
"""How long a page action or check may wait. Generous on purpose: it only bounds a failing test, and on
a busy 2-core machine a page holding a few thousand nodes takes seconds over a click."""

# Changes a wipe cannot undo: a page or context that had one is not reused.
_PAGE_CHANGES = ("add_init_script", "expose_function", "expose_binding", "on", "once", "route", "route_from_har",
                 "set_viewport_size", "set_extra_http_headers", "route_web_socket")
_CONTEXT_CHANGES = ("add_init_script", "expose_function", "expose_binding", "on", "once", "route", "route_from_har",
                    "set_extra_http_headers", "set_offline", "new_page", "set_geolocation", "add_cookies", "route_web_socket")


class _Kept:
    """One pooled page: its errors list for the current test, and whether a test changed it."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.errors: list[str] = []
        self.changed = False


class PagePool:
    """Idle pages of one browser, by viewport size."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.idle: dict[tuple[int, int], list[_Kept]] = {}

    def take(self, viewport: dict[str, int]) -> tuple[Page, list[str]]:
        """A page at `viewport` showing an empty page, and the fresh list its JavaScript errors go to."""
        key = (viewport["width"], viewport["height"])
        idle = self.idle.setdefault(key, [])
        kept = idle.pop() if idle else self._open(viewport)
        kept.errors = []
        kept.changed = False
        return kept.page, kept.errors

    def _open(self, viewport: dict[str, int]) -> _Kept:
        context = self.browser.new_context(viewport=viewport)
        page = context.new_page()
        page.set_default_timeout(PATIENCE_MS)
        kept = _Kept(page)
        page.on("pageerror", lambda exc: kept.errors.append(f"pageerror: {exc}"))
        page.on("console", lambda msg: kept.errors.append(f"console.{msg.type}: {msg.text}") if msg.type == "error" else None)
        for name in _PAGE_CHANGES:
            _note_change(page, name, kept)
        for name in _CONTEXT_CHANGES:
            _note_change(context, name, kept)
        close = context.close
        context.close = lambda *args, **kwargs: self._give_back(kept, viewport, close, *args, **kwargs)  # type: ignore[method-assign]
        return kept

    def _give_back(self, kept: _Kept, viewport: dict[str, int], close: Callable[..., None], *args: Any, **kwargs: Any) -> None:
        page = kept.page
        context: BrowserContext = page.context
        if kept.changed or page.is_closed() or len(context.pages) != 1 or not _wiped(page, context):
            close(*args, **kwargs)
            return
        self.idle.setdefault((viewport["width"], viewport["height"]), []).append(kept)


def _note_change(target: Any, name: str, kept: _Kept) -> None:
    original = getattr(target, name)

    def changing(*args: Any, **kwargs: Any) -> Any:
        kept.changed = True
        return original(*args, **kwargs)

    setattr(target, name, changing)


def _wiped(page: Page, context: BrowserContext) -> bool:
    """Leave nothing of the last test in the page: False if that could not be done."""
    try:
        if page.url.startswith("http"):
            page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
        page.goto(empty_page_url())
        context.clear_cookies()
        context.clear_permissions()
        page.unroute_all()
        return True
    except Exception:  # a page stuck mid-navigation or crashed: not worth keeping
        return False


class _EmptyPage(BaseHTTPRequestHandler):
    """Answers every GET with an empty HTML page."""

    BODY = b"<!doctype html><title>empty</title>"

    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(self.BODY)))
        self.end_headers()
        try:
            self.wfile.write(self.BODY)
        except OSError:  # the page navigated on before reading it
            pass

    def log_message(self, format: str, *args: Any) -> None:
        pass


@cache
def empty_page_url() -> str:
    """The URL of an empty page on 127.0.0.1, served from a thread of this process (started once)."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _EmptyPage)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, name="empty-page", daemon=True).start()
    return f"http://127.0.0.1:{server.server_port}/"
