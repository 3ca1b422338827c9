"""pylti1p3's Flask message launch, as this tool uses it: the platform's services through kept tokens
(service_tokens.py), and a platform's public keys fetched again once when a launch is signed by a key id the kept
set lacks (a platform that rotated its key is not refused for the PUBLIC_KEY_CACHE_SECONDS the old set is kept)."""

from __future__ import annotations

import hashlib
from typing import Any

from pylti1p3.contrib.flask import FlaskMessageLaunch
from pylti1p3.exception import LtiException
from pylti1p3.service_connector import ServiceConnector

from server.lti.service_tokens import KeptTokenConnector, TokenCache

UNKNOWN_KEY = ("Unable to find public key", "JWT KID not found")


class ToolMessageLaunch(FlaskMessageLaunch):
    tokens: TokenCache | None = None

    def with_tokens(self, tokens: TokenCache) -> ToolMessageLaunch:
        self.tokens = tokens
        return self

    def get_service_connector(self) -> ServiceConnector:
        assert self._registration is not None and self.tokens is not None
        return KeptTokenConnector(self._registration, self._requests_session, self.tokens)

    def get_public_key(self) -> Any:
        try:
            return super().get_public_key()
        except LtiException as exc:
            kept = self._public_key_cache_data_storage
            if str(exc) not in UNKNOWN_KEY or kept is None:
                raise
            url = self._registration.get_key_set_url() or ""
            kept.set_value("key-set-url-" + hashlib.md5(url.encode("utf-8")).hexdigest(), None, 1)
            return super().get_public_key()
