"""Everything we emit is strict JSON: no NaN or Infinity literals, for Flask and Socket.IO alike.

Incoming JSON is parsed leniently on purpose: a NaN in a tree must reach the validator, which
answers with "children[2].value: expected a finite number" instead of a dropped packet.
"""

from __future__ import annotations

import json
from typing import Any

from flask.json.provider import DefaultJSONProvider


def dumps(obj: Any, **kwargs: Any) -> str:
    kwargs["allow_nan"] = False
    kwargs.setdefault("separators", (",", ":"))
    return json.dumps(obj, **kwargs)


def loads(text: str | bytes, **kwargs: Any) -> Any:
    return json.loads(text, **kwargs)


class StrictJSONProvider(DefaultJSONProvider):
    """Flask's provider with allow_nan=False, so a bug cannot put Infinity on the wire."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        kwargs["allow_nan"] = False
        return super().dumps(obj, **kwargs)
