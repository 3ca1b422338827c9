"""The trace schema and the hot events' JSON text layouts, built from the event types.

search.traces.events defines every event type once (its fields, their order and their types) and
keeps, next to them, the few facts a type cannot say (the lines each event is at, the start's
source, the record layouts). From those this module writes two files:

- search/schema/trace.schema.json: the JSON Schema of one trace event (search.traces.schema
  validates against it);
- search/traces/layouts.py: the functions that turn the recorder's compact records into event
  dicts and JSON text (search.traces.records), with one format string per event type;
- static/js/replay/event_types.js: the event types and their keys for the page
  (search.traces.js_event_types).

All are committed; tests/engine/test_event_types.py fails when one falls behind. Regenerate:

    .venv/bin/python -m search.traces.schema_build
"""

from __future__ import annotations

import json
import re
import sys
import types
from pathlib import Path
from typing import Annotated, Any, Literal, NotRequired, Union, get_args, get_origin, get_type_hints, is_typeddict

from search.traces import events as ev
from search.traces.js_event_types import JS_FILE, event_types_js_text

SCHEMA_ID = "https://minimax-lab.invalid/trace.schema.json"
COMMON = ("seq", "type", "node", "line")
"""The fields every event has, first and in this order."""
NAMED = {  # a type equal to one of these is written as a $ref to its $defs entry
    "value": float, "vector": ev.Vector, "extended": ev.Extended, "score": ev.Score, "player": ev.Player,
    "move": ev.Move, "test_kind": ev.TestKind, "counts": ev.Count, "iteration_number": ev.IterationNumber,
}
ROOT = Path(__file__).resolve().parents[2]
SCHEMA_FILE = ROOT / "search" / "schema" / "trace.schema.json"
LAYOUTS_FILE = ROOT / "search" / "traces" / "layouts.py"
REGENERATE = ".venv/bin/python -m search.traces.schema_build"


def hints(cls: type) -> dict[str, Any]:
    return get_type_hints(cls, include_extras=True)


def _strip(hint: Any) -> Any:
    """The type without NotRequired[...] around it."""
    return get_args(hint)[0] if get_origin(hint) is NotRequired else hint


def _is_union(hint: Any) -> bool:
    return get_origin(hint) in (Union, types.UnionType)


def _named(hint: Any, refs: bool) -> dict[str, Any] | None:
    if not refs:
        return None
    for name, named in NAMED.items():
        if hint == named:
            return {"$ref": f"#/$defs/{name}"}
    return None


def type_schema(hint: Any, refs: bool = True) -> dict[str, Any]:
    """The JSON Schema of a Python type as the event types use them."""
    hint = _strip(hint)
    named = _named(hint, refs)
    if named is not None:
        return named
    origin = get_origin(hint)
    if origin is Annotated:
        base, *facts = get_args(hint)
        out = type_schema(base, refs)
        for fact in facts:
            out = dict(fact) if "const" in fact else {**out, **fact}
        return out
    if hint is Any:
        return {}
    if hint is type(None):
        return {"type": "null"}
    simple = {bool: "boolean", int: "integer", float: "number", str: "string"}
    if hint in simple:
        return {"type": simple[hint]}
    if origin is Literal:
        values = list(get_args(hint))
        return {"const": values[0]} if len(values) == 1 else {"enum": values}
    if origin is list:
        return {"type": "array", "items": type_schema(get_args(hint)[0], refs)}
    if origin is dict:
        return {"type": "object"}
    if is_typeddict(hint):
        return object_schema(hint)
    if _is_union(hint):
        return union_schema(list(get_args(hint)), refs)
    raise TypeError(f"no JSON Schema for {hint!r}")


def union_schema(members: list[Any], refs: bool) -> dict[str, Any]:
    """A union: `type` with a list when every member is a plain string, integer or null, else oneOf.
    Members that make up a named union (score, extended) are written as that name."""
    if all(m in (str, int, type(None)) for m in members):
        return {"type": [type_schema(m, False)["type"] for m in members]}
    parts: list[dict[str, Any]] = []
    rest = list(members)
    if refs:
        for name, named in NAMED.items():
            if _is_union(named):
                inner = list(get_args(named))
                if all(m in rest for m in inner):
                    parts.append({"$ref": f"#/$defs/{name}"})
                    rest = [m for m in rest if m not in inner]
    parts += [type_schema(m, refs) for m in rest]
    return {"oneOf": parts}


def object_schema(cls: type) -> dict[str, Any]:
    """A nested object (a TypedDict that is not an event): every field, no other."""
    fields = hints(cls)
    return {"type": "object", "additionalProperties": False,
            "required": [f for f in fields if f in cls.__required_keys__],  # type: ignore[attr-defined]
            "properties": {name: type_schema(hint) for name, hint in fields.items()}}


def event_schema(kind: str) -> dict[str, Any]:
    """One event type's $defs entry: its own fields required and described, the common ones allowed."""
    cls = ev.EVENT_TYPES[kind]
    facts = ev.SCHEMA_FACTS.get(kind, {})
    lines = ev.LINES[kind]
    properties: dict[str, Any] = {}
    for name, hint in hints(cls).items():
        if name in COMMON:
            schema: Any = facts.get(name, True)
            if name == "line":
                schema = {"const": lines[0]} if len(lines) == 1 else {"enum": list(lines)}
        else:
            schema = {**type_schema(hint), **facts.get(name, {})}
            if get_origin(_strip(hint)) is dict and name in facts:
                schema = facts[name]
        properties[name] = schema
    required = [f for f in hints(cls) if f in cls.__required_keys__ and f not in COMMON]  # type: ignore[attr-defined]
    return {"required": required, "properties": properties, "additionalProperties": False, **facts.get("", {})}


def trace_schema() -> dict[str, Any]:
    """The JSON Schema of one trace event."""
    kinds = list(ev.EVENT_TYPES)
    first = hints(ev.EVENT_TYPES[kinds[0]])
    defs: dict[str, Any] = {name: type_schema(named, refs=False) for name, named in NAMED.items()}
    assert not set(defs) & set(kinds), "a $defs name is also an event type's"  # the later would silently win
    defs.update({kind: event_schema(kind) for kind in kinds})
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": f"Minimax Lab trace event (format {ev.FORMAT_VERSION})",
        "description": ("One line of a JSON Lines trace. See docs/trace-format.md. Made by search/traces/schema_build.py "
                        "from the event types in search/traces/events.py: do not edit."),
        "type": "object",
        "required": list(COMMON),
        "properties": {
            "seq": type_schema(first["seq"], refs=False),
            "type": {"enum": kinds},
            "node": type_schema(first["node"]),
            "line": type_schema(first["line"]),
        },
        "allOf": [{"if": {"properties": {"type": {"const": kind}}}, "then": {"$ref": f"#/$defs/{kind}"}} for kind in kinds],
        "$defs": defs,
    }


def trace_schema_text() -> str:
    """The schema as the file search/schema/trace.schema.json holds it."""
    return json.dumps(trace_schema(), indent=2, ensure_ascii=False) + "\n"


# --- the JSON text layouts -----------------------------------------------------------------------

def _mentions_infinity(hint: Any) -> bool:
    hint = _strip(hint)
    if get_origin(hint) is Literal:
        return "inf" in get_args(hint)
    return any(_mentions_infinity(a) for a in get_args(hint)) if _is_union(hint) else False


def _plain(hint: Any) -> Any:
    hint = _strip(hint)
    return get_args(hint)[0] if get_origin(hint) is Annotated else hint


def _field_code(kind: str, name: str, hint: Any, item: str) -> tuple[str, str, str]:
    """(the dict value expression, the format-string placeholder, the text argument expression)."""
    plain = _plain(hint)
    if name in ev.PLAIN_TEXT or (get_origin(plain) is Literal and all(isinstance(a, str) for a in get_args(plain))):
        return item, '"%s"', item
    if plain is str:
        return item, "%s", f"_quote({item})"
    if plain == str | None or plain == Union[str, None]:
        return item, "%s", f'"null" if {item} is None else _quote({item})'
    if plain is int:
        return item, "%d", item
    if plain is bool:
        return item, "%s", f'"true" if {item} else "false"'
    # A whole number is written by the % operator itself (str() of an int is its JSON), without a call: values are
    # ints in most trees and games, and a search writes millions of them (bench/connect4.py).
    if _mentions_infinity(plain):
        return f"json_number({item})", "%s", f"{item} if type({item}) is int else _bound({item})"
    return item, "%s", f"{item} if type({item}) is int else _number({item})"


def _layout(kind: str, window: bool) -> tuple[str, str]:
    """The dict literal and the `template % (args)` expression of one hot event type."""
    fields = hints(ev.EVENT_TYPES[kind])
    record = ev.RECORDS[kind]
    described = ev.DESCRIBED.get(kind, ())
    derived = ev.DERIVED.get(kind, {})
    item = {name: f"r[{i}]" for i, name in enumerate(record, start=1)}
    order = [f for f in fields if f not in ("seq", "type", "iteration")]
    recorded = [f for f in order if f in record or f in derived]
    assert [f for f in order if f in record] == list(record), f"{kind}: the record's items are not in the type's order"
    dict_parts = ['"seq": seq', f'"type": "{kind}"']
    template = ['"seq":%d', f'"type":"{kind}"']
    args = ["seq"]
    for name in recorded:
        if name in described:
            continue
        if name not in derived and name not in ev.EVENT_TYPES[kind].__required_keys__ and not window:  # type: ignore[attr-defined]
            continue  # the window, left out when the record holds None
        if name in derived:
            expr = re.sub(r"[a-z_]+", lambda m: item[m.group()], derived[name])
            value, placeholder, arg = f"{expr}", "%s", f'"true" if {expr} else "false"'
        else:
            value, placeholder, arg = _field_code(kind, name, fields[name], item[name])
        dict_parts.append(f'"{name}": {value}')
        template.append(f'"{name}":{placeholder}')
        args.append(arg)
    text = "{" + ",".join(template) + "}"
    if described:
        dict_parts.append(f"**describe({', '.join(item[d] for d in described)})")
        text = text[:-1] + "%s}"
        args.append(f"describe_json({', '.join(item[d] for d in described)})")
    return "{" + ", ".join(dict_parts) + "}", f"{text!r} % ({', '.join(args)})"


def _optional_window(kind: str) -> str | None:
    """The first record item that is optional (None in the record when left out), if any."""
    cls = ev.EVENT_TYPES[kind]
    for i, name in enumerate(ev.RECORDS[kind], start=1):
        if name not in cls.__required_keys__ and name not in ev.DESCRIBED.get(kind, ()):  # type: ignore[attr-defined]
            return f"r[{i}]"
    return None


def layouts_text() -> str:
    """The module search/traces/layouts.py."""
    kinds = list(ev.RECORDS)
    constants = [k.upper() for k in kinds] + ["OTHER"]
    out = [
        '"""The hot events\' records as dicts and as JSON text. GENERATED from search/traces/events.py by',
        f"`{REGENERATE}`: do not edit.",
        "",
        "A record is (KIND, *items) as search.traces.events.RECORDS lays it out; (OTHER, make[, text]) is a rare",
        'event whose make(seq) builds its dict (and text(seq), when given, its JSON text). search.traces.records is what to use."""',
        "",
        "from __future__ import annotations",
        "",
        "from typing import Any, Callable",
        "",
        "from search.traces.json_values import bound_text as _bound, json_number, number_text as _number, quote as _quote",
        "",
        f"{', '.join(constants)} = range({len(constants)})",
        "",
        "",
        "def events_of(seq: int, records: list[tuple[Any, ...]], describe: Callable[[Any, Any], dict[str, Any]]) -> list[Any]:",
        '    """The events as dicts, in order, the first numbered `seq`."""',
        "    out: list[Any] = []",
        "    append = out.append",
        "    for r in records:",
        "        kind = r[0]",
    ]
    texts = [
        "def texts_of(seq: int, records: list[tuple[Any, ...]], describe_json: Callable[[Any, Any], str],",
        "             dumps: Callable[[Any], str]) -> list[str]:",
        '    """Each event as strict, compact JSON text, in the key order of its dict, the first numbered `seq`."""',
        "    lines: list[str] = []",
        "    append = lines.append",
        "    for r in records:",
        "        kind = r[0]",
    ]
    for i, kind in enumerate(kinds):
        test = f"        {'if' if i == 0 else 'elif'} kind == {i}:  # {constants[i]}"
        out.append(test)
        texts.append(test)
        optional = _optional_window(kind)
        full_dict, full_text = _layout(kind, True)
        if optional is None:
            out.append(f"            append({full_dict})")
            texts.append(f"            append({full_text})")
        else:
            bare_dict, bare_text = _layout(kind, False)
            for body, bare, full in ((out, bare_dict, full_dict), (texts, bare_text, full_text)):
                body += [f"            if {optional} is None:", f"                append({bare})", "            else:",
                         f"                append({full})"]
    out += ["        else:", "            append(r[1](seq))", "        seq += 1", "    return out", "", ""]
    # A rare event may bring its own text maker (OTHER, make, text): the prune, a few thousand in a deep search.
    texts += ["        else:", "            append(r[2](seq) if len(r) > 2 else dumps(r[1](seq)))", "        seq += 1", "    return lines", ""]
    return "\n".join(out + texts)


def main(argv: list[str] | None = None) -> int:
    """Write the files (or, with --check, say which one is behind)."""
    check = "--check" in (argv if argv is not None else sys.argv[1:])
    behind = []
    made = ((SCHEMA_FILE, trace_schema_text()), (LAYOUTS_FILE, layouts_text()), (JS_FILE, event_types_js_text(REGENERATE)))
    for path, text in made:
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            behind.append(path)
            if not check:
                path.write_text(text, encoding="utf-8")
    for path in behind:
        print(f"{'behind' if check else 'wrote'}: {path.relative_to(ROOT)}")
    return 1 if check and behind else 0


if __name__ == "__main__":
    raise SystemExit(main())
