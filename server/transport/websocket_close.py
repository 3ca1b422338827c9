"""A websocket the browser closed first is closed quietly, not with a traceback in the server's log.

engine.io's websocket writer thread (`writer` in engineio/socket.py) ends by closing its websocket through
`SimpleWebSocketWSGI.close` (engineio/async_drivers/_websocket_wsgi.py), with nothing around it: it checks
`self.ws.connected`, then simple-websocket sends our close frame. When the browser's close arrives between the two
(a student leaving a class just as the server ends the session), that close raises: simple-websocket's
ConnectionClosed, wsproto's LocalProtocolError (a connection already closing takes no second close), or the socket's
OSError once the peer has gone. The writer thread then dies with a traceback in the log (seen once, in
tests/hostile/test_store_down.py, as a class client disconnected). There is nothing left to close then, so
`close_quietly` lets that close end in silence; any other error is raised as before.
"""

from __future__ import annotations

from typing import Any, Callable

from engineio.async_drivers._websocket_wsgi import SimpleWebSocketWSGI
from simple_websocket import ConnectionClosed
from wsproto.utilities import LocalProtocolError

ALREADY_CLOSED = (ConnectionClosed, LocalProtocolError, OSError)
"""What closing a websocket raises when the peer closed it first."""
LIBRARY_CLOSE: Callable[[Any], None] = SimpleWebSocketWSGI.close
"""engine.io's own close, as this module found it (before close_quietly)."""


def quiet(close: Callable[[Any], None]) -> Callable[[Any], None]:
    """`close`, saying nothing when the peer closed the websocket first."""
    def quiet_close(self: Any) -> None:
        try:
            close(self)
        except ALREADY_CLOSED:
            pass  # the peer closed it first: nothing is left to close
    return quiet_close


QUIET_CLOSE = quiet(LIBRARY_CLOSE)


def close_quietly() -> None:
    """Make every engine.io websocket's close say nothing when the peer closed it first."""
    SimpleWebSocketWSGI.close = QUIET_CLOSE  # type: ignore[method-assign]
