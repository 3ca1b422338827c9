"""Everything we emit is strict JSON: no NaN or Infinity literals, for Flask and Socket.IO alike.

Incoming JSON is parsed leniently on purpose: a NaN in a tree must reach the validator, which
answers with "children[2].value: expected a finite number" instead of a dropped packet.

A Socket.IO message argument may be `PreEncoded` JSON text: a batch of search events is formatted
by the engine straight from its records (search.event_records), which is much quicker than
building dicts for json to encode, so it is spliced into the packet as it is.
"""

from __future__ import annotations

import json
from typing import Any

from flask.json.provider import DefaultJSONProvider


class PreEncoded:
    """A value whose strict JSON text is already made; only as an item of the top-level list that
    Socket.IO encodes (the event name and its arguments)."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


def dumps(obj: Any, **kwargs: Any) -> str:
    kwargs["allow_nan"] = False
    kwargs.setdefault("separators", (",", ":"))
    if isinstance(obj, list) and any(isinstance(item, PreEncoded) for item in obj):
        return "[" + ",".join(item.text if isinstance(item, PreEncoded) else json.dumps(item, **kwargs)
                              for item in obj) + "]"
    return json.dumps(obj, **kwargs)


def loads(text: str | bytes, **kwargs: Any) -> Any:
    return json.loads(text, **kwargs)


class StrictJSONProvider(DefaultJSONProvider):
    """Flask's provider with allow_nan=False, so a bug cannot put Infinity on the wire."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        kwargs["allow_nan"] = False
        return super().dumps(obj, **kwargs)
