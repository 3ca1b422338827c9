"""An exercise's graded-use options (issue 26): whether the student may ask for a hint or the
solution, how many checks each student is allowed, and which score an LMS gradebook gets (issue 32: the best
of a student's checks or the latest, sent at each check made from a course's LTI launch).

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

GRADES = ("best", "latest")
"""Which of a student's scores an LMS gradebook shows (`"grade"`)."""


class Options(NamedTuple):
    hints: bool = True  # the Hint button and POST /hint
    solution: bool = True  # Show solution and GET /solution (the instructor's key opens it anyway)
    attempts: int | None = None  # checks allowed per student; None: no limit
    grade: str = "best"  # what an LMS gradebook gets at each check: the student's "best" score so far or the "latest"

    def to_json(self) -> dict[str, Any]:
        return {"hints": self.hints, "solution": self.solution, "attempts": self.attempts, "grade": self.grade}


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
    if "grade" in found and found["grade"] not in GRADES:
        raise InputError("grade", f"expected {' or '.join(GRADES)}")
    return DEFAULT._replace(**found), rest


def options_from_text(text: str | None) -> Options:
    """The options as stored (JSON text; NULL for an exercise made before they existed)."""
    return DEFAULT if text is None else DEFAULT._replace(**json.loads(text))


def options_text(options: Options) -> str:
    return json.dumps(options.to_json())
