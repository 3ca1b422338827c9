"""The next exercise for a misconception over HTTP (issue 50, part 4: practice that follows the student).

    GET /api/practice/next?misconception=ID[&after=<exercise id>][&algorithm=<search>]
        -> 200 {id, url: /x/<id>, misconception, algorithm}

The engine chooses the tree (search.practice.next_tree: a generated tree on which that idea changes the answer,
drawn from the misconception and `after`); this module only makes and stores it the way POST /api/exercises does
(server/practice/api.py's new_exercise: the same validation, storage as its "generate" request, the stored-bytes
quota), counted against the "exercises" quota of POST /api/exercises, since each request stores one.

`after` only seeds the draw: it must look like an exercise id (400 naming `after` otherwise), and one the store
does not hold is fine, so a client may pass any exercise it has, and no request reads the store to answer.
The results key made with the exercise is not handed out: a practice tree is nobody's to grade, so its
results and the solution-hidden switch stay closed to everyone (the student's own checks, hints and solution
work without a key, as for any exercise made with the default options).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, request, url_for

from search import InputError
from search.misconceptions import CATALOGUE
from search.practice.next_tree import next_request
from server.http.not_found import SAVED_ID
from server.http.trees_api import refuse
from server.practice.api import new_exercise
from server.quotas import limited

practice_next_api = Blueprint("practice_next_api", __name__, url_prefix="/api/practice")
practice_next_api.register_error_handler(InputError, refuse)


@practice_next_api.get("/next")
@limited("exercises")
def next_exercise() -> Any:
    """Make and store the next tree for ?misconception= (400 naming the parameter for a missing or unknown one,
    an `after` that is not an exercise id, or an `algorithm` the slip is no slip of)."""
    misconception = request.args.get("misconception", "")
    if not misconception:
        raise InputError("misconception", f"expected a misconception's id: one of {', '.join(CATALOGUE)}")
    after = request.args.get("after") or None
    if after is not None and not SAVED_ID.fullmatch(after):
        raise InputError("after", "expected an exercise's id (1 to 64 of A-Z a-z 0-9 _ -)")
    body = next_request(misconception, after, algorithm=request.args.get("algorithm") or None)
    exercise_id, _results_key = new_exercise(body)  # the key is dropped: nobody grades a practice tree
    made = {"id": exercise_id, "url": url_for("pages.exercise_page", exercise_id=exercise_id),
            "misconception": misconception, "algorithm": body["algorithm"]}
    return jsonify(made), 200, {"Cache-Control": "no-store"}  # a GET that stores: never answered from a cache
