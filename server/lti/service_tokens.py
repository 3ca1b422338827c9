"""Access tokens for a platform's services (AGS), kept between Checks: pylti1p3 asks the platform's token endpoint
afresh for every launch it restores, which is a token request per Check (a class of 300 checking at once: 300
requests, and platforms limit them). Here a token is kept per platform, client and scopes for TOKEN_SECONDS (well
inside the hour Canvas and Moodle give one), and dropped at once when the platform refuses it.
"""

from __future__ import annotations

import threading
import time
from typing import Any, Sequence

import requests
from pylti1p3.exception import LtiServiceException
from pylti1p3.registration import Registration
from pylti1p3.service_connector import ServiceConnector

TOKEN_SECONDS = 300
"""How long a platform's access token is used before another is asked for."""


class TokenCache:
    """This process's tokens: {(issuer, client id, scopes): (token, good until)}."""

    def __init__(self) -> None:
        self._tokens: dict[tuple[str, str, str], tuple[str, float]] = {}
        self._lock = threading.Lock()

    def get(self, key: tuple[str, str, str]) -> str | None:
        with self._lock:
            found = self._tokens.get(key)
        return found[0] if found is not None and found[1] > time.monotonic() else None

    def put(self, key: tuple[str, str, str], token: str) -> None:
        with self._lock:
            self._tokens[key] = (token, time.monotonic() + TOKEN_SECONDS)

    def drop(self, key: tuple[str, str, str]) -> None:
        with self._lock:
            self._tokens.pop(key, None)


class KeptTokenConnector(ServiceConnector):
    """pylti1p3's connector, asking for a token only when none is kept, and once more when the kept one is refused."""

    def __init__(self, registration: Registration, session: requests.Session, tokens: TokenCache) -> None:
        super().__init__(registration, session)
        self._tokens = tokens

    def _key(self, scopes: Sequence[str]) -> tuple[str, str, str]:
        return (str(self._registration.get_issuer()), str(self._registration.get_client_id()), " ".join(sorted(scopes)))

    def get_access_token(self, scopes: Sequence[str]) -> str:
        key = self._key(scopes)
        token = self._tokens.get(key)
        if token is None:
            self._access_tokens.clear()  # pylti1p3's own per-object copy
            token = super().get_access_token(scopes)
            self._tokens.put(key, token)
        return token

    def make_service_request(self, scopes: Sequence[str], url: str, *args: Any, **kwargs: Any) -> Any:
        try:
            answer = super().make_service_request(scopes, url, *args, **kwargs)
        except LtiServiceException as exc:
            if exc.response.status_code != 401:
                raise
            self._tokens.drop(self._key(scopes))  # revoked or expired early: one more try with a new token
            answer = super().make_service_request(scopes, url, *args, **kwargs)
        return {**answer, "next_page_url": next_link(answer["headers"])}


def next_link(headers: Any) -> str | None:
    """The `rel="next"` URL of a Link header as the platform wrote it: pylti1p3 lowercases the whole header before it
    reads the URL, so a next page whose address has capitals (a cursor, Moodle's paths) would be asked wrongly."""
    text = next((value for name, value in dict(headers).items() if name.lower() == "link"), "")
    for link in requests.utils.parse_header_links(str(text).replace("\n", " ")) if text else []:
        if "next" in str(link.get("rel", "")).split():
            return str(link["url"]) or None
    return None
