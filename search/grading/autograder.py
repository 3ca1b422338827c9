"""`python -m search autograder assignment.toml -o autograder.zip`: the zip a course uploads to Gradescope as it is.

It holds setup.sh and run_autograder (search.grading.autograder_scripts), the config as assignment.toml with every
file it names (a tree, a course's game) copied under files/ and its path rewritten, `entries` (the functions a
submission defines, for run_autograder to pick a file among several), no_submission.json (the results when no .py
file was submitted) and Minimax Lab's wheel, built from this checkout or given with --wheel.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from pathlib import Path
from typing import Any

from search.errors import InputError
from search.grading.assignment import Assignment, load_assignment
from search.grading.autograder_scripts import RUN_AUTOGRADER, SETUP_SH
from search.grading.gradescope import results_json
from search.grading.outcome import NOT_JUDGED, GradedTest, GradeOutcome
from search.grading.toml_text import toml_text

CONFIG_NAME = "assignment.toml"
PACKAGES = ("search", "server")
"""What the wheel carries (pyproject.toml's [tool.setuptools.packages.find])."""


def build_autograder(config: Path, out: Path, wheel: Path | None = None) -> list[str]:
    """Validate `config`, then write the zip to `out`; the names it holds. InputError for a bad config or wheel."""
    assignment = load_assignment(config)
    if wheel is not None and not (wheel.is_file() and wheel.name.startswith("minimax_lab-") and wheel.suffix == ".whl"):
        raise InputError("--wheel", f"{wheel}: expected Minimax Lab's wheel, a minimax_lab-*.whl file")
    files, rewritten = _copied_files(assignment)
    with tempfile.TemporaryDirectory(prefix="minimax-autograder-") as folder:
        wheel = wheel or build_wheel(Path(folder))
        members: dict[str, bytes] = {"setup.sh": SETUP_SH.encode(), "run_autograder": RUN_AUTOGRADER.encode(),
                                     CONFIG_NAME: toml_text(rewritten).encode(),
                                     "entries": "".join(f"{entry}\n" for entry in assignment.entries()).encode(),
                                     "no_submission.json": _no_submission(assignment).encode()}
        members.update({name: source.read_bytes() for name, source in files.items()})
        members[wheel.name] = wheel.read_bytes()
    assert tomllib.loads(members[CONFIG_NAME].decode()) == rewritten, "the rewritten config reads back differently"
    out.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = (0o755 if name in ("setup.sh", "run_autograder") else 0o644) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return list(members)


def _copied_files(assignment: Assignment) -> tuple[dict[str, Path], dict[str, Any]]:
    """The files the problems name (zip name -> file) and the config with its paths rewritten to them (files/N/NAME)."""
    files: dict[str, Path] = {}
    tables = []
    for item in assignment.problems:
        table = dict(item.raw)
        if "tree" in table:
            name = f"files/{item.index}/{Path(table['tree']).name}"
            files[name] = assignment.path.parent / table["tree"]
            table["tree"] = name
        if "game_class" in table:
            file, _, class_name = table["game_class"].rpartition(":")
            name = f"files/{item.index}/{Path(file).name}"
            files[name] = assignment.path.parent / file
            table["game_class"] = f"{name}:{class_name}"
        tables.append(table)
    return files, {**assignment.raw, "problem": tables}


def _no_submission(assignment: Assignment) -> str:
    """results.json for a submission with no .py file: every problem 0, saying so."""
    entries = " or ".join(assignment.entries())
    reason = f"No .py file was submitted: upload your search as a .py file (it defines {entries})."
    outcomes = [GradeOutcome(NOT_JUDGED, reason, [GradedTest(p.name, 0.0, p.points, reason, p.visibility)])
                for p in assignment.problems]
    return json.dumps(results_json(outcomes, 0.0, assignment.visibility, reason), allow_nan=False, ensure_ascii=False, indent=1)


def build_wheel(folder: Path) -> Path:
    """Minimax Lab's wheel built from this checkout as `make wheel` builds it (pip, no build isolation: no network),
    from a copy so setuptools' build/ and egg-info never land in the checkout."""
    root = Path(__file__).resolve().parents[2]
    if not (root / "pyproject.toml").is_file():
        raise InputError("--wheel", "this engine is installed, not a checkout: give --wheel minimax_lab-*.whl (`make wheel`)")
    tree, out = folder / "source", folder / "wheel"
    tree.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(root / name, tree / name)
    for package in PACKAGES:
        shutil.copytree(root / package, tree / package, ignore=shutil.ignore_patterns("__pycache__"))
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(out), str(tree)],
                           capture_output=True, text=True, timeout=600)
    wheels = sorted(out.glob("minimax_lab-*.whl")) if out.is_dir() else []
    if built.returncode != 0 or not wheels:
        last = (built.stderr.strip().splitlines() or ["no wheel written"])[-1]
        raise InputError("--wheel", f"building the wheel failed ({last}): build it with `make wheel` and give --wheel")
    return wheels[0]
