"""The test LMS (lti_platform.py) and our server as its tool, together: the platform first (the tool's config
names it), then our server with that config and the LMS allowed to frame it, then the platform told our URL."""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, NamedTuple
from urllib.parse import parse_qs, urlsplit

import requests
from flask import Flask

from tests.helpers.live_server import running_app
from tests.helpers.lti_platform import LtiPlatform, LtiUser, ResourceLink


class LmsAndTool(NamedTuple):
    platform: LtiPlatform
    url: str  # our server's
    app: Flask
    database: Path


@contextmanager
def lms_and_tool(folder: Path) -> Iterator[LmsAndTool]:
    with LtiPlatform() as platform:
        config = platform.tool_config(folder)
        database = folder / "lab.sqlite"
        settings = {"LTI_CONFIG": str(config), "DATABASE": str(database), "FRAME_ANCESTORS": (platform.url,)}
        with running_app(settings) as (url, app):
            platform.tool_base_url = url
            yield LmsAndTool(platform, url, app, database)


def deep_link(platform: LtiPlatform, url: str, instructor: LtiUser, **form: str) -> tuple[ResourceLink, requests.Response]:
    """An instructor's deep linking through our picker at `url`: (the link the LMS made, our answer page)."""
    session = requests.Session()
    started = platform.deep_link_launch(session, instructor)
    assert started.status_code == 303 and started.headers["Location"].startswith("/lti/deep-link?launch="), started.text
    picker = session.get(url + started.headers["Location"], timeout=10)
    assert picker.status_code == 200 and "What should the link open?" in picker.text
    launch = parse_qs(urlsplit(started.headers["Location"]).query)["launch"][0]
    sent = session.post(f"{url}/lti/deep-link", data={"launch": launch, **form}, timeout=10)
    assert sent.status_code == 200, sent.text
    return platform.post_deep_link_response(session, sent), sent
