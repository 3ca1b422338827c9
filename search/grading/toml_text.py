"""TOML text for an assignment's config as tomllib reads it back (the standard library reads TOML but does not write
it): the autograder rewrites a config's file paths to the copies in its zip. Only what a config holds: strings,
numbers, booleans, arrays and inline tables at the top level and in [[problem]]-style arrays of tables."""

from __future__ import annotations

import json
import math
from typing import Any


def toml_text(data: dict[str, Any]) -> str:
    """`data` as TOML: plain keys first, then each array of tables as [[key]] sections."""
    lines = [f"{_key(key)} = {_value(value)}" for key, value in data.items() if not _is_tables(value)]
    for key, tables in data.items():
        if _is_tables(tables):
            for table in tables:
                lines += ["", f"[[{_key(key)}]]", *(f"{_key(k)} = {_value(v)}" for k, v in table.items())]
    return "\n".join(lines).lstrip("\n") + "\n"


def _is_tables(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(item, dict) for item in value)


def _key(key: str) -> str:
    return key if key and all(c.isascii() and (c.isalnum() or c in "-_") for c in key) else _string(key)


def _string(text: str) -> str:
    # JSON's escapes are TOML's basic string escapes; DEL is a control character TOML wants escaped too
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007F")


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            return ("-inf" if value < 0 else "inf") if math.isinf(value) else "nan"
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"no TOML for {type(value).__name__}")
