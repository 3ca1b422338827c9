"""This server as an LTI 1.3 tool: the platforms it trusts, read from a JSON file in pylti1p3's tool configuration
format (`--lti-config FILE`, docs/lms.md), and the pylti1p3 objects a request works with.

The file maps each platform's issuer to its registration(s): client_id, auth_login_url, auth_token_url,
key_set_url (or key_set), deployment_ids, and our own key pair's files (private_key_file, public_key_file; paths
relative to the file). A file that cannot be used is one line naming the file and the problem at start (exit 2).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NamedTuple

import requests
from flask import Flask, current_app
from pylti1p3.contrib.flask import FlaskCookieService, FlaskOIDCLogin, FlaskRequest
from pylti1p3.tool_config import ToolConfJsonFile

from server.lti.launch_store import Backend, LaunchStore, backend_for
from server.lti.message_launch import ToolMessageLaunch
from server.lti.service_tokens import TokenCache

REQUIRED = ("client_id", "auth_login_url", "auth_token_url", "deployment_ids", "private_key_file")
"""What every registration in the file must give (and key_set_url or key_set)."""
SERVICE_TIMEOUT_SECONDS = 10
"""A platform's token, line item and score endpoints must answer within this (a Check waits for the score's post)."""
PUBLIC_KEY_CACHE_SECONDS = 300
"""A platform's public keys are fetched at most once per this many seconds (a class launching at once: one fetch)."""


class LtiConfigError(Exception):
    """The LTI configuration cannot be used: one line naming the file and the problem (python -m server exits 2)."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"LTI configuration {path}: {problem}")


class Tool(NamedTuple):
    conf: ToolConfJsonFile
    backend: Backend
    launch_seconds: float
    tokens: TokenCache

    def store(self) -> LaunchStore:
        return LaunchStore(self.backend, self.launch_seconds)

    def oidc_login(self) -> FlaskOIDCLogin:
        request = FlaskRequest()
        return FlaskOIDCLogin(request, self.conf, cookie_service=PartitionedCookies(request), launch_data_storage=self.store())

    def message_launch(self, store: LaunchStore) -> ToolMessageLaunch:
        launch = ToolMessageLaunch(FlaskRequest(), self.conf, launch_data_storage=store, requests_session=service_session())
        launch.set_public_key_caching(store, cache_lifetime=PUBLIC_KEY_CACHE_SECONDS)
        return launch.with_tokens(self.tokens)

    def restored(self, launch_id: str) -> ToolMessageLaunch:
        """A stored launch, to call the platform's services (AGS) for it."""
        launch = ToolMessageLaunch.from_cache(launch_id, FlaskRequest(), self.conf, launch_data_storage=self.store(),
                                              requests_session=service_session())
        return launch.with_tokens(self.tokens)


class PartitionedCookies(FlaskCookieService):
    """The login's state cookie, over https also `Partitioned` (CHIPS): inside the LMS's frame we are a third party,
    and browsers that block third-party cookies still keep a partitioned one for the LMS's page, where the launch
    that reads it comes back."""

    def update_response(self, response: Any) -> None:
        super().update_response(response)
        if not self._request.is_secure():
            return
        cookies = response.headers.getlist("Set-Cookie")
        response.headers.remove("Set-Cookie")
        for cookie in cookies:
            response.headers.add("Set-Cookie", cookie if "Partitioned" in cookie else f"{cookie}; Partitioned")


class TimedSession(requests.Session):
    """pylti1p3's calls to the platform with a timeout (requests has none by default: a hung LMS would hold a Check)."""

    def request(self, *args: Any, **kwargs: Any) -> requests.Response:  # type: ignore[override]
        kwargs.setdefault("timeout", SERVICE_TIMEOUT_SECONDS)
        return super().request(*args, **kwargs)


def service_session() -> requests.Session:
    session = TimedSession()
    session.headers["User-Agent"] = "Minimax Lab (LTI 1.3 tool)"
    return session


def read_tool_conf(path: str) -> ToolConfJsonFile:
    """The platforms of `path`, checked: LtiConfigError naming what is wrong."""
    file = Path(path)
    if not file.is_file():
        raise LtiConfigError(path, "no such file")
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise LtiConfigError(path, f"not readable JSON ({exc})") from None
    if not isinstance(data, dict) or not data:
        raise LtiConfigError(path, "expected an object mapping each platform's issuer to its registration(s)")
    for issuer, registrations in data.items():
        for i, registration in enumerate(registrations if isinstance(registrations, list) else [registrations]):
            where = f"{issuer}" + (f"[{i}]" if isinstance(registrations, list) else "")
            if not isinstance(registration, dict):
                raise LtiConfigError(path, f"{where}: expected an object")
            missing = [name for name in REQUIRED if not registration.get(name)]
            if not (registration.get("key_set_url") or registration.get("key_set")):
                missing.append("key_set_url")
            if missing:
                raise LtiConfigError(path, f"{where}: missing {', '.join(missing)}")
            if not isinstance(registration["deployment_ids"], list):
                raise LtiConfigError(path, f"{where}: deployment_ids must be a list")
    try:
        conf = ToolConfJsonFile(str(file))
        conf.get_jwks()  # our public keys must be readable keys
    except Exception as exc:  # pylti1p3 raises bare Exceptions for unreadable key files
        raise LtiConfigError(path, str(exc) or type(exc).__name__) from None
    return conf


def install_tool(app: Flask) -> None:
    """Read the app's LTI_CONFIG, if any (create_app calls this; LtiConfigError when it cannot be used)."""
    path = app.config.get("LTI_CONFIG")
    app.extensions["minimax_lti"] = None if not path else Tool(
        read_tool_conf(str(path)), backend_for(app.config.get("MESSAGE_QUEUE")), float(app.config["LTI_LAUNCH_SECONDS"]),
        TokenCache())


def tool() -> Tool | None:
    """This app's LTI tool; None when the server was started without --lti-config."""
    return current_app.extensions.get("minimax_lti")
