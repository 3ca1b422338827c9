"""The test LMS's side of LTI Dynamic Registration (IMS LTI Dynamic Registration 1.0, written from the spec; the
platform's API is in tests/helpers/lti_platform.py): its OpenID configuration, and the checks of a tool's
registration request before it is given a client id.

    GET  /.well-known/openid-configuration      the platform's configuration (§3.4: issuer, endpoints, scopes, the
                                                 lti-platform-configuration claim)
    POST /register-tool                          the tool's registration (§3.5): JSON, Bearer registration token
                                                 (one use), answered with the registration and the client id (§3.6)
"""

from __future__ import annotations

import typing as t
from urllib.parse import urlsplit

from tests.helpers.lti_platform_protocol import AGS_SCOPES, NRPS_SCOPE, ProtocolError

TOOL_CONFIGURATION = "https://purl.imsglobal.org/spec/lti-tool-configuration"
PLATFORM_CONFIGURATION = "https://purl.imsglobal.org/spec/lti-platform-configuration"


def openid_configuration(issuer: str) -> dict[str, t.Any]:
    """What the platform publishes about itself (the spec's §3.4.1 example, with this platform's URLs)."""
    return {
        "issuer": issuer,
        "authorization_endpoint": f"{issuer}/auth",
        "registration_endpoint": f"{issuer}/register-tool",
        "jwks_uri": f"{issuer}/jwks",
        "token_endpoint": f"{issuer}/token",
        "token_endpoint_auth_methods_supported": ["private_key_jwt"],
        "token_endpoint_auth_signing_alg_values_supported": ["RS256"],
        "scopes_supported": ["openid", *AGS_SCOPES, NRPS_SCOPE],
        "response_types_supported": ["id_token"],
        "subject_types_supported": ["public", "pairwise"],
        "id_token_signing_alg_values_supported": ["RS256"],
        "claims_supported": ["sub", "iss", "name", "given_name", "family_name", "email"],
        PLATFORM_CONFIGURATION: {
            "product_family_code": "minimax-lab-test-lms",
            "version": "1.0",
            "messages_supported": [{"type": "LtiResourceLinkRequest"}, {"type": "LtiDeepLinkingRequest"}],
            "variables": [],
        },
    }


def _uri(body: t.Mapping[str, t.Any], name: str) -> str:
    value = body.get(name)
    parts = urlsplit(value) if isinstance(value, str) else None
    if parts is None or parts.scheme not in ("http", "https") or not parts.hostname:
        raise ProtocolError(f"{name} must be an http(s) URL, got {value!r}", error="invalid_client_metadata")
    return str(value)


def check_tool_registration(body: t.Any) -> dict[str, t.Any]:
    """A registration request as §3.5 asks it; its tool configuration claim (ProtocolError names what is wrong)."""
    if not isinstance(body, dict):
        raise ProtocolError("the registration must be a JSON object", error="invalid_client_metadata")
    fixed = {"application_type": "web", "token_endpoint_auth_method": "private_key_jwt"}
    for name, value in fixed.items():
        if body.get(name) != value:
            raise ProtocolError(f"{name} must be {value!r}, got {body.get(name)!r}", error="invalid_client_metadata")
    if body.get("response_types") != ["id_token"]:
        raise ProtocolError(f"response_types must be ['id_token'], got {body.get('response_types')!r}",
                            error="invalid_client_metadata")
    if not {"implicit", "client_credentials"} <= set(body.get("grant_types") or []):
        raise ProtocolError("grant_types must hold implicit and client_credentials", error="invalid_client_metadata")
    for name in ("initiate_login_uri", "jwks_uri"):
        _uri(body, name)
    redirects = body.get("redirect_uris")
    if not isinstance(redirects, list) or not redirects:
        raise ProtocolError("redirect_uris must be a list of one or more URLs", error="invalid_redirect_uri")
    for uri in redirects:
        _uri({"redirect_uris": uri}, "redirect_uris")
    if not isinstance(body.get("client_name"), str) or not body["client_name"]:
        raise ProtocolError("client_name is missing", error="invalid_client_metadata")
    configuration = body.get(TOOL_CONFIGURATION)
    if not isinstance(configuration, dict):
        raise ProtocolError(f"the {TOOL_CONFIGURATION} claim is missing", error="invalid_client_metadata")
    domain = configuration.get("domain")
    if not isinstance(domain, str) or not domain:
        raise ProtocolError("the tool configuration's domain is missing", error="invalid_client_metadata")
    target = _uri(configuration, "target_link_uri")
    for uri in (target, body["initiate_login_uri"], body["jwks_uri"], *redirects):
        if urlsplit(uri).netloc != domain:
            raise ProtocolError(f"{uri} is not on the tool's domain {domain!r}", error="invalid_client_metadata")
    for i, message in enumerate(configuration.get("messages") or []):
        if not isinstance(message, dict) or message.get("type") not in ("LtiResourceLinkRequest", "LtiDeepLinkingRequest"):
            raise ProtocolError(f"messages[{i}] has no known type", error="invalid_client_metadata")
    return configuration
