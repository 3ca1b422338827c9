"""A refused LTI login or launch in words that name what is wrong (pylti1p3's messages are terse: "Invalid Nonce",
"Registration not found.", "deployment_id is not set in jwt body", "Can't decode id_token: Signature has expired"),
for the page the LMS shows in its frame and for the server's log. Nothing is stored from a refused launch: pylti1p3
stores a launch only once every check passed.

REFUSALS is the table: each row a kind of refusal (the words every sentence of that kind starts with, and
docs/lms.md's table names), the pylti1p3 messages it takes (a pattern, and one real message as an example), and our
sentence. Every message pylti1p3 (2.0) raises while it checks a login (oidc_login.py) or a launch
(message_launch.py's validate chain, message_validators/, the tool configuration's lookups) has a row; a message no
row takes (a later pylti1p3's) still gets our words in front: "the launch is not valid LTI 1.3: <message>".
tests/lti/test_refusals.py walks the table, pylti1p3's source and docs/lms.md.
"""

from __future__ import annotations

import json
import re
from base64 import urlsafe_b64decode
from dataclasses import dataclass
from typing import Any, Callable

LTI = "https://purl.imsglobal.org/spec/lti/claim/"
DEEP_LINKING_SETTINGS = "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings"
QUOTE_CHARS = 200
"""The most of a claim (or a URL from the configuration) a sentence repeats."""
FALLBACK = "the launch is not valid LTI 1.3"
"""The words in front of a message no row of REFUSALS takes."""
FALLBACK_MESSAGE_CHARS = 300


def unverified_claims(id_token: str | None) -> dict[str, Any]:
    """The id_token's claims without checking them: only to word a refusal (never to trust)."""
    try:
        body = (id_token or "").split(".")[1]
        data = json.loads(urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    except (IndexError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _cut(value: Any, limit: int = QUOTE_CHARS) -> str:
    text = value if isinstance(value, str) else json.dumps(value) if value is not None else ""
    return text if len(text) <= limit else text[:limit] + "..."


@dataclass(frozen=True)
class Refused:
    """What a sentence may use: pylti1p3's message (and the row's match of it), the launch's unverified claims (at a
    login, only the issuer the platform sent), and this tool's lookups."""

    message: str
    match: re.Match[str]
    claims: dict[str, Any]
    configured_clients: Callable[[str], list[str]]
    nonce_was_used: Callable[[str], bool]

    @property
    def issuer(self) -> str:
        return _cut(self.claims.get("iss", ""))

    def claim(self, name: str) -> str:
        """An LTI claim (`deployment_id`, `message_type`, `version`) as the id_token gave it, quoted short."""
        return repr(_cut(self.claims.get(LTI + name)))

    def group(self, name: str) -> str:
        return _cut(self.match.group(name))


def _always(_: Refused) -> bool:
    return True


@dataclass(frozen=True)
class Refusal:
    """One row: the `kind` every sentence of it starts with, the pylti1p3 messages it takes (`pattern`, matched whole;
    `example` is one of them, as pylti1p3 raises it), when it applies (`when`, on the claims) and the sentence."""

    kind: str
    pattern: str
    example: str
    says: Callable[[Refused], str]
    when: Callable[[Refused], bool] = _always
    status: int = 400
    """The page's HTTP status (routes.py gives 403 to the kinds it names, 400 to the rest)."""


def _wrong_audience(r: Refused) -> str:
    clients = r.configured_clients(str(r.claims.get("iss", "")))
    return (f"wrong audience: the id_token is for client {_cut(r.claims.get('aud'))!r}, but this tool's client id at "
            f"{r.issuer!r} is {' or '.join(repr(c) for c in clients) or 'not configured'}")


def _bad_signature(why: str) -> Callable[[Refused], str]:
    return lambda r: f"bad signature: the id_token is not signed by a key the platform publishes at its key_set_url ({why})"


def _is_login(r: Refused) -> bool:
    """A login's refusal: routes.py gives it the issuer alone (a launch's id_token always has more claims)."""
    return set(r.claims) <= {"iss"}


_TOKEN = "Can't decode id_token: "

REFUSALS: tuple[Refusal, ...] = (
    # --- who the platform is: the issuer, the client, the configuration ---------------------------------------------
    Refusal("no issuer", r"Could not find issuer", "Could not find issuer",
            lambda r: "no issuer: the platform's login request names no issuer (iss)"),
    Refusal("no issuer", r'"iss" is empty', '"iss" is empty',
            lambda r: "no issuer: the id_token has no iss claim naming the platform"),
    Refusal("no login hint", r"Could not find login hint", "Could not find login hint",
            lambda r: "no login hint: the platform's login request has no login_hint naming the user"),
    Refusal("unknown client", r"iss .* \[client_id=(?P<client>.*)\] not found in settings",
            "iss https://lms.example [client_id=another-tool] not found in settings",
            lambda r: (f"unknown client {r.group('client')!r}: the platform {r.issuer!r} has no registration with that "
                       "client id in this server's LTI configuration" if r.group("client") != "None" else
                       f"unknown client: the login names no client_id, and the platform {r.issuer!r} has several "
                       "registrations in this server's LTI configuration"),
            when=_is_login),
    Refusal("wrong audience", r"Client id not registered for this issuer|iss .* \[client_id=.*\] not found in settings",
            "Client id not registered for this issuer", _wrong_audience),
    Refusal("wrong audience", rf"({re.escape(_TOKEN)})?(Invalid audience|Audience doesn't match|Invalid claim format in token).*",
            _TOKEN + "Invalid audience",
            lambda r: f"wrong audience: the id_token's aud {_cut(r.claims.get('aud'))!r} is not this tool's client id"),
    Refusal("unknown issuer", r"Config is not set", "Config is not set",
            lambda r: f"unknown issuer {r.issuer!r}: this server's LTI configuration lists no platform yet"),
    Refusal("unknown issuer", r"Registration not found\.|Could not find registration details|iss .* not found in settings",
            "iss https://unknown-lms.invalid not found in settings",
            lambda r: (f"unknown issuer {r.issuer!r}: no platform with that issuer is in this server's LTI configuration"
                       if r.issuer else "unknown issuer: the platform is not in this server's LTI configuration")),
    Refusal("no launch URL", r"No launch URL configured", "No launch URL configured",
            lambda r: "no launch URL: this server gave the login no address to send the platform back to (a fault of "
                      "this server, not of the platform)"),
    # --- the browser's login: state and nonce ------------------------------------------------------------------------
    Refusal("state", r"State not found", "State not found",
            lambda r: ("state: the launch's state does not match the login this browser started (cookies blocked, or "
                       "the login started elsewhere); launch again from the course")),
    Refusal("state", r"Missing state param", "Missing state param",
            lambda r: "state: the launch carries no state from the login; launch again from the course"),
    Refusal("no nonce", r'"nonce" is empty', '"nonce" is empty', lambda r: "no nonce: the id_token has no nonce"),
    Refusal("replayed nonce", r"Invalid Nonce", "Invalid Nonce",
            lambda r: "replayed nonce: this id_token was already used for a launch; launch again from the course",
            when=lambda r: bool(r.claims.get("nonce")) and r.nonce_was_used(str(r.claims["nonce"])), status=403),
    Refusal("unknown nonce", r"Invalid Nonce", "Invalid Nonce",
            lambda r: "unknown nonce: this tool did not start this login (or started it more than 10 minutes ago)"),
    # --- the id_token itself: there, readable, signed, in time -------------------------------------------------------
    Refusal("no id_token", r"Missing id_token", "Missing id_token",
            lambda r: "no id_token: the launch posted no id_token (the platform sends id_token and state)"),
    Refusal("malformed id_token", r"Invalid id_token, JWT must contain 3 parts", "Invalid id_token, JWT must contain 3 parts",
            lambda r: "malformed id_token: a JWT is three parts separated by dots"),
    Refusal("malformed id_token", r"Invalid JWT format, can't be decoded", "Invalid JWT format, can't be decoded",
            lambda r: "malformed id_token: its header or claims are not base64url-encoded JSON"),
    Refusal("malformed id_token",
            rf"{re.escape(_TOKEN)}(?P<why>Not enough segments|Invalid (header|payload|crypto) (padding|string).*|"
            r".* must be (an integer|a number|a string)\.?|Invalid token type.*)",
            _TOKEN + "Invalid crypto padding",
            lambda r: f"malformed id_token: the signed token cannot be read ({r.group('why')})"),
    Refusal("bad signature", re.escape(_TOKEN) + r"Signature verification failed", _TOKEN + "Signature verification failed",
            _bad_signature("the signature does not verify"), status=403),
    Refusal("bad signature", r"Unable to find public key", "Unable to find public key",
            _bad_signature("none of its keys has the id_token's key id, kid, and algorithm"), status=403),
    Refusal("bad signature", r"JWT KID not found", "JWT KID not found",
            _bad_signature("the id_token's header names no key id, kid"), status=403),
    Refusal("bad signature", r"JWT ALG not found", "JWT ALG not found",
            _bad_signature("the id_token's header names no algorithm, alg"), status=403),
    Refusal("bad signature",
            rf"{re.escape(_TOKEN)}(The specified alg value is not allowed|Algorithm not s(upported|pecified)|"
            r"Key ID header parameter must be a string|Invalid 'crit' header.*|Unsupported critical extension.*)",
            _TOKEN + "The specified alg value is not allowed",
            _bad_signature("its header's algorithm or key id is not the key's"), status=403),
    Refusal("expired token", re.escape(_TOKEN) + r"Signature has expired", _TOKEN + "Signature has expired",
            lambda r: "expired token: the id_token's exp has passed; launch again from the course"),
    Refusal("token not yet valid", rf"{re.escape(_TOKEN)}The token is not yet valid \((?P<claim>iat|nbf)\)",
            _TOKEN + "The token is not yet valid (iat)",
            lambda r: (f"token not yet valid: the id_token's {r.group('claim')} is in the future (the platform's clock "
                       "is ahead of this server's)")),
    Refusal("bad id_token", rf"{re.escape(_TOKEN)}(?P<why>.*)", _TOKEN + 'Token is missing the "exp" claim',
            lambda r: f"bad id_token: the signed token fails a check of its claims ({_cut(r.group('why'))})"),
    # --- the platform's public keys, fetched from its key_set_url ----------------------------------------------------
    Refusal("platform keys", r"Invalid URL: (?P<url>.*)", "Invalid URL: lms.example/jwks",
            lambda r: f"platform keys: the key_set_url {r.group('url')!r} in this server's LTI configuration is not an "
                      "http(s) URL"),
    Refusal("platform keys", r"Error during fetch URL (?P<url>\S*): .*", "Error during fetch URL https://lms.example/jwks: timed out",
            lambda r: f"platform keys: the platform's public keys could not be fetched from {r.group('url')!r}; launch "
                      "again later"),
    Refusal("platform keys", r"Invalid response from (?P<url>\S*)\. Must be JSON: .*",
            "Invalid response from https://lms.example/jwks. Must be JSON: <html>",
            lambda r: f"platform keys: {r.group('url')!r} did not answer a JSON key set"),
    Refusal("platform keys", r"Can't convert JWT key to PEM format", "Can't convert JWT key to PEM format",
            lambda r: "platform keys: the key the platform publishes for the id_token's kid is not a usable public key"),
    # --- the deployment ------------------------------------------------------------------------------------------------
    Refusal("no deployment id", r"deployment_id is not set in jwt body", "deployment_id is not set in jwt body",
            lambda r: ("no deployment id: the id_token has no deployment_id claim, so this tool cannot tell which "
                       "placement of it in the LMS launched")),
    Refusal("unknown deployment id", r"Unable to find deployment", "Unable to find deployment",
            lambda r: (f"unknown deployment id {r.claim('deployment_id')}: {r.issuer!r} has no deployment of that id in "
                       "this server's LTI configuration")),
    # --- the message: its type, and the claims each type must carry ----------------------------------------------------
    Refusal("no message type", r"Invalid message type", "Invalid message type",
            lambda r: "no message type: the id_token has no message_type claim (LtiResourceLinkRequest, LtiDeepLinkingRequest)"),
    Refusal("unknown message type", r"Unrecognized message type", "Unrecognized message type",
            lambda r: (f"unknown message type {r.claim('message_type')}: this tool takes LtiResourceLinkRequest and "
                       "LtiDeepLinkingRequest launches")),
    Refusal("bad message", r"Validator conflict|Message validation failed", "Message validation failed",
            lambda r: f"bad message: the {r.claim('message_type')} launch did not pass its checks"),
    Refusal("no user", r"Must have a user \(sub\)", "Must have a user (sub)",
            lambda r: "no user: the id_token has no sub claim naming the user who launched"),
    Refusal("no LTI version", r"Incorrect version, expected 1\.3\.0", "Incorrect version, expected 1.3.0",
            lambda r: "no LTI version: the id_token has no version claim; an LTI 1.3 launch says \"1.3.0\"",
            when=lambda r: r.claims.get(LTI + "version") is None),
    Refusal("wrong LTI version", r"Incorrect version, expected 1\.3\.0", "Incorrect version, expected 1.3.0",
            lambda r: f"wrong LTI version {r.claim('version')}: this tool takes LTI 1.3 launches, version \"1.3.0\""),
    Refusal("no roles", r"Missing Roles Claim", "Missing Roles Claim",
            lambda r: "no roles: the id_token has no roles claim (it may be an empty list, but it must be there)"),
    Refusal("no resource link id", r"Missing Resource Link Id", "Missing Resource Link Id",
            lambda r: ("no resource link id: the launch's resource_link claim has no id, so this tool cannot tell which "
                       "course link opened it")),
    Refusal("no deep linking settings", r"Missing Deep Linking Settings|Missing Deep Linking Return URL",
            "Missing Deep Linking Settings",
            lambda r: ("no deep linking settings: the deep linking request has no deep_linking_settings claim (where to "
                       "send the chosen link back)")),
    Refusal("deep links not accepted", r"Must support resource link placement types",
            "Must support resource link placement types",
            lambda r: ("deep links not accepted: the deep linking request's accept_types lacks ltiResourceLink, the only "
                       "kind of item this tool sends back")),
    Refusal("no presentation target", r"Must support a presentation type", "Must support a presentation type",
            lambda r: ("no presentation target: the deep linking request lists no accept_presentation_document_targets "
                       "(iframe, window)")),
    Refusal("bad data privacy launch", r"(?P<claim>Resource link|Context) claim must be omitted from a DataPrivacyLaunchRequest",
            "Context claim must be omitted from a DataPrivacyLaunchRequest",
            lambda r: f"bad data privacy launch: it carries a {r.group('claim').lower()} claim, which such a launch must not"),
    Refusal("bad data privacy launch", r"For user claim must be included in a DataPrivacyLaunchRequest",
            "For user claim must be included in a DataPrivacyLaunchRequest",
            lambda r: "bad data privacy launch: it has no for_user claim naming whose data it is about"),
    Refusal("bad submission review launch", r"Grade services must be included in a LtiSubmissionReviewRequest",
            "Grade services must be included in a LtiSubmissionReviewRequest",
            lambda r: "bad submission review launch: it has no grade services (AGS endpoint) claim"),
    Refusal("bad submission review launch", r"A LtiSubmissionReviewRequest must specify the lineitem it was launched for",
            "A LtiSubmissionReviewRequest must specify the lineitem it was launched for",
            lambda r: "bad submission review launch: its grade services claim names no line item"),
    Refusal("bad submission review launch",
            r"For user claim must be included in a LtiSubmissionReviewRequest|For user claim must include user_id",
            "For user claim must include user_id",
            lambda r: "bad submission review launch: its for_user claim does not name the student (user_id)"),
)
"""Every kind of refused login or launch, first row that matches (and whose `when` holds) wins."""

KINDS = tuple(dict.fromkeys(row.kind for row in REFUSALS))
"""The kinds, in the table's order (docs/lms.md's table names each)."""


def row_of(message: str, claims: dict[str, Any], configured_clients: Callable[[str], list[str]],
           nonce_was_used: Callable[[str], bool]) -> tuple[Refusal, Refused] | None:
    """The row of REFUSALS that takes pylti1p3's `message` about a launch with these claims; None for none."""
    for row in REFUSALS:
        match = re.fullmatch(row.pattern, message, flags=re.DOTALL)
        if match is None:
            continue
        refused = Refused(message, match, claims, configured_clients, nonce_was_used)
        if row.when(refused):
            return row, refused
    return None


def refusal(message: str, claims: dict[str, Any], configured_clients: Callable[[str], list[str]],
            nonce_was_used: Callable[[str], bool]) -> str:
    """One sentence for pylti1p3's `message` about a launch with these (unverified) claims: its row's, or our words
    in front of the message when no row takes it."""
    found = row_of(message, claims, configured_clients, nonce_was_used)
    if found is None:
        return f"{FALLBACK}: {_cut(message, FALLBACK_MESSAGE_CHARS)}"
    row, refused = found
    return row.says(refused)
