"""The wheel holds every subpackage and data file of the engine and the server, the browser app the server sends,
and dependencies split as the package is used; the engine runs from it.

A hand-kept package list in pyproject.toml would leave a new subpackage (search.algorithms, server.http...)
out of the wheel without a word, and a template or script left out of it is a 500 or a 404 on an installed
server; this builds the real wheel (no build isolation: no network; 4 s on a quiet machine, once per test process:
tests/engine/conftest.py) and looks.
"""

from __future__ import annotations

import subprocess
import sys
import zipfile
from email.parser import Parser
from importlib.metadata import packages_distributions
from pathlib import Path

from packaging.requirements import Requirement

from server.extra import SERVER_MODULES
from tests.engine.wheel_venvs import ROOT, requirements

SERVER_ONLY = {"flask", "flask-socketio", "gunicorn", "redis", "pylti1p3", "sqlalchemy", "alembic", "psycopg", "werkzeug"}
"""Distributions the engine alone must never pull in (docs/library.md: no web framework, no database driver)."""


def source_files(package: str) -> set[str]:
    """Every module and data file the checkout has under `package` (what the wheel must carry)."""
    found = set()
    for path in (ROOT / package).rglob("*"):
        if "__pycache__" in path.parts or not path.is_file():
            continue
        if path.suffix == ".py" or (package == "search" and path.parent.name == "schema" and path.suffix == ".json"):
            found.add(path.relative_to(ROOT).as_posix())
    return found


def web_files() -> set[str]:
    """Every file the server may send from templates/ and static/ (tracked, and the built static/build), as
    the wheel names it: under server/web/ (server/web_files.py)."""
    tracked = subprocess.run(["git", "ls-files", "templates", "static"], cwd=ROOT, capture_output=True, text=True, check=True)
    built = [path.relative_to(ROOT).as_posix() for path in (ROOT / "static" / "build").rglob("*") if path.is_file()]
    return {f"server/web/{name}" for name in [*tracked.stdout.split(), *built]}


def metadata(wheel: Path) -> list[Requirement]:
    with zipfile.ZipFile(wheel) as packed:
        (name,) = [n for n in packed.namelist() if n.endswith(".dist-info/METADATA")]
        headers = Parser().parsestr(packed.read(name).decode("utf-8"))
    return [Requirement(text) for text in headers.get_all("Requires-Dist") or []]


def test_the_wheel_holds_every_module_and_schema(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for package in ("search", "server"):
        expected = source_files(package)
        assert expected, package
        assert expected - names == set(), f"missing from the wheel: {sorted(expected - names)}"
    assert {"search/schema/tree.schema.json", "search/schema/trace.schema.json"} <= names
    packages = {p.parent.relative_to(ROOT).as_posix() for p in ROOT.glob("s*/**/__init__.py")}
    assert {"search/algorithms", "search/traces", "server/http", "server/classroom"} <= packages


def test_the_wheel_holds_the_browser_app(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = web_files()
    assert "server/web/templates/index.html" in expected and "server/web/static/build/code_editor.js" in expected
    assert expected - names == set(), f"missing from the wheel: {sorted(expected - names)[:20]}"
    vendor = {"d3/dist/d3.min.js", "socket.io-client/dist/socket.io.min.js", "qrcode-generator/dist/qrcode.mjs", "sortablejs/modular/sortable.complete.esm.js",
              "pyodide/pyodide.mjs", "pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip"}
    assert {f"server/web/node_modules/{path}" for path in vendor} <= names
    others = {n for n in names if n.startswith("server/web/node_modules/")} - {f"server/web/node_modules/{p}" for p in vendor}
    assert len(others) <= 3, f"only the files the server sends come from node_modules: {sorted(others)}"  # pyodide's lock, loader


def test_the_engine_alone_needs_jsonschema_and_the_extras_add_the_rest(wheel: Path) -> None:
    required = metadata(wheel)
    core = {r.name.lower() for r in required if r.marker is None}
    assert core == {"jsonschema"}
    by_extra: dict[str, set[str]] = {}
    for r in required:
        for extra in ("server", "jupyter", "test"):
            if r.marker is not None and r.marker.evaluate({"extra": extra}):
                by_extra.setdefault(extra, set()).add(r.name.lower())
    assert SERVER_ONLY <= by_extra["server"] and by_extra["jupyter"] == {"anywidget"}
    assert "minimax-lab" in by_extra["test"]  # [test] is [server,jupyter] and the test tools


def test_the_engine_runs_from_the_unpacked_wheel(wheel: Path, tmp_path: Path) -> None:
    with zipfile.ZipFile(wheel) as packed:  # the engine's files: the browser app's 12 MB of Pyodide are not its
        packed.extractall(tmp_path / "site", [name for name in packed.namelist() if name.startswith("search/")])
    # As `python -m search` starts (search/__main__.py): without jsonschema's IRI grammar, seconds of lark.
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import search, search.format_libraries as f; "
            "f.skip_unused_format_libraries(); import search.traces.schema as s; "
            "assert search.__file__.startswith(sys.argv[1]), search.__file__; "
            "s.event_validator(); from search.cli.main import main; sys.argv = ['search', 'trace', '--example', 'lecture']; main()")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "site")], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert '"type":"result"' in lines[-1].replace(" ", "") and len(lines) == 58


def test_the_servers_own_check_names_libraries_of_its_extra() -> None:
    """server/extra.py checks modules that the [server] extra installs: a module it named from elsewhere would
    stop a server installed as docs/deploy.md says."""
    extra = {r.name.lower() for r in requirements(("server",))}
    owners = packages_distributions()
    for module in SERVER_MODULES:
        assert {name.lower() for name in owners[module]} & extra, f"{module} is not installed by the [server] extra"
