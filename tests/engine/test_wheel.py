"""The wheel holds every subpackage and data file of the engine and the server, and the engine runs from it.

The wheel is the Python code: the engine (usable alone, as `python -m search` or a library) and the
server's modules. The browser app (templates/, static/ and the npm packages in node_modules/) is served
from a checkout, as `make run` does.

A hand-kept package list in pyproject.toml would leave a new subpackage (search.algorithms, server.http...)
out of the wheel without a word; this builds the real wheel (no build isolation: no network) and looks.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out, tree = tmp_path_factory.mktemp("wheel"), tmp_path_factory.mktemp("source")
    # Built from a copy, so setuptools' build/ and egg-info never land in the checkout.
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, tree / name)
    for package in ("search", "server"):
        shutil.copytree(ROOT / package, tree / package, ignore=shutil.ignore_patterns("__pycache__"))
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(out), str(tree)],
                           capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr
    (path,) = out.glob("minimax_lab-*.whl")
    return path


def source_files(package: str) -> set[str]:
    """Every module and data file the checkout has under `package` (what the wheel must carry)."""
    found = set()
    for path in (ROOT / package).rglob("*"):
        if "__pycache__" in path.parts or not path.is_file():
            continue
        if path.suffix == ".py" or (package == "search" and path.parent.name == "schema" and path.suffix == ".json"):
            found.add(path.relative_to(ROOT).as_posix())
    return found


def test_the_wheel_holds_every_module_and_schema(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for package in ("search", "server"):
        expected = source_files(package)
        assert expected, package
        assert expected - names == set(), f"missing from the wheel: {sorted(expected - names)}"
    assert {"search/schema/tree.schema.json", "search/schema/trace.schema.json"} <= names
    packages = {p.parent.relative_to(ROOT).as_posix() for p in ROOT.glob("s*/**/__init__.py")}
    assert {"search/algorithms", "search/traces", "server/http", "server/classroom"} <= packages


def test_the_engine_runs_from_the_unpacked_wheel(wheel: Path, tmp_path: Path) -> None:
    zipfile.ZipFile(wheel).extractall(tmp_path / "site")
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import search, search.traces.schema as s; "
            "assert search.__file__.startswith(sys.argv[1]), search.__file__; "
            "s.event_validator(); from search.cli.main import main; sys.argv = ['search', 'trace', '--example', 'lecture']; main()")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "site")], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert '"type":"result"' in lines[-1].replace(" ", "") and len(lines) == 58
