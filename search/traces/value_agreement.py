"""When two values from traces or answers are the same: numbers as the trace writes them ("inf", "-inf" for the
infinities), max^n vectors and α-β windows component by component. Shared by practice (a student's answer against the
search's) and the misconceptions (one search's marks against another's), below both so neither imports the other.
"""

from __future__ import annotations

import math
from typing import Any


def number(value: Any) -> float:
    """A trace number as a float: the strings "inf" and "-inf" are the infinities."""
    if value == "inf":
        return math.inf
    if value == "-inf":
        return -math.inf
    return float(value)


VALUE_TOLERANCE = 1e-9
"""An expectiminimax value (or a max^n component) is right when |yours − the search's| ≤ 1e-9 × max(1, |the
search's|): within 1e-9 absolutely for values up to 1 in size, relatively for larger ones, so an answer
written with ten decimals passes and a float's rounding in a sum of large values (up to 1e9) is never a mistake."""


def close(got: float, expected: float) -> bool:
    """Within VALUE_TOLERANCE: absolute up to 1 in size, relative beyond."""
    return abs(got - expected) <= VALUE_TOLERANCE * max(1.0, abs(expected))


def agree(a: Any, b: Any) -> bool:
    """Two answers at one place agree (a slip's and a student's, a slip's and the search's): None (nothing
    there) only with None; numbers, as floats or as the trace writes them, close (infinities exactly);
    vectors and windows component by component."""
    if a is None or b is None:
        return a is None and b is None
    if isinstance(a, (list, tuple)) or isinstance(b, (list, tuple)):
        return isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)) and len(a) == len(b) and all(map(agree, a, b))
    x, y = number(a), number(b)
    return x == y if math.isinf(x) or math.isinf(y) else close(x, y)
