"""A student's answer as the tally counts it: one of the question's choices, a number (or a window
of two) written as every page writes it, or "other". Nothing a student types is kept or shown as
typed: 935 connections answering "999" to a prune question, or 40 characters of anything, count
under "other", and the tally and the reveal carry only choices, numbers and "other".

Numbers are read as the page reads them (`parseValue`, static/js/predict/predict_questions.js:
`3`, `-2.5`, `1e3`, `inf`, `-∞`) and written as it writes them (`answerText` in
static/js/classroom/class_question.js: JavaScript's `String(x)`, a non-integer to six significant
digits), so the instructor's answer key and a student's typed answer meet in one spelling.
"""

from __future__ import annotations

import math
import re
from decimal import Decimal
from typing import Any

OTHER = "other"
"""What the tally counts an answer outside the question's choices or form as."""

_NUMBER = re.compile(r"[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?")
_INFINITE = re.compile(r"([-+]?)(inf|infinity|∞)")
_WINDOW = re.compile(r"\[([^,\[\]]+),([^,\[\]]+)\]")


def number(text: str) -> float | None:
    """The number a student typed, as parseValue reads it; None when it is not one."""
    s = re.sub(r"\s+", "", text.strip().lower().replace("\u2212", "-"))
    if (m := _INFINITE.fullmatch(s)) is not None:
        return -math.inf if m.group(1) == "-" else math.inf
    if not _NUMBER.fullmatch(s):
        return None
    try:
        x = float(s)
    except (ValueError, OverflowError):
        return None
    return x if not math.isnan(x) else None


def number_text(x: float) -> str:
    """x as the page writes an answer: "3", "-inf", "2.5", six significant digits at most."""
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    if x.is_integer() and abs(x) < 1e21:
        return str(int(x))
    y = float(f"{x:.6g}")
    if y.is_integer() and abs(y) < 1e21:
        return str(int(y))
    s = repr(y)
    if 1e-6 <= abs(y) < 1e21:
        return format(Decimal(s), "f")  # JavaScript writes these without an exponent
    return re.sub(r"e([+-])0*(\d)", r"e\1\2", s)  # 1.5e-07 as JavaScript writes it: 1.5e-7


def window_text(text: str) -> str | None:
    m = _WINDOW.fullmatch(re.sub(r"\s+", "", text.strip()))
    if m is None:
        return None
    a, b = number(m.group(1)), number(m.group(2))
    return None if a is None or b is None else f"[{number_text(a)}, {number_text(b)}]"


def in_form(kind: str, choices: list[str] | None, text: str) -> str | None:
    """`text` in the spelling the tally counts for this question, or None when it is out of form."""
    if choices is not None:
        return text if text in choices else None
    if kind == "window":
        return window_text(text)
    x = number(text)
    return None if x is None else number_text(x)


def counted(question: dict[str, Any], text: str) -> str:
    """What an answer counts as: its spelling in the question's form, or OTHER."""
    return in_form(question["kind"], question.get("choices"), text) or OTHER
