"""Each page's script as one built file (server/http/page_bundles.py, `make pages`): every page's entry has a bundle
built from its modules as they are, each page sends it (and no module one by one), and a bundle built from other
versions of the modules than the checkout's is never sent: the modules go one by one instead."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from server import create_app
from server.http.module_preloads import module_preloads
from server.http.page_bundles import PAGES, bundled_page

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "static"


def template_entries() -> set[str]:
    """The entry module of every page, as its template names it: scripts("...") or a {% block script %}."""
    found: set[str] = set()
    for template in (ROOT / "templates").glob("*.html"):
        text = template.read_text(encoding="utf-8")
        found |= set(re.findall(r'scripts\("([^"]+)"\)', text))
        found |= {entry.strip() for entry in re.findall(r"{% block script %}([^{]+){% endblock %}", text)}
    return found


@pytest.fixture()
def client(tmp_path: Path) -> FlaskClient:
    return create_app({"DATABASE": str(tmp_path / "lab.sqlite"), "TESTING": True}).test_client()


def test_every_pages_entry_has_a_bundle_built_from_its_modules_as_they_are() -> None:
    entries = template_entries()
    assert {"app.js", "play/play_page.js", "code/code_lab.js", "practice/exercise_page.js"} <= entries
    for entry in sorted(entries):
        bundle = bundled_page(str(STATIC), entry)
        assert bundle is not None, f"{entry}: no fresh bundle: run `make pages`"
        manifest = json.loads((STATIC / PAGES / "manifest.json").read_text(encoding="utf-8"))
        assert len(manifest[entry]["sources"]) == len(module_preloads(str(STATIC), entry)) + 1


def test_each_page_sends_its_bundle_and_no_module_one_by_one(client: FlaskClient) -> None:
    made = client.post("/api/exercises", json={"tree": [[3, 12, 8], [2, 4, 6], [14, 5, 2]]}).get_json()
    for url, bundle in (("/", "app.js"), ("/play", "play/play_page.js"), ("/code", "code/code_lab.js"),
                        (made["url"], "practice/exercise_page.js"), (f"{made['url']}/results", "practice/exercise_results_page.js")):
        html = client.get(url).get_data(as_text=True)
        scripts = re.findall(r'<script type="module" src="([^"]+)">', html)
        assert [s.split("?v=")[0] for s in scripts] == [f"/static/build/pages/{bundle}"], url
        assert "/static/js/" not in html, f"{url} still names a module"
        answer = client.get(scripts[0])
        assert answer.status_code == 200 and answer.headers["Cache-Control"] == "public, max-age=31536000, immutable", url
        assert answer.headers["Content-Type"].startswith("text/javascript")
    main = client.get("/").get_data(as_text=True)
    assert re.findall(r'<link rel="modulepreload" href="([^"?]+)', main) == ["/vendor/qrcode.mjs"]  # what the bundle imports


def copy_of_static(tmp_path: Path) -> Path:
    """static/js and the built pages in a folder of their own, to change."""
    copy = tmp_path / "static"
    shutil.copytree(STATIC / "js", copy / "js")
    shutil.copytree(STATIC / PAGES, copy / PAGES)
    return copy


def test_a_module_changed_since_the_build_sends_the_modules_until_it_is_built_again(tmp_path: Path,
                                                                                    caplog: pytest.LogCaptureFixture) -> None:
    static = copy_of_static(tmp_path)
    assert bundled_page(str(static), "app.js") is not None
    module = static / "js" / "view" / "value_format.js"
    original = module.read_bytes()
    module.write_bytes(original + b"\n// edited\n")
    with caplog.at_level("INFO", logger="server.http.page_bundles"):
        assert bundled_page(str(static), "app.js") is None
    assert "app.js: sending its modules one by one: js/view/value_format.js changed since its bundle was built (make pages)" \
        in caplog.text
    assert bundled_page(str(static), "play/play_page.js") is not None  # a page that does not import it keeps its bundle
    module.write_bytes(original)
    assert bundled_page(str(static), "app.js") is not None


@pytest.mark.parametrize(("damage", "why"), [
    (lambda pages: (pages / "manifest.json").unlink(), "no bundle is built for it"),
    (lambda pages: (pages / "manifest.json").write_text("{not json", encoding="utf-8"), "no bundle is built for it"),
    (lambda pages: (pages / "app.js").unlink(), "its bundle's file is missing"),
    (lambda pages: (pages / "manifest.json").write_text(json.dumps({"app.js": {"bundle": "app.js", "sources": {"app.js": "0"}}}),
                                                        encoding="utf-8"), "built from other modules than it imports now"),
])
def test_no_manifest_a_broken_one_or_a_missing_bundle_sends_the_modules(tmp_path: Path, damage, why: str,  # type: ignore[no-untyped-def]
                                                                       caplog: pytest.LogCaptureFixture) -> None:
    static = copy_of_static(tmp_path)
    damage(static / PAGES)
    with caplog.at_level("INFO", logger="server.http.page_bundles"):
        assert bundled_page(str(static), "app.js") is None
    assert why in caplog.text

