"""Frames no client of ours sends: refused in one short, rate-limited log line each, never a traceback.

python-socketio and python-engineio log every exception met while handling a message with its
whole traceback (`logger.exception("message handler error")`), and a frame they cannot read is
such an exception: `42/class,[1,{}]` reached our handlers' `event.replace` (AttributeError), and
2,000 such frames wrote 3.3 MB of log in 1.8 s. Here a frame that cannot be read is a `BadFrame`
(raised by our packet class, server/transport/socket_packet.py), and a filter on the two
libraries' loggers turns the record of one into a line of `FrameLog`: at most one line per kind
of fault per BAD_FRAME_LOG_SECONDS, saying how many more of that kind were left unsaid (server/bounded_log.py). Every
other record (a bug of ours in a handler) passes as it was, traceback and all.

An engine.io packet that cannot be read over a websocket escapes python-engineio altogether (its
decoding is outside the `try` of its reading loop): the connection died with a traceback in
gunicorn's log. `ReadablePacket`, put in its place as websocket_deflate.py puts its compressor,
reads such a packet as a NOOP instead, which engine.io ignores on a websocket and answers with
400 on long-polling.
"""

from __future__ import annotations

import logging
import time
from typing import Any, Callable

import engineio.packet
import socketio

from search.errors import quoted
from server.bounded_log import BoundedLog

log = logging.getLogger(__name__)


class BadFrame(ValueError):
    """A frame from a client that no client of ours would send: `kind` names the fault (one log
    line per kind per interval), `detail` says what came, quoting a short prefix of it."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail


class FrameLog(BoundedLog):
    """One line per kind of bad frame per `interval` seconds (server/bounded_log.py)."""

    def __init__(self, interval: float, clock: Callable[[], float] = time.monotonic,
                 logger: logging.Logger = log) -> None:
        super().__init__("bad frame refused", interval, logger, clock)


class BadFrameFilter(logging.Filter):
    """On python-socketio's and python-engineio's loggers: the record of a bad frame becomes one
    FrameLog line; every other record passes unchanged."""

    def __init__(self, frames: FrameLog) -> None:
        super().__init__()
        self.frames = frames

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, BadFrame):
            self.frames.report(error.kind, error.detail)
            return False
        if record.msg == "post request handler error" and isinstance(error, (ValueError, KeyError)):
            # engine.io could not read a long-polling body: not UTF-8, over 16 packets, a bad JSONP form
            self.frames.report("engine.io polling body", f"{type(error).__name__}: {quoted(str(error))}")
            return False
        return True


_frames: FrameLog | None = None  # the process's, made by the first app (logging is the process's too)


def frame_log(interval: float) -> FrameLog:
    """The process's FrameLog, made on first use; a later app's interval replaces the first's."""
    global _frames
    if _frames is None:
        _frames = FrameLog(interval)
    _frames.interval = interval
    return _frames


class ReadablePacket(engineio.packet.Packet):
    """engine.io's packet, except that one that cannot be read is logged (once per interval) and read
    as a NOOP, where engine.io's own raises out of its websocket loop with a traceback."""

    def decode(self, encoded_packet: Any) -> None:
        try:
            super().decode(encoded_packet)
        except (ValueError, IndexError, TypeError) as error:
            if _frames is not None:
                _frames.report("engine.io packet", f"{error.__class__.__name__} reading {quoted(encoded_packet)}")
            self.packet_type, self.data, self.binary = engineio.packet.NOOP, None, False


def refuse_bad_frames(server: socketio.Server, interval: float) -> None:
    """Install the filter on the loggers `server` and its engine.io server use (once each), and
    ReadablePacket in engine.io."""
    frames = frame_log(interval)
    for logger in (server.logger, server.eio.logger):
        if not any(isinstance(f, BadFrameFilter) for f in logger.filters):
            logger.addFilter(BadFrameFilter(frames))
    engineio.packet.Packet = ReadablePacket  # type: ignore[misc]
