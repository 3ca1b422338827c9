"""Open Socket.IO connections per client address, in each process: one address cannot take the process.

Each open websocket holds one of the server's threads for as long as its page is open (production.py). 520
websockets from one address held 500 (every thread), and meanwhile another address's GET /api/limits timed out:
one machine could shut a process to everyone. Here a process keeps at most SOCKETS_PER_ADDRESS engine.io sessions
(a page's one connection, whatever namespaces it joins) from one address (rate_limits.client_address: an IPv4
address or an IPv6 /64; with --behind-proxy the address nginx saw). The default holds a lecture hall behind one
NAT address with room to spare, and leaves a process's other threads to everyone else.

Two places, one count: `SocketsGate`, a WSGI middleware inside the proxy fix, refuses a new session's handshake
while its address is at the limit, with 429, Retry-After and a sentence saying why; engine.io's connect and
disconnect events (wrapped by `count_sockets`) keep the count, and refuse a handshake that raced past the gate
(engine.io then answers 401 with the same sentence).
"""

from __future__ import annotations

import json
import threading
from typing import Any, Callable, Iterable
from urllib.parse import parse_qs

import socketio

from server.rate_limits import client_address

Environ = dict[str, Any]
WsgiApp = Callable[[Environ, Callable[..., Any]], Iterable[bytes]]

RETRY_AFTER_SECONDS = 30


class SocketsPerAddress:
    """The engine.io sessions open in this process, counted by client address."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._lock = threading.Lock()
        self._open: dict[str, int] = {}  # address -> its sessions open here
        self._address: dict[str, str] = {}  # engine.io sid -> its address

    def full(self, address: str) -> bool:
        with self._lock:
            return self._open.get(address, 0) >= self.limit

    def admit(self, sid: str, address: str) -> bool:
        """Count a new session, unless its address holds the limit already."""
        with self._lock:
            if self._open.get(address, 0) >= self.limit:
                return False
            self._open[address] = self._open.get(address, 0) + 1
            self._address[sid] = address
            return True

    def left(self, sid: str) -> None:
        with self._lock:
            address = self._address.pop(sid, None)
            if address is None:
                return
            if self._open[address] <= 1:
                del self._open[address]
            else:
                self._open[address] -= 1

    def open_from(self, address: str) -> int:
        with self._lock:
            return self._open.get(address, 0)

    def refusal(self) -> str:
        return (f"this address has {self.limit} connections open to this server process, the most one address may "
                "(SOCKETS_PER_ADDRESS): close a tab of Minimax Lab, or try again in a little while")


def count_sockets(server: socketio.Server, sockets: SocketsPerAddress) -> None:
    """Wrap the engine.io connect and disconnect handlers python-socketio registered, to keep the count."""
    eio = server.eio
    connect, disconnect = eio.handlers["connect"], eio.handlers["disconnect"]

    def counted_connect(sid: str, environ: Environ, *args: Any) -> Any:
        if not sockets.admit(sid, client_address(environ.get("REMOTE_ADDR"))):
            return sockets.refusal()  # engine.io answers 401 with it
        try:
            answer = connect(sid, environ, *args)
        except BaseException:
            sockets.left(sid)
            raise
        if answer is not None and answer is not True:  # refused below: never opened
            sockets.left(sid)
        return answer

    def counted_disconnect(sid: str, *args: Any) -> Any:
        try:
            return disconnect(sid, *args)
        finally:
            sockets.left(sid)

    eio.on("connect", counted_connect)
    eio.on("disconnect", counted_disconnect)


class SocketsGate:
    """Refuse a new Socket.IO session's handshake (a /socket.io/ request without a sid) from an address at its limit."""

    def __init__(self, app: WsgiApp, sockets: SocketsPerAddress) -> None:
        self.app = app
        self.sockets = sockets

    def __call__(self, environ: Environ, start_response: Callable[..., Any]) -> Iterable[bytes]:
        if (environ.get("PATH_INFO", "").startswith("/socket.io")
                and not parse_qs(environ.get("QUERY_STRING", "")).get("sid")
                and self.sockets.full(client_address(environ.get("REMOTE_ADDR")))):
            body = json.dumps({"error": self.sockets.refusal()}).encode() + b"\n"
            start_response("429 Too Many Requests", [("Content-Type", "application/json"), ("Content-Length", str(len(body))),
                                                     ("Retry-After", str(RETRY_AFTER_SECONDS)), ("Connection", "close")])
            return [body]
        return self.app(environ, start_response)
