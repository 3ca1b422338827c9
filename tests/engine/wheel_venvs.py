"""The built wheel, and fresh virtual environments outside the checkout that install it as a course would.

The wheel is built once per test process (tests/engine/conftest.py; `make wheel`'s way: pip, no build isolation,
so no network) from a copy of the tree, so setuptools' build/ and egg-info never land in the checkout. Its
dependencies come from a wheelhouse of this environment's own installed distributions, repacked as wheels (wheel's
WheelFile): the locked versions, installed with `pip install --no-index`, so no package index is asked and nothing
differs from what the rest of the suite tests. One wheelhouse serves every venv of a process: each distribution is
repacked once, however many venvs install it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from importlib.metadata import Distribution, distributions
from pathlib import Path
from zipfile import ZIP_STORED

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from wheel.wheelfile import WheelFile

ROOT = Path(__file__).resolve().parents[2]
SOURCE_FILES = ("pyproject.toml", "README.md", "setup.py")
SOURCE_FOLDERS = ("search", "server", "templates", "static")
NOT_REPACKED = {"RECORD", "INSTALLER", "REQUESTED", "direct_url.json"}
"""An installed distribution's records of its own install: pip writes them again."""


def project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def installed() -> dict[str, Distribution]:
    return {canonicalize_name(d.metadata["Name"]): d for d in distributions()}


def requirements(extras: tuple[str, ...]) -> list[Requirement]:
    """pyproject.toml's requirements of the project with `extras` (a self-reference such as
    minimax-lab[server,jupyter] is followed)."""
    found = [Requirement(text) for text in project()["dependencies"]]
    for extra in extras:
        found += [Requirement(text) for text in project()["optional-dependencies"][extra]]
    return found


def closure(extras: tuple[str, ...]) -> dict[str, Distribution]:
    """Every installed distribution the project with `extras` needs, directly or not, by canonical name."""
    have, needed = installed(), {}
    todo, done = requirements(extras), set()
    while todo:
        requirement = todo.pop()
        name = canonicalize_name(requirement.name)
        key = (name, frozenset(requirement.extras))
        if key in done:
            continue
        done.add(key)
        if name == "minimax-lab":
            todo += requirements(tuple(sorted(requirement.extras)))
            continue
        if name not in have:
            raise LookupError(f"{requirement} is needed but not installed here: `make setup`")
        needed[name] = dist = have[name]
        for text in dist.requires or []:
            wanted = Requirement(text)
            if wanted.marker is None or any(wanted.marker.evaluate({"extra": e}) for e in ("", *requirement.extras)):
                todo.append(wanted)
    return needed


def repack(dist: Distribution, folder: Path) -> Path:
    """`dist`'s installed files as a wheel in `folder`: its package files and metadata as RECORD lists them
    (scripts outside site-packages are left out: pip makes them again from entry_points.txt). A wheel already
    there is this same installed distribution's (one environment, one version of each): it is kept."""
    info = next(Path(str(f)).parts[0] for f in dist.files or () if Path(str(f)).parts[0].endswith(".dist-info"))
    tags = [line.split(":", 1)[1].strip() for line in (dist.read_text("WHEEL") or "").splitlines() if line.startswith("Tag:")]
    parts = [".".join(dict.fromkeys(tag.split("-")[i] for tag in tags)) for i in range(3)]
    path = folder / f"{info.removesuffix('.dist-info')}-{'-'.join(parts)}.whl"
    if path.is_file():
        return path
    partial = folder / ".partial" / path.name  # moved in whole: a repack that failed half way leaves no wheel to keep
    partial.parent.mkdir(exist_ok=True)
    with WheelFile(partial, "w", compression=ZIP_STORED) as packed:
        for file in dist.files or ():
            relative = Path(str(file))
            if relative.parts[0] == ".." or "__pycache__" in relative.parts or (relative.parts[0] == info and relative.name in NOT_REPACKED):
                continue
            packed.write(str(dist.locate_file(file)), relative.as_posix())
    partial.replace(path)
    return path


def wheelhouse(extras: tuple[str, ...], folder: Path) -> Path:
    """A folder of wheels for everything the project with `extras` needs, at this environment's versions (added to
    what `folder` already holds)."""
    folder.mkdir(parents=True, exist_ok=True)
    for dist in closure(extras).values():
        repack(dist, folder)
    return folder


def built_wheel(scratch: Path) -> Path:
    """dist/minimax_lab-*.whl as `make wheel` builds it (setup.py's step puts the browser app in), in `scratch` (a new
    folder: tests/engine/conftest.py's session fixture builds it once per process)."""
    tree, out = scratch / "source", scratch / "wheel"
    tree.mkdir(parents=True)
    for name in SOURCE_FILES:
        shutil.copy(ROOT / name, tree / name)
    for folder in SOURCE_FOLDERS:
        shutil.copytree(ROOT / folder, tree / folder, ignore=shutil.ignore_patterns("__pycache__"))
    (tree / "node_modules").symlink_to(ROOT / "node_modules")  # setup.py copies the few files the server sends
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(out), str(tree)],
                           capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr
    (path,) = out.glob("minimax_lab-*.whl")
    return path


def outside_env() -> dict[str, str]:
    """The environment for a fresh venv's python: nothing of the checkout or of this venv on its path."""
    return {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}


def fresh_venv(folder: Path, wheel: Path, extras: tuple[str, ...], house: Path) -> Path:
    """A new venv in `folder` with the wheel and `extras` installed from the wheelhouse `house` alone (--no-index),
    which gets what they need; its python."""
    wheelhouse(extras, house)
    venv = folder / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    wanted = f"{wheel}[{','.join(extras)}]" if extras else str(wheel)
    # This venv's pip installs into the new one (--python), so the new venv needs no pip of its own or from an index.
    # No compiling (a test's imports compile what it runs) and no conflict report (a warning no test reads; pip would
    # read every installed distribution's metadata again for it).
    installed = subprocess.run([sys.executable, "-m", "pip", "--isolated", "--python", str(python), "install", "-q", "--no-compile",
                                "--no-warn-conflicts", "--no-index", "--find-links", str(house), wanted], capture_output=True, text=True, timeout=600,
                               cwd=folder, env=outside_env())
    assert installed.returncode == 0, installed.stderr[-3000:]
    return python
