"""The test LMS (lti_platform.py) and our server as its tool, together: the platform first (the tool's config
names it), then our server with that config and the LMS allowed to frame it, then the platform told our URL."""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, NamedTuple

from flask import Flask

from tests.helpers.live_server import running_app
from tests.helpers.lti_platform import LtiPlatform


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
