"""A real Minimax Lab server on 127.0.0.1 and a free port, in a daemon thread (STYLE.md's recipe)."""

from __future__ import annotations

import logging
import tempfile
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator, Mapping

from flask import Flask
from werkzeug.serving import WSGIRequestHandler, make_server

from server import create_app
from server.transport.no_delay import NoDelayRequestHandler

SHUTDOWN_POLL_SECONDS = 0.05
"""How often the serving thread looks for a shutdown: socketserver's default, 0.5 s, was half a second of waiting at
the end of each of the suite's several hundred servers."""


def isolated_config(config: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """`config` with a fresh temporary SQLite file unless it names one: tests never touch the
    developer's instance/ database."""
    out = dict(config or {})
    out.setdefault("DATABASE", str(Path(tempfile.mkdtemp(prefix="minimax-lab-")) / "lab.sqlite"))
    return out


@contextmanager
def running_server(config: Mapping[str, Any] | None = None,
                   request_handler: type[WSGIRequestHandler] = NoDelayRequestHandler) -> Iterator[str]:
    """Yield the base URL of a fresh server; shut it down afterwards. `request_handler`: the
    server's own unless a test needs to watch its connections."""
    with running_app(config, request_handler) as (url, _):
        yield url


@contextmanager
def running_app(config: Mapping[str, Any] | None = None,
                request_handler: type[WSGIRequestHandler] = NoDelayRequestHandler) -> Iterator[tuple[str, Flask]]:
    """running_server's (base URL, app): for a test that looks at what the app holds in memory."""
    app = create_app(isolated_config(config))
    httpd = make_server("127.0.0.1", 0, app, threaded=True, request_handler=request_handler)
    thread = threading.Thread(target=httpd.serve_forever, args=(SHUTDOWN_POLL_SECONDS,), name="live-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_port}", app
    finally:
        httpd.shutdown()
        thread.join(timeout=5)
        quiet_pubsub_listener(app)


SILENT = logging.getLogger("tests.stopped-pubsub-listener")
SILENT.disabled = True


def quiet_pubsub_listener(app: Flask) -> None:
    """A stopped app's python-socketio pubsub listener (with MESSAGE_QUEUE) is a thread nothing can stop: once the
    test's Redis is gone it retries for the rest of the worker's life, logging each failure into whatever test runs
    then (or into a closed stream, as "--- Logging error ---"). Its logger is silenced once the server is stopped."""
    socketio = app.extensions.get("socketio")
    manager = getattr(getattr(socketio, "server", None), "manager", None)
    if manager is not None and hasattr(manager, "channel"):  # a pubsub manager: a message queue was configured
        manager.logger = SILENT
