"""`python -m server` for real: the app under gunicorn's threaded worker, as Flask-SocketIO documents
for async_mode="threading" with simple-websocket.

Why these settings:
- ONE worker process. Socket.IO's long-polling needs every request of a session to reach the process
  that holds it, and gunicorn spreads connections over its workers without sticky sessions. More
  processes: several `python -m server --port P --message-queue redis://...` behind nginx's ip_hash
  (docs/deploy.md).
- Many threads: each open websocket holds one of the pool's threads for as long as the page is open
  (simple-websocket and engine.io add a reader and a writer thread of their own). The default holds a
  class of 300 with room for page loads; a thread costs little memory until it runs (bench/classroom.py).
- A listen backlog of 2048: a class that opens the link at once queues in the kernel, not in a timeout.
  (Werkzeug's 128 overflowed under 200 connections at once: issue 14.)
- Answers as under the development server (server/transport/gunicorn_worker.py): TCP_NODELAY, our Server header,
  and the guard's clear refusals (JSON on /api/ and /socket.io) where gunicorn would answer HTML.
"""

from __future__ import annotations

import errno
import socket
from typing import Callable

from flask import Flask
from gunicorn.app.base import BaseApplication

from server.transport.gunicorn_worker import WsgiApp, as_our_server

DEFAULT_THREADS = 500
DEFAULT_BACKLOG = 2048
# On SIGTERM, open websockets never end by themselves: give requests in flight this long, then stop.
GRACEFUL_SECONDS = 5
# An idle kept-alive connection waits in gunicorn's poller (no thread) this long for its next request.
KEEPALIVE_SECONDS = 5

def port_problem(host: str, port: int) -> str | None:
    """Why nothing can listen on host:port, in one line, or None. gunicorn's own answer is ten lines
    of retries over five seconds; Werkzeug's said it at once."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as gunicorn binds
            probe.bind((host, port))
    except OverflowError:
        return f"port {port} is not a port number (0-65535)"
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            return f"port {port} on {host} is in use by another program: stop it, or choose another --port"
        return f"cannot listen on {host} port {port}: {exc.strerror or exc}"
    return None


def bind_address(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


class ProductionServer(BaseApplication):  # type: ignore[misc]
    """gunicorn run from Python: the app is built in the worker process by `make_app`, so nothing it
    starts (threads, Redis connections) is split across a fork."""

    def __init__(self, make_app: Callable[[], Flask], host: str, port: int,
                 threads: int = DEFAULT_THREADS, backlog: int = DEFAULT_BACKLOG) -> None:
        self.make_app = make_app
        self.options = {
            "bind": [bind_address(host, port)],
            "workers": 1,
            "worker_class": "server.transport.gunicorn_worker.LabThreadWorker",
            "threads": threads,
            # Connections in flight plus idle kept-alive ones; past it, new ones wait in the backlog.
            "worker_connections": threads + max(threads, 1000),
            "backlog": backlog,
            "keepalive": KEEPALIVE_SECONDS,
            "graceful_timeout": GRACEFUL_SECONDS,
            "proc_name": "minimax-lab",
            "accesslog": None,
            "errorlog": "-",
            "loglevel": "warning",
        }
        super().__init__()

    def load_config(self) -> None:
        for name, value in self.options.items():
            self.cfg.set(name, value)

    def load(self) -> WsgiApp:
        return as_our_server(self.make_app())
