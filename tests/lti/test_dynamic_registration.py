"""LTI Dynamic Registration against the test LMS (tests/helpers/lti_platform_registration.py, written from the spec,
over real HTTP): the URL an administrator pastes registers the tool, the platform lands in the --lti-config file
beside the others, a launch from it works at once, and every registration that cannot be trusted is refused by name
with the file unchanged."""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
import threading
from pathlib import Path
from typing import Iterator, NamedTuple
from urllib.parse import parse_qs, urlsplit

import pytest
import requests
from flask import Flask

from tests.helpers.live_server import running_app
from tests.helpers.lti_config import lti_config
from tests.helpers.lti_platform import LtiPlatform
from tests.helpers.lti_platform_registration import TOOL_CONFIGURATION

SECRET = "paste-me-7Qx-long-enough"


class Tool(NamedTuple):
    url: str
    app: Flask
    config: Path


@pytest.fixture
def tool(tmp_path: Path) -> Iterator[Tool]:
    """Our server taking registrations, started with no platform at all (the file is made)."""
    config = tmp_path / "lti" / "platforms.json"
    config.parent.mkdir()
    settings = {"LTI_CONFIG": str(config), "LTI_REGISTRATION_SECRET": SECRET, "DATABASE": str(tmp_path / "lab.sqlite")}
    with running_app(settings) as (url, app):
        yield Tool(url, app, config)


def register(tool: Tool, platform: LtiPlatform, secret: str = SECRET, with_token: bool = True) -> requests.Response:
    """What the LMS does with the pasted URL: open it, with its configuration URL and a registration token."""
    return requests.get(platform.registration_url(f"{tool.url}/lti/register?secret={secret}", with_token), timeout=30)


def refusal(answer: requests.Response) -> str:
    """The refusal's sentence as the page shows it (id lti-refusal), unescaped."""
    found = re.search(r'id="lti-refusal">(.*?)</p>', answer.text, re.S)
    assert found is not None, answer.text
    return html.unescape(found.group(1))


def platforms(tool: Tool) -> dict[str, list[dict]]:
    return json.loads(tool.config.read_text())


def test_the_pasted_url_registers_the_tool_and_a_launch_works_without_a_restart(tool: Tool) -> None:
    with LtiPlatform() as platform:
        answer = register(tool, platform)
        assert answer.status_code == 200, answer.text
        assert "Minimax Lab is registered with minimax-lab-test-lms" in answer.text
        assert 'src="/static/js/lti/registration_done.js' in answer.text  # posts {subject: "org.imsglobal.lti.close"}
        assert "frame-ancestors 'self' *" in answer.headers["Content-Security-Policy"]
        sent = platform.tool_registrations[0]
        request, answered = sent["request"], sent["answer"]
        assert sent["authorization"].startswith("Bearer ") and not platform.registration_tokens  # the token, used once
        assert request["initiate_login_uri"] == f"{tool.url}/lti/login"
        assert request["redirect_uris"] == [f"{tool.url}/lti/launch"]
        assert request["jwks_uri"] == f"{tool.url}/lti/jwks"
        configuration = request[TOOL_CONFIGURATION]
        assert configuration["domain"] == urlsplit(tool.url).netloc
        assert configuration["target_link_uri"] == f"{tool.url}/lti/launch"
        assert [m["type"] for m in configuration["messages"]] == ["LtiDeepLinkingRequest", "LtiResourceLinkRequest"]
        assert set(request["scope"].split()) == {
            "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem",
            "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly",
            "https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly",
            "https://purl.imsglobal.org/spec/lti-ags/scope/score",
            "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly"}
        stored = platforms(tool)[platform.issuer]
        assert len(stored) == 1
        entry = stored[0]
        assert entry["client_id"] == answered["client_id"] == "registered-client-1"
        assert entry["deployment_ids"] == ["registered-deployment-1"]
        assert entry["auth_login_url"] == platform.url + "/auth" and entry["auth_token_url"] == platform.token_url
        assert entry["key_set_url"] == platform.url + "/jwks"
        assert (tool.config.parent / "private.key").is_file() and oct((tool.config.parent / "private.key").stat().st_mode)[-3:] == "600"
        keys = requests.get(f"{tool.url}/lti/jwks", timeout=10).json()["keys"]
        assert len(keys) == 1 and keys[0]["kty"] == "RSA"
        made = requests.post(f"{tool.url}/api/exercises", json={"tree": [[3, 12, 8], [2, 4, 6], [14, 5, 2]]}, timeout=10).json()
        link = platform.add_resource_link(f"{tool.url}{made['url']}", "Week 3", line_item={"scoreMaximum": 10})
        student = platform.add_user("alice", "Alice Liddell")
        launched = platform.launch(requests.Session(), student, link)
        assert launched.status_code == 303, launched.text
        assert launched.headers["Location"].startswith(f"{made['url']}?lti=")
        lti = parse_qs(urlsplit(launched.headers["Location"]).query)["lti"][0]
        checked = requests.post(f"{tool.url}/api/exercises/{made['id']}/check", timeout=30, json={
            "lti": lti, "values": {"A": 3, "B": 3, "C": 2, "D": 2}, "pruned": ["C2", "C3"]}).json()
        assert checked["score"] == 1.0 and checked["lms"]["sent"] is True  # the grade, through a token for the new client
        score = platform.wait_for_scores(1)[0]
        assert score["scoreGiven"] == score["scoreMaximum"] and score["user"] == "alice"
        page = requests.get(f"{tool.url}{made['url']}?lti={lti}", timeout=10)
        assert f"frame-ancestors 'self' {platform.url}" in page.headers["Content-Security-Policy"]  # the LMS may frame it


def test_registrations_at_the_same_moment_are_all_kept(tool: Tool) -> None:
    with LtiPlatform() as first, LtiPlatform() as second:
        urls = [first.registration_url(f"{tool.url}/lti/register?secret={SECRET}"),
                second.registration_url(f"{tool.url}/lti/register?secret={SECRET}"),
                first.registration_url(f"{tool.url}/lti/register?secret={SECRET}")]  # the same LMS twice (two tokens)
        answers: list[int] = []
        start = threading.Barrier(len(urls))

        def open_url(url: str) -> None:
            start.wait()
            answers.append(requests.get(url, timeout=30).status_code)

        threads = [threading.Thread(target=open_url, args=(url,)) for url in urls]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert answers == [200, 200, 200]
        stored = platforms(tool)
        assert sorted(r["client_id"] for r in stored[first.issuer]) == ["registered-client-1", "registered-client-2"]
        assert [r["client_id"] for r in stored[second.issuer]] == ["registered-client-1"]
        assert not list(tool.config.parent.glob("*.tmp"))


def test_a_wrong_secret_is_refused_and_nothing_is_registered(tool: Tool) -> None:
    with LtiPlatform() as platform:
        answer = register(tool, platform, secret="guess")
        assert answer.status_code == 403
        assert refusal(answer).startswith("wrong registration secret: the URL's secret is not this server's")
        assert platform.tool_registrations == [] and platforms(tool) == {}
        missing = requests.get(f"{tool.url}/lti/register?openid_configuration={platform.openid_configuration_url}", timeout=10)
        assert missing.status_code == 403 and platforms(tool) == {}


def test_an_issuer_on_another_host_and_a_refused_token_are_named(tool: Tool) -> None:
    with LtiPlatform() as platform:
        platform.advertised_issuer = "https://lms.example.edu"
        forged = register(tool, platform)
        assert forged.status_code == 400
        assert refusal(forged) == ("issuer on another host: the platform's issuer 'https://lms.example.edu' is not on "
                                   "the host of its configuration URL (127.0.0.1): the registration is refused")
        platform.advertised_issuer = None
        refused = register(tool, platform, with_token=False)  # the platform gave tokens: one without is refused
        assert refused.status_code == 400
        assert refusal(refused).startswith("platform refused: the platform answered the registration with HTTP 401: ")
        assert "registration token is missing, unknown or used" in refusal(refused)
        alone = requests.get(f"{tool.url}/lti/register?secret={SECRET}", timeout=10)
        assert alone.status_code == 400 and refusal(alone).startswith("no openid_configuration: open this URL from the LMS")
        assert platforms(tool) == {}


def test_a_server_without_the_secret_takes_no_registration(tmp_path: Path) -> None:
    settings = {"LTI_CONFIG": str(lti_config(tmp_path)), "DATABASE": str(tmp_path / "lab.sqlite")}
    with running_app(settings) as (url, _), LtiPlatform() as platform:
        answer = requests.get(platform.registration_url(f"{url}/lti/register?secret=anything"), timeout=10)
        assert answer.status_code == 404 and refusal(answer).startswith("no registrations: this server was started without --lti-registration-secret")


def test_the_secret_needs_a_configuration_file() -> None:
    run = subprocess.run([sys.executable, "-m", "server", "--lti-registration-secret", "x"], capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 2
    assert "--lti-registration-secret needs --lti-config FILE" in run.stderr


def test_canvas_reads_its_developer_key_from_one_url(tool: Tool) -> None:
    key = requests.get(f"{tool.url}/lti/canvas.json", timeout=10)
    assert key.status_code == 200 and key.headers["Content-Type"].startswith("application/json")
    data = key.json()
    assert data["title"] == "Minimax Lab"
    assert data["oidc_initiation_url"] == f"{tool.url}/lti/login"
    assert data["target_link_uri"] == f"{tool.url}/lti/launch"
    assert data["public_jwk_url"] == f"{tool.url}/lti/jwks"
    assert "https://purl.imsglobal.org/spec/lti-ags/scope/score" in data["scopes"]
    assert "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly" in data["scopes"]
    placements = data["extensions"][0]["settings"]["placements"]
    assert {p["placement"] for p in placements} >= {"assignment_selection", "link_selection"}
    assert all(p["message_type"] == "LtiDeepLinkingRequest" and p["target_link_uri"] == data["target_link_uri"]
               for p in placements)


def test_guesses_at_the_secret_are_limited_per_address(tmp_path: Path) -> None:
    settings = {"LTI_CONFIG": str(tmp_path / "platforms.json"), "LTI_REGISTRATION_SECRET": SECRET,
                "DATABASE": str(tmp_path / "lab.sqlite"), "QUOTA_LTI_REGISTRATIONS_PER_MINUTE": 3}
    with running_app(settings) as (url, _):
        answers = [requests.get(f"{url}/lti/register?secret=guess-{n}", timeout=10) for n in range(4)]  # 1 in 10^30 each
        assert [a.status_code for a in answers] == [403, 403, 403, 429]
        assert "LMS registrations tried" in answers[-1].text and int(answers[-1].headers["Retry-After"]) >= 1


def test_a_platform_without_a_deployment_id_launches_by_any_deployment_of_its_client(tool: Tool) -> None:
    with LtiPlatform() as platform:
        platform.answers_deployment_id = False  # as Canvas: deployments are made when the key is installed
        assert register(tool, platform).status_code == 200
        entry = platforms(tool)[platform.issuer][0]
        assert entry["deployment_ids"] == [] and entry["any_deployment"] is True
        made = requests.post(f"{tool.url}/api/exercises", json={"tree": [[1, 2], [3, 4]]}, timeout=10).json()
        link = platform.add_resource_link(f"{tool.url}{made['url']}", "Practice")
        launched = platform.launch(requests.Session(), platform.add_user("bea", "Bea Smith"), link)
        assert launched.status_code == 303 and launched.headers["Location"].startswith(f"{made['url']}?lti=")


def test_an_issuer_that_is_no_plain_origin_is_refused(tool: Tool) -> None:
    with LtiPlatform() as platform:
        port = urlsplit(platform.url).port
        platform.advertised_issuer = f"http://lms:pw@127.0.0.1:{port}"  # would be written into every page's policy
        answer = register(tool, platform)
        assert answer.status_code == 400 and refusal(answer).startswith("issuer not plain: the platform's issuer")
        assert platforms(tool) == {}


def test_a_file_broken_by_hand_keeps_the_site_up_and_refuses_registrations_before_the_platform_is_asked(tool: Tool) -> None:
    with LtiPlatform() as first, LtiPlatform() as second:
        assert register(tool, first).status_code == 200
        good = tool.config.read_text()
        tool.config.write_text('{"https://lms.example": [{"client_id": "x", "any_deployment": true}]}')  # fields missing
        assert requests.get(f"{tool.url}/", timeout=10).status_code == 200  # every page still answers
        refused = register(tool, second)
        assert refused.status_code == 500 and refusal(refused).startswith("configuration unusable: LTI configuration ")
        assert second.tool_registrations == []  # the platform was not asked
        tool.config.write_text(good)
        made = requests.post(f"{tool.url}/api/exercises", json={"tree": [[1, 2], [3, 4]]}, timeout=10).json()
        link = first.add_resource_link(f"{tool.url}{made['url']}", "Practice")
        assert first.launch(requests.Session(), first.add_user("cy", "Cy Young"), link).status_code == 303


def test_a_second_process_sharing_the_file_launches_a_registration_the_first_took(tool: Tool, tmp_path: Path) -> None:
    settings = {"LTI_CONFIG": str(tool.config), "LTI_REGISTRATION_SECRET": SECRET, "DATABASE": str(tmp_path / "other.sqlite")}
    with running_app(settings) as (other, _), LtiPlatform() as platform:  # started before the registration
        assert register(tool, platform).status_code == 200
        made = requests.post(f"{other}/api/exercises", json={"tree": [[1, 2], [3, 4]]}, timeout=10).json()
        link = platform.add_resource_link(f"{other}{made['url']}", "Practice")
        platform.tool_base_url = other  # the LMS reaches the deployment at the other process (as behind a balancer)
        launched = platform.launch(requests.Session(), platform.add_user("di", "Di Lee"), link)
        assert launched.status_code == 303, launched.text


def test_a_short_secret_is_refused_at_start(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "-m", "server", "--lti-config", str(tmp_path / "p.json"),
                          "--lti-registration-secret", "short"], capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    assert "the registration secret must be 16 characters or more" in run.stderr
