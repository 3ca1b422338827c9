"""An engine.io long-polling session spoken by hand (raw HTTP), so a test can send Socket.IO packets
that no client library would encode: a number of 4,400 digits, a body past engine.io's limit."""

from __future__ import annotations

import json
from typing import Any

from tests.helpers import raw_http

RECORD_SEPARATOR = "\x1e"  # between engine.io packets in one polling body


class PollingSession:
    """One engine.io session on the /search namespace, over long-polling."""

    def __init__(self, port: int) -> None:
        self.port = port
        opened = self._get("/socket.io/?EIO=4&transport=polling")
        assert opened.status == 200, opened
        handshake = opened.body.decode()
        assert handshake.startswith("0"), handshake
        self.sid = json.loads(handshake[1:])["sid"]
        self.send("40/search,")
        assert any(p.startswith("40/search,") for p in self.poll()), "the /search namespace did not connect"

    @property
    def path(self) -> str:
        return f"/socket.io/?EIO=4&transport=polling&sid={self.sid}"

    def _get(self, path: str) -> raw_http.Answer:
        return raw_http.request(self.port, f"GET {path} HTTP/1.1")

    def send(self, packet: str) -> raw_http.Answer:
        answer = raw_http.post(self.port, self.path, packet.encode())
        assert answer.status == 200 and answer.body == b"OK", answer
        return answer

    def emit(self, event: str, json_text: str) -> None:
        """A Socket.IO event on /search whose argument is `json_text` exactly as given."""
        self.send(f'42/search,["{event}",{json_text}]')

    def poll(self) -> list[str]:
        """The packets waiting for us (the server holds the GET until there is one)."""
        answer = self._get(self.path)
        assert answer.status == 200, answer
        return answer.body.decode().split(RECORD_SEPARATOR)

    def next_event(self, wanted: str) -> Any:
        """The argument of the next `wanted` event on /search, answering pings meanwhile."""
        while True:
            for packet in self.poll():
                if packet == "2":  # engine.io ping
                    self.send("3")
                elif packet.startswith("42/search,"):
                    name, *args = json.loads(packet[len("42/search,"):])
                    if name == wanted:
                        return args[0] if args else None
