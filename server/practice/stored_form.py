"""What the database keeps of an exercise (issue 31): a generated exercise is kept as its request (the
"generate" options with their seed, and the settings), not as its tree, so it costs the quota what its request
costs: a depth-8 tree of 6,561 leaves is a few hundred bytes, not 740 KB. Reading it back draws the tree again
from the seed (search.practice.generate: the same seed always gives the same tree); the exercise is then
cached (server/practice/cache.py). Every other exercise, and every one stored before, is kept as its tree.
"""

from __future__ import annotations

import json
from typing import Any

from search.practice import Exercise, exercise_from_json, parse_exercise


def stored_body(request: dict[str, Any], exercise: Exercise) -> str:
    """The JSON text to store for `exercise`, made from the (valid) `request` its maker sent."""
    if request.get("generate") is None:
        return json.dumps(exercise.to_json(), allow_nan=False)
    rebuild: dict[str, Any] = {"generate": request["generate"], "algorithm": exercise.algorithm, "ties": exercise.ties}
    if exercise.kind == "values":  # the built kinds have no ask (search/practice/kinds.py)
        rebuild["ask"] = list(exercise.ask)
    rebuild.update(exercise.settings_json())
    return json.dumps(rebuild, allow_nan=False)


def stored_exercise(data: dict[str, Any]) -> Exercise:
    """An exercise as stored, read back: drawn again from its "generate" request, or from its tree."""
    return parse_exercise(data) if "generate" in data else exercise_from_json(data)
