"""The wheel alone, installed in a fresh virtual environment outside the checkout, is the engine and the grader
with few dependencies (docs/library.md).

A course installs minimax-lab into its own environment (a notebook server, an autograder image) and never
sees this repository: `import search` must come from site-packages with the widget's assets, `python -m search`
(trace, grade, autograder) must run from any folder, a course's own GameBase game must trace there, and no web framework
or database driver comes with it: `python -m server` says in one line which extra to install. The dependencies
come from a wheelhouse of this environment's installed distributions (tests/engine/wheel_venvs.py: no package
index). Costs the wheel's build and the wheelhouse (shared in one process with test_wheel.py and test_wheel_server.py:
tests/engine/conftest.py) and one install of 7 distributions: about 25 s alone on this 2-core machine under a load of 5 (43 s under a load of 12);
the `[jupyter]` extra's install (29 distributions, anywidget's and IPython's) about 20 s more.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from tests.engine import grading_sources as g
from tests.engine.test_wheel import SERVER_ONLY
from tests.engine.wheel_venvs import ROOT, closure, fresh_venv, outside_env

NIM_GAME = ROOT / "docs" / "examples" / "nim.py"


@pytest.fixture(scope="module")
def fresh_python(wheel: Path, wheelhouse: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The engine's install, shared by the tests that only run it (none installs anything into it)."""
    return fresh_venv(tmp_path_factory.mktemp("engine-venv"), wheel, (), wheelhouse)


def outside(python: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run the fresh environment's python in a folder with nothing of the checkout on the path."""
    return subprocess.run([str(python), *args], cwd=cwd, env=outside_env(), capture_output=True, text=True, timeout=300)


def test_the_engine_needs_six_packages_and_no_server_library(fresh_python: Path, tmp_path: Path) -> None:
    assert sorted(closure(())) == ["attrs", "jsonschema", "jsonschema-specifications", "referencing", "rpds-py", "typing-extensions"]
    code = ("import importlib.util, sys; "
            "print(*[n for n in sys.argv[1:] if importlib.util.find_spec(n) is not None])")
    modules = ["flask", "flask_socketio", "werkzeug", "gunicorn", "redis", "pylti1p3", "sqlalchemy", "alembic", "psycopg",
               "anywidget", "jupyterlab"]
    done = outside(fresh_python, "-c", code, *modules, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [], f"importable in the engine's install: {done.stdout}"
    assert SERVER_ONLY <= {name.replace("_", "-") for name in modules}


def test_the_server_without_its_extra_says_what_to_install(fresh_python: Path, tmp_path: Path) -> None:
    done = outside(fresh_python, "-m", "server", "--port", "1", cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1, done.stderr
    assert done.stderr.startswith("python -m server: Minimax Lab's server needs its [server] extra (missing: flask,")
    assert done.stderr.rstrip().endswith("pip install 'dist/minimax_lab-0.1.0-py3-none-any.whl[server]'")


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


def test_the_grader_runs_from_the_installed_wheel(fresh_python: Path, tmp_path: Path) -> None:
    (tmp_path / "student.py").write_text(g.source(g.ALPHABETA_TOP, g.ALPHABETA_RIGHT), encoding="utf-8")
    done = outside(fresh_python, "-m", "search", "grade", "student.py", "--algorithm", "alphabeta", "--example", "lecture",
                   cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Your alphabeta_search matches alpha-beta: the same 10 positions in the same order")


def test_the_autograder_is_built_from_the_installed_engine(fresh_python: Path, wheel: Path, tmp_path: Path) -> None:
    shutil.copy(ROOT / "docs" / "examples" / "gradescope" / "assignment.toml", tmp_path / "assignment.toml")
    done = outside(fresh_python, "-m", "search", "autograder", "assignment.toml", "-o", "autograder.zip", "--wheel", str(wheel),
                   cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    with zipfile.ZipFile(tmp_path / "autograder.zip") as made:
        assert {"setup.sh", "run_autograder", "assignment.toml", wheel.name} <= set(made.namelist())


def test_the_widget_assets_are_in_the_installed_package(fresh_python: Path, tmp_path: Path) -> None:
    code = ("from search.jupyter.bundle import bundle_text, FILES; "
            "print(*[len(bundle_text(name)) for name in FILES])")
    done = outside(fresh_python, "-c", code, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    sizes = [int(n) for n in done.stdout.split()]
    assert len(sizes) == 2 and min(sizes) > 1000, sizes


WIDGET = ("import json, sys, anywidget, search; "
          "w = search.show('lecture', algorithm='alphabeta'); "
          "print(json.dumps({'widget': isinstance(w, anywidget.AnyWidget), 'events': len(w.events_jsonl.splitlines()), "
          "'esm': len(w._esm), 'server': [n for n in ('flask', 'sqlalchemy', 'gunicorn') if n in sys.modules]}))")


def test_the_jupyter_extra_gives_the_widget_and_no_server(wheel: Path, wheelhouse: Path, tmp_path: Path) -> None:
    """`pip install minimax_lab-*.whl[jupyter]` as docs/jupyter.md says: search.show draws the lecture's alpha-beta
    with anywidget, from the installed package's own assets, and nothing of the server comes with it."""
    python = fresh_venv(tmp_path / "jupyter", wheel, ("jupyter",), wheelhouse)  # its own venv, installed from nothing
    done = outside(python, "-c", WIDGET, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    shown = json.loads(done.stdout)
    assert shown["widget"] and shown["events"] > 30 and shown["esm"] > 1000 and shown["server"] == [], shown
    assert outside(python, "-c", "import flask", cwd=tmp_path).returncode == 1

