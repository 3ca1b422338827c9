"""Versioned asset URLs (server/http/asset_urls.py): every script, module and stylesheet a page names
carries its content's version and is cached for a year under it; the page's import map sends each
module's plain URL to its versioned one (a bundled page's: the vendor modules it imports) and is the only
inline script its policy allows."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from server import create_app
from server.http.asset_urls import content_version

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture()
def client(tmp_path: Path) -> FlaskClient:
    return create_app({"DATABASE": str(tmp_path / "lab.sqlite"), "TESTING": True}).test_client()


def page_urls(client: FlaskClient) -> list[str]:
    made = client.post("/api/exercises", json={"tree": [[3, 12, 8], [2, 4, 6], [14, 5, 2]]}).get_json()
    return ["/", made["url"], f"{made['url']}/results"]


def test_every_asset_a_page_names_is_versioned_and_cached_for_a_year(client: FlaskClient) -> None:
    for url in page_urls(client):
        html = client.get(url).get_data(as_text=True)
        assets = re.findall(r'(?:src|href)="(/(?:static|vendor)/[^"]+)"', html)
        assert len(assets) >= 4, url
        for asset in assets:
            plain, _, version = asset.partition("?v=")
            assert re.fullmatch(r"[0-9a-f]{12}", version), f"{url}: {asset} has no version"
            answer = client.get(asset)
            assert answer.status_code == 200, asset
            assert answer.headers["Cache-Control"] == "public, max-age=31536000, immutable", asset
            if plain.startswith("/static/"):
                assert version == content_version(ROOT / plain.removeprefix("/"))


def test_an_asset_asked_for_without_its_version_or_by_an_old_one_is_checked_again(client: FlaskClient) -> None:
    for asked in ("/static/js/app.js", "/static/js/app.js?v=000000000000", "/static/css/app.css?v=old"):
        answer = client.get(asked)
        assert answer.status_code == 200 and "immutable" not in answer.headers.get("Cache-Control", ""), asked


def test_the_import_map_versions_every_module_and_only_it_is_allowed_inline(client: FlaskClient) -> None:
    for url in page_urls(client):
        answer = client.get(url)
        html = answer.get_data(as_text=True)
        inline = re.findall(r"<script(?![^>]*\bsrc=)([^>]*)>(.*?)</script>", html, re.S)
        assert len(inline) == 1 and 'type="importmap"' in inline[0][0], url
        text = inline[0][1]
        imports = json.loads(text)["imports"]
        preloads = re.findall(r'<link rel="modulepreload" href="([^"]+)">', html)
        entry = re.search(r'<script type="module" src="([^"]+)">', html).group(1)  # type: ignore[union-attr]
        assert entry.startswith("/static/build/pages/"), f"{url}: {entry} is not its bundle (make pages)"
        # A bundle imports only vendor modules: the map versions those, and they are preloaded.
        assert sorted(imports.values()) == sorted({*preloads, *(v for k, v in imports.items() if k.startswith("/vendor/"))})
        assert all(value.startswith(key + "?v=") for key, value in imports.items())
        digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
        policy = answer.headers["Content-Security-Policy"]
        assert f"script-src 'self' 'sha256-{digest}';" in policy, url


def test_answers_other_than_pages_keep_the_strict_policy(client: FlaskClient) -> None:
    for url in ("/api/limits", "/static/js/app.js", "/nope"):
        assert "script-src 'self';" in client.get(url).headers["Content-Security-Policy"], url
