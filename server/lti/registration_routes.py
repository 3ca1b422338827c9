"""The URL an LMS administrator pastes (LTI Dynamic Registration, dynamic_registration.py), and Canvas's JSON
configuration of a developer key:

    GET /lti/register?secret=SECRET&openid_configuration=URL[&registration_token=T]
        the platform opens this in its frame: we read its configuration, register with it, add it to the
        --lti-config file, and answer a page that tells the platform we are done ({subject: "org.imsglobal.lti.close"}
        posted to the window that opened us). A wrong or missing secret is refused (403), and a server started
        without --lti-registration-secret takes no registration (404).
    GET /lti/canvas.json
        the developer key's JSON for Canvas ("Enter URL"): title, OIDC initiation and target link URLs, our key
        set's URL, the scopes, and the deep-linking placements.

The registration pages may be framed by any site: the LMS that opens them is not known before the registration
(they hold no button a framing page could trick anyone into pressing).
"""

from __future__ import annotations

import hmac
import logging
from typing import Any

from flask import Blueprint, current_app, jsonify, render_template, request, url_for

from server.lti.dynamic_registration import ADD_LABEL, CLAIMS, SCOPES, TOOL_DESCRIPTION, TOOL_NAME, RegistrationError, register
from server.lti.platforms_file import add_registration
from server.lti.service_session import service_session
from server.lti.tool import LtiConfigError, Tool, read_tool_conf, tool
from server.quotas import limited
from server.transport.security_headers import content_security_policy

lti_register = Blueprint("lti_register", __name__, url_prefix="/lti")
log = logging.getLogger(__name__)

def page(template: str, status: int, **values: Any) -> Any:
    """A registration's page: any site may frame it, and the window that opened it keeps its handle on us
    (Cross-Origin-Opener-Policy same-origin, every other page's, would cut window.opener, and an LMS that opens the
    registration in a new window would never hear that it is done)."""
    response = current_app.make_response((render_template(template, **values), status))
    response.headers["Content-Security-Policy"] = content_security_policy((), ("*",))
    response.headers["Cross-Origin-Opener-Policy"] = "unsafe-none"
    return response


def our_base() -> str:
    """This server's root as the LMS reaches it (behind a proxy, the scheme it was reached by)."""
    return url_for("pages.index", _external=True).rstrip("/")


def refused(sentence: str, status: int) -> Any:
    log.warning("LTI registration refused: %s", sentence)
    return page("lti_register_refused.html", status, sentence=sentence)


def registering_tool() -> Tool | Any:
    """The tool when it takes registrations and the request's secret is its own; else the refusal's page."""
    found = tool()
    if found is None or not found.registration_secret:
        return refused("no registrations: this server was started without --lti-registration-secret (and "
                       "--lti-config): it takes no registrations (docs/lms.md)", 404)
    given = request.args.get("secret", "")
    if not hmac.compare_digest(given.encode("utf-8"), found.registration_secret.encode("utf-8")):
        return refused("wrong registration secret: the URL's secret is not this server's "
                       "(paste the registration URL exactly as the server's administrator gave it)", 403)
    return found


@lti_register.get("/register")
@limited("lti_registrations")
def register_page() -> Any:
    found = registering_tool()
    if not isinstance(found, Tool):
        return found
    openid_configuration = request.args.get("openid_configuration", "")
    if not openid_configuration:
        return refused("no openid_configuration: open this URL from the LMS's tool registration "
                       "(it adds the platform's configuration URL), not on its own", 400)
    token = request.args.get("registration_token") or None
    try:
        read_tool_conf(found.path, allow_empty=True)  # a file that cannot take one is said before the platform is asked
    except LtiConfigError as exc:
        return refused(f"configuration unusable: {exc}; nothing was asked of the platform", 500)
    try:
        done = register(openid_configuration, token, our_base(), service_session())
    except RegistrationError as exc:
        return refused(str(exc), 400)
    try:
        add_registration(found.path, done.issuer, done.registration, check=lambda file: read_tool_conf(str(file)))
    except (OSError, ValueError, LtiConfigError) as exc:
        log.error("LTI registration of %s (client %s) not stored: %s", done.issuer, done.registration["client_id"], exc)
        return refused(f"not stored: the platform registered this tool as client {done.registration['client_id']!r}, but "
                       f"the LTI configuration could not take it ({exc}); delete that registration in the LMS and "
                       "register again once the file is mended", 500)
    log.info("LTI platform registered: %s, client %s", done.issuer, done.registration["client_id"])
    return page("lti_registered.html", 200, platform=done.platform_name, issuer=done.issuer,
                client_id=done.registration["client_id"], deployments=done.registration["deployment_ids"])


@lti_register.get("/canvas.json")
def canvas_configuration() -> Any:
    """Canvas's LTI 1.3 developer key JSON (its "Enter URL" / "Paste JSON" method), for this server's address."""
    base = our_base()
    launch, domain = f"{base}/lti/launch", request.host
    deep_link = {"message_type": "LtiDeepLinkingRequest", "target_link_uri": launch, "text": ADD_LABEL}
    return jsonify({
        "title": TOOL_NAME,
        "description": TOOL_DESCRIPTION,
        "oidc_initiation_url": f"{base}/lti/login",
        "target_link_uri": launch,
        "public_jwk_url": f"{base}/lti/jwks",
        "scopes": list(SCOPES),
        "custom_fields": {},
        "extensions": [{
            "domain": domain,
            "tool_id": "minimax-lab",
            "platform": "canvas.instructure.com",
            "privacy_level": "public",
            "settings": {
                "text": TOOL_NAME,
                "placements": [
                    {"placement": "assignment_selection", **deep_link},
                    {"placement": "link_selection", **deep_link},
                    {"placement": "editor_button", **deep_link},
                ],
            },
        }],
        "claims": list(CLAIMS),
    })
