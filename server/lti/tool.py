"""This server as an LTI 1.3 tool: the platforms it trusts, read from a JSON file in pylti1p3's tool configuration
format (`--lti-config FILE`, docs/lms.md), and the pylti1p3 objects a request works with.

The file maps each platform's issuer to its registration(s): client_id, auth_login_url, auth_token_url,
key_set_url (or key_set), deployment_ids, and our own key pair's files (private_key_file, public_key_file; paths
relative to the file). A file that cannot be used is one line naming the file and the problem at start (exit 2).

LTI Dynamic Registration (server/lti/registration_routes.py) adds platforms to the file while the server runs: each
process reads it again when it changes (LiveToolConf), so a launch from a new registration works without a restart,
on every process and host that shares the file. A registration whose platform gave no deployment id (Canvas adds
deployments after the key is made) says `"any_deployment": true` and takes every deployment of its client.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from pathlib import Path
from typing import Any

from flask import Flask, current_app
from pylti1p3.contrib.flask import FlaskCookieService, FlaskOIDCLogin, FlaskRequest
from pylti1p3.deployment import Deployment
from pylti1p3.tool_config import ToolConfJsonFile

from server.lti.course_roster import RosterCache
from server.lti.launch_store import Backend, LaunchStore, backend_for
from server.lti.message_launch import ToolMessageLaunch
from server.lti.platforms_file import prepare_for_registrations
from server.lti.service_session import service_session
from server.lti.service_tokens import TokenCache
from server.transport.frame_ancestors import FrameAncestorsError, origin_of

MIN_SECRET_CHARS = 16
"""The shortest --lti-registration-secret taken: whoever has it may add a platform (and guesses are also limited per
address, QUOTA_LTI_REGISTRATIONS_PER_MINUTE)."""
REQUIRED = ("client_id", "auth_login_url", "auth_token_url", "deployment_ids", "private_key_file")
"""What every registration in the file must give (and key_set_url or key_set)."""
PUBLIC_KEY_CACHE_SECONDS = 300
"""A platform's public keys are fetched at most once per this many seconds (a class launching at once: one fetch)."""


class LtiConfigError(Exception):
    """The LTI configuration cannot be used: one line naming the file and the problem (python -m server exits 2)."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"LTI configuration {path}: {problem}")


log = logging.getLogger(__name__)


class ToolConf(ToolConfJsonFile):
    """pylti1p3's file configuration, where a registration marked `any_deployment` takes every deployment id of its
    client (a platform that registered us before any deployment existed)."""

    def _get_deployment(self, iss_conf: Any, deployment_id: str) -> Deployment | None:
        if iss_conf.get("any_deployment") and deployment_id:
            return Deployment().set_deployment_id(deployment_id)
        return super()._get_deployment(iss_conf, deployment_id)

    def registrations(self, issuer: str) -> list[dict[str, Any]]:
        """The registrations of `issuer` in the file (pylti1p3 offers no public listing)."""
        found = self._config.get(issuer) or []
        return list(found) if isinstance(found, list) else [found]

    def issuers(self) -> list[str]:
        return list(self._config)

    def registered_origins(self) -> tuple[str, ...]:
        """The origins of the platforms added by Dynamic Registration (server/lti/frame_origins.py), each checked as
        --frame-ancestors checks one (an issuer that is no plain origin is left out, and logged): read once."""
        found = getattr(self, "_registered_origins", None)
        if found is None:
            origins: list[str] = []
            for issuer in self.issuers():
                if not any(r.get("registered") for r in self.registrations(issuer)):
                    continue
                try:
                    origins.append(origin_of(issuer))
                except FrameAncestorsError:
                    log.error("LTI platform %r: its issuer is no origin; it may not frame our pages", issuer[:200])
            found = self._registered_origins = tuple(dict.fromkeys(origins))
        return found


class LiveToolConf:
    """The configuration file as it is now: read again when it changes (a registration replaced it, or a hand edit);
    a file changed into one that cannot be used keeps the last good reading, and says so in the log."""

    def __init__(self, path: str, conf: ToolConf, stamp: tuple[int, int, int, int] | None) -> None:
        self.path, self._conf, self._stamp = path, conf, stamp  # the stamp taken before `conf` was read
        self._lock = threading.Lock()

    def current(self) -> ToolConf:
        """The reading of the file as it is now; never raises (every answer's headers ask it: frame_origins.py)."""
        if _stamp(self.path) == self._stamp:
            return self._conf
        with self._lock:
            stamp = _stamp(self.path)  # taken before the reading: a change during it is read next time
            if stamp != self._stamp:
                try:
                    self._conf = read_tool_conf(self.path, allow_empty=True)
                except Exception as exc:  # noqa: BLE001 (a hand edit must not take the site down: logged, kept out)
                    log.error("%s: the last good reading stays in use", exc)
                self._stamp = stamp
        return self._conf


def _stamp(path: str) -> tuple[int, int, int, int] | None:
    """What tells the file changed: a registration replaces it (a new inode), a hand edit changes its time or size."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return (found.st_ino, found.st_mtime_ns, found.st_ctime_ns, found.st_size)


class Tool:
    """The tool's platforms (read again as the file changes), where launches are kept, and the services' tokens."""

    def __init__(self, live: LiveToolConf, backend: Backend, launch_seconds: float, tokens: TokenCache,
                 registration_secret: str | None = None) -> None:
        self.live, self.backend, self.launch_seconds, self.tokens = live, backend, launch_seconds, tokens
        self.registration_secret = registration_secret
        self.rosters = RosterCache()

    @property
    def conf(self) -> ToolConf:
        return self.live.current()

    @property
    def path(self) -> str:
        return self.live.path

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


def read_tool_conf(path: str, allow_empty: bool = False) -> ToolConf:
    """The platforms of `path`, checked: LtiConfigError naming what is wrong. `allow_empty`: a file of no platform
    yet (`{}`) is good, for a server that takes registrations."""
    file = Path(path)
    if not file.is_file():
        raise LtiConfigError(path, "no such file")
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise LtiConfigError(path, f"not readable JSON ({exc})") from None
    if not isinstance(data, dict) or not (data or allow_empty):
        raise LtiConfigError(path, "expected an object mapping each platform's issuer to its registration(s)")
    for issuer, registrations in data.items():
        for i, registration in enumerate(registrations if isinstance(registrations, list) else [registrations]):
            where = f"{issuer}" + (f"[{i}]" if isinstance(registrations, list) else "")
            if not isinstance(registration, dict):
                raise LtiConfigError(path, f"{where}: expected an object")
            missing = [name for name in REQUIRED if not registration.get(name)
                       and not (name == "deployment_ids" and registration.get("any_deployment") and registration.get(name) == [])]
            if not (registration.get("key_set_url") or registration.get("key_set")):
                missing.append("key_set_url")
            if missing:
                raise LtiConfigError(path, f"{where}: missing {', '.join(missing)}")
            if not isinstance(registration["deployment_ids"], list):
                raise LtiConfigError(path, f"{where}: deployment_ids must be a list")
    try:
        conf = ToolConf(str(file))
        conf.get_jwks()  # our public keys must be readable keys
    except Exception as exc:  # pylti1p3 raises bare Exceptions for unreadable key files
        raise LtiConfigError(path, str(exc) or type(exc).__name__) from None
    return conf


def install_tool(app: Flask) -> None:
    """Read the app's LTI_CONFIG, if any (create_app calls this; LtiConfigError when it cannot be used). With
    LTI_REGISTRATION_SECRET the file may be missing or `{}`: it is made (with our key pair beside it) for the
    registrations to fill."""
    path, secret = app.config.get("LTI_CONFIG"), app.config.get("LTI_REGISTRATION_SECRET")
    if secret and not path:
        raise LtiConfigError("LTI_REGISTRATION_SECRET", "needs LTI_CONFIG (--lti-config FILE): the file registrations are added to")
    if not path:
        app.extensions["minimax_lti"] = None
        return
    if secret:
        if len(secret) < MIN_SECRET_CHARS:
            raise LtiConfigError(str(path), f"the registration secret must be {MIN_SECRET_CHARS} characters or more "
                                            "(whoever has it may add a platform)")
        try:
            prepare_for_registrations(str(path))
        except OSError as exc:
            raise LtiConfigError(str(path), f"registrations are added to this file, but it cannot be written ({exc.strerror})") from None
    stamp = _stamp(str(path))
    conf = read_tool_conf(str(path), allow_empty=bool(secret))
    app.extensions["minimax_lti"] = Tool(LiveToolConf(str(path), conf, stamp), backend_for(app.config.get("MESSAGE_QUEUE")),
                                         float(app.config["LTI_LAUNCH_SECONDS"]), TokenCache(), secret or None)


def tool() -> Tool | None:
    """This app's LTI tool; None when the server was started without --lti-config."""
    return current_app.extensions.get("minimax_lti")
