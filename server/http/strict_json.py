"""Everything we emit is strict JSON: no NaN or Infinity literals, for Flask and Socket.IO alike.

Incoming JSON is parsed leniently on purpose: a NaN in a tree must reach the validator, which
answers with "children[2].value: expected a finite number" instead of a dropped packet.

A Socket.IO message argument may be `PreEncoded` JSON text: a batch of search events is formatted
by the engine straight from its records (search.traces.records), which is much quicker than
building dicts for json to encode, so it is spliced into the packet as it is.

A Socket.IO message too deeply nested for json to decode (a tree typed as [[[[...]]]] a thousand
levels deep) would be dropped by python-socketio without a word, and the page would wait for an
answer forever: it reaches its handler as `Unreadable` instead, and the handler answers.
"""

from __future__ import annotations

import json
import re
from typing import Any

from flask.json.provider import DefaultJSONProvider

from search import limits
from search.json_numbers import bounded_int

_EVENT_NAME = re.compile(r'\s*\[\s*"([\w:.-]{1,64})"')


class Unreadable:
    """The argument of a Socket.IO message whose JSON could not be decoded, and why."""

    __slots__ = ("problem",)

    def __init__(self, problem: str) -> None:
        self.problem = problem


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
    try:
        return json.loads(text, parse_int=bounded_int, **kwargs)
    except RecursionError:
        found = _EVENT_NAME.match(text) if isinstance(text, str) else None
        if found is None:
            raise
        return [found.group(1), Unreadable(
            f"the request is nested too deeply to read (a tree may be at most {limits.MAX_TREE_DEPTH} levels deep)")]


class StrictJSONProvider(DefaultJSONProvider):
    """Flask's provider with allow_nan=False, so a bug cannot put Infinity on the wire."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        kwargs["allow_nan"] = False
        return super().dumps(obj, **kwargs)
