"""The server installed from the wheel with its `[server]` extra, in a fresh virtual environment outside the
checkout, serves every page and every script, stylesheet, module and file those pages load, from the installed
package (server/web_files.py, setup.py's build step).

Before the browser app went into the wheel, such a server answered 500 on every page (TemplateNotFound) and 404
for /static/js/app.js. This starts `python -m server` (gunicorn, as a course runs it) from that venv in an empty
folder, fetches each page the templates make, follows every URL a page names (scripts, preloads, the import map,
stylesheets, the code lab's worker and Pyodide, data-* addresses) and every URL a script imports or a stylesheet
links, and checks each answer: 200, its content type, and the checkout's bytes. Costs the wheel (shared in one process
with test_wheel.py: tests/engine/conftest.py), one install of 39 distributions from a wheelhouse of this venv's, one server: 36 s alone on this
2-core machine under a load of 5 (90 s under a load of 12), most of it the install and the server's first imports.
"""

from __future__ import annotations

import json
import posixpath
import re
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from typing import Iterator
from urllib.parse import urljoin, urlsplit

import pytest
import requests

from tests.engine.wheel_venvs import ROOT, fresh_venv, outside_env
from tests.helpers.server_process import serving

TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css", ".wasm": "application/wasm",
         ".zip": "application/zip", ".json": "application/json", ".svg": "image/svg+xml", ".png": "image/png"}
"""The content type each kind of file must come with (answers are nosniff: a wrong type is a file not run)."""

PYODIDE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
"""What the code lab's worker fetches from data-pyodide's folder (server/http/pyodide_files.py)."""

IMPORTS = re.compile(r"""(?:\bimport\s*\(?|\bfrom)\s*["']([^"']+)["']""")
CSS_URLS = re.compile(r"""url\(\s*["']?([^"')]+)["']?\s*\)|@import\s+["']([^"']+)["']""")


class Links(HTMLParser):
    """The same-site URLs a page loads: src, stylesheet and preload hrefs, the import map's and data-* addresses."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: set[str] = set()
        self._in_import_map = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        self._in_import_map = tag == "script" and found.get("type") == "importmap"
        for name, value in attrs:
            if not value or not value.startswith("/"):
                continue
            if name == "src" or (name == "href" and tag == "link" and found.get("rel") in ("stylesheet", "modulepreload", "icon")):
                self.urls.add(value)
            elif name.startswith("data-") and (value.startswith(("/static/", "/vendor/", "/code/"))):
                self.urls.update(f"{value}{file}" for file in PYODIDE) if value.endswith("/") else self.urls.add(value)

    def handle_data(self, data: str) -> None:
        if self._in_import_map:
            self.urls.update(json.loads(data)["imports"].values())

    def handle_endtag(self, tag: str) -> None:
        self._in_import_map = False


@pytest.fixture(scope="module")
def installed_server(wheel: Path, wheelhouse: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("server-venv")
    python = fresh_venv(folder, wheel, ("server",), wheelhouse)
    # Where `server` comes from, found without importing it (an import is seconds of Flask and SQLAlchemy).
    where = subprocess.run([str(python), "-c", "import importlib.util as u; print(u.find_spec('server').origin)"], cwd=folder,
                           env=outside_env(), capture_output=True, text=True, timeout=60)
    assert where.returncode == 0, where.stderr
    package = Path(where.stdout.strip()).parent
    assert package.parent.name == "site-packages" and str(ROOT) not in str(package)
    assert (package / "web" / "templates" / "index.html").is_file()  # what server/web_files.py then reads
    with serving(str(python), ["--db", str(folder / "saved.sqlite")], folder, outside_env(), "the installed server") as url:
        yield url


def page_paths(url: str) -> list[str]:
    """Every page the templates make that needs no LMS: the viewer, /play, the code lab, the embedded view, an
    exercise with its results, review and solution pages, a course and a new course, a practice path with its results
    and a new path, and the not-found page."""
    exercise = requests.post(f"{url}/api/exercises", json={"tree": [[3, 12, 8], [2, 4, 6], [14, 5, 2]]}, timeout=30)
    assert exercise.status_code == 201, exercise.text
    made = exercise.json()
    course = requests.post(f"{url}/api/courses", json={"title": "Week 3", "exercises": [{"id": made["id"], "key": made["key"]}]},
                           timeout=30)
    assert course.status_code == 201, course.text
    path = requests.post(f"{url}/api/paths", json={}, timeout=30)
    assert path.status_code == 201, path.text
    p = path.json()
    x = made["id"]
    return ["/", "/play", "/code", "/embed?example=lecture", "/course/new", course.json()["url"], f"/x/{x}",
            f"/x/{x}/results?key={made['key']}", f"/x/{x}/review?key={made['key']}", f"/x/{x}/solution", f"/embed/x/{x}",
            "/p/new", p["url"], f"{p['results_url']}?key={p['key']}"]


def checkout_file(path: str) -> Path | None:
    """The checkout's copy of a /static/ URL's file (what the wheel must have carried)."""
    return ROOT / path.removeprefix("/") if path.startswith("/static/") else None


def linked(path: str, text: str) -> set[str]:
    """Same-site URLs a script imports (relative or absolute) or a stylesheet links."""
    if path.endswith((".js", ".mjs")):
        specs = IMPORTS.findall(text)
    elif path.endswith(".css"):
        specs = [a or b for a, b in CSS_URLS.findall(text)]
    else:
        return set()
    found = set()
    for spec in specs:
        if spec.startswith(("./", "../", "/")) and not spec.startswith("//"):
            found.add(posixpath.normpath(urljoin(path, spec)) if not spec.startswith("/") else spec)
    return found


def test_every_page_and_everything_it_loads_comes_from_the_installed_package(installed_server: str) -> None:
    url = installed_server
    pages, assets = page_paths(url), set()
    for page in pages:
        answer = requests.get(url + page, timeout=30)
        assert answer.status_code == 200, f"{page}: {answer.status_code} {answer.text[:300]}"
        assert answer.headers["Content-Type"].startswith("text/html"), page
        links = Links()
        links.feed(answer.text)
        assets |= links.urls
    missing = requests.get(url + "/no-such-page", timeout=30)
    assert missing.status_code == 404 and missing.headers["Content-Type"].startswith("text/html") and "<html" in missing.text
    assert {"/code/python_worker.js", "/vendor/d3.min.js", "/vendor/socket.io.min.js", "/vendor/pyodide/pyodide.asm.wasm"} <= {
        urlsplit(a).path for a in assets}
    fetched: dict[str, int] = {}
    todo = sorted(assets)
    while todo:
        address = todo.pop()
        path = urlsplit(address).path
        if path in fetched:
            continue
        answer = requests.get(url + address, timeout=60)
        assert answer.status_code == 200, f"{address}: {answer.status_code} {answer.text[:200]}"
        fetched[path] = len(answer.content)
        suffix = Path(path).suffix
        expected = TYPES.get(suffix, "?")
        assert answer.headers["Content-Type"].split(";")[0] == expected, f"{address}: {answer.headers['Content-Type']}"
        copy = checkout_file(path)
        if copy is not None:
            assert answer.content == copy.read_bytes(), f"{address} differs from the checkout's"
        todo += sorted(linked(path, answer.text) - set(fetched)) if suffix in (".js", ".mjs", ".css") else []
    # Each page's script is its bundle (server/http/page_bundles.py): the installed copy is as fresh as the checkout's.
    built = json.loads((ROOT / "static" / "build" / "pages" / "manifest.json").read_text(encoding="utf-8"))
    assert {p for p in fetched if p.startswith("/static/build/pages/")} == {f"/static/build/pages/{b['bundle']}" for b in built.values()}
    assert any(p.startswith("/static/css/") for p in fetched) and "/static/build/code_editor.js" in fetched
