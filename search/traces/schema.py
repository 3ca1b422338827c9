"""Validating events against search/schema/trace.schema.json (for tests and for uploaded traces)."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from search.errors import InputError, format_path
from search.trees.schema import tree_schema


def _load(name: str) -> dict[str, Any]:
    return json.loads(resources.files("search").joinpath(f"schema/{name}").read_text())


@cache
def _trace_schema() -> dict[str, Any]:
    """search/schema/trace.schema.json, read once (the validators share it; none changes it)."""
    return _load("trace.schema.json")


@cache
def _registry() -> Registry:
    tree = tree_schema()
    return Registry().with_resource(tree["$id"], Resource.from_contents(tree))


@cache
def event_validator() -> Draft202012Validator:
    return Draft202012Validator(_trace_schema(), registry=_registry())


@cache
def _type_validator(kind: str) -> Draft202012Validator:
    """The schema as it applies to an event of type `kind`: the fields every event has, and that
    type's definition. The same verdict as the whole schema, whose allOf holds one "if type is T
    then $defs/T" per type; without the other types' conditions a check is about 3 times faster."""
    schema = {key: value for key, value in _trace_schema().items() if key != "allOf"}
    schema["allOf"] = [{"$ref": f"#/$defs/{kind}"}]
    return Draft202012Validator(schema, registry=_registry())


@cache
def _event_types() -> frozenset[str]:
    return frozenset(_trace_schema()["properties"]["type"]["enum"])


def check_event(event: Any, where: str = "") -> None:
    """Raise InputError naming the first problem with one event."""
    kind = event.get("type") if isinstance(event, dict) else None
    validator = _type_validator(kind) if isinstance(kind, str) and kind in _event_types() else event_validator()
    errors = sorted(validator.iter_errors(event), key=lambda e: len(e.absolute_path))
    if errors:
        error = errors[0]
        path = format_path(list(error.absolute_path))
        raise InputError(" ".join(p for p in (where, path) if p), error.message)
