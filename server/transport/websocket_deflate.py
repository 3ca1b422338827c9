"""How hard the server compresses websocket messages (permessage-deflate), a server setting.

Browsers offer permessage-deflate and simple-websocket accepts it, compressing with zlib's default
level (6). For full tic-tac-toe minimax (262 MB of events) that costs the server about as much CPU
as the search itself, and the page waits for it. Level 1 compresses about four times as fast and
still shrinks events about eightfold (level 6: twelvefold), which is what a class on Wi-Fi needs;
0 sends them uncompressed (for a server on the same machine as its browser).

simple-websocket has no setting for it: it names wsproto's PerMessageDeflate in its handshake, so
`use_deflate_level` puts a subclass there that makes its compressor at the level asked.
"""

from __future__ import annotations

import zlib

import simple_websocket.ws
from wsproto.extensions import PerMessageDeflate
from wsproto.frame_protocol import Opcode

DEFAULT_LEVEL = 1


class LeveledDeflate(PerMessageDeflate):
    """wsproto's permessage-deflate, compressing at `level` instead of zlib's default."""

    level = DEFAULT_LEVEL

    def frame_outbound(self, proto, opcode, rsv, data, fin):  # type: ignore[no-untyped-def]
        # wsproto makes its compressor on a message's first frame when it has none (and again
        # after each message with no context takeover): make it first, at our level.
        if self._compressor is None and opcode in (Opcode.TEXT, Opcode.BINARY):
            bits = self.client_max_window_bits if proto.client else self.server_max_window_bits
            self._compressor = zlib.compressobj(self.level, zlib.DEFLATED, -int(bits))
        return super().frame_outbound(proto, opcode, rsv, data, fin)


def use_deflate_level(level: int) -> None:
    """Compress every websocket message this process sends at `level` (0-9)."""
    if not 0 <= level <= 9:
        raise ValueError(f"COMPRESSION_LEVEL must be 0 to 9, not {level}")
    LeveledDeflate.level = level
    simple_websocket.ws.PerMessageDeflate = LeveledDeflate  # type: ignore[misc]
