"""The Socket.IO packet our server speaks: plain strict JSON, never binary attachments.

python-socketio checks every outgoing message for binary data by walking each value in Python;
for a 1,000-event batch that is ~10,000 calls, and it was most of the server's time when
streaming a search (bench/stream.py). Our messages never carry bytes, so this packet skips the
scan, as python-socketio's own msgpack packet does. It also carries our strict JSON module on
this class only, rather than on python-socketio's shared Packet class.

It also reads what clients send no further than our clients write it: a packet that is not
JSON, not of a type a client sends, an event whose name is not text (`42/class,[1,{}]`) or is
one of python-socketio's own (`connect`, `disconnect`: a client could otherwise run our
disconnect handler while connected), or that is addressed to a namespace we do not serve, is a
BadFrame (server/transport/bad_frames.py: one short log line, no traceback).
"""

from __future__ import annotations

from typing import Any, Iterable

from socketio import packet
from socketio.packet import Packet

from search.errors import quoted
from server.http import strict_json
from server.transport.bad_frames import BadFrame

CLIENT_TYPES = (packet.CONNECT, packet.DISCONNECT, packet.EVENT, packet.ACK)
"""Packet types a client of ours sends (never binary ones, nor CONNECT_ERROR)."""

RESERVED_EVENTS = ("connect", "disconnect")
"""Names python-socketio gives its own events; a client's message of that name is refused."""


class JsonOnlyPacket(Packet):
    uses_binary_events = False
    json = strict_json
    namespaces: frozenset[str] = frozenset()  # served namespaces; empty: any (see served_by)

    @classmethod
    def served_by(cls, namespaces: Iterable[str]) -> type[JsonOnlyPacket]:
        """This packet for a server of `namespaces`: an event or acknowledgement to another is refused."""
        return type(cls.__name__, (cls,), {"namespaces": frozenset(namespaces)})

    def __init__(self, *args: Any, encoded_packet: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if encoded_packet is not None and not encoded_packet:  # python-socketio's skips decoding an empty frame,
            raise BadFrame("empty Socket.IO packet", "an engine.io message with nothing in it")  # leaving an EVENT of no data
        if encoded_packet:
            self.attachment_count = self.decode(encoded_packet) or 0

    def decode(self, encoded_packet: Any) -> int:
        if not isinstance(encoded_packet, str):
            raise BadFrame("binary Socket.IO packet", f"{len(encoded_packet):,} bytes (our clients send text)")
        try:
            attachments = super().decode(encoded_packet) or 0
        except (ValueError, TypeError, IndexError, RecursionError) as error:
            raise BadFrame("unreadable Socket.IO packet", f"{type(error).__name__} reading {quoted(encoded_packet)}") from None
        if self.packet_type not in CLIENT_TYPES or attachments:
            raise BadFrame("Socket.IO packet type", f"{quoted(encoded_packet)} (a client sends types 0 to 3)")
        if self.packet_type in (packet.EVENT, packet.ACK) and self.namespaces and (self.namespace or "/") not in self.namespaces:
            raise BadFrame("unknown namespace", quoted(encoded_packet))
        if self.packet_type == packet.EVENT and not named_event(self.data):
            raise BadFrame("event name", f'{quoted(encoded_packet)} (expected ["name", ...], not connect or disconnect)')
        if self.packet_type == packet.ACK and not isinstance(self.data, list):
            raise BadFrame("acknowledgement", f"{quoted(encoded_packet)} (expected a list of values)")
        return attachments


def named_event(data: Any) -> bool:
    """An event's data as clients send it: a list whose first item is its name, not a reserved one."""
    return isinstance(data, list) and bool(data) and isinstance(data[0], str) and data[0] not in RESERVED_EVENTS

