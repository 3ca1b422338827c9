"""An instructor's launch into an exercise their course did not add by deep linking (a link made by hand, or a
course copied for the next term: a new context id): a page asks once for the exercise's results link, which holds
its key; the course is then added (server/lti/courses.py) and this launch and every later one of the course's
instructors opens the results. The page also links the exercise as students see it.

    GET  /lti/attach?launch=<id>     the page
    POST /lti/attach                 launch, results: 303 to the results; a wrong link re-shows the page (400)
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from flask import Blueprint, current_app, redirect, render_template, request, url_for

from server.http.not_found import require_stored
from server.lti.courses import add_course
from server.lti.deep_linking import PickError, own_exercise
from server.lti.exercise_launches import launch_claims
from server.lti.launches import course, course_title, exercise_of, teaches
from server.lti.routes import refused

lti_attach = Blueprint("lti_attach", __name__, url_prefix="/lti")


def teachers_launch(launch_id: str) -> dict[str, Any] | tuple[str, int]:
    claims = launch_claims(launch_id)
    if claims is None or exercise_of(claims) is None or course(claims) is None:
        return refused("this course launch is unknown or has expired: open the link again from your course", 404)
    if not teaches(claims):
        return refused("only a course's instructors open an exercise's results", 403)
    require_stored("exercises", str(exercise_of(claims)))  # a link to an exercise since gone: the not-found page
    return claims


def page(claims: dict[str, Any], launch_id: str, error: PickError | None = None, status: int = 200) -> tuple[str, int]:
    exercise_id = exercise_of(claims)
    return render_template("lti_attach.html", launch=launch_id, exercise_id=exercise_id, course=course_title(claims),
                           student_view=f"/x/{exercise_id}?{urlencode({'lti': launch_id})}", error=error,
                           results=request.form.get("results", "")), status


@lti_attach.get("/attach")
def attach_page() -> Any:
    launch_id = request.args.get("launch", "")
    claims = teachers_launch(launch_id)
    return page(claims, launch_id) if isinstance(claims, dict) else claims


@lti_attach.post("/attach")
def attach() -> Any:
    launch_id = request.form.get("launch", "")
    claims = teachers_launch(launch_id)
    if not isinstance(claims, dict):
        return claims
    exercise_id = str(exercise_of(claims))
    try:
        if own_exercise(request.form.get("results", "")) != exercise_id:
            raise PickError("results", f"that results link is another exercise's; this link opens exercise {exercise_id!r}")
    except PickError as error:
        return page(claims, launch_id, error, 400)
    add_course(current_app.extensions["minimax_store"], exercise_id, *course(claims))  # type: ignore[misc]
    return redirect(url_for("pages.exercise_results", exercise_id=exercise_id) + "?" + urlencode({"lti": launch_id}), 303)
