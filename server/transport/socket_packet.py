"""The Socket.IO packet our server speaks: plain strict JSON, never binary attachments.

python-socketio checks every outgoing message for binary data by walking each value in Python;
for a 1,000-event batch that is ~10,000 calls, and it was most of the server's time when
streaming a search (bench/stream.py). Our messages never carry bytes, so this packet skips the
scan, as python-socketio's own msgpack packet does. It also carries our strict JSON module on
this class only, rather than on python-socketio's shared Packet class.
"""

from __future__ import annotations

from socketio.packet import Packet

from server.http import strict_json


class JsonOnlyPacket(Packet):
    uses_binary_events = False
    json = strict_json
