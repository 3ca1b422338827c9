"""The LTI 1.3 endpoints (IMS LTI 1.3 Core and the OIDC third-party-initiated login; docs/lms.md):

    GET|POST /lti/login    the platform starts a login: we check its issuer and answer a redirect to its
                           authorization endpoint with a fresh state (cookie) and nonce
    POST     /lti/launch   the platform posts the signed id_token: pylti1p3 checks state, nonce (once), issuer,
                           client id (audience), signature and expiry against the platform's keys, deployment and
                           message; then a student goes to the link's page (an exercise with `?lti=<launch id>`), an
                           instructor to the exercise's results, a deep-linking request to /lti/deep-link
    GET      /lti/jwks     our public keys, for the platform to check what we sign (deep-linking answers, the
                           client assertions that get a token for grades)

A refused login or launch answers 400 (403 for a bad signature or replay) with a page naming what is wrong,
and stores nothing.
"""

from __future__ import annotations

import logging
from typing import Any
from urllib.parse import urlencode

from flask import Blueprint, current_app, jsonify, redirect, render_template, request, url_for

from server.lti.course_roster import remember_roster
from server.lti.courses import course_has
from server.lti.launches import course, exercise_of, target_path, teaches
from server.lti.refusals import refusal, unverified_claims
from server.lti.tool import Tool, tool
from server.quotas import limited

lti = Blueprint("lti", __name__, url_prefix="/lti")
log = logging.getLogger(__name__)


def refused(sentence: str, status: int = 400) -> tuple[str, int]:
    log.warning("LTI launch refused: %s", sentence)
    return render_template("lti_refused.html", sentence=sentence), status


def configured() -> Tool | tuple[str, int]:
    found = tool()
    return found if found is not None else refused("this server takes no LMS launches: it was started without "
                                                   "--lti-config (docs/lms.md)", 404)


@lti.route("/login", methods=["GET", "POST"])
@limited("lti_logins")
def login() -> Any:
    lti_tool = configured()
    if not isinstance(lti_tool, Tool):
        return lti_tool
    issuer = request.values.get("iss", "")
    try:
        return lti_tool.oidc_login().redirect(url_for("lti.launch", _external=True))
    except Exception as exc:  # pylti1p3 raises OIDCException, and bare Exception for an unknown issuer
        return refused("login: " + refusal(str(exc), {"iss": issuer}, lambda _: [], lambda _: False))


@lti.post("/launch")
def launch() -> Any:
    lti_tool = configured()
    if not isinstance(lti_tool, Tool):
        return lti_tool
    store = lti_tool.store()
    message = lti_tool.message_launch(store)
    try:
        claims = message.get_launch_data()  # validates everything, then stores the launch
    except Exception as exc:  # LtiException, and bare Exception for an unknown issuer or client
        sentence = refusal(str(exc), unverified_claims(request.form.get("id_token")),
                           lambda issuer: configured_clients(lti_tool, issuer), store.nonce_was_used)
        return refused(sentence, 403 if sentence.startswith(("bad signature", "replayed")) else 400)
    store.nonce_spent()
    remember_roster(current_app.extensions["minimax_store"], claims)  # the course's roster, when the launch offers it
    launch_id = message.get_launch_id()
    if message.is_deep_link_launch():
        return redirect(url_for("lti_deep_link.picker", launch=launch_id), 303)
    return redirect(landing(claims, launch_id), 303)


def landing(claims: dict[str, Any], launch_id: str) -> str:
    """Where a resource link's launch goes: its exercise with the launch (a student), the exercise's results (an
    instructor of a course it was added to; else the page that adds the course with the results link), or the view
    it names; the home page for a target not of ours."""
    exercise_id = exercise_of(claims)
    if exercise_id is None:
        return target_path(claims) or "/"
    where = course(claims)
    if teaches(claims) and where is not None:
        if not course_has(current_app.extensions["minimax_store"], exercise_id, *where):
            return url_for("lti_attach.attach_page", launch=launch_id)  # a course not added by deep linking: ask once
        return url_for("pages.exercise_results", exercise_id=exercise_id) + "?" + urlencode({"lti": launch_id})
    path = (target_path(claims) or f"/x/{exercise_id}").split("?")[0]
    return path + "?" + urlencode({"lti": launch_id})


def configured_clients(lti_tool: Tool, issuer: str) -> list[str]:
    return [str(r.get("client_id")) for r in lti_tool.conf.registrations(issuer)]


@lti.get("/jwks")
def jwks() -> Any:
    lti_tool = configured()
    if not isinstance(lti_tool, Tool):
        return lti_tool
    return jsonify(lti_tool.conf.get_jwks())
