"""A real Minimax Lab server on 127.0.0.1 and a free port, in a daemon thread (STYLE.md's recipe)."""

from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Any, Iterator, Mapping

from werkzeug.serving import make_server

from server import create_app


@contextmanager
def running_server(config: Mapping[str, Any] | None = None) -> Iterator[str]:
    """Yield the base URL of a fresh server; shut it down afterwards."""
    app = create_app(config)
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, name="live-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_port}"
    finally:
        httpd.shutdown()
        thread.join(timeout=5)
