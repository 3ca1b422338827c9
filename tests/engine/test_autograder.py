"""`python -m search autograder assignment.toml -o autograder.zip`: the zip a course uploads to Gradescope. Unpacked into
a scratch folder laid out as /autograder, its run_autograder grades a right and a wrong submission (with the engine
installed here: PYTHON and PYTHONPATH, no pip install) and writes results.json; its scripts are the docs' examples."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from search.grading.autograder_scripts import RUN_AUTOGRADER, SETUP_SH
from search.grading.toml_text import toml_text
from tests.helpers.cli import run_cli, run_cli_process

ROOT = Path(__file__).resolve().parents[2]
CODE_LAB = ROOT / "tests" / "browser" / "code_lab"
CONFIG = '''time_limit = 20
[[problem]]
name = "alpha-beta on the lecture tree"
algorithm = "alphabeta"
example = "lecture"
points = 2
visibility = "visible"

[[problem]]
name = "alpha-beta on the course's tree"
algorithm = "alphabeta"
tree = "../trees/course tree.json"
points = 1
visibility = "after_due_date"
'''


@pytest.fixture(scope="module")
def autograder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The zip, built by the real command (the wheel too, from this checkout)."""
    course = tmp_path_factory.mktemp("course")
    (course / "trees").mkdir()
    (course / "trees" / "course tree.json").write_text("[[[3, 6], [3, 9, 0]], [[9, 7, 6], [4, 3], [6, 8, 3]], [[6, 2], [1, 6]]]")
    (course / "config").mkdir()
    (course / "config" / "assignment.toml").write_text(CONFIG, encoding="utf-8")
    out = course / "autograder.zip"
    done = run_cli_process("autograder", str(course / "config" / "assignment.toml"), "-o", str(out), timeout=600)
    assert done.returncode == 0, done.stderr
    return out


def run_autograder(zip_path: Path, scratch: Path, submission: dict[str, str]) -> dict:
    """Unpack the zip as Gradescope does (/autograder/source), put the submission in place, run run_autograder."""
    source = scratch / "source"
    zipfile.ZipFile(zip_path).extractall(source)
    (scratch / "submission").mkdir()
    for name, text in submission.items():
        (scratch / "submission" / name).write_text(text, encoding="utf-8")
    environment = {**os.environ, "AUTOGRADER_ROOT": str(scratch), "PYTHON": sys.executable,
                   "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    done = subprocess.run(["bash", str(source / "run_autograder")], env=environment, capture_output=True, text=True,
                          timeout=300, cwd=scratch)
    assert done.returncode == 0, done.stdout + done.stderr
    for folder in (source, scratch / "results"):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder
    return json.loads((scratch / "results" / "results.json").read_text(encoding="utf-8"))


def test_the_zip_holds_the_scripts_the_config_its_files_and_the_wheel(autograder: Path) -> None:
    archive = zipfile.ZipFile(autograder)
    names = archive.namelist()
    assert names[:5] == ["setup.sh", "run_autograder", "assignment.toml", "entries", "no_submission.json"]
    assert "files/2/course tree.json" in names and any(n.startswith("minimax_lab-") and n.endswith(".whl") for n in names)
    assert archive.read("setup.sh").decode() == SETUP_SH and archive.read("run_autograder").decode() == RUN_AUTOGRADER
    assert all(archive.getinfo(n).external_attr >> 16 & 0o111 for n in ("setup.sh", "run_autograder"))
    config = tomllib.loads(archive.read("assignment.toml").decode())
    assert config["problem"][1]["tree"] == "files/2/course tree.json" and config["time_limit"] == 20
    assert archive.read("entries").decode() == "alphabeta_search\n"
    setup = SETUP_SH.splitlines()
    assert setup.index("apt-get update") < next(i for i, line in enumerate(setup) if line.startswith("apt-get install"))


def test_the_docs_examples_are_what_the_zip_holds() -> None:
    folder = ROOT / "docs" / "examples" / "gradescope"
    assert (folder / "run_autograder").read_text(encoding="utf-8") == RUN_AUTOGRADER
    assert (folder / "setup.sh").read_text(encoding="utf-8") == SETUP_SH
    assert run_cli("autograder", str(folder / "assignment.toml"), "--wheel", str(folder / "none.whl")).stderr.startswith("--wheel: ")


def test_run_autograder_grades_a_right_and_a_wrong_submission(autograder: Path, tmp_path: Path) -> None:
    right = run_autograder(autograder, tmp_path / "right", {"alphabeta.py": (CODE_LAB / "alphabeta_right.py").read_text()})
    assert right["score"] == 3 and right["output"] == "2 of 2 problems match: 3 of 3 points."
    assert [(t["name"], t["score"], t["max_score"], t["visibility"]) for t in right["tests"]] == [
        ("alpha-beta on the lecture tree", 2, 2, "visible"), ("alpha-beta on the course's tree", 1, 1, "after_due_date")]
    # Of several files, the one defining the entry function is graded
    wrong = run_autograder(autograder, tmp_path / "wrong", {"a_helper.py": "X = 1\n",
                                                            "mine.py": (CODE_LAB / "alphabeta_window_not_passed.py").read_text()})
    assert wrong["score"] == 0 and [t["max_score"] for t in wrong["tests"]] == [2, 1]
    lecture = wrong["tests"][0]["output"]
    assert lecture.startswith("Your alphabeta_search differs from alpha-beta") and 'the misconception "' in lecture
    assert "the window not passed down" in lecture


def test_no_py_file_gets_0_and_the_reason(autograder: Path, tmp_path: Path) -> None:
    nothing = run_autograder(autograder, tmp_path, {"README.txt": "my search is in my head\n", ".hidden.py": "X = 1\n"})
    assert nothing["score"] == 0 and [t["max_score"] for t in nothing["tests"]] == [2, 1]
    assert nothing["output"].startswith("No .py file was submitted") and all("alphabeta_search" in t["output"] for t in nothing["tests"])


def test_a_bad_config_makes_no_zip(tmp_path: Path) -> None:
    config = tmp_path / "a.toml"
    config.write_text('[[problem]]\nname = "x"\nalgorithm = "alphabeta"\nexample = "lecture"\nvisibility = "public"\n')
    done = run_cli("autograder", str(config), "-o", str(tmp_path / "a.zip"))
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1 and "problem 1 ('x'): visibility" in done.stderr
    assert not (tmp_path / "a.zip").exists()


def test_the_rewritten_config_reads_back_as_written() -> None:
    data = {"time_limit": 2.5, "problem": [{"name": 'quote " back\\slash \x7f tab\t é', "random": {"seed": 1, "branching": [2, 3]},
                                           "points": 1, "flag": True}]}
    assert tomllib.loads(toml_text(data)) == data
