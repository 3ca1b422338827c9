"""`python -m server` stops on SIGTERM, as a service manager or `docker stop` asks it to, even with a page's websocket
open (server/transport/production.py: gunicorn's graceful stop gives requests in flight GRACEFUL_SECONDS, then ends).
The suite's other servers are killed at their end (tests/helpers/server_process.py): this is where the stop is held."""

from __future__ import annotations

import signal
from pathlib import Path

from tests.helpers.server_process import server_process
from tests.helpers.socket_client import PATIENCE_SECONDS, SearchClient


def test_sigterm_stops_the_server_and_its_worker_with_a_websocket_open(tmp_path: Path) -> None:
    with server_process(tmp_path / "lab.sqlite") as running:
        worker = running.serving_pid
        client = SearchClient(running.url)  # a page's /search connection, left open
        try:
            running.process.send_signal(signal.SIGTERM)
            assert running.process.wait(timeout=PATIENCE_SECONDS) == 0
        finally:
            client.close()
    assert worker != running.process.pid and not alive(worker)


def alive(pid: int) -> bool:
    """Whether `pid` still runs (an ended worker may stay a zombie until its new parent reaps it)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state not in ("Z", "X")
