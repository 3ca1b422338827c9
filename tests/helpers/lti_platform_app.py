"""The test LMS's HTTP endpoints (a Flask app over one LtiPlatform): JWKS, OIDC authorization, OAuth2
token, AGS, the deep linking return and a course page. Every refusal is a 4xx naming the reason and
is appended to `platform.errors`. The API is in tests/helpers/lti_platform.py.
"""

from __future__ import annotations

import html
import json
import typing as t

from flask import Flask, Response, request

from tests.helpers.lti_platform_ags import Gradebook
from tests.helpers.lti_platform_nrps import MEMBERSHIP_TYPE, cursor, memberships_page
from tests.helpers.lti_platform_protocol import (
    NRPS_SCOPE,
    SCOPE_LINEITEM,
    SCOPE_LINEITEM_READ,
    SCOPE_RESULT_READ,
    SCOPE_SCORE,
    ProtocolError,
    ServiceRequest,
    check_authorization_request,
    check_client_assertion,
    check_deep_link_response,
    granted_scopes,
    token_scopes,
)
from tests.helpers.lti_platform_registration import openid_configuration

if t.TYPE_CHECKING:
    from tests.helpers.lti_platform import LtiPlatform

LINEITEM_TYPE = "application/vnd.ims.lis.v2.lineitem+json"
CONTAINER_TYPE = "application/vnd.ims.lis.v2.lineitemcontainer+json"
SCORE_TYPE = "application/vnd.ims.lis.v1.score+json"
RESULTS_TYPE = "application/vnd.ims.lis.v2.resultcontainer+json"
READ_SCOPES = (SCOPE_LINEITEM, SCOPE_LINEITEM_READ)


def create_platform_app(platform: LtiPlatform) -> Flask:
    """The platform's routes; `platform` keeps every record they read and write."""
    app = Flask("lti_test_platform")

    def refuse(exc: ProtocolError, as_json: bool = False) -> Response:
        platform.record_error(request.path, exc.status, exc.reason)
        if as_json:
            body = json.dumps({"error": exc.error, "error_description": exc.reason}, allow_nan=False)
            return Response(body, exc.status, content_type="application/json")
        return Response(exc.reason, exc.status, content_type="text/plain; charset=utf-8")

    @app.get("/jwks")
    def jwks() -> t.Any:
        return platform.conf.get_jwks()

    @app.route("/auth", methods=["GET", "POST"])
    def auth() -> t.Any:
        params = (request.args if request.method == "GET" else request.form).to_dict()
        try:
            check_authorization_request(params, platform.client_id, platform.redirect_uris)
            page = platform.authorize(params)
        except ProtocolError as exc:
            return refuse(exc)
        return Response(page, 200, content_type="text/html; charset=utf-8")

    @app.post("/token")
    def token() -> t.Any:
        form = request.form.to_dict()
        try:  # under the lock: lti1p3platform keeps the JWT being checked on the shared conf object
            with platform.lock:
                check_client_assertion(platform.conf, form, platform.token_url, platform.seen_jti)
                scopes = granted_scopes(form["scope"])
                answer = platform.conf.get_access_token({**form, "scope": " ".join(scopes)})
        except ProtocolError as exc:
            return refuse(exc, as_json=True)
        platform.record_token(scopes)
        return {**answer, "token_type": "Bearer"}

    def ags(call: t.Callable[[Gradebook], t.Any], scopes: t.Sequence[str], content_type: str | None,
            answer_type: str, context_id: str) -> Response:
        try:
            held = token_scopes(platform.conf.get_registration(), request.headers.get("Authorization"))
            if not any(scope in held for scope in scopes):
                raise ProtocolError(f"the access token's scopes {held} hold none of {list(scopes)}", 403, "insufficient_scope")
            if content_type and request.mimetype != content_type:
                raise ProtocolError(f"Content-Type must be {content_type}, got {request.mimetype!r}", 415)
            if content_type and not isinstance(request.get_json(force=True, silent=True), dict):
                raise ProtocolError("the body must be a JSON object")
            if context_id not in platform.contexts:
                raise ProtocolError(f"no context {context_id!r}", 404)
        except ProtocolError as exc:
            return refuse(exc, as_json=True)
        service = Gradebook(platform, ServiceRequest(request), context_id)
        answer = service.handle_resp(lambda: call(service))
        if answer.code >= 400:
            platform.record_error(request.path, answer.code, answer.message)
            return Response(json.dumps({"error": answer.message}, allow_nan=False), answer.code,
                            content_type="application/json")
        body = answer.result["content"] if isinstance(answer.result, dict) and "content" in answer.result else answer.result
        return Response(json.dumps(body if body is not None else {}, allow_nan=False), answer.code, content_type=answer_type)

    @app.route("/contexts/<context_id>/lineitems", methods=["GET", "POST"])
    def lineitems(context_id: str) -> Response:
        if request.method == "GET":
            return ags(lambda s: s.handle_get_lineitems(), READ_SCOPES, None, CONTAINER_TYPE, context_id)
        return ags(lambda s: s.handle_create_lineitem(), (SCOPE_LINEITEM,), LINEITEM_TYPE, LINEITEM_TYPE, context_id)

    @app.route("/contexts/<context_id>/lineitems/<item_id>", methods=["GET", "PUT"])
    def lineitem(context_id: str, item_id: str) -> Response:
        if request.method == "GET":
            return ags(lambda s: s.handle_get_lineitem(item_id), READ_SCOPES, None, LINEITEM_TYPE, context_id)
        return ags(lambda s: s.handle_update_lineitem(item_id), (SCOPE_LINEITEM,), LINEITEM_TYPE, LINEITEM_TYPE, context_id)

    @app.post("/contexts/<context_id>/lineitems/<item_id>/scores")
    def scores(context_id: str, item_id: str) -> Response:
        return ags(lambda s: s.handle_update_score(item_id), (SCOPE_SCORE,), SCORE_TYPE, "application/json", context_id)

    @app.get("/contexts/<context_id>/lineitems/<item_id>/results")
    def results(context_id: str, item_id: str) -> Response:
        return ags(lambda s: s.handle_get_results(item_id), (SCOPE_RESULT_READ,), None, RESULTS_TYPE, context_id)

    @app.post("/deep-link-return")
    def deep_link_return() -> t.Any:
        try:
            with platform.lock:
                items = check_deep_link_response(platform.conf, request.form.get("JWT", ""), platform.deployment_id,
                                                 platform.pending_deep_link_data, platform.seen_deep_link_nonces)
            links = platform.add_deep_link_items(items)
        except ProtocolError as exc:
            return refuse(exc)
        added = "".join(f'<li data-resource-link-id="{html.escape(link.id)}">{html.escape(link.title)}</li>' for link in links)
        return (f"<!doctype html><html><head><title>Content added</title></head><body><h1>Content added</h1>"
                f'<ul id="added">{added}</ul></body></html>')

    @app.get("/.well-known/openid-configuration")
    def openid_configuration_answer() -> t.Any:
        return openid_configuration(platform.advertised_issuer or platform.issuer)

    @app.post("/register-tool")
    def register_tool() -> t.Any:
        try:
            if request.mimetype != "application/json":
                raise ProtocolError(f"Content-Type must be application/json, got {request.mimetype!r}", 415)
            answer = platform.register_tool(request.get_json(force=True, silent=True), request.headers.get("Authorization"))
        except ProtocolError as exc:
            return refuse(exc, as_json=True)
        return Response(json.dumps(answer, allow_nan=False), 200, content_type="application/json")

    @app.get("/contexts/<context_id>/memberships")
    def memberships(context_id: str) -> Response:
        try:
            held = token_scopes(platform.conf.get_registration(), request.headers.get("Authorization"))
            if NRPS_SCOPE not in held:
                raise ProtocolError(f"the access token's scopes {held} do not hold {NRPS_SCOPE}", 403, "insufficient_scope")
            if MEMBERSHIP_TYPE not in request.headers.get("Accept", ""):
                raise ProtocolError(f"Accept must name {MEMBERSHIP_TYPE}", 406)
            if context_id not in platform.contexts:
                raise ProtocolError(f"no context {context_id!r}", 404)
            if platform.roster_refusal is not None:
                raise ProtocolError("the roster is not available now", platform.roster_refusal, "temporarily_unavailable")
            page, limit = int(request.args.get("page", 1)), int(request.args.get("limit", platform.members_per_page))
            if "cursor" in request.args and request.args["cursor"] != cursor(page):
                raise ProtocolError(f"cursor {request.args['cursor']!r} is not the one this platform's next link gave", 400)
        except ValueError:
            return refuse(ProtocolError("page and limit must be whole numbers"), as_json=True)
        except ProtocolError as exc:
            return refuse(exc, as_json=True)
        body, next_url = memberships_page(platform, context_id, platform.memberships_url(context_id), page, min(limit, platform.members_per_page))
        with platform.lock:
            platform.roster_requests.append({"context": context_id, "page": page})
        response = Response(json.dumps(body, allow_nan=False), 200, content_type=MEMBERSHIP_TYPE)
        if next_url:
            response.headers["Link"] = f'<{next_url}>; rel="next"'
        return response

    @app.get("/admin/add-tool")
    def add_tool() -> t.Any:
        """The administrator's page: the pasted registration URL opened in a frame (as Moodle and Canvas open it);
        the frame's close message is shown in #closed."""
        src = platform.registration_url(request.args.get("url", ""))
        if request.args.get("window"):  # as an LMS that opens the registration in a new window: the close comes to opener
            opener = (f'<button id="open-registration" type="button" data-src="{html.escape(src)}">Register</button>'
                      '<script>document.getElementById("open-registration").addEventListener("click", (e) => '
                      'window.open(e.target.dataset.src, "registration", "width=700,height=600"));</script>')
        else:
            opener = f'<iframe id="registration" title="Tool registration" src="{html.escape(src)}"></iframe>' 
        script = ('window.addEventListener("message", (e) => { if (e.data && e.data.subject === "org.imsglobal.lti.close") '
                  '{ document.getElementById("closed").textContent = JSON.stringify(e.data); } });')
        return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Add a tool</title>'
                f'<meta name="viewport" content="width=device-width, initial-scale=1">'
                f'<style>body{{font-family:sans-serif;margin:1rem}}iframe{{width:100%;height:560px;border:1px solid #999}}</style>'
                f'<script>{script}</script></head><body><h1>Site administration: add an LTI tool</h1>'
                f'<p>Dynamic registration. Close message: <code id="closed">none yet</code></p>'
                f'{opener}</body></html>')

    @app.get("/course/<link_id>")
    def course(link_id: str) -> t.Any:
        link, user = platform.links.get(link_id), platform.users.get(request.args.get("user", ""))
        if link is None or user is None:
            reason = f"no resource link {link_id!r}" if link is None else f"no user {request.args.get('user')!r} (?user=<login>)"
            return refuse(ProtocolError(reason, 404))
        src = platform.login_url(user, link)
        ctx = platform.contexts[link.context_id]
        return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>{html.escape(ctx["label"])}</title>'
                f'<meta name="viewport" content="width=device-width, initial-scale=1">'
                f'<style>body{{font-family:sans-serif;margin:2rem}}iframe{{width:100%;height:640px;border:1px solid #999}}</style>'
                f'</head><body><h1>{html.escape(ctx["label"])}: {html.escape(ctx["title"])}</h1>'
                f'<p>This week: {html.escape(link.title)}. Work through it below; your score goes to the gradebook.</p>'
                f'<iframe id="lti-frame" title="{html.escape(link.title)}" src="{html.escape(src)}"></iframe></body></html>')

    return app
