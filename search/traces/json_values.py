"""How the values of an event are written: as a dict's values (`json_number`) and as JSON text
(the rest), shared by search.traces.records and the layouts generated from the event types
(search/traces/layouts.py)."""

from __future__ import annotations

import math
from json.encoder import encode_basestring as quote  # type: ignore[attr-defined]  # the C function when available
from typing import Any

from search.traces.jsonl import dumps_event

INF = math.inf
__all__ = ["INF", "bound_text", "from_json_number", "json_number", "number_text", "quote"]


def json_number(x: float) -> float | str:
    """A finite number as itself, an infinity as "inf" / "-inf" (a NaN stays, for the strict
    encoder to refuse: it is a bug, not a bound)."""
    if -INF < x < INF:
        return x
    return "inf" if x == INF else "-inf" if x == -INF else x


def from_json_number(x: Any) -> Any:
    """json_number undone: "inf" / "-inf" back to the infinities; anything else as it is."""
    return INF if x == "inf" else -INF if x == "-inf" else x


def number_text(x: Any) -> str:
    """A value that must be a finite number (a leaf's value, v after a backup, a new bound), as
    json writes it: repr() for a plain int or float; anything else goes through json itself."""
    if type(x) is int or (type(x) is float and -INF < x < INF):
        return repr(x)
    if isinstance(x, float) and not -INF < x < INF:
        raise ValueError(f"a value that must be finite is {x!r}: strict JSON cannot hold it")
    return dumps_event(x)  # bool, int or float subclasses: as json writes them; other types raise


def bound_text(x: Any) -> str:
    """A number that may be infinite (alpha, beta, v before the first child), as JSON text."""
    if x == INF:
        return '"inf"'
    if x == -INF:
        return '"-inf"'
    return number_text(x)
