"""The wheel installed in a fresh virtual environment works outside the checkout (docs/library.md).

A course installs minimax-lab into its own environment (a notebook server, an autograder image) and
never sees this repository: `import search` must come from site-packages with the widget's assets,
`python -m search` must run from any folder, and a course's own GameBase game must trace there.
The dependencies come from the package index as `pip install` would fetch them (pip's cache holds
them once `make setup` has run).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.engine.test_wheel import ROOT, wheel  # noqa: F401  (the wheel fixture, built from a copy)

NIM_GAME = ROOT / "docs" / "examples" / "nim.py"


@pytest.fixture(scope="module")
def fresh_python(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:  # noqa: F811
    venv = tmp_path_factory.mktemp("fresh-venv") / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    installed = subprocess.run([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", str(wheel)],
                               capture_output=True, text=True, timeout=600)
    assert installed.returncode == 0, installed.stderr[-2000:]
    return python


def outside(python: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run the fresh environment's python in a folder with nothing of the checkout on the path."""
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return subprocess.run([str(python), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def test_a_course_game_traces_from_the_installed_wheel(fresh_python: Path, tmp_path: Path) -> None:
    shutil.copy(NIM_GAME, tmp_path / "nim.py")  # the course's file, and nothing else
    done = outside(fresh_python, "nim.py", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "value -1 move (0, 1)" in done.stdout and "source tree nodes 249 of 447" in done.stdout
    where = outside(fresh_python, "-c", "import search, sys; print(search.__file__)", cwd=tmp_path)
    assert "site-packages" in where.stdout and str(ROOT) not in where.stdout
    first = json.loads((tmp_path / "nim.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert first["source"]["tree"]["label"] == "1 2 3 (Ann to move)"


def test_the_cli_runs_from_any_folder(fresh_python: Path, tmp_path: Path) -> None:
    done = outside(fresh_python, "-m", "search", "trace", "--example", "lecture", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.splitlines()[-1])
    assert result["value"] == 3 and result["pruned"] == 2


def test_the_widget_assets_are_in_the_installed_package(fresh_python: Path, tmp_path: Path) -> None:
    code = ("from search.jupyter.bundle import bundle_text, FILES; "
            "print(*[len(bundle_text(name)) for name in FILES])")
    done = outside(fresh_python, "-c", code, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    sizes = [int(n) for n in done.stdout.split()]
    assert len(sizes) == 2 and min(sizes) > 1000, sizes
