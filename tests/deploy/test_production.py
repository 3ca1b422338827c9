"""`python -m server` runs gunicorn (server/transport/production.py): its flags, the backlog that holds a class
connecting at once, answers as the development server's for requests gunicorn refuses itself, and
`--dev` still runs Werkzeug."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

from server.transport.production import DEFAULT_BACKLOG
from tests.deploy.conftest import ScaledOut
from tests.helpers import raw_http
from tests.helpers.server_process import ROOT, server_process


def test_help_names_the_deployment_flags() -> None:
    shown = subprocess.run([sys.executable, "-m", "server", "--help"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    for flag in ("--message-queue URL", "--behind-proxy", "--threads THREADS", "--backlog BACKLOG", "--dev"):
        assert flag in shown.stdout


def test_the_listen_backlog_holds_a_class_connecting_at_once(scaled_out: ScaledOut) -> None:
    port = scaled_out.servers[0].port
    listening = subprocess.run(["ss", "-ltnH", f"sport = :{port}"], capture_output=True, text=True, timeout=60).stdout
    ceiling = int(Path("/proc/sys/net/core/somaxconn").read_text())
    assert int(listening.split()[2]) == min(DEFAULT_BACKLOG, ceiling), listening  # Send-Q of a listener: its backlog


def test_requests_gunicorn_refuses_are_answered_like_the_guards(scaled_out: ScaledOut) -> None:
    port = scaled_out.servers[0].port
    too_long = raw_http.request(port, "GET /api/trees/x HTTP/1.1\r\nX-Pad: " + "a" * 9000)
    assert too_long.status == 431
    assert too_long.headers["server"] == "Minimax Lab" and too_long.headers["x-frame-options"] == "DENY"
    assert too_long.body.decode().startswith("the request is malformed:")
    twice = raw_http.request(port, "POST /api/trees HTTP/1.1\r\nContent-Length: 2\r\nContent-Length: 2", b"[]")
    assert (twice.status, twice.json()) == (400, {"error": "the request has more than one Content-Length header"})


def test_dev_runs_werkzeug(tmp_path: Path) -> None:
    with server_process(tmp_path / "lab.sqlite", "--dev") as running:
        answer = raw_http.request(running.port, "GET / HTTP/1.1")
        assert answer.status == 200 and answer.headers["server"] == "Minimax Lab"
        assert running.serving_pid == running.process.pid  # Werkzeug serves in the process itself


def test_a_port_in_use_is_one_line_at_once(tmp_path: Path) -> None:
    """gunicorn alone retried for five seconds in ten log lines; Werkzeug said it at once."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "server", "--port", str(port), "--db", str(tmp_path / "lab.sqlite")],
                              cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert done.stderr == f"python -m server: port {port} on 127.0.0.1 is in use by another program: stop it, or choose another --port\n"
