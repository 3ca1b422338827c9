"""An exercise's solution page when its solution is hidden (graded use; issue 46, part 5): 403 and a page saying so.

Before, /x/<id>/solution of an exercise made with "solution": false rendered the app, whose script was refused the
trace (403) and then drew the lecture tree under a small red note, which a student could take for the solution.
Now the page route asks first and, unless the request is the instructor's (?key= the results key, or ?lti= an
instructor's LMS launch: server/practice/api.py is_instructor), answers 403 with templates/solution_hidden.html:
what is hidden and by whom, a link back to the exercise, and no script or tree. The REST API's 403 stays JSON.
"""

from __future__ import annotations

from flask import Response, abort, make_response, render_template, request

from server.http.not_found import not_found
from server.practice.api import is_instructor, load


def require_solution_shown(exercise_id: str, back_query: str) -> None:
    """Return when this request may see the exercise's solution; else end it with the hidden page (or not-found,
    for an exercise deleted since the caller's check)."""
    loaded = load(exercise_id)
    if loaded is None:
        not_found("exercises", exercise_id)
    if not loaded.options.solution and not is_instructor(loaded):
        abort(solution_hidden_page(exercise_id, back_query))


def solution_hidden_page(exercise_id: str, back_query: str) -> Response:
    """The 403 page; embedded (no header, the way back stays in the frame) under /embed."""
    embedded = request.path.startswith("/embed/")
    page = render_template("solution_hidden.html", exercise_id=exercise_id, embedded=embedded,
                           back_url=f"{'/embed' if embedded else ''}/x/{exercise_id}{back_query}")
    return make_response(page, 403)
