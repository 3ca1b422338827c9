"""Embedding (docs/embedding.md): which sites may frame the app (--frame-ancestors, FRAME_ANCESTORS: the
CSP's frame-ancestors on every answer, X-Frame-Options only when none may), a bad origin refused at start,
and the embedded pages (/embed, /embed/t|r/<id>, /embed/x/<id>, /embed/x/<id>/solution) on a real server."""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Iterator

import pytest

from server import create_app
from server.__main__ import app_config, parse_args
from server.transport.frame_ancestors import FrameAncestorsError
from tests.helpers.cli import run_cli
from tests.helpers.live_server import running_server

ROOT = Path(__file__).resolve().parents[2]
COURSE = ("https://canvas.example.edu", "http://localhost:8123")
LECTURE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def get(url: str) -> tuple[int, dict[str, str], str]:
    """Status, headers (lower-case names) and text of a GET; an error status is an answer too."""
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            return answer.status, {k.lower(): v for k, v in answer.headers.items()}, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, error.read().decode()


def make_exercise(base: str) -> str:
    request = urllib.request.Request(f"{base}/api/exercises", data=json.dumps({"tree": LECTURE}).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())["id"]


@pytest.fixture(scope="module")
def closed() -> Iterator[str]:
    with running_server() as url:
        yield url


@pytest.fixture(scope="module")
def open_to_course() -> Iterator[str]:
    with running_server({"FRAME_ANCESTORS": COURSE}) as url:
        yield url


def paths(base: str) -> list[str]:
    exercise = make_exercise(base)
    return ["/", "/embed?example=lecture&step=3", "/embed/r/nope", f"/embed/x/{exercise}", f"/x/{exercise}", "/code",
            "/static/js/app.js", "/api/limits", "/api/trees/nope", "/no/such/page"]


def frame_ancestors(headers: dict[str, str]) -> list[str]:
    return [d.strip() for d in headers["content-security-policy"].split(";") if d.strip().startswith("frame-ancestors")]


def test_by_default_no_site_may_frame_any_answer(closed: str) -> None:
    for path in paths(closed):
        status, headers, _ = get(closed + path)
        assert status in (200, 404), path
        assert frame_ancestors(headers) == ["frame-ancestors 'none'"], path
        assert headers["x-frame-options"] == "DENY", path


def test_listed_origins_may_frame_every_answer_and_x_frame_options_is_dropped(open_to_course: str) -> None:
    for path in paths(open_to_course):
        status, headers, _ = get(open_to_course + path)
        assert status in (200, 404), path
        assert frame_ancestors(headers) == ["frame-ancestors 'self' https://canvas.example.edu http://localhost:8123"], path
        assert "x-frame-options" not in headers, path


def test_a_page_keeps_its_import_map_hash_beside_the_frame_ancestors(open_to_course: str) -> None:
    _, headers, text = get(open_to_course + "/embed?example=lecture")
    csp = headers["content-security-policy"]
    assert re.search(r"script-src 'self' 'sha256-[A-Za-z0-9+/=]+'", csp)
    assert csp.count("frame-ancestors") == 1
    assert '<script type="importmap">' in text


def test_the_flag_is_repeatable_and_origins_are_written_as_browsers_compare_them() -> None:
    args = parse_args(["--frame-ancestors", "HTTPS://Canvas.Example.EDU/", "--frame-ancestors", "http://127.0.0.1:8080",
                       "--frame-ancestors", "http://[::1]:9000"])
    assert app_config(args)["FRAME_ANCESTORS"] == ("https://canvas.example.edu", "http://127.0.0.1:8080", "http://[::1]:9000")
    assert "FRAME_ANCESTORS" not in app_config(parse_args([]))  # the default: none


BAD = ["canvas.example.edu", "ftp://canvas.example.edu", "https://canvas.example.edu/courses/12", "https://canvas.example.edu?x=1",
       "https://*.example.edu", "https://canvas.example.edu:0", "https://canvas.example.edu:70000", "https://", "'self'", "*",
       "https://canvas.example.edu#top", "https://user@canvas.example.edu", "https://canvas..edu", " https://canvas.example.edu"]


@pytest.mark.parametrize("origin", BAD)
def test_create_app_refuses_a_bad_origin_naming_the_key_and_it(tmp_path: Path, origin: str) -> None:
    with pytest.raises(FrameAncestorsError) as refused:
        create_app({"DATABASE": str(tmp_path / "lab.sqlite"), "FRAME_ANCESTORS": ("https://ok.example.edu", origin)})
    assert str(refused.value).startswith(f"FRAME_ANCESTORS[1]: {origin!r} is not an origin")


def test_create_app_refuses_a_string_for_the_list(tmp_path: Path) -> None:
    with pytest.raises(FrameAncestorsError, match="FRAME_ANCESTORS must be a list of origins"):
        create_app({"DATABASE": str(tmp_path / "lab.sqlite"), "FRAME_ANCESTORS": "https://canvas.example.edu"})


def test_the_server_refuses_a_bad_flag_in_one_line_with_exit_2(tmp_path: Path) -> None:
    ran = subprocess.run([sys.executable, "-m", "server", "--db", str(tmp_path / "lab.sqlite"),
                          "--frame-ancestors", "https://canvas.example.edu/courses/12"],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert ran.returncode == 2
    assert ran.stderr.strip().splitlines() == [
        "python -m server: --frame-ancestors 'https://canvas.example.edu/courses/12' is not an origin: write http(s)://host "
        "or http(s)://host:port, with no path, query or wildcard (e.g. https://canvas.example.edu)"]


def test_the_server_help_documents_the_flag() -> None:
    shown = subprocess.run([sys.executable, "-m", "server", "--help"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert "--frame-ancestors ORIGIN" in shown.stdout


def open_link(text: str) -> str:
    found = re.search(r'<a class="embed-link[^"]*" href="([^"]*)" target="_blank" rel="noopener">Open in Minimax Lab</a>', text)
    assert found, "no Open in Minimax Lab link"
    return html.unescape(found.group(1))


def test_the_embedded_view_is_the_main_page_marked_embedded(closed: str) -> None:
    status, _, text = get(closed + "/embed?example=lecture&algorithm=alphabeta&step=30")
    assert status == 200
    assert '<body class="embedded"' in text and "/static/css/embed.css?v=" in text
    assert open_link(text) == "/?example=lecture&algorithm=alphabeta&step=30"
    assert 'id="tree"' in text and 'id="player"' in text and 'id="narration"' in text and 'id="code"' in text
    _, _, full = get(closed + "/?example=lecture")
    assert "embedded" not in full.split("<body", 1)[1].split(">", 1)[0] and "embed.css" not in full
    status, _, text = get(closed + "/embed")
    assert status == 200 and open_link(text) == "/"


def save(base: str, kind: str, body: str) -> str:
    """A saved tree's or trace's id (POST /api/trees, /api/traces)."""
    request = urllib.request.Request(f"{base}/api/{kind}", data=body.encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())["id"]


def test_shared_trees_and_traces_embed_under_their_own_paths(closed: str) -> None:
    tree_id = save(closed, "trees", json.dumps(LECTURE))
    trace_id = save(closed, "traces", run_cli("trace", "--example", "lecture", "--algorithm", "alphabeta").stdout)
    _, _, tree = get(f"{closed}/embed/t/{tree_id}")
    assert f'data-shared-tree="{tree_id}"' in tree and open_link(tree) == f"/t/{tree_id}"
    _, _, trace = get(f"{closed}/embed/r/{trace_id}?detail=key&step=4")
    assert f'data-shared-trace="{trace_id}"' in trace and open_link(trace) == f"/r/{trace_id}?detail=key&step=4"


def test_the_embedded_exercise_has_no_site_header_and_keeps_its_query(closed: str) -> None:
    exercise = make_exercise(closed)
    status, _, text = get(f"{closed}/embed/x/{exercise}?student=kim&lti=launch-42")
    assert status == 200
    assert 'class="exercise-body embedded"' in text and f'data-exercise="{exercise}"' in text
    assert 'class="app-header"' not in text and 'id="check"' in text
    assert open_link(text) == f"/x/{exercise}?student=kim&lti=launch-42"
    status, _, solution = get(f"{closed}/embed/x/{exercise}/solution?step=5")
    assert status == 200 and f'data-exercise-solution="{exercise}"' in solution
    assert f'href="/embed/x/{exercise}">Back to the exercise</a>' in solution
    assert open_link(solution) == f"/x/{exercise}/solution?step=5"


@pytest.mark.parametrize("path", ["/embed/x/nope", "/embed/x/nope/solution"])
def test_an_unknown_exercise_is_404(closed: str, path: str) -> None:
    """The not-found page (server/http/not_found.py), embedded: no site header."""
    status, _, text = get(closed + path)
    assert status == 404 and "No exercise with id <code>nope</code> is stored on this server." in text
    assert 'class="app-header"' not in text


def test_back_to_the_exercise_keeps_the_students_name(tmp_path: Path) -> None:
    client = create_app({"DATABASE": str(tmp_path / "lab.sqlite")}).test_client()
    made = client.post("/api/exercises", json={"tree": [[1, 2], [3, 4]]}).get_json()
    for prefix in ("", "/embed"):
        page = client.get(f"{prefix}/x/{made['id']}/solution?student=Kim%20%3CO%27Hara%3E&step=3").get_data(as_text=True)
        assert f'href="{prefix}/x/{made["id"]}?student=Kim+%3CO%27Hara%3E">Back to the exercise</a>' in page
