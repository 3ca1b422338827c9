"""LTI launches live where every server process reads them (docs/lms.md, "Where launches live"): with
`--message-queue`, a student's launch taken by one `python -m server` process is honoured by another, which
sends the Check's score to the test LMS; a nonce taken on one process cannot be replayed on the other.
"""

from __future__ import annotations

import html
from contextlib import ExitStack
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import requests

from tests.helpers.lti_platform import LtiPlatform
from tests.helpers.lti_platform_browser import LaunchForm
from tests.helpers.redis_server import redis_server
from tests.helpers.server_process import server_process

RIGHT = {"values": {"A": 3, "B": 3, "C": 2, "D": 2}, "pruned": ["C2", "C3"]}


def test_a_launch_on_one_process_is_read_by_another_and_its_nonce_is_spent_on_both(tmp_path: Path) -> None:
    with LtiPlatform() as platform, redis_server() as queue, ExitStack() as stack:
        config = platform.tool_config(tmp_path)
        first, second = (stack.enter_context(server_process(tmp_path / "lab.sqlite", "--message-queue", queue,
                                                            "--lti-config", str(config), "--threads", "16"))
                         for _ in range(2))
        platform.tool_base_url = first.url
        made = requests.post(f"{first.url}/api/exercises", json={"tree": [[3, 12, 8], [2, 4, 6], [14, 5, 2]]}, timeout=10).json()
        link = platform.add_resource_link(f"{first.url}/x/{made['id']}", "Week 3", line_item={"scoreMaximum": 100})
        alice = platform.add_user("alice", "Alice Liddell")
        session = requests.Session()
        opened = platform.launch(session, alice, link)
        assert opened.status_code == 303
        lti = parse_qs(urlsplit(opened.headers["Location"]).query)["lti"][0]

        checked = requests.post(f"{second.url}/api/exercises/{made['id']}/check", json={**RIGHT, "lti": lti}, timeout=30).json()
        assert checked["lms"] == {"sent": True, "points": 100, "out_of": 100, "grade": "best"}
        assert [(s["userId"], s["scoreGiven"]) for s in platform.wait_for_scores(1)] == [(alice.sub, 100)]

        form = platform.last_form
        replayed = platform.post_form(session, LaunchForm(form.action.replace(first.url, second.url), form.fields))
        assert replayed.status_code == 403 and "replayed nonce" in html.unescape(replayed.text)
