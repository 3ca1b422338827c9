"""A real LTI 1.3 platform (a test LMS) on 127.0.0.1 and a free port, for tests of an LTI tool.

It speaks the protocol any LTI 1.3 tool speaks (tests/lti/test_platform_peer.py runs a pylti1p3 tool
against it): its own RSA key and JWKS, OIDC third-party login and form_post id_tokens, OAuth2 client
credentials with a client assertion verified against the tool's JWKS, Assignment and Grade
Services, and deep linking. Built on lti1p3platform (OpenLearning's platform side, PyPI); what it
lacks is written beside it: tests/helpers/lti_platform_protocol.py says which part is which.

Endpoints (all under `platform.url`, which is also its issuer):
    GET  /jwks                               its public key (one, with a kid)
    GET|POST /auth                           OIDC authorization: checks, then a page that POSTs id_token + state
    POST /token                              client credentials -> {access_token, token_type: Bearer, expires_in, scope}
    GET|POST /contexts/<cid>/lineitems        AGS line items (GET|PUT /contexts/<cid>/lineitems/<n>,
    POST .../lineitems/<n>/scores, GET .../lineitems/<n>/results); Bearer token with the endpoint's scope
    POST /deep-link-return                   the tool's deep linking response (form field JWT)
    GET  /course/<resource_link_id>?user=<login>  a course page whose iframe starts that launch
    GET  /.well-known/openid-configuration, POST /register-tool    LTI Dynamic Registration
                                             (tests/helpers/lti_platform_registration.py)
    GET  /admin/add-tool?url=<tool's registration URL>   the administrator's page: the registration in a frame
    GET  /contexts/<cid>/memberships          NRPS: the course's members (tests/helpers/lti_platform_nrps.py)
Refusals answer 4xx with the reason as text (JSON {error, error_description} on /token and AGS) and
are appended to `platform.errors` as {"endpoint", "status", "reason"}.

Use:
    with LtiPlatform() as platform:                        # start() / stop() also
        config = platform.tool_config(tmp_path)            # the tool's keys + pylti1p3 ToolConfJsonFile JSON
        ... start the tool with `config` at TOOL_URL ...
        platform.tool_base_url = TOOL_URL                  # its /lti/login, /lti/launch, /lti/jwks
        alice = platform.add_user("alice", "Alice Liddell")               # roles=STUDENT
        prof = platform.add_user("prof", "Ada Byron", roles=INSTRUCTOR)
        link = platform.add_resource_link(TOOL_URL + "/x/abc", "Week 3", line_item={"scoreMaximum": 10})
        answer = platform.launch(requests.Session(), alice, link)       # the tool's answer to the launch POST
        platform.launch(session, alice, link, tamper="expired")          # or bad_signature, wrong_audience, unknown_issuer,
                                                                         # no_deployment_id
        platform.post_form(session, platform.last_form)                  # the same id_token + state again (replay)
        page = platform.deep_link_launch(session, prof)                  # LtiDeepLinkingRequest
        new_link = platform.post_deep_link_response(session, page)       # the tool's form -> /deep-link-return
        platform.wait_for_scores(1)                                      # platform.scores, .deep_link_items, .errors
        platform.course_url(link, alice)                                 # for a browser test
The tool is started after the platform (it needs the config file, the platform needs its URL):
pass `tool_base_url` to the constructor when it is already known.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import threading
import typing as t
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

import requests
from lti1p3platform.exceptions import LtiServiceException, PreflightRequestValidationException
from lti1p3platform.oidc_login import OIDCLoginAbstract
from lti1p3platform.score import UpdateScoreStatus
from werkzeug.serving import make_server

from tests.helpers.live_server import SHUTDOWN_POLL_SECONDS
from tests.helpers.lti_platform_ags import check_lineitem
from tests.helpers.lti_platform_app import create_platform_app
from tests.helpers.lti_platform_browser import LaunchForm, follow_login, post_form, send_deep_link_response
from tests.helpers.lti_platform_nrps import nrps_claim
from tests.helpers.lti_platform_protocol import (
    DL,
    TAMPERS,
    DictRequest,
    PlatformConf,
    PlatformLaunch,
    ProtocolError,
    ags_claim,
    new_rsa_pem_pair,
    registration,
)
from tests.helpers.lti_platform_registration import TOOL_CONFIGURATION, check_tool_registration

STUDENT = ("http://purl.imsglobal.org/vocab/lis/v2/membership#Learner",)
INSTRUCTOR = ("http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor",)
COURSE = {"id": "course-101", "label": "CS 101", "title": "Game search", "type": ["http://purl.imsglobal.org/vocab/lis/v2/course#CourseOffering"]}
TOOL_PLATFORM = {"guid": "minimax-lab-test-lms", "name": "Minimax Lab test LMS", "product_family_code": "minimax-lab-test-lms",
                 "version": "1.0"}


@dataclass(frozen=True)
class LtiUser:
    login: str
    name: str
    given_name: str
    family_name: str
    email: str
    roles: tuple[str, ...]
    sub: str  # stable: the same login always gets the same sub


@dataclass
class ResourceLink:
    id: str
    target_link_uri: str
    title: str
    context_id: str
    custom: dict[str, str] = field(default_factory=dict)
    line_item_id: str | None = None  # the AGS line item's id (a URL), when the link is graded
    gradebook: bool = False  # AGS offered without a line item of its own (the tool finds or makes one)


class _LoginInitiation(OIDCLoginAbstract):
    """lti1p3platform's third-party login initiation URL (iss, login_hint, target_link_uri, ...)."""

    def set_lti_message_hint(self, **kwargs: t.Any) -> None:
        self._lti_message_hint = kwargs["hint"]

    def get_redirect(self, url: str) -> str:
        return url


class LtiPlatform:
    """The test LMS: users, one course, resource links, line items and the scores posted to them."""

    def __init__(self, tool_base_url: str | None = None, *, client_id: str = "minimax-lab-tool",
                 deployment_id: str = "deployment-1", login_path: str = "/lti/login", launch_path: str = "/lti/launch",
                 jwks_path: str = "/lti/jwks") -> None:
        self.client_id, self.deployment_id = client_id, deployment_id
        self._paths = (login_path, launch_path, jwks_path)
        self._private_pem, self._public_pem = new_rsa_pem_pair()
        self._tool_keys: tuple[str, str] | None = None
        self._tool_base_url = tool_base_url
        self.lock = threading.RLock()
        self._changed = threading.Condition(self.lock)
        self.users: dict[str, LtiUser] = {}
        self.links: dict[str, ResourceLink] = {}
        self.contexts: dict[str, dict[str, t.Any]] = {COURSE["id"]: dict(COURSE)}
        self.line_items: dict[str, dict[str, t.Any]] = {}  # by number (the last part of its id URL)
        self.scores: list[dict[str, t.Any]] = []
        self.deep_link_items: list[dict[str, t.Any]] = []
        self.errors: list[dict[str, t.Any]] = []
        self.launches: list[dict[str, t.Any]] = []  # {user, link, message_type, tamper, state, nonce, redirect_uri}
        self.tokens: list[list[str]] = []  # the scopes of each access token issued
        self.last_form: LaunchForm | None = None
        self.seen_jti: set[str] = set()
        self.pending_deep_link_data: set[str] = set()
        self.seen_deep_link_nonces: set[str] = set()
        self._hints: dict[str, dict[str, t.Any]] = {}
        self._last_stamp: dict[tuple[str, str], t.Any] = {}
        self.registration_tokens: set[str] = set()  # LTI Dynamic Registration: tokens given, each used once
        self.tool_registrations: list[dict[str, t.Any]] = []  # {"request", "authorization", "answer"} of each
        self.advertised_issuer: str | None = None  # set: its OpenID configuration names this issuer (a forged one)
        self.offers_roster = True  # launches carry the NRPS claim (the course's memberships URL)
        self.members_per_page = 50
        self.roster_refusal: int | None = None  # set: the memberships endpoint answers this status
        self.roster_loop = False  # set: every roster page's next link is the first page again
        self.answers_deployment_id = True  # unset: a registration's answer gives no deployment id (as Canvas's)
        self.left_course: set[str] = set()  # logins no longer in the course (the roster leaves them out)
        self.roster_requests: list[dict[str, t.Any]] = []  # {"context", "page"} of each memberships GET answered
        self._httpd: t.Any = None
        self.url = ""

    # --- lifetime -----------------------------------------------------------------------------------
    def start(self) -> LtiPlatform:
        self._httpd = make_server("127.0.0.1", 0, create_platform_app(self), threaded=True)
        self.url = f"http://127.0.0.1:{self._httpd.server_port}"
        self.conf = PlatformConf(registration=registration(self.issuer, self.client_id, self.deployment_id,
                                                           self._private_pem, self._public_pem, "", "", ""))
        self.conf.set_accepted_deeplinking_types(["ltiResourceLink"])
        self.tool_base_url = self._tool_base_url
        threading.Thread(target=self._httpd.serve_forever, args=(SHUTDOWN_POLL_SECONDS,), name="lti-platform", daemon=True).start()
        return self

    def stop(self) -> None:
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None

    def __enter__(self) -> LtiPlatform:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # --- addresses -----------------------------------------------------------------------------------
    @property
    def issuer(self) -> str:
        return self.url

    @property
    def token_url(self) -> str:
        return self.url + "/token"

    @property
    def deep_link_return_url(self) -> str:
        return self.url + "/deep-link-return"

    def lineitems_url(self, context_id: str) -> str:
        return f"{self.url}/contexts/{context_id}/lineitems"

    @property
    def tool_base_url(self) -> str | None:
        return self._tool_base_url

    @tool_base_url.setter
    def tool_base_url(self, base: str | None) -> None:
        """Where the tool is: its login, launch and JWKS URLs are `base` + the paths given."""
        self._tool_base_url = base.rstrip("/") if base else None
        login, launch, jwks = (f"{self._tool_base_url}{p}" if base else "" for p in self._paths)
        self.tool_login_url, self.tool_launch_url, self.tool_jwks_url = login, launch, jwks
        self.redirect_uris = {launch} if base else set()
        if self.url:
            reg = self.conf.get_registration()
            reg.set_tool_key_set_url(jwks).set_launch_url(launch).set_deeplink_launch_url(launch).set_oidc_login_url(login)

    def memberships_url(self, context_id: str) -> str:
        return f"{self.url}/contexts/{context_id}/memberships"

    @property
    def openid_configuration_url(self) -> str:
        return self.url + "/.well-known/openid-configuration"

    # --- LTI Dynamic Registration (tests/helpers/lti_platform_registration.py) ----------------------------
    def registration_url(self, tool_register_url: str, with_token: bool = True) -> str:
        """What the LMS opens when an administrator pastes `tool_register_url`: it with openid_configuration and a
        fresh one-use registration_token."""
        params = {"openid_configuration": self.openid_configuration_url}
        if with_token:
            params["registration_token"] = secrets.token_urlsafe(24)
            with self.lock:
                self.registration_tokens.add(params["registration_token"])
        return tool_register_url + ("&" if "?" in tool_register_url else "?") + urlencode(params)

    def register_tool(self, body: dict[str, t.Any], authorization: str | None) -> dict[str, t.Any]:
        """A checked registration: the tool becomes this platform's one tool, under a new client and deployment id
        (its URLs are the ones it sent); the answer as §3.6 writes it."""
        configuration = check_tool_registration(body)
        with self.lock:
            token = (authorization or "").removeprefix("Bearer ").strip()
            if self.registration_tokens and token not in self.registration_tokens:
                raise ProtocolError("the registration token is missing, unknown or used", 401, "invalid_token")
            self.registration_tokens.discard(token)
            number = len(self.tool_registrations) + 1
            self.client_id, self.deployment_id = f"registered-client-{number}", f"registered-deployment-{number}"
            self.tool_login_url, self.tool_jwks_url = body["initiate_login_uri"], body["jwks_uri"]
            self.tool_launch_url, self.redirect_uris = body["redirect_uris"][0], set(body["redirect_uris"])
            self._tool_base_url = None
            (self.conf.get_registration().set_client_id(self.client_id).set_deployment_id(self.deployment_id)
             .set_tool_key_set_url(self.tool_jwks_url).set_launch_url(self.tool_launch_url)
             .set_deeplink_launch_url(self.tool_launch_url).set_oidc_login_url(self.tool_login_url))
            answer = {**body, "client_id": self.client_id, TOOL_CONFIGURATION: {
                **configuration, **({"deployment_id": self.deployment_id} if self.answers_deployment_id else {})}}
            self.tool_registrations.append({"request": body, "authorization": authorization, "answer": answer})
        return answer

    def course_url(self, link: ResourceLink, user: LtiUser) -> str:
        return f"{self.url}/course/{link.id}?user={user.login}"

    # --- what the LMS knows --------------------------------------------------------------------------
    def tool_config(self, directory: str | Path) -> Path:
        """The tool's key pair (private.key, public.key, made once per platform) and its pylti1p3
        ToolConfJsonFile for this platform (lti_config.json) in `directory`; its path."""
        if not self.url:
            raise RuntimeError("start() the platform first: the config names its URLs")
        directory = Path(directory)
        self._tool_keys = self._tool_keys or new_rsa_pem_pair()
        (directory / "private.key").write_text(self._tool_keys[0])
        (directory / "public.key").write_text(self._tool_keys[1])
        entry = {"default": True, "client_id": self.client_id, "auth_login_url": self.url + "/auth",
                 "auth_token_url": self.token_url, "auth_audience": None, "key_set_url": self.url + "/jwks", "key_set": None,
                 "private_key_file": "private.key", "public_key_file": "public.key", "deployment_ids": [self.deployment_id]}
        path = directory / "lti_config.json"
        path.write_text(json.dumps({self.issuer: [entry]}, indent=2))
        return path

    def add_user(self, login: str, name: str, roles: t.Sequence[str] = STUDENT, email: str | None = None) -> LtiUser:
        given, _, family = name.partition(" ")
        sub = "user-" + hashlib.sha256(login.encode()).hexdigest()[:16]
        user = LtiUser(login, name, given, family, email or f"{login}@example.edu", tuple(roles), sub)
        with self.lock:
            if login in self.users:
                raise ValueError(f"user {login!r} exists")
            self.users[login] = user
        return user

    def add_resource_link(self, target_link_uri: str, title: str, line_item: t.Mapping[str, t.Any] | None = None,
                          custom: t.Mapping[str, str] | None = None, context_id: str = COURSE["id"],
                          gradebook: bool = False) -> ResourceLink:
        """A link in the course to `target_link_uri`; with `line_item` ({scoreMaximum, label?, resourceId?,
        tag?}) a gradebook column for it too; with `gradebook` and no line item, a link made by hand in a course
        whose tool may use AGS (its launches carry the course's lineitems URL, no lineitem: the tool makes its own)."""
        checked = check_lineitem({"label": title, **line_item}) if line_item is not None else None
        with self.lock:
            link = ResourceLink(f"rl-{len(self.links) + 1}", target_link_uri, title, context_id, dict(custom or {}),
                                gradebook=gradebook)
            if checked is not None:
                link.line_item_id = self.create_line_item(context_id, {**checked, "resourceLinkId": link.id})["id"]
            self.links[link.id] = link
        return link

    def create_line_item(self, context_id: str, data: t.Mapping[str, t.Any]) -> dict[str, t.Any]:
        with self.lock:
            number = str(len(self.line_items) + 1)
            item = {**data, "id": f"{self.lineitems_url(context_id)}/{number}", "contextId": context_id}
            self.line_items[number] = item
        return item

    @staticmethod
    def public_lineitem(item: t.Mapping[str, t.Any]) -> dict[str, t.Any]:
        return {k: v for k, v in item.items() if k != "contextId"}

    def results(self, item: t.Mapping[str, t.Any], user_id: str | None) -> list[dict[str, t.Any]]:
        """AGS results: each user's latest score of `item` that has a scoreGiven."""
        latest: dict[str, dict[str, t.Any]] = {}
        for score in self.scores:
            if score["lineItem"] == item["id"] and "scoreGiven" in score and user_id in (None, score["userId"]):
                latest[score["userId"]] = score
        return [{"id": f"{item['id']}/results/{uid}", "scoreOf": item["id"], "userId": uid, "resultScore": s["scoreGiven"],
                 "resultMaximum": s["scoreMaximum"], **({"comment": s["comment"]} if "comment" in s else {})}
                for uid, s in latest.items()]

    # --- records the app writes ----------------------------------------------------------------------
    def record_error(self, endpoint: str, status: int, reason: str) -> None:
        with self.lock:
            self.errors.append({"endpoint": endpoint, "status": status, "reason": reason})

    def record_token(self, scopes: list[str]) -> None:
        with self.lock:
            self.tokens.append(scopes)

    def record_score(self, item: t.Mapping[str, t.Any], score: t.Mapping[str, t.Any], stamp: t.Any) -> UpdateScoreStatus:
        """Keep a score unless its user is unknown (400) or it is older than the last one kept (409)."""
        with self.lock:
            login = next((u.login for u in self.users.values() if u.sub == score["userId"]), None)
            if login is None:
                raise LtiServiceException(f"score userId {score['userId']!r} is no user of this platform", 400)
            key = (item["id"], score["userId"])
            if key in self._last_stamp and stamp < self._last_stamp[key]:
                return UpdateScoreStatus.OLD_TIMESTAMP
            self._last_stamp[key] = stamp
            kept = ("userId", "scoreGiven", "scoreMaximum", "activityProgress", "gradingProgress", "timestamp", "comment")
            self.scores.append({"lineItem": item["id"], "resourceLinkId": item.get("resourceLinkId"), "user": login,
                                **{k: score[k] for k in kept if k in score}})
            self._changed.notify_all()
        return UpdateScoreStatus.SUCCESS

    def wait_for_scores(self, count: int, timeout: float = 10.0) -> list[dict[str, t.Any]]:
        """The scores once at least `count` were posted (for a tool that posts them in the background)."""
        with self._changed:
            if not self._changed.wait_for(lambda: len(self.scores) >= count, timeout):
                raise AssertionError(f"{len(self.scores)} scores after {timeout} s, wanted {count}; errors: {self.errors}")
            return list(self.scores)

    def add_deep_link_items(self, items: list[dict[str, t.Any]]) -> list[ResourceLink]:
        """Resource links (and line items) for a deep linking response's items: all checked, then all stored."""
        checked = []
        for n, item in enumerate(items):
            title = item.get("title") if isinstance(item.get("title"), str) else "Untitled"
            url = item.get("url", self.tool_launch_url)
            custom = item.get("custom", {})
            if not isinstance(url, str) or not url.startswith(("http://", "https://")):
                raise ProtocolError(f"content item {n}: url must be an http(s) URL, got {url!r}")
            if not isinstance(custom, dict) or not all(isinstance(v, str) for v in custom.values()):
                raise ProtocolError(f"content item {n}: custom must map names to strings")
            try:
                line = check_lineitem({"label": title, **item["lineItem"]}) if "lineItem" in item else None
            except (LtiServiceException, TypeError) as exc:
                raise ProtocolError(f"content item {n}: lineItem: {exc}") from exc
            checked.append((item, title, url, custom, line))
        links = []
        with self.lock:
            for item, title, url, custom, line in checked:
                links.append(self.add_resource_link(url, title, line, custom))
                self.deep_link_items.append(item)
        return links

    # --- the OIDC authorization endpoint -------------------------------------------------------------
    def _hint(self, user: LtiUser, link: ResourceLink | None, tamper: str | None) -> str:
        if tamper is not None and tamper not in TAMPERS:
            raise ValueError(f"tamper must be one of {TAMPERS}, got {tamper!r}")
        hint = secrets.token_urlsafe(12)
        with self.lock:
            self._hints[hint] = {"user": user.login, "link": link.id if link else None, "tamper": tamper}
        return hint

    def login_url(self, user: LtiUser, link: ResourceLink | None, tamper: str | None = None) -> str:
        """The tool's login initiation URL for `user` launching `link` (None: a deep linking request)."""
        if not self.tool_login_url:
            raise RuntimeError("set platform.tool_base_url first")
        start = _LoginInitiation(None, self.conf)
        start.set_lti_message_hint(hint=self._hint(user, link, tamper))
        start.set_launch_url(link.target_link_uri if link else self.tool_launch_url)
        return start.prepare_preflight_url(user.login)

    def authorize(self, params: t.Mapping[str, str]) -> str:
        """The page that posts the id_token for a checked authorization request."""
        user, message = self.users.get(params["login_hint"]), self._hints.get(params["lti_message_hint"])
        if user is None:
            raise ProtocolError(f"login_hint {params['login_hint']!r} is no user of this platform")
        if message is None or message["user"] != user.login:
            raise ProtocolError(f"lti_message_hint {params['lti_message_hint']!r} was not issued for {user.login!r}")
        link = self.links.get(message["link"]) if message["link"] else None
        launch = PlatformLaunch(DictRequest(params), self.conf)
        launch.tamper, launch.deep_link = message["tamper"], link is None
        launch.set_user_data(user.sub, list(user.roles), user.name, user.email)
        launch.set_extra_claims({"given_name": user.given_name, "family_name": user.family_name,
                                 "https://purl.imsglobal.org/spec/lti/claim/tool_platform": TOOL_PLATFORM})
        ctx = self.contexts[link.context_id if link else COURSE["id"]]
        launch.set_launch_context_claim(ctx["id"], ctx["type"], ctx["title"], ctx["label"])
        launch.set_launch_presentation_claim("iframe")
        if link is None:
            data = secrets.token_urlsafe(16)
            launch.set_launch_url(self.tool_launch_url)
            launch.set_dl(self.deep_link_return_url, "Add a Minimax Lab activity", "", {"ltiResourceLink"}, data)  # type: ignore[arg-type]
            settings = launch._deep_linking_launch_data[DL + "deep_linking_settings"]
            settings.update(accept_presentation_document_targets=["iframe", "window"], accept_multiple=False)
            with self.lock:
                self.pending_deep_link_data.add(data)
        else:
            launch.set_launch_url(link.target_link_uri)
            launch.set_resource_link_claim(link.id, title=link.title)
            launch.set_custom_parameters_claim(link.custom)
            if link.line_item_id or link.gradebook:
                launch.set_extra_claims(ags_claim(self.lineitems_url(link.context_id), link.line_item_id))
        if self.offers_roster:
            launch.set_extra_claims(nrps_claim(self.memberships_url(ctx["id"])))
        try:
            page = launch.lti_launch()
        except PreflightRequestValidationException as exc:
            raise ProtocolError(f"authorization request refused by lti1p3platform: {exc!r}") from exc
        with self.lock:
            self.launches.append({"user": user.login, "link": link.id if link else None, "tamper": message["tamper"],
                                  "message_type": "LtiDeepLinkingRequest" if link is None else "LtiResourceLinkRequest",
                                  "state": params["state"], "nonce": params["nonce"], "redirect_uri": params["redirect_uri"]})
        return page

    # --- a browser without JavaScript (tests/helpers/lti_platform_browser.py) ----------------------
    def launch(self, http_session: requests.Session, user: LtiUser, link: ResourceLink, *, tamper: str | None = None,
               follow_redirects: bool = False) -> requests.Response:
        """Login at the tool, authorize here, POST the id_token to the tool: the tool's answer to that POST."""
        self.last_form = follow_login(http_session, self.login_url(user, link, tamper), self.url + "/auth")
        return post_form(http_session, self.last_form, follow_redirects)

    def deep_link_launch(self, http_session: requests.Session, instructor: LtiUser, *,
                         follow_redirects: bool = False) -> requests.Response:
        """The same with an LtiDeepLinkingRequest (return URL /deep-link-return, data a fresh random string)."""
        self.last_form = follow_login(http_session, self.login_url(instructor, None), self.url + "/auth")
        return post_form(http_session, self.last_form, follow_redirects)

    def post_form(self, http_session: requests.Session, form: LaunchForm | None = None,
                  follow_redirects: bool = False) -> requests.Response:
        """POST a launch form (by default the last one) to the tool again, e.g. to replay it."""
        if (form or self.last_form) is None:
            raise RuntimeError("no launch form yet")
        return post_form(http_session, form or self.last_form, follow_redirects)  # type: ignore[arg-type]

    def post_deep_link_response(self, http_session: requests.Session, page: str | requests.Response) -> ResourceLink:
        """POST the tool's deep linking response form (its page, or the Response) here: the link it made."""
        return self.links[send_deep_link_response(http_session, page, self.deep_link_return_url, self.tool_launch_url)]
