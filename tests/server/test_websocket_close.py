"""A websocket the browser closed first is closed quietly (server/transport/websocket_close.py): engine.io's writer
thread ends by closing its websocket, and when the browser's close frame was handled a moment before, that close
raised in the thread and left a traceback in the server's log (seen once in tests/hostile/test_store_down.py).

The state is made here with the real libraries: a wsproto server connection that has answered the browser's close
(CLOSED) inside a simple-websocket Server still marked connected, as engine.io's wrapper found it when it checked."""

from __future__ import annotations

import socket
from typing import Iterator

import pytest
from engineio.async_drivers._websocket_wsgi import SimpleWebSocketWSGI
from simple_websocket.ws import Server
from wsproto import ConnectionType, WSConnection
from wsproto.connection import ConnectionState
from wsproto.events import AcceptConnection, CloseConnection, Request
from wsproto.utilities import LocalProtocolError

from server.transport.websocket_close import LIBRARY_CLOSE, QUIET_CLOSE, close_quietly, quiet


def closed_by_the_browser() -> WSConnection:
    """A server-side wsproto connection after the handshake, the browser's close and our answer to it: CLOSED."""
    browser, ours = WSConnection(ConnectionType.CLIENT), WSConnection(ConnectionType.SERVER)
    ours.receive_data(browser.send(Request(host="127.0.0.1", target="/socket.io/")))
    assert isinstance(next(ours.events()), Request)
    browser.receive_data(ours.send(AcceptConnection()))
    assert isinstance(next(browser.events()), AcceptConnection)
    ours.receive_data(browser.send(CloseConnection(code=1000)))
    close = next(ours.events())
    ours.send(close.response())  # what simple-websocket's reading thread answers
    assert ours.state is ConnectionState.CLOSED
    return ours


@pytest.fixture
def racing() -> Iterator[SimpleWebSocketWSGI]:
    """engine.io's websocket wrapper around a simple-websocket Server whose reading thread has answered the browser's
    close but not yet marked itself closed (no thread runs here: its state is set as the race leaves it)."""
    ours, theirs = socket.socketpair()
    ws = Server.__new__(Server)  # no handshake over a real request: the state is what matters
    ws.sock, ws.ws, ws.connected = ours, closed_by_the_browser(), True
    wrapper = SimpleWebSocketWSGI.__new__(SimpleWebSocketWSGI)
    wrapper.ws = ws
    yield wrapper
    ours.close()
    theirs.close()


def test_the_librarys_close_raises_in_that_state_and_ours_says_nothing(racing: SimpleWebSocketWSGI) -> None:
    with pytest.raises(LocalProtocolError):
        LIBRARY_CLOSE(racing)
    QUIET_CLOSE(racing)  # no exception: the browser closed it first


def test_other_errors_still_raise_and_the_server_closes_quietly() -> None:
    def broken(_: object) -> None:
        raise ValueError("not a closed socket")
    with pytest.raises(ValueError):
        quiet(broken)(object())
    close_quietly()  # as create_app does
    assert SimpleWebSocketWSGI.close is QUIET_CLOSE
