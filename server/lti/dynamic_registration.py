"""LTI Dynamic Registration (IMS LTI Dynamic Registration 1.0), the tool's side: what the pasted URL starts.

The platform opens /lti/register with `openid_configuration` (the URL of its OpenID configuration) and, usually,
`registration_token`. The tool reads the configuration (checked: its issuer is on the URL's host, its endpoints are
web addresses), posts its own registration to the platform's `registration_endpoint` (with the token as a Bearer
credential), and keeps what the platform answers (the client id it gave us, the deployment id when it gives one) with
the platform's endpoints as one registration of the configuration file (platforms_file.py). Every failure is a
RegistrationError whose sentence names what is wrong, for the page the administrator sees in the LMS's frame.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import Any, NamedTuple
from urllib.parse import urlsplit

import requests

from server.lti.platforms_file import PRIVATE_KEY, PUBLIC_KEY
from server.transport.frame_ancestors import FrameAncestorsError, origin_of

TOOL_CONFIGURATION = "https://purl.imsglobal.org/spec/lti-tool-configuration"
PLATFORM_CONFIGURATION = "https://purl.imsglobal.org/spec/lti-platform-configuration"
SCOPES = (
    "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem",
    "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly",
    "https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly",
    "https://purl.imsglobal.org/spec/lti-ags/scope/score",
    "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly",
)
"""What the tool asks for: grades (AGS: its line items, their results, scores) and the course's roster (NRPS)."""
CLAIMS = ("iss", "sub", "name", "given_name", "family_name", "email")
"""The identity claims a launch should carry: the results page names students as the LMS does."""
NEEDED_ENDPOINTS = ("issuer", "authorization_endpoint", "token_endpoint", "jwks_uri", "registration_endpoint")
MAX_ANSWER_BYTES = 256 * 1024
"""A platform's configuration or registration answer larger than this is refused (a real one is a few KB)."""
TIMEOUT_SECONDS = 10
TOOL_NAME = "Minimax Lab"
TOOL_DESCRIPTION = "Minimax and alpha-beta, step by step: exercises whose grades go to the course's gradebook."
ADD_LABEL = "Add a Minimax Lab exercise"
"""What the LMS's "add" menus call our deep linking (here and in Canvas's JSON)."""


class RegistrationError(Exception):
    """A registration that cannot go on: the sentence says what is wrong (the page and the log show it)."""


class Registered(NamedTuple):
    issuer: str
    registration: dict[str, Any]  # the configuration file's entry
    sent: dict[str, Any]  # what we posted
    answer: dict[str, Any]  # what the platform answered
    platform_name: str


def _web_address(value: Any, what: str) -> str:
    parts = urlsplit(value) if isinstance(value, str) else None
    if parts is None or parts.scheme not in ("http", "https") or not parts.hostname:
        raise RegistrationError(f"not a web address: the platform's {what} is not an http(s) URL: {str(value)[:200]!r}")
    return str(value)


def _json_answer(response: requests.Response, what: str) -> dict[str, Any]:
    """The answer's JSON object, read at most MAX_ANSWER_BYTES (then closed); RegistrationError naming what is wrong."""
    with response:
        body = b""
        try:
            for chunk in response.iter_content(64 * 1024):
                body += chunk
                if len(body) > MAX_ANSWER_BYTES:
                    raise RegistrationError(f"answer too large: the platform's {what} is larger than {MAX_ANSWER_BYTES // 1024} KB")
        except requests.RequestException as exc:  # a broken or mis-compressed body, or one too slow
            raise RegistrationError(f"platform unreachable: the platform's {what} could not be read ({type(exc).__name__})") from None
    if response.status_code >= 300:
        text = body.decode("utf-8", "replace").strip()[:300]
        raise RegistrationError(f"platform refused: the platform answered the {what} with HTTP {response.status_code}"
                                f"{': ' + text if text else ''}")
    try:
        data = json.loads(body)
    except ValueError:
        raise RegistrationError(f"not JSON: the platform's {what} is not JSON") from None
    if not isinstance(data, dict):
        raise RegistrationError(f"not JSON: the platform's {what} is not a JSON object")
    return data


def platform_description(platform: dict[str, Any]) -> dict[str, Any]:
    """The configuration's lti-platform-configuration claim ({} when it has none)."""
    described = platform.get(PLATFORM_CONFIGURATION)
    return described if isinstance(described, dict) else {}


def read_platform(openid_configuration: str, session: requests.Session) -> dict[str, Any]:
    """The platform's OpenID configuration, checked: LTI Dynamic Registration asks that its issuer be on the host
    the configuration came from (a page cannot register us under another platform's name)."""
    url = _web_address(openid_configuration, "openid_configuration URL")
    try:
        response = session.get(url, headers={"Accept": "application/json"}, timeout=TIMEOUT_SECONDS, stream=True,
                               allow_redirects=False)
    except requests.RequestException as exc:
        raise RegistrationError(f"platform unreachable: the platform's configuration at {url} could not be read "
                                f"({type(exc).__name__})") from None
    platform = _json_answer(response, "OpenID configuration")
    for name in NEEDED_ENDPOINTS:
        _web_address(platform.get(name), name)
    issuer = urlsplit(platform["issuer"])
    if issuer.hostname != urlsplit(url).hostname:
        raise RegistrationError(f"issuer on another host: the platform's issuer {platform['issuer']!r} is not on the host "
                                f"of its configuration URL ({urlsplit(url).hostname}): the registration is refused")
    try:  # its origin may frame our pages (frame_origins.py): a plain origin, nothing a policy could read as more
        origin_of(platform["issuer"])
        plain = not (issuer.username or issuer.password or issuer.query or issuer.fragment)
    except FrameAncestorsError:
        plain = False
    if not plain:
        raise RegistrationError(f"issuer not plain: the platform's issuer {platform['issuer'][:200]!r} is not an http(s) "
                                "address with a plain host and port")
    return platform


def tool_registration(base: str) -> dict[str, Any]:
    """What we post to the platform: our OpenID client metadata and the LTI tool configuration (`base`: our root)."""
    base = base.rstrip("/")
    return {
        "application_type": "web",
        "response_types": ["id_token"],
        "grant_types": ["implicit", "client_credentials"],
        "initiate_login_uri": f"{base}/lti/login",
        "redirect_uris": [f"{base}/lti/launch"],
        "client_name": TOOL_NAME,
        "jwks_uri": f"{base}/lti/jwks",
        "token_endpoint_auth_method": "private_key_jwt",
        "scope": " ".join(SCOPES),
        TOOL_CONFIGURATION: {
            "domain": urlsplit(base).netloc,
            "description": TOOL_DESCRIPTION,
            "target_link_uri": f"{base}/lti/launch",
            "claims": list(CLAIMS),
            "messages": [
                {"type": "LtiDeepLinkingRequest", "target_link_uri": f"{base}/lti/launch",
                 "label": ADD_LABEL},
                {"type": "LtiResourceLinkRequest", "target_link_uri": f"{base}/lti/launch", "label": TOOL_NAME},
            ],
        },
    }


def post_registration(platform: dict[str, Any], sent: dict[str, Any], token: str | None,
                      session: requests.Session) -> dict[str, Any]:
    """The platform's answer to our registration (it holds the client id it gave us)."""
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    try:
        response = session.post(platform["registration_endpoint"], data=json.dumps(sent), headers=headers,
                                timeout=TIMEOUT_SECONDS, stream=True, allow_redirects=False)
    except requests.RequestException as exc:
        raise RegistrationError(f"platform unreachable: the platform's registration endpoint could not be reached "
                                f"({type(exc).__name__})") from None
    answer = _json_answer(response, "registration")
    if not isinstance(answer.get("client_id"), str) or not answer["client_id"]:
        raise RegistrationError("no client id: the platform's answer to the registration gives no client_id")
    return answer


def deployment_of(answer: dict[str, Any]) -> str | None:
    configuration = answer.get(TOOL_CONFIGURATION)
    found = configuration.get("deployment_id") if isinstance(configuration, dict) else None
    return str(found) if isinstance(found, (str, int)) and not isinstance(found, bool) and str(found) else None


def configuration_entry(platform: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
    """The registration as the configuration file keeps it (pylti1p3's fields, and where it came from)."""
    deployment = deployment_of(answer)
    described = platform_description(platform)
    return {
        "client_id": answer["client_id"],
        "auth_login_url": platform["authorization_endpoint"],
        "auth_token_url": platform["token_endpoint"],
        "auth_audience": platform.get("authorization_server") if isinstance(platform.get("authorization_server"), str) else None,
        "key_set_url": platform["jwks_uri"],
        "key_set": None,
        "private_key_file": PRIVATE_KEY,
        "public_key_file": PUBLIC_KEY,
        "deployment_ids": [deployment] if deployment else [],
        **({} if deployment else {"any_deployment": True}),
        "registered": {"at": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"), "by": "LTI Dynamic Registration",
                       "product_family_code": str(described.get("product_family_code") or "")[:100]},
    }


def register(openid_configuration: str, token: str | None, base: str, session: requests.Session) -> Registered:
    """The whole exchange: read the platform, post our registration, make its entry (the caller stores it)."""
    platform = read_platform(openid_configuration, session)
    sent = tool_registration(base)
    answer = post_registration(platform, sent, token, session)
    name = str(platform_description(platform).get("product_family_code") or urlsplit(platform["issuer"]).hostname)[:100]
    return Registered(platform["issuer"], configuration_entry(platform, answer), sent, answer, name)
