"""The event types as a JavaScript module for the page: static/js/replay/event_types.js.

The page compares an event's `type` and reads its keys; both come from search.traces.events, like the
trace schema and the JSON text layouts (search.traces.schema_build writes all three, and
tests/engine/test_event_types.py fails when one falls behind). Regenerate:

    .venv/bin/python -m search.traces.schema_build
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from search.traces import events as ev

ROOT = Path(__file__).resolve().parents[2]
JS_FILE = ROOT / "static" / "js" / "replay" / "event_types.js"


def _frozen(value: Any) -> str:
    """A JS expression of `value` (a dict or a list of strings), frozen all the way down."""
    if isinstance(value, dict):
        inner = ",\n".join(f"  {json.dumps(k)}: {_frozen(v)}" for k, v in value.items())
        return "Object.freeze({\n" + inner + ",\n})"
    return "Object.freeze([" + ", ".join(json.dumps(x) for x in value) + "])"


def event_types_js_text(regenerate: str) -> str:
    """The module's text."""
    kinds = list(ev.EVENT_TYPES)
    keys = {kind: list(ev.EVENT_TYPES[kind].__annotations__) for kind in kinds}
    required = {kind: [k for k in keys[kind] if k in ev.EVENT_TYPES[kind].__required_keys__] for kind in kinds}  # type: ignore[attr-defined]
    names = "Object.freeze({\n" + "".join(f"  {kind}: {json.dumps(kind)},\n" for kind in kinds) + "})"
    return "\n".join([
        "// The trace's event types and each type's keys, for the page (docs/trace-format.md).",
        f"// GENERATED from search/traces/events.py by `{regenerate}`: do not edit.",
        "// tests/engine/test_event_types.py fails when this file falls behind events.py.",
        "",
        "// The trace format this page reads (older ones are upgraded by the server).",
        f"export const FORMAT_VERSION = {ev.FORMAT_VERSION};",
        "",
        "// Every event type by name, in the order a trace first meets them: compare `event.type === EVENT.visit`.",
        f"export const EVENT = {names};",
        "",
        "// Each type's keys in the order an event holds them (the optional ones included).",
        f"export const EVENT_KEYS = {_frozen(keys)};",
        "",
        "// Each type's keys that every event of the type has.",
        f"export const REQUIRED_KEYS = {_frozen(required)};",
        "",
        "// The types millions of events are (the recorder's compact records): most frequent first.",
        f"export const HOT_EVENTS = {_frozen(list(ev.RECORDS))};",
        "",
    ])
