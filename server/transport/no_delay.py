"""Werkzeug's request handler with Nagle's algorithm off, so each websocket message leaves at once,
and with a websocket's connection closed when the websocket ends.

simple-websocket writes each Socket.IO message with one send(). With Nagle on, a message sent
right after another (search:started, then the first batch of events, then search:done) waits
until the client acknowledges the first, and the client delays its acknowledgement by up to 40
ms: every search, even the lecture example's 36 events, took about 45 ms to arrive on this
machine (bench/stream.py); with TCP_NODELAY a few ms.

Werkzeug does not know that a request became a websocket: when it ended, werkzeug read the
client's last frame as a new HTTP request and logged a red "400 Bad HTTP/0.9 request type" for
every closed connection, which looks like a failure to an instructor watching the console.

The Server header names the product only: werkzeug's "Werkzeug/3.1.9 Python/3.11.2" tells an
attacker which known bugs to try.
"""

from __future__ import annotations

import socket

from werkzeug.serving import WSGIRequestHandler

SERVER_NAME = "Minimax Lab"


class NoDelayRequestHandler(WSGIRequestHandler):
    def version_string(self) -> str:
        return SERVER_NAME

    def setup(self) -> None:
        super().setup()
        if self.connection.family in (socket.AF_INET, socket.AF_INET6):
            self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def handle_one_request(self) -> None:
        super().handle_one_request()
        headers = getattr(self, "headers", None)
        if headers is not None and headers.get("Upgrade", "").lower() == "websocket":
            self.close_connection = True  # the socket carried a websocket: no HTTP follows on it
