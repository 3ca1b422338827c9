"""The test LMS (tests/helpers/lti_platform.py) is a real LTI 1.3 peer: a minimal tool written on
pylti1p3 (its Flask contrib, a dict for launch data) logs in, validates launches, answers deep
linking and posts a grade through AGS against it, and refuses each tampered id_token with its reason.
"""

from __future__ import annotations

import html
import re
import threading
import time
import typing as t
import uuid
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import jwt
import pytest
import requests
from flask import Flask, Response, request
from pylti1p3.contrib.flask import FlaskCacheDataStorage, FlaskMessageLaunch, FlaskOIDCLogin, FlaskRequest
from pylti1p3.deep_link_resource import DeepLinkResource
from pylti1p3.grade import Grade
from pylti1p3.lineitem import LineItem
from pylti1p3.tool_config import ToolConfJsonFile
from werkzeug.serving import make_server

from tests.helpers.lti_platform import INSTRUCTOR, LtiPlatform, LtiUser
from tests.helpers.lti_platform_browser import read_form
from tests.helpers.lti_platform_protocol import AGS_CLAIM, AGS_SCOPES, CLIENT_ASSERTION_TYPE, DL, LTI, SCOPE_SCORE

SCORE_TYPE = "application/vnd.ims.lis.v1.score+json"


class DictCache:
    """The cache interface pylti1p3's cache storage wants, over a dict."""

    def __init__(self) -> None:
        self.data: dict[str, t.Any] = {}

    def get(self, key: str) -> t.Any:
        return self.data.get(key)

    def set(self, key: str, value: t.Any, exp: int | None = None) -> None:
        self.data[key] = value

    def pop(self, key: str) -> t.Any:
        return self.data.pop(key, None)


class OneTimeNonces(FlaskCacheDataStorage):
    """pylti1p3 checks a nonce without using it up (a replayed id_token + state passes); here a nonce
    is good once, as the spec asks of a tool."""

    def check_value(self, key: str) -> bool:
        if "-nonce-" in key:
            return self._get_cache().pop(self._prepare_key(key)) is not None
        return super().check_value(key)


def make_tool(config: Path) -> Flask:
    """A minimal LTI 1.3 tool: login, launch (resource link or deep linking), a grade, its JWKS."""
    app = Flask("minimal_pylti1p3_tool")
    app.secret_key = "test"
    tool_conf, cache = ToolConfJsonFile(str(config)), DictCache()

    @app.route("/lti/login", methods=["GET", "POST"])
    def login() -> t.Any:
        oidc = FlaskOIDCLogin(FlaskRequest(), tool_conf, launch_data_storage=OneTimeNonces(cache))
        return oidc.redirect(request.host_url + "lti/launch")

    @app.post("/lti/launch")
    def launch() -> t.Any:
        message = FlaskMessageLaunch(FlaskRequest(), tool_conf, launch_data_storage=OneTimeNonces(cache))
        try:
            data = message.get_launch_data()
        except Exception as exc:  # LtiException, and a bare Exception for an unknown (iss, client_id)
            return Response(str(exc), 400)
        if message.is_deep_link_launch():
            item = LineItem().set_score_maximum(10).set_label("Week 3 exercise").set_resource_id("x-abc").set_tag("practice")
            resource = DeepLinkResource().set_url(request.host_url + "x/abc").set_title("Week 3 exercise").set_lineitem(item)
            return message.get_deep_link().output_response_form([resource])
        return {"launch_id": message.get_launch_id(), "sub": data["sub"], "name": data.get("name"),
                "target": data[LTI + "target_link_uri"], "student": message.check_student_access()}

    @app.post("/grade")
    def grade() -> t.Any:
        message = FlaskMessageLaunch.from_cache(request.json["launch_id"], FlaskRequest(), tool_conf,
                                                launch_data_storage=OneTimeNonces(cache))
        score = (Grade().set_score_given(request.json["score"]).set_score_maximum(10).set_activity_progress("Completed")
                 .set_grading_progress("FullyGraded").set_user_id(message.get_launch_data()["sub"])
                 .set_timestamp(datetime.now(timezone.utc).isoformat()))
        message.get_ags().put_grade(score)
        return {"ok": True}

    @app.get("/lti/jwks")
    def jwks() -> t.Any:
        return tool_conf.get_jwks()

    return app


@pytest.fixture(scope="module")
def peers(tmp_path_factory: pytest.TempPathFactory) -> t.Iterator[tuple[LtiPlatform, Path]]:
    """The platform and the minimal tool, each on its own free port; the tool's config folder."""
    with LtiPlatform() as platform:
        folder = tmp_path_factory.mktemp("tool")
        httpd = make_server("127.0.0.1", 0, make_tool(platform.tool_config(folder)), threaded=True)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        platform.tool_base_url = f"http://127.0.0.1:{httpd.server_port}"
        yield platform, folder
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture
def platform(peers: tuple[LtiPlatform, Path]) -> LtiPlatform:
    return peers[0]


def student(platform: LtiPlatform) -> LtiUser:
    login = f"s{len(platform.users)}"
    return platform.add_user(login, "Alice Liddell")


def client_assertion(platform: LtiPlatform, folder: Path, **changes: t.Any) -> str:
    """A client assertion signed by the tool's key, with `changes` to its claims."""
    now = int(time.time())
    claims = {"iss": platform.client_id, "sub": platform.client_id, "aud": platform.token_url, "iat": now, "exp": now + 60,
              "jti": str(uuid.uuid4()), **changes}
    return jwt.encode(claims, (folder / "private.key").read_text(), algorithm="RS256", headers={"kid": tool_kid(platform)})


def tool_kid(platform: LtiPlatform) -> str:
    return requests.get(platform.tool_jwks_url).json()["keys"][0]["kid"]


def test_a_launch_carries_every_claim_and_the_tool_validates_it(platform: LtiPlatform) -> None:
    alice = student(platform)
    link = platform.add_resource_link("https://lab.example/x/abc", "Week 3", line_item={"scoreMaximum": 10},
                                      custom={"view": "exercise"})
    answer = platform.launch(requests.Session(), alice, link)
    assert answer.status_code == 200, answer.text
    assert answer.json()["sub"] == alice.sub and answer.json()["student"] is True
    assert answer.json()["target"] == "https://lab.example/x/abc"
    claims = jwt.decode(platform.last_form.fields["id_token"], options={"verify_signature": False})
    assert claims["aud"] == claims["azp"] == platform.client_id and claims["exp"] - claims["iat"] == 300
    assert (claims["name"], claims["given_name"], claims["family_name"]) == ("Alice Liddell", "Alice", "Liddell")
    assert claims["nonce"] == platform.launches[-1]["nonce"]
    assert claims[LTI + "message_type"] == "LtiResourceLinkRequest" and claims[LTI + "version"] == "1.3.0"
    assert claims[LTI + "resource_link"] == {"id": link.id, "title": "Week 3"}
    assert claims[LTI + "context"]["label"] == "CS 101" and claims[LTI + "custom"] == {"view": "exercise"}
    assert claims[LTI + "launch_presentation"] == {"document_target": "iframe"} and LTI + "tool_platform" in claims
    assert claims[AGS_CLAIM]["lineitem"] == link.line_item_id and len(claims[AGS_CLAIM]["scope"]) == 4


def test_a_grade_goes_through_the_token_endpoint_and_is_recorded(platform: LtiPlatform) -> None:
    alice = student(platform)
    link = platform.add_resource_link("https://lab.example/x/abc", "Week 3", line_item={"scoreMaximum": 10})
    session = requests.Session()
    launch_id = platform.launch(session, alice, link).json()["launch_id"]
    before = len(platform.scores)
    assert session.post(platform.tool_base_url + "/grade", json={"launch_id": launch_id, "score": 7}).status_code == 200
    score = platform.wait_for_scores(before + 1)[-1]
    assert {k: score[k] for k in ("user", "userId", "scoreGiven", "scoreMaximum", "activityProgress", "gradingProgress")} == {
        "user": alice.login, "userId": alice.sub, "scoreGiven": 7, "scoreMaximum": 10, "activityProgress": "Completed",
        "gradingProgress": "FullyGraded"}
    assert score["lineItem"] == link.line_item_id and SCOPE_SCORE in platform.tokens[-1]


def test_deep_linking_makes_a_graded_link_that_launches(platform: LtiPlatform) -> None:
    prof = platform.add_user(f"prof{len(platform.users)}", "Ada Byron", roles=INSTRUCTOR)
    session = requests.Session()
    page = platform.deep_link_launch(session, prof)
    claims = jwt.decode(platform.last_form.fields["id_token"], options={"verify_signature": False})
    settings = claims[DL + "deep_linking_settings"]
    assert claims[LTI + "message_type"] == "LtiDeepLinkingRequest" and settings["accept_multiple"] is False
    assert settings["deep_link_return_url"] == platform.deep_link_return_url and settings["accept_types"] == ["ltiResourceLink"]
    link = platform.post_deep_link_response(session, page)
    assert link.target_link_uri == platform.tool_base_url + "/x/abc" and link.title == "Week 3 exercise"
    item = platform.line_items[link.line_item_id.rsplit("/", 1)[1]]
    assert (item["scoreMaximum"], item["label"], item["resourceId"], item["tag"]) == (10, "Week 3 exercise", "x-abc", "practice")
    assert platform.deep_link_items[-1]["url"] == link.target_link_uri
    assert platform.launch(requests.Session(), student(platform), link).json()["target"] == link.target_link_uri
    again = requests.post(platform.deep_link_return_url, data=read_form(page.text, page.url).fields)
    assert again.status_code == 400 and "used before" in again.text, "a deep linking response is good once"


@pytest.mark.parametrize("tamper, reason", [("expired", "Signature has expired"),
                                            ("bad_signature", "Signature verification failed"),
                                            ("wrong_audience", "[client_id=another-tool-client] not found"),
                                            ("unknown_issuer", "iss https://unknown-lms.invalid not found")])
def test_pylti1p3_refuses_a_tampered_id_token(platform: LtiPlatform, tamper: str, reason: str) -> None:
    link = platform.add_resource_link("https://lab.example/x/abc", "Week 3")
    answer = platform.launch(requests.Session(), student(platform), link, tamper=tamper)
    assert (answer.status_code, reason in answer.text) == (400, True), answer.text


def test_a_replayed_launch_is_refused(platform: LtiPlatform) -> None:
    session = requests.Session()
    link = platform.add_resource_link("https://lab.example/x/abc", "Week 3")
    assert platform.launch(session, student(platform), link).status_code == 200
    again = platform.post_form(session)
    assert (again.status_code, again.text) == (400, "Invalid Nonce")


def test_the_course_page_frames_a_launch_that_completes(platform: LtiPlatform) -> None:
    alice, link = student(platform), platform.add_resource_link("https://lab.example/x/abc", "Week 3")
    session = requests.Session()
    page = session.get(platform.course_url(link, alice))
    src = read_iframe_src(page.text)
    query = parse_qs(urlparse(src).query)
    assert src.startswith(platform.tool_login_url + "?") and query["login_hint"] == [alice.login]
    assert {k: v[0] for k, v in query.items() if k in ("iss", "client_id", "lti_deployment_id", "target_link_uri")} == {
        "iss": platform.issuer, "client_id": platform.client_id, "lti_deployment_id": platform.deployment_id,
        "target_link_uri": link.target_link_uri}
    form_page = session.get(src)  # the tool's login redirects to /auth, whose page holds the form
    form = read_form(form_page.text, form_page.url)
    assert session.post(form.action, data=form.fields).json()["sub"] == alice.sub


def read_iframe_src(page: str) -> str:
    return html.unescape(re.search(r'<iframe[^>]*src="([^"]+)"', page).group(1))


def test_the_authorization_endpoint_refuses_an_unregistered_redirect_uri(platform: LtiPlatform) -> None:
    alice, link = student(platform), platform.add_resource_link("https://lab.example/x/abc", "Week 3")
    query = parse_qs(urlparse(requests.get(platform.login_url(alice, link), allow_redirects=False).headers["Location"]).query)
    params = {k: v[0] for k, v in query.items()}
    answer = requests.get(platform.url + "/auth", params={**params, "redirect_uri": "https://evil.example/launch"})
    assert answer.status_code == 400 and "redirect_uri" in answer.text
    assert platform.errors[-1]["endpoint"] == "/auth" and "not a registered launch URL" in platform.errors[-1]["reason"]


@pytest.mark.parametrize("changes, reason", [({"aud": "https://elsewhere.example/token"}, "must be the token URL"),
                                             ({"iss": "someone-else"}, "must both be the client_id"),
                                             ({"exp": 1}, "expired")])
def test_the_token_endpoint_refuses_a_bad_client_assertion(peers: tuple[LtiPlatform, Path], changes: dict[str, t.Any],
                                                           reason: str) -> None:
    platform, folder = peers
    form = {"grant_type": "client_credentials", "client_assertion_type": CLIENT_ASSERTION_TYPE, "scope": SCOPE_SCORE,
            "client_assertion": client_assertion(platform, folder, **changes)}
    answer = requests.post(platform.token_url, data=form)
    assert answer.status_code == 401 and reason in answer.json()["error_description"], answer.text


def test_a_jti_is_good_once_and_a_score_needs_its_scope_and_type(peers: tuple[LtiPlatform, Path]) -> None:
    platform, folder = peers
    link = platform.add_resource_link("https://lab.example/x/abc", "Week 3", line_item={"scoreMaximum": 10})
    form = {"grant_type": "client_credentials", "client_assertion_type": CLIENT_ASSERTION_TYPE,
            "scope": "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly",
            "client_assertion": client_assertion(platform, folder)}
    token = requests.post(platform.token_url, data=form).json()
    assert token["token_type"] == "Bearer" and token["expires_in"] == 3600
    assert requests.post(platform.token_url, data=form).json()["error"] == "invalid_client"
    auth = {"Authorization": "Bearer " + token["access_token"]}
    score = {"userId": student(platform).sub, "scoreGiven": 1, "scoreMaximum": 10, "activityProgress": "Completed",
             "gradingProgress": "FullyGraded", "timestamp": datetime.now(timezone.utc).isoformat()}
    assert requests.post(link.line_item_id + "/scores", json=score, headers={**auth, "Content-Type": SCORE_TYPE}).status_code == 403
    assert requests.get(link.line_item_id, headers=auth).json()["scoreMaximum"] == 10
    assert requests.post(link.line_item_id + "/scores", json=score).status_code == 401


def test_a_tool_makes_a_line_item_posts_scores_and_reads_results(peers: tuple[LtiPlatform, Path]) -> None:
    platform, folder = peers
    form = {"grant_type": "client_credentials", "client_assertion_type": CLIENT_ASSERTION_TYPE, "scope": " ".join(AGS_SCOPES),
            "client_assertion": client_assertion(platform, folder)}
    auth = {"Authorization": "Bearer " + requests.post(platform.token_url, data=form).json()["access_token"]}
    lineitems = platform.lineitems_url("course-101")
    made = requests.post(lineitems, json={"label": "Quiz", "scoreMaximum": 5, "tag": "quiz"},
                         headers={**auth, "Content-Type": "application/vnd.ims.lis.v2.lineitem+json"})
    assert made.status_code == 201 and made.json()["id"].startswith(lineitems + "/")
    assert made.json() in requests.get(lineitems, params={"tag": "quiz"}, headers=auth).json()
    bob, now = student(platform), datetime.now(timezone.utc)
    score = {"userId": bob.sub, "scoreGiven": 4, "scoreMaximum": 5, "activityProgress": "Completed",
             "gradingProgress": "FullyGraded", "timestamp": now.isoformat()}
    post = {**auth, "Content-Type": SCORE_TYPE}
    assert requests.post(made.json()["id"] + "/scores", json=score, headers=post).status_code == 200
    older = {**score, "scoreGiven": 1, "timestamp": now.replace(year=now.year - 1).isoformat()}
    assert requests.post(made.json()["id"] + "/scores", json=older, headers=post).status_code == 409
    nan = requests.post(made.json()["id"] + "/scores", data='{"userId": "x", "scoreGiven": NaN}', headers=post)
    assert nan.status_code == 400 and "activityProgress" in nan.json()["error"]
    results = requests.get(made.json()["id"] + "/results", headers=auth).json()
    assert [(r["userId"], r["resultScore"], r["resultMaximum"]) for r in results] == [(bob.sub, 4, 5)]
