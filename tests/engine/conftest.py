"""The project's wheel and a wheelhouse of its dependencies, made once per test process for the tests that read or
install the wheel (test_wheel.py, test_wheel_install.py, test_wheel_server.py): a build is about 4 s, and each
distribution repacked for one venv serves the next."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine.wheel_venvs import built_wheel


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """dist/minimax_lab-*.whl as `make wheel` builds it, in a new folder outside the checkout; no test changes it."""
    return built_wheel(tmp_path_factory.mktemp("minimax-wheel"))


@pytest.fixture(scope="session")
def wheelhouse(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty folder that each fresh venv fills with the dependency wheels it needs (tests/engine/wheel_venvs.py)."""
    return tmp_path_factory.mktemp("wheelhouse")
