"""The page's instructor key: who made a class, so the limit on classes running is an instructor's, not a whole
campus NAT address's, and an instructor can list and end their classes from any tab.

The page makes the key once (32 random hex digits in localStorage, static/js/classroom/instructor_key.js) and sends
it with `class:create`, `class:mine` and, instead of a class's key, `class:close`. Only a keyed hash of it is stored
(room_records.instructor_of). A client that sends none (a script) is counted by its address, as before.
"""

from __future__ import annotations

import re
from typing import Any

from search.errors import InputError, quoted

INSTRUCTOR_KEY = re.compile(r"[A-Za-z0-9_-]{16,64}")


def instructor_key_of(data: Any, required: bool = False) -> str | None:
    """The message's `instructor` field: None when absent (and not `required`), else 16 to 64 letters, digits, - or _."""
    value = data.get("instructor") if isinstance(data, dict) else None
    if value is None and not required:
        return None
    if not isinstance(value, str) or not INSTRUCTOR_KEY.fullmatch(value):
        raise InputError("instructor", f"expected the page's instructor key (16 to 64 letters, digits, - or _), got {quoted(value)}")
    return value
