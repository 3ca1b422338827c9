"""Deep linking (IMS LTI Deep Linking 2.0): an instructor adding Minimax Lab to a course picks what the link opens,
and the LMS gets a resource link back.

    GET  /lti/deep-link?launch=<id>   the picker: make a graded exercise (a tree, alpha-beta or minimax, the
                                      graded-use options and which score the gradebook gets), or give the results
                                      link of one already made, or give any view's link (ungraded, embedded)
    POST /lti/deep-link               the choice: answers a page whose button posts our signed answer (a JWT with
                                      one ltiResourceLink) to the platform's deep_link_return_url

A link's `url` (the launch's target_link_uri) is the page's own address: https://<our host>/x/<id> for an exercise
(with a line item out of 100 for the gradebook), /embed?... for a view. Making an exercise here, or giving its
results link (which holds its key), adds the course to it (server/lti/courses.py): then the course's instructors
open its results from the LMS. A bad field re-shows the picker with the field's error; nothing is made from it.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs, urlsplit

from flask import Blueprint, current_app, render_template, request, url_for
from pylti1p3.deep_link_resource import DeepLinkResource

from search import InputError
from search.algorithms.registry import REGISTRY
from server.http.not_found import KINDS, WHAT, is_stored
from server.lti.courses import add_course
from server.lti.exercise_launches import launch_claims
from server.lti.frame_origins import frame_ancestors
from server.lti.grades import line_item
from server.lti.launches import MESSAGE_TYPE, course, course_title, teaches
from server.lti.routes import refused
from server.lti.tool import tool
from server.practice.api import is_results_key, new_exercise
from server.quotas import limited
from server.transport.frame_ancestors import FrameAncestorsError, origin_of
from server.transport.security_headers import content_security_policy

lti_deep_link = Blueprint("lti_deep_link", __name__, url_prefix="/lti")

SETTINGS = "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings"
LECTURE_TREE = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"
MAX_TITLE_CHARS = 200
VIEW_PATHS = ("/", "/embed")
"""Pages a view link may name (with their query), besides a shared tree /t/<id> or trace /r/<id>."""


class PickError(Exception):
    """A field of the picker's form that cannot be used: its name and what is wrong."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(problem)
        self.field = field


def deep_link_launch(launch_id: str) -> dict[str, Any] | tuple[str, int]:
    """The claims of an instructor's deep-linking launch, or the refusal page."""
    claims = launch_claims(launch_id)
    if claims is None or claims.get(MESSAGE_TYPE) != "LtiDeepLinkingRequest":
        return refused("this deep-linking launch is unknown or has expired: add the tool again from your course", 404)
    if not teaches(claims):
        return refused("only a course's instructors add Minimax Lab links to it", 403)
    return claims


@lti_deep_link.get("/deep-link")
def picker() -> Any:
    claims = deep_link_launch(request.args.get("launch", ""))
    if not isinstance(claims, dict):
        return claims
    return picker_page(claims, request.args["launch"], {})


def picker_page(claims: dict[str, Any], launch_id: str, form: dict[str, str], error: PickError | None = None,
                status: int = 200) -> tuple[str, int]:
    values = {"tree": LECTURE_TREE, "algorithm": "alphabeta", "grade": "best", "hints": "on", "solution": "on",
              "choice": "new", **form}
    return render_template("lti_deep_link.html", launch=launch_id, course=course_title(claims), values=values,
                           algorithms=graded_tree_algorithms(),
                           error=error, error_field=None if error is None else error.field), status


def graded_tree_algorithms() -> list[tuple[str, str]]:
    """(id, words) of the searches a graded exercise on a MAX-and-MIN tree practises (search.algorithms.registry: one
    pass, two players, no chance nodes), the pruning ones first: "alpha-beta (values and cuts)", "minimax (values)"."""
    fits = [a for a in REGISTRY.values() if a.single_pass and a.players == "two" and a.chance != "yes"]
    return [(a.id, f"{a.name} ({'values and cuts' if a.ties else 'values'})") for a in sorted(fits, key=lambda a: not a.ties)]


@lti_deep_link.post("/deep-link")
@limited("exercises")
def pick() -> Any:
    launch_id = request.form.get("launch", "")
    claims = deep_link_launch(launch_id)
    if not isinstance(claims, dict):
        return claims
    lti_tool = tool()
    assert lti_tool is not None  # launch_claims found a launch, so LTI is configured
    form = {name: value for name, value in request.form.items() if name != "launch"}
    try:
        resource, made = chosen_resource(form, claims)
    except PickError as error:
        return picker_page(claims, launch_id, form, error, 400)
    return_url = claims[SETTINGS]["deep_link_return_url"]
    try:
        return_origin = origin_of(return_url)
    except FrameAncestorsError:
        return refused("deep linking: the platform's deep_link_return_url is not an http(s) address this page can post to")
    answer = lti_tool.restored(launch_id).get_deep_link().get_response_jwt([resource])
    response = current_app.make_response(render_template(
        "lti_deep_link_sent.html", return_url=return_url, jwt=answer, title=resource.get_title(), url=resource.get_url(),
        course=course_title(claims), made=made))
    # Our pages post forms only to ourselves; this one posts to the platform, and only there.
    response.headers["Content-Security-Policy"] = content_security_policy(
        (), frame_ancestors(current_app), (return_origin,))
    return response


def chosen_resource(form: dict[str, str], claims: dict[str, Any]) -> tuple[DeepLinkResource, dict[str, str] | None]:
    """(the link for the platform, the made exercise's {id, results} or None); PickError naming the field."""
    title = form.get("title", "").strip()[:MAX_TITLE_CHARS]
    choice = form.get("choice")
    if choice == "view":
        url = view_url(form.get("view", ""))
        return DeepLinkResource().set_url(url).set_title(title or "Minimax Lab"), None
    if choice == "mine":
        exercise_id = own_exercise(form.get("results", ""))
        made = None
    elif choice == "new":
        exercise_id, key = made_exercise(form)
        made = {"id": exercise_id, "results": url_for("pages.exercise_results", exercise_id=exercise_id, _external=True)
                + f"?key={key}"}
    else:
        raise PickError("choice", "choose an exercise to make, an exercise you made, or a view")
    where = course(claims)
    if where is not None:
        add_course(current_app.extensions["minimax_store"], exercise_id, *where)
    title = title or f"Minimax Lab exercise {exercise_id}"
    url = url_for("pages.exercise_page", exercise_id=exercise_id, _external=True)
    return DeepLinkResource().set_url(url).set_title(title).set_lineitem(line_item(exercise_id, title)), made


def made_exercise(form: dict[str, str]) -> tuple[str, str]:
    try:
        tree = json.loads(form.get("tree", ""))
    except ValueError as exc:
        raise PickError("tree", f"not JSON: {exc}") from None
    attempts = form.get("attempts", "").strip()
    if attempts and not attempts.isdigit():
        raise PickError("attempts", "a whole number, or empty for no limit")
    body = {"tree": tree, "algorithm": form.get("algorithm", "alphabeta"), "hints": form.get("hints") == "on",
            "solution": form.get("solution") == "on", "attempts": int(attempts) if attempts else None,
            "grade": form.get("grade", "best")}
    try:
        return new_exercise(body)
    except InputError as exc:
        field = exc.where.split(".")[0].split("[")[0] or "tree"
        raise PickError(field if field in ("tree", "algorithm", "attempts", "grade") else "tree", str(exc)) from None


def own_exercise(link: str) -> str:
    """The exercise of a results link /x/<id>/results?key=... whose key is right."""
    parts = urlsplit(link.strip())
    segments = parts.path.strip("/").split("/")
    key = (parse_qs(parts.query).get("key") or [""])[0]
    if len(segments) != 3 or segments[0] != "x" or segments[2] != "results" or not key:
        raise PickError("results", "expected the results link you were given with the exercise: …/x/<id>/results?key=…")
    if not is_results_key(segments[1], key):
        raise PickError("results", f"no exercise {segments[1]!r} with that results key")
    return segments[1]


def view_url(link: str) -> str:
    """The embedded form of a view's link (the main page with its parameters, a shared tree or a trace)."""
    parts = urlsplit(link.strip())
    path = parts.path or "/"
    query = f"?{parts.query}" if parts.query else ""
    segments = path.strip("/").split("/")
    if path in VIEW_PATHS:
        embedded = "/embed" + query
    elif len(segments) == 2 and segments[0] in ("t", "r") and segments[1]:
        embedded = f"/embed/{segments[0]}/{segments[1]}{query}"
    elif len(segments) == 3 and segments[0] == "embed" and segments[1] in ("t", "r"):
        embedded = path + query
    else:
        raise PickError("view", "expected a Minimax Lab link: the page with its settings (…/?example=lecture&step=30), "
                                "a shared tree …/t/<id> or a trace …/r/<id>")
    shared = segments[-2:] if embedded.startswith(("/embed/t/", "/embed/r/")) else None
    if shared is not None and not is_stored(KINDS[shared[0]], shared[1]):  # never a course link to a not-found page
        raise PickError("view", f"no {WHAT[KINDS[shared[0]]]} with id {shared[1]!r} is stored on this server")
    return request.url_root.rstrip("/") + embedded

