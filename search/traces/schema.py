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
def event_validator() -> Draft202012Validator:
    tree = tree_schema()
    registry = Registry().with_resource(tree["$id"], Resource.from_contents(tree))
    return Draft202012Validator(_load("trace.schema.json"), registry=registry)


def check_event(event: Any, where: str = "") -> None:
    """Raise InputError naming the first problem with one event."""
    errors = sorted(event_validator().iter_errors(event), key=lambda e: len(e.absolute_path))
    if errors:
        error = errors[0]
        path = format_path(list(error.absolute_path))
        raise InputError(" ".join(p for p in (where, path) if p), error.message)
