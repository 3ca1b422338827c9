"""An exercise's graded-use options (issue 26): whether the student may ask for a hint or the
solution, and how many checks each student is allowed.

They ride on POST /api/exercises beside the engine's fields; the engine's parse_exercise refuses
fields it does not know, so they are taken off the body here first, and stored with the exercise
(an exercise saved before they existed has the defaults: hints and solution on, no limit).
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from search import InputError

MAX_ATTEMPTS_ALLOWED = 100
"""The most checks per student an exercise may allow (`"attempts"`: 1 to this, or null for no limit)."""


class Options(NamedTuple):
    hints: bool = True  # the Hint button and POST /hint
    solution: bool = True  # Show solution and GET /solution (the instructor's key opens it anyway)
    attempts: int | None = None  # checks allowed per student; None: no limit

    def to_json(self) -> dict[str, Any]:
        return {"hints": self.hints, "solution": self.solution, "attempts": self.attempts}


DEFAULT = Options()


def take_options(body: dict[str, Any]) -> tuple[Options, dict[str, Any]]:
    """(the options, the rest of the body for the engine); 400 naming the field for a bad value."""
    rest = dict(body)
    found = {name: rest.pop(name) for name in Options._fields if name in rest}
    for name in ("hints", "solution"):
        if name in found and not isinstance(found[name], bool):
            raise InputError(name, "expected true or false")
    attempts = found.get("attempts")
    if attempts is not None and (isinstance(attempts, bool) or not isinstance(attempts, int)
                                 or not 1 <= attempts <= MAX_ATTEMPTS_ALLOWED):
        raise InputError("attempts", f"expected null (no limit) or a whole number from 1 to {MAX_ATTEMPTS_ALLOWED}")
    return DEFAULT._replace(**found), rest


def options_from_text(text: str | None) -> Options:
    """The options as stored (JSON text; NULL for an exercise made before they existed)."""
    return DEFAULT if text is None else DEFAULT._replace(**json.loads(text))


def options_text(options: Options) -> str:
    return json.dumps(options.to_json())
