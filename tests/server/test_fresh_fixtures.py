"""A fixture that makes a database or a folder makes a fresh one each time it is set up (issue 48): pytest-xdist's
worksteal may set a module's fixture up twice on one worker, and a fixed name then collides ("database
several_hosts already exists"). And a test run that writes into the checkout is named at its end."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import checkout_guard
from tests.helpers.postgres_server import PostgresProcess


def test_asking_twice_for_a_database_of_one_name_gives_two_empty_databases(postgres: PostgresProcess) -> None:
    first, second = postgres.new_database("set_up_twice"), postgres.new_database("set_up_twice")
    assert first != second
    for url in (first, second):
        name = url.rsplit("/", 1)[1]
        assert postgres.psql("SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'", database=name).strip() == "0"


def test_a_module_fixture_set_up_twice_gets_two_folders(tmp_path_factory: pytest.TempPathFactory) -> None:
    assert tmp_path_factory.mktemp("hosts") != tmp_path_factory.mktemp("hosts")


def test_the_checkout_guard_names_a_file_a_run_added_or_changed_again(tmp_path: Path) -> None:
    before: checkout_guard.Snapshot = {"docs/old.md": (" M", 1)}
    after: checkout_guard.Snapshot = {"docs/old.md": (" M", 2), "docs/jupyter-widget.png": (" M", 5)}
    assert checkout_guard.changed(before, after) == ["docs/jupyter-widget.png", "docs/old.md"]
    assert checkout_guard.changed(before, dict(before)) == []
    assert checkout_guard.snapshot(tmp_path) is None  # not a git checkout: nothing to say
