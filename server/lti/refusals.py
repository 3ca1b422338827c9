"""A refused LTI login or launch in words that name what is wrong (pylti1p3's messages are terse: "Invalid Nonce",
"Registration not found.", "Can't decode id_token: Signature has expired"), for the page the LMS shows in its frame
and for the server's log. Nothing is stored from a refused launch: pylti1p3 stores a launch only once every check
passed.
"""

from __future__ import annotations

import json
from base64 import urlsafe_b64decode
from typing import Any, Callable


def unverified_claims(id_token: str | None) -> dict[str, Any]:
    """The id_token's claims without checking them: only to word a refusal (never to trust)."""
    try:
        body = (id_token or "").split(".")[1]
        data = json.loads(urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    except (IndexError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def refusal(message: str, claims: dict[str, Any], configured_clients: Callable[[str], list[str]],
            nonce_was_used: Callable[[str], bool]) -> str:
    """One sentence for pylti1p3's `message` about a launch with these (unverified) claims."""
    issuer = str(claims.get("iss", ""))[:200]
    if message == "Client id not registered for this issuer" or "[client_id=" in message and "not found" in message:
        audience = claims.get("aud")
        clients = configured_clients(issuer)
        return (f"wrong audience: the id_token is for client {audience!r}, but this tool's client id at {issuer!r} is "
                f"{' or '.join(repr(c) for c in clients) or 'not configured'}")
    if message in ("Registration not found.", "Could not find issuer") or message.startswith("iss ") and "not found" in message:
        return (f"unknown issuer {issuer!r}: no platform with that issuer is in this server's LTI configuration"
                if issuer else f"unknown issuer: {message}")
    if "Signature has expired" in message:
        return "expired token: the id_token's exp has passed; launch again from the course"
    if "Signature verification failed" in message or message in ("Unable to find public key", "JWT KID not found"):
        return ("bad signature: the id_token is not signed by a key the platform publishes at its key_set_url "
                f"({message})")
    if message == "Invalid Nonce":
        nonce = str(claims.get("nonce", ""))
        if nonce and nonce_was_used(nonce):
            return "replayed nonce: this id_token was already used for a launch; launch again from the course"
        return "unknown nonce: this tool did not start this login (or started it more than 10 minutes ago)"
    if message in ('"nonce" is empty',):
        return "the id_token has no nonce"
    if message in ("State not found", "Missing state param"):
        return ("state: the launch's state does not match the login this browser started (cookies blocked, or the "
                "login started elsewhere); launch again from the course")
    if message == "Unable to find deployment":
        return f"unknown deployment id {claims.get('https://purl.imsglobal.org/spec/lti/claim/deployment_id')!r} for {issuer!r}"
    if "Invalid audience" in message:
        return f"wrong audience: {message}"
    return message
