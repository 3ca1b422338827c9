"""Whole numbers too long to be values, read so that the validator can say where they are.

Python refuses to convert a whole number of more than 4,300 digits (sys.int_max_str_digits) and
json.loads then fails for the whole text without saying where. No value we accept needs more than
a few digits (limits.MAX_ABS_VALUE, MAX_ORDERING_SEED), so a longer one is read as a float (huge,
or inf): the field's own check refuses it by name, e.g. "children[0].value: outside the allowed
range", and a float never passes a check for a whole number (depth, seq, seed).
"""

from __future__ import annotations

MAX_INT_DIGITS = 64
"""Most digits of a whole number in JSON read as a number. A longer one is read as a float, so the
field's own range check refuses it by name (`children[0].value: outside the allowed range`)."""


def bounded_int(text: str) -> int | float:
    """json.loads's parse_int: int for a number of at most MAX_INT_DIGITS characters, else float."""
    return int(text) if len(text) <= MAX_INT_DIGITS else float(text)
