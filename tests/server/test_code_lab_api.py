"""The code lab's server side (docs/code-lab.md, docs/http-api.md): GET /api/code/problem validates the
address's problem with the grader's own validator and hands out the starter, or answers 400 naming
the field; GET /code/search.zip is our package for the browser's Pyodide: every module, the schemas,
no bytecode, cached by its version, and enough on its own (stdlib only) to judge a student's search;
Pyodide's files come from node_modules with their types; the worker's policy alone lets it compile
WebAssembly. The server never runs the student's code: no route takes any."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Iterator

import pytest
import requests

from search.grading.starters import quiz_starter, starter
from search.limits import GRADE_TIMEOUT_SECONDS
from tests.helpers.live_server import running_server

ROOT = Path(__file__).resolve().parents[2]
RIGHT = ROOT / "tests" / "browser" / "code_lab" / "alphabeta_right.py"


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    with running_server() as base:
        yield base


def problem(url: str, **query: str) -> requests.Response:
    return requests.get(f"{url}/api/code/problem", params=query, timeout=10)


def test_a_problem_is_normalized_with_its_entry_starter_and_time_limit(url: str) -> None:
    body = problem(url, algorithm="alphabeta", example="lecture").json()
    assert body["entry"] == "alphabeta_search" and body["starter"] == starter("alphabeta")
    assert body["time_limit_seconds"] == GRADE_TIMEOUT_SECONDS
    assert body["problem"]["algorithm"] == "alphabeta" and body["problem"]["ties"] == "prune"
    tree = body["problem"]["tree"]  # the tree in full, for the worker as is
    assert tree["id"] == "A" and [child["id"] for child in tree["children"]] == ["B", "C", "D"]
    assert [leaf["value"] for child in tree["children"] for leaf in child["children"]] == [3, 12, 8, 2, 4, 6, 14, 5, 2]
    game = problem(url, algorithm="minimax", game="tictactoe", state="XO.X.O...", depth="2").json()
    assert game["entry"] == "minimax_search" and game["starter"] == starter("minimax")
    assert (game["problem"]["game"], game["problem"]["state"], game["problem"]["depth"]) == ("tictactoe", "XO.X.O...", 2)
    shorthand = problem(url, algorithm="minimax", tree="[[3, 12], [2, 4]]").json()["problem"]["tree"]
    assert [leaf["value"] for child in shorthand["children"] for leaf in child["children"]] == [3, 12, 2, 4]


def test_max_n_and_connect_four_are_problems_with_their_starters(url: str) -> None:
    maxn = problem(url, algorithm="maxn", example="three-players").json()
    assert maxn["entry"] == "maxn_search" and maxn["starter"] == starter("maxn")
    assert maxn["problem"]["tree"]["players"] == ["A", "B", "C"]
    board = "." * 35 + "..OX..."
    four = problem(url, algorithm="alphabeta", game="connect4", state=board, depth="4").json()
    assert (four["problem"]["game"], four["problem"]["state"], four["problem"]["depth"]) == ("connect4", board, 4)
    endless = problem(url, algorithm="alphabeta", game="connect4", state=board)
    assert endless.status_code == 400 and endless.json()["error"].startswith("depth: Connect Four needs a depth limit")


def test_the_lecture_quiz_is_a_problem_of_its_own(url: str) -> None:
    body = problem(url, quiz="isolation-depth-limit").json()
    assert body["quiz"] == "isolation-depth-limit" and body["entry"] == "minimax_decision"
    assert body["starter"] == quiz_starter("isolation-depth-limit") and "depth-limited minimax" in body["title"]


@pytest.mark.parametrize("query, says", [
    ({"algorithm": "alphabeta", "example": "nope"}, "example: "),
    ({"algorithm": "maxn", "example": "lecture"}, "algorithm: "),
    ({"algorithm": "alphabeta", "example": "lecture", "depth": "two"}, "depth: expected a whole number, got 'two'"),
    ({"algorithm": "alphabeta", "tree": "[[3, 12], [2"}, "tree"),
    ({"algorithm": "alphabeta", "tree": '{"id": "A", "children": [{"id": "B", "value": NaN}]}', }, "NaN is not allowed"),
    ({"algorithm": "alphabeta", "example": "lecture", "tree": "[1, 2]"}, "exactly one of example, tree or game"),
    ({"quiz": "nope"}, "quiz: expected one of isolation-depth-limit"),
    ({"quiz": "isolation-depth-limit", "example": "lecture"}, "example: a quiz sets its own problem"),
    ({"algorithm": "alphabeta", "example": "lecture", "misconception": "no-pruning"}, "misconception: "),
])
def test_a_bad_problem_is_400_naming_what_and_where(url: str, query: dict[str, str], says: str) -> None:
    answer = problem(url, **query)
    assert answer.status_code == 400 and answer.headers["Content-Type"] == "application/json"
    assert says in answer.json()["error"]


def test_the_package_zip_holds_every_module_and_schema_and_no_bytecode(url: str) -> None:
    answer = requests.get(f"{url}/code/search.zip", timeout=10)
    assert answer.status_code == 200 and answer.headers["Content-Type"] == "application/zip"
    names = zipfile.ZipFile(io.BytesIO(answer.content)).namelist()
    assert "search/grading/browser.py" in names and "search/__init__.py" in names
    assert {"search/schema/tree.schema.json", "search/schema/trace.schema.json"} <= set(names)
    assert not [n for n in names if "__pycache__" in n or not n.endswith((".py", ".json"))]
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "search").rglob("*.py") if "__pycache__" not in p.parts}
    assert modules <= set(names)
    # The page asks for it by its version: kept a year; asked again with its ETag, 304.
    page = requests.get(f"{url}/code", timeout=10).text
    versioned = page.split('data-zip="', 1)[1].split('"', 1)[0]
    assert versioned.startswith("/code/search.zip?v=")
    kept = requests.get(url + versioned, timeout=10)
    assert kept.content == answer.content and "immutable" in kept.headers["Cache-Control"]
    again = requests.get(f"{url}/code/search.zip", headers={"If-None-Match": answer.headers["ETag"]}, timeout=10)
    assert again.status_code == 304


def test_the_zip_alone_judges_a_search_with_the_standard_library_only(url: str, tmp_path: Path) -> None:
    """As in Pyodide: the zip unpacked, Python without site-packages (no Flask, no jsonschema), check() imported from it."""
    zipfile.ZipFile(io.BytesIO(requests.get(f"{url}/code/search.zip", timeout=10).content)).extractall(tmp_path)
    script = ("import json, sys; sys.path.insert(0, sys.argv[1]); from search.grading.browser import check, problem_json; "
              "report = json.loads(check(open(sys.argv[2]).read(), problem_json({'example': 'lecture', 'algorithm': 'alphabeta'}))); "
              "import search; print(report['verdict'], search.__file__.startswith(sys.argv[1]))")
    done = subprocess.run([sys.executable, "-I", "-S", "-c", script, str(tmp_path), str(RIGHT)],
                          capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["match", "True"]


def test_pyodide_is_served_from_node_modules_with_its_types(url: str) -> None:
    for name, kind in (("pyodide.mjs", "text/javascript"), ("pyodide.asm.mjs", "text/javascript"),
                       ("pyodide.asm.wasm", "application/wasm"), ("python_stdlib.zip", "application/zip"),
                       ("pyodide-lock.json", "application/json")):
        answer = requests.get(f"{url}/vendor/pyodide/{name}", timeout=30)
        assert answer.status_code == 200 and answer.headers["Content-Type"].startswith(kind), name
        assert answer.content == (ROOT / "node_modules" / "pyodide" / name).read_bytes()
    assert requests.get(f"{url}/vendor/pyodide/package.json", timeout=10).status_code == 404
    assert requests.get(f"{url}/vendor/pyodide/..%2Fd3%2Fpackage.json", timeout=10).status_code == 404
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"]["node_modules/pyodide"]["version"].startswith("314.")


def test_only_the_worker_may_compile_webassembly(url: str) -> None:
    page = requests.get(f"{url}/code", timeout=10)
    assert page.status_code == 200 and "wasm-unsafe-eval" not in page.headers["Content-Security-Policy"]
    worker_url = page.text.split('data-worker="', 1)[1].split('"', 1)[0]
    worker = requests.get(url + worker_url, timeout=10)
    assert worker.status_code == 200 and worker.headers["Content-Type"].startswith("text/javascript")
    policy = worker.headers["Content-Security-Policy"]
    assert "script-src 'self' 'wasm-unsafe-eval'" in policy and "'unsafe-eval'" not in policy.replace("'wasm-unsafe-eval'", "")
    assert 'from "/vendor/pyodide/pyodide.mjs"' in worker.text


def test_the_main_page_links_to_the_code_lab(url: str) -> None:
    page = requests.get(url, timeout=10).text
    assert page.count('href="/code"') == 2  # the header and the Search tab
