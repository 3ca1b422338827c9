"""requirements.lock, which `make setup` installs exactly (as `npm ci` does package-lock.json), agrees with
pyproject.toml and with this environment: every package a pyproject set needs is locked at a version its range
allows, each locked package's own requirements are met by the lock, and the tests run on the locked versions.
A dependency added to pyproject.toml without `make lock` fails here, not on a fresh clone's `make setup`."""

from __future__ import annotations

import re

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

from tests.engine.wheel_venvs import ROOT, closure, installed, project

LOCK = ROOT / "requirements.lock"


def locked() -> dict[str, Version]:
    pins: dict[str, Version] = {}
    for number, line in enumerate(LOCK.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        match = re.fullmatch(r"([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;#]+)", line.strip())
        assert match, f"requirements.lock line {number}: expected NAME==VERSION, got {line!r}"
        name = canonicalize_name(match[1])
        assert name not in pins, f"requirements.lock line {number}: {name} locked twice"
        pins[name] = Version(match[2])
    return pins


def test_every_requirement_of_pyproject_is_locked_within_its_range() -> None:
    pins, sets = locked(), project()["optional-dependencies"]
    for where, texts in [("dependencies", project()["dependencies"]), *((f"[{name}]", texts) for name, texts in sets.items())]:
        for text in texts:
            requirement = Requirement(text)
            name = canonicalize_name(requirement.name)
            if name == "minimax-lab":
                assert requirement.extras <= set(sets), f"{where}: {text} names an extra pyproject.toml has not"
                continue
            assert name in pins, f"{where}: {text} is not in requirements.lock (`make lock`)"
            assert requirement.specifier.contains(pins[name], prereleases=True), \
                f"{where}: {text}, but requirements.lock has {name}=={pins[name]}"


def test_the_lock_holds_what_the_locked_packages_need_and_nothing_else() -> None:
    pins = locked()
    needed = closure(("test",))  # [test] is every set: the engine's, [server], [jupyter] and the test tools
    assert set(needed) - set(pins) == set(), f"needed but not locked: {sorted(set(needed) - set(pins))}"
    assert set(pins) - set(needed) == set(), f"locked but needed by nothing: {sorted(set(pins) - set(needed))}"
    for name, dist in needed.items():
        for text in dist.requires or []:
            requirement = Requirement(text)
            wanted = canonicalize_name(requirement.name)
            if wanted in pins and (requirement.marker is None or requirement.marker.evaluate({"extra": ""})):
                assert requirement.specifier.contains(pins[wanted], prereleases=True), \
                    f"{name} needs {text}, but requirements.lock has {wanted}=={pins[wanted]}"


def test_the_tests_run_on_the_locked_versions() -> None:
    have = installed()
    differ = {name: (str(version), have[name].version) for name, version in locked().items() if Version(have[name].version) != version}
    assert differ == {}, f"installed versions differ from requirements.lock (`make setup`): {differ}"


def test_make_setup_installs_the_lock_and_is_redone_when_it_changes() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "LOCK := requirements.lock" in makefile
    assert re.search(r"^\$\(STAMP\): .*\$\(LOCK\)", makefile, re.M), "the setup stamp must depend on the lock"
    assert "pip install -q --no-compile --no-deps -r $(LOCK)" in makefile and "pip check" in makefile
    assert re.search(r"^lock:", makefile, re.M), "`make lock` refreshes it"
