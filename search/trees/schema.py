"""The JSON Schema of a tree, built from search/limits.py so that each limit is written once.

The validator (search.trees.parse) checks trees against `tree_schema()`; the trace schema refers to
its `node` definition. search/schema/tree.schema.json is this schema written out for other tools
(`python -m search schema tree`); tests/engine/test_event_types.py fails if the file and the code part.
"""

from __future__ import annotations

import json
from typing import Any

from search import limits

SCHEMA_ID = "https://minimax-lab.invalid/tree.schema.json"

TEXT_PATTERN = "^[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\ud800-\\udfff]*$"
"""What an id or label may hold: no control characters, no line separators (U+2028/9: they end a
line in JavaScript) and no lone surrogates (not text: they cannot be written out as UTF-8).
Written for both Python's `re` and JavaScript's `new RegExp(pattern, "u")`."""


def tree_schema() -> dict[str, Any]:
    """A tree: a node object, or the nested-list shorthand of leaf values."""
    text = {"type": "string", "maxLength": limits.MAX_LABEL_LENGTH, "pattern": TEXT_PATTERN}
    number = {"type": "number", "minimum": -limits.MAX_ABS_VALUE, "maximum": limits.MAX_ABS_VALUE}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "Minimax Lab game tree",
        "description": (
            "Either a node object or the nested-list shorthand of leaf values, e.g. [[3,12,8],[2,4,6],[14,5,2]]. "
            "Made by search/trees/schema.py from the limits in search/limits.py; the node count and depth "
            "limits are enforced in code (search/trees/parse.py). A node given without an id is named by the "
            "shorthand's rule for its place (root A; its children B, C, ...; B's children B1, B2, ...)."
        ),
        "oneOf": [{"$ref": "#/$defs/node"}, {"$ref": "#/$defs/shorthand"}],
        "$defs": {
            "number": number,
            "text": {**text, "minLength": 1},
            "value": {"anyOf": [
                {"$ref": "#/$defs/number"},
                {"type": "array", "minItems": 2, "maxItems": limits.MAX_PLAYERS, "items": {"$ref": "#/$defs/number"}},
            ]},
            "node": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "id": {"$ref": "#/$defs/text"},
                    "label": text,
                    "player": {"anyOf": [{"enum": ["max", "min", "chance"]}, {"$ref": "#/$defs/text"}]},
                    "probability": {"type": "number", "exclusiveMinimum": 0, "maximum": 1},
                    "players": {
                        "type": "array", "minItems": 2, "maxItems": limits.MAX_PLAYERS, "uniqueItems": True,
                        "items": {"$ref": "#/$defs/text"},
                    },
                    "bounds": {"type": "array", "minItems": 2, "maxItems": 2, "items": {"$ref": "#/$defs/number"}},
                    "value": {"$ref": "#/$defs/value"},
                    "eval": {"$ref": "#/$defs/value"},
                    "children": {"type": "array", "maxItems": limits.MAX_BRANCHING, "items": {"$ref": "#/$defs/node"}},
                },
            },
            "shorthand": {
                "type": "array",
                "minItems": 1,
                "maxItems": limits.MAX_BRANCHING,
                "items": {"anyOf": [{"$ref": "#/$defs/number"}, {"$ref": "#/$defs/shorthand"}]},
            },
        },
    }


def tree_schema_text() -> str:
    """The schema as the file search/schema/tree.schema.json holds it."""
    return json.dumps(tree_schema(), indent=2, ensure_ascii=False) + "\n"
