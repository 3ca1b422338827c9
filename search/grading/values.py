"""A value a search backs up: one number, or in max^n (AIMA 4th ed. §5.2.2) a vector with one number per player.

One place says how either is written as strict JSON (infinities as "inf" / "-inf"), read back, compared and
shown, so the student's side and the reference's handle vectors alike.
"""

from __future__ import annotations

import math
from numbers import Real
from typing import Any

from search.traces.json_values import from_json_number, json_number

Value = float | list[float]


def json_value(value: Value) -> Any:
    """A number as json_number writes it; a vector as a list of them."""
    if isinstance(value, (list, tuple)):
        return [json_number(x) for x in value]
    return json_number(value)


def from_json_value(value: Any) -> Any:
    """json_value undone; anything that is neither a number nor a list of numbers as it is (the caller checks)."""
    if isinstance(value, list):
        return [from_json_number(x) for x in value]
    return from_json_number(value)


def is_value(value: Any) -> bool:
    """A number (not a bool), or a non-empty list of numbers: what a step's value may be."""
    if isinstance(value, list):
        return bool(value) and all(_is_number(x) for x in value)
    return _is_number(value)


def plain_number(value: Any) -> float | None:
    """A real number as int or float (a whole float as int), or None for anything else and NaN."""
    if isinstance(value, bool) or not isinstance(value, Real):
        return None
    number = float(value)
    if math.isnan(number):
        return None
    return int(number) if number.is_integer() else number


def vector_text(vector: list[Any], number_text: Any) -> str:
    """⟨1, 2, 6⟩, each component by `number_text`."""
    return "⟨" + ", ".join(number_text(x) for x in vector) + "⟩"


def _is_number(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float))
