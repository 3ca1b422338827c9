"""The test LMS's LTI 1.3 messages, built on lti1p3platform (OpenLearning's platform side) and checked
more strictly than it checks them (tests/helpers/lti_platform.py has the story and the API).

From lti1p3platform: the registration (keys, JWKS with a kid, RS256 signing), the id_token's claims
(user, roles, resource link, context, launch presentation, custom, deep linking settings), the
preflight checks of the OIDC authorization request, fetching the tool's JWKS and verifying the tool's
JWTs with it, the access token it issues, and the AGS service's Bearer check and handlers.
Written here, because lti1p3platform does not do it: the stricter checks of the authorization
request (response_type, response_mode, scope, prompt, registered redirect_uri), of the client
assertion (iss == sub == client_id, aud == token URL, exp present, jti unseen: it checks none of
these) and of the deep linking response (iss, aud, nonce, deployment, the echoed `data`: it decodes
with verify_aud off and checks only the message type), the AGS claim (its scope list leaves out
lineitem.readonly when lineitem is granted and edits a list while iterating it), scopes per endpoint
(it accepts a token holding any AGS scope for every endpoint), and the refused ("tampered") id_tokens.
"""

from __future__ import annotations

import html
import time
import typing as t

import jwt
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from lti1p3platform.ltiplatform import LTI1P3PlatformConfAbstract
from lti1p3platform.message_launch import LTIAdvantageMessageLaunchAbstract
from lti1p3platform.registration import Registration
from lti1p3platform.request import Request, TRequest

LTI = "https://purl.imsglobal.org/spec/lti/claim/"
DL = "https://purl.imsglobal.org/spec/lti-dl/claim/"
AGS_CLAIM = "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint"
AGS_SCOPE = "https://purl.imsglobal.org/spec/lti-ags/scope/"
SCOPE_LINEITEM = AGS_SCOPE + "lineitem"
SCOPE_LINEITEM_READ = AGS_SCOPE + "lineitem.readonly"
SCOPE_RESULT_READ = AGS_SCOPE + "result.readonly"
SCOPE_SCORE = AGS_SCOPE + "score"
AGS_SCOPES = (SCOPE_LINEITEM, SCOPE_LINEITEM_READ, SCOPE_RESULT_READ, SCOPE_SCORE)
NRPS_SCOPE = "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly"
CLIENT_ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"
TAMPERS = ("expired", "bad_signature", "wrong_audience", "unknown_issuer", "no_deployment_id")
UNKNOWN_ISSUER = "https://unknown-lms.invalid"
OTHER_CLIENT_ID = "another-tool-client"


class ProtocolError(Exception):
    """A request the platform refuses: `status` and a reason that names what is wrong."""

    def __init__(self, reason: str, status: int = 400, error: str = "invalid_request") -> None:
        super().__init__(reason)
        self.reason, self.status, self.error = reason, status, error


def new_rsa_pem_pair() -> tuple[str, str]:
    """A fresh 2048-bit RSA key pair as (private PKCS#8 PEM, public SubjectPublicKeyInfo PEM)."""
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    private = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption()).decode()
    public = key.public_key().public_bytes(serialization.Encoding.PEM,
                                           serialization.PublicFormat.SubjectPublicKeyInfo).decode()
    return private, public


class DictRequest(Request):
    """lti1p3platform's request interface over a plain dict of parameters (Flask is ours, not its)."""

    def build_metadata(self, request: t.Any) -> TRequest:
        return {"method": "GET", "form_data": {}, "get_data": dict(request), "headers": {}, "content_type": None,
                "path": "", "json": None}


class ServiceRequest(Request):
    """lti1p3platform's request interface over one Flask request (for its AGS handlers)."""

    def build_metadata(self, request: t.Any) -> TRequest:
        return {"method": request.method, "form_data": request.form.to_dict(), "get_data": request.args.to_dict(),
                "headers": request.headers, "content_type": request.content_type, "path": request.path,
                "json": request.get_json(force=True, silent=True) if request.method in ("POST", "PUT") else None}


class PlatformConf(LTI1P3PlatformConfAbstract):
    """One registration: this platform and the one tool. The tool's JWKS is fetched for every
    verification (no cache), so a tool restarted with new keys is still verified."""

    def init_platform_config(self, **kwargs: t.Any) -> None:
        self._registration = kwargs["registration"]

    def get_registration_by_params(self, **kwargs: t.Any) -> Registration:
        return self._registration

    def get_tool_key_set(self) -> t.Any:
        url = self._registration.get_tool_key_set_url()
        return self.fetch_public_key(url)


def registration(issuer: str, client_id: str, deployment_id: str, private_pem: str, public_pem: str,
                 tool_jwks_url: str, tool_launch_url: str, tool_login_url: str) -> Registration:
    """lti1p3platform's registration of the tool on this platform."""
    return (Registration().set_iss(issuer).set_client_id(client_id).set_deployment_id(deployment_id)
            .set_platform_private_key(private_pem).set_platform_public_key(public_pem)
            .set_tool_key_set_url(tool_jwks_url).set_launch_url(tool_launch_url)
            .set_deeplink_launch_url(tool_launch_url).set_oidc_login_url(tool_login_url))


def check_authorization_request(params: t.Mapping[str, str], client_id: str, redirect_uris: t.Collection[str]) -> None:
    """The OIDC authorization request as LTI 1.3 (Security Framework §5.1.1.2) writes it."""
    expected = {"scope": "openid", "response_type": "id_token", "response_mode": "form_post", "prompt": "none"}
    for name, value in expected.items():
        if params.get(name) != value:
            raise ProtocolError(f"{name} must be {value!r}, got {params.get(name)!r}")
    if params.get("client_id") != client_id:
        raise ProtocolError(f"client_id {params.get('client_id')!r} is not registered (expected {client_id!r})")
    if params.get("redirect_uri") not in redirect_uris:
        raise ProtocolError(f"redirect_uri {params.get('redirect_uri')!r} is not a registered launch URL "
                            f"({sorted(redirect_uris)})")
    for name in ("state", "nonce", "login_hint", "lti_message_hint"):
        if not params.get(name):
            raise ProtocolError(f"{name} is missing")


class PlatformLaunch(LTIAdvantageMessageLaunchAbstract):
    """One id_token for one authorization request: lti1p3platform's claims, signed here so that a
    test can ask for it `tamper`ed (one of TAMPERS) and for the deep linking request."""

    tamper: str | None = None
    deep_link: bool = False

    def render_launch_form(self, launch_data: dict[str, t.Any], **kwargs: t.Any) -> str:
        return auto_submit_form(launch_data["launch_url"], {"id_token": launch_data["id_token"],
                                                            "state": launch_data["state"]})

    def generate_launch_request(self) -> t.Any:
        message, state = self.get_launch_data()
        if self.deep_link and self._deep_linking_launch_data:
            message[LTI + "message_type"] = "LtiDeepLinkingRequest"
            message.pop(LTI + "resource_link", None)
            message.update(self._deep_linking_launch_data)
        return {"state": state, "id_token": sign_id_token(self._registration, message, self.id_token_expiration,
                                                          self.tamper)}


def sign_id_token(reg: Registration, message: dict[str, t.Any], lifetime: int, tamper: str | None) -> str:
    """The platform's signature on `message`, valid for `lifetime` seconds, or with one thing wrong."""
    now = int(time.time())
    message = {**message, "iat": now, "exp": now + lifetime}
    key = reg.get_platform_private_key()
    if tamper == "expired":
        message.update(iat=now - 2 * lifetime, exp=now - lifetime)
    elif tamper == "wrong_audience":
        message.update(aud=OTHER_CLIENT_ID, azp=OTHER_CLIENT_ID)
    elif tamper == "unknown_issuer":
        message["iss"] = UNKNOWN_ISSUER
    elif tamper == "bad_signature":
        key = new_rsa_pem_pair()[0]  # the platform's kid, another key: the tool finds the key, the signature fails
    elif tamper == "no_deployment_id":
        message.pop(LTI + "deployment_id", None)  # signed as it is: the tool's deployment check refuses it
    elif tamper is not None:
        raise ValueError(f"tamper must be one of {TAMPERS}, got {tamper!r}")
    return Registration.encode_and_sign(message, key, headers={"kid": reg.get_kid()})


def auto_submit_form(action: str, fields: t.Mapping[str, str]) -> str:
    """An HTML page whose form POSTs `fields` to `action` as soon as it loads (a platform's page)."""
    inputs = "".join(f'<input type="hidden" name="{html.escape(k)}" value="{html.escape(v)}">' for k, v in fields.items())
    return (f'<!doctype html><html><head><title>Launching</title></head><body>'
            f'<form id="lti-launch" method="post" action="{html.escape(action)}">{inputs}'
            f'<noscript><button type="submit">Continue</button></noscript></form>'
            f'<script>document.getElementById("lti-launch").submit();</script></body></html>')


def ags_claim(lineitems_url: str, lineitem_url: str | None) -> dict[str, t.Any]:
    """The AGS endpoint claim of a launch (LTI AGS 2.0 §3.1)."""
    claim: dict[str, t.Any] = {"scope": list(AGS_SCOPES), "lineitems": lineitems_url}
    if lineitem_url:
        claim["lineitem"] = lineitem_url
    return {AGS_CLAIM: claim}


def check_client_assertion(conf: PlatformConf, form: t.Mapping[str, str], token_url: str, seen_jti: set[str]) -> None:
    """The client credentials request of the LTI Security Framework §4.1: what lti1p3platform does not
    check. The signature and exp are checked here and again by lti1p3platform."""
    if form.get("grant_type") != "client_credentials":
        raise ProtocolError(f"grant_type must be 'client_credentials', got {form.get('grant_type')!r}",
                            error="unsupported_grant_type")
    if form.get("client_assertion_type") != CLIENT_ASSERTION_TYPE:
        raise ProtocolError(f"client_assertion_type must be {CLIENT_ASSERTION_TYPE!r}")
    for name in ("client_assertion", "scope"):
        if not form.get(name):
            raise ProtocolError(f"{name} is missing")
    try:
        claims = conf.tool_validate_and_decode(form["client_assertion"])
    except Exception as exc:  # lti1p3platform and PyJWT raise many kinds; each one is a refusal
        raise ProtocolError(f"client_assertion refused: {exc}", 401, "invalid_client") from exc
    client_id = conf.get_registration().get_client_id()
    if not (claims.get("iss") == claims.get("sub") == client_id):
        raise ProtocolError(f"client_assertion iss {claims.get('iss')!r} and sub {claims.get('sub')!r} must both be "
                            f"the client_id {client_id!r}", 401, "invalid_client")
    audiences = claims.get("aud") if isinstance(claims.get("aud"), list) else [claims.get("aud")]
    if token_url not in audiences:
        raise ProtocolError(f"client_assertion aud {claims.get('aud')!r} must be the token URL {token_url!r}",
                            401, "invalid_client")
    if not isinstance(claims.get("exp"), (int, float)) or claims["exp"] <= time.time():
        raise ProtocolError("client_assertion exp is missing or past", 401, "invalid_client")
    jti = claims.get("jti")
    if not jti or jti in seen_jti:
        raise ProtocolError(f"client_assertion jti {jti!r} is missing or was used before", 401, "invalid_client")
    seen_jti.add(jti)


def granted_scopes(requested: str) -> list[str]:
    """The AGS and NRPS scopes of a space-separated request (others are dropped, RFC 6749 §3.3)."""
    granted = [scope for scope in requested.split() if scope in AGS_SCOPES or scope == NRPS_SCOPE]
    if not granted:
        raise ProtocolError(f"no AGS or NRPS scope in {requested!r}", error="invalid_scope")
    return granted


def token_scopes(reg: Registration, authorization: str | None) -> list[str]:
    """The scopes of a Bearer access token this platform issued (checked again by lti1p3platform)."""
    parts = (authorization or "").split()
    if len(parts) != 2 or parts[0].lower() != "bearer":
        raise ProtocolError("Authorization: Bearer <access token> is missing", 401, "invalid_token")
    try:
        claims = Registration.decode_and_verify(parts[1], reg.get_platform_public_key())
    except jwt.PyJWTError as exc:
        raise ProtocolError(f"access token refused: {exc}", 401, "invalid_token") from exc
    return str(claims.get("scopes", "")).split()


def check_deep_link_response(conf: PlatformConf, token: str, deployment_id: str, pending_data: set[str],
                             seen_nonces: set[str]) -> list[dict[str, t.Any]]:
    """A deep linking response (LTI DL 2.0 §4.2): its content items once every claim checks out."""
    try:
        items = conf.validate_deeplinking_resp({"JWT": token})
        claims = jwt.decode(token, options={"verify_signature": False})
    except Exception as exc:  # lti1p3platform and PyJWT raise many kinds; each one is a refusal
        raise ProtocolError(f"deep linking response refused: {exc}") from exc
    reg = conf.get_registration()
    if claims.get("iss") != reg.get_client_id():
        raise ProtocolError(f"iss {claims.get('iss')!r} must be the client_id {reg.get_client_id()!r}")
    audiences = claims.get("aud") if isinstance(claims.get("aud"), list) else [claims.get("aud")]
    if reg.get_iss() not in audiences:
        raise ProtocolError(f"aud {claims.get('aud')!r} must be the platform issuer {reg.get_iss()!r}")
    nonce = claims.get("nonce")
    if not nonce or nonce in seen_nonces:
        raise ProtocolError(f"nonce {nonce!r} is missing or was used before")
    if claims.get(LTI + "deployment_id") != deployment_id:
        raise ProtocolError(f"deployment_id {claims.get(LTI + 'deployment_id')!r} must be {deployment_id!r}")
    if claims.get(LTI + "version") != "1.3.0":
        raise ProtocolError(f"version {claims.get(LTI + 'version')!r} must be '1.3.0'")
    data = claims.get(DL + "data")
    if data not in pending_data:
        raise ProtocolError(f"data {data!r} is not the data of a deep linking request (or was answered before)")
    if len(items) > 1:
        raise ProtocolError(f"{len(items)} content items, but the request said accept_multiple false")
    seen_nonces.add(nonce)
    pending_data.discard(data)
    return items
