"""Fixtures shared by the tiers: a live server for the session, a /search connection for a module, and a fresh
database on each storage back end (SQLite, and a real PostgreSQL server started once per worker)."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest

from search.format_libraries import skip_unused_format_libraries

skip_unused_format_libraries()  # every worker's in-process servers start without jsonschema's IRI grammar

from tests.helpers import checkout_guard
from tests.helpers.class_client import UNLIMITED_CLASSES, ClassClient
from tests.helpers.databases import BACKENDS, fresh_database
from tests.helpers.live_server import running_server
from tests.helpers.postgres_server import PostgresProcess, postgres_process
from tests.helpers.socket_client import SearchClient

ROOT = Path(__file__).resolve().parent.parent
_AT_START: dict[str, checkout_guard.Snapshot | None] = {}


def pytest_sessionstart(session: pytest.Session) -> None:
    if not hasattr(session.config, "workerinput"):  # once, in the process that reports (not each xdist worker)
        _AT_START["checkout"] = checkout_guard.snapshot(ROOT)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Name the files the run changed in the checkout: a test run leaves it as it found it (tests/helpers/checkout_guard.py)."""
    before = _AT_START.get("checkout")
    after = checkout_guard.snapshot(ROOT) if before is not None else None
    moved = checkout_guard.changed(before, after) if before is not None and after is not None else []
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if moved and reporter is not None:
        reporter.ensure_newline()
        reporter.write_sep("!", "this test run changed the checkout (write under tmp_path instead)", red=True)
        for path in moved:
            reporter.write_line(f"  {path}")


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresProcess]:
    """One real PostgreSQL server for this worker's tests (each takes a database of its own: `database`)."""
    with postgres_process() as server:
        yield server


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "both_backends: run the test's `database` on SQLite and on PostgreSQL "
                            "(behaviour that differs between them: concurrency, transactions, SQL dialect, migrations)")


LONG_FIRST = ("tests/jupyter/test_lite.py", "tests/jupyter/test_widget_in_jupyterlab.py", "tests/hostile/test_quotas.py",
              "tests/deploy/", "tests/engine/test_wheel_server.py", "tests/engine/test_wheel_install.py")
"""Modules whose tests take tens of seconds each (a Jupyter server and Pyodide, the class of 300, processes behind
nginx, a wheel installed into a fresh venv). Run first, while both xdist workers have work queued, so neither is left
alone with one of them at the end of the run."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """LONG_FIRST's tests first; the rest in their usual order (a module's tests stay together and in order)."""
    items.sort(key=lambda item: not item.nodeid.startswith(LONG_FIRST))


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Give `database` its back ends: both for a test marked `both_backends`, SQLite alone for the others."""
    if "database" in metafunc.fixturenames:
        both = metafunc.definition.get_closest_marker("both_backends") is not None
        metafunc.parametrize("database", BACKENDS if both else ("sqlite",), indirect=True)


@pytest.fixture
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a storage test keeps its data, a fresh one each time: a path (SQLite) or a postgresql:// URL.

    Every storage test runs on SQLite. It runs on PostgreSQL too only where the two back ends can behave
    differently, marked `@pytest.mark.both_backends`: races and concurrency (row locks, one migration among
    servers starting at once), transactions (quotas that hold through a race), the SQL dialect (types read back,
    counts and upserts) and migrations. A test of what the HTTP routes answer, the same on either, runs on SQLite
    alone (`-k postgresql` selects the tests that run on both)."""
    return fresh_database(request.param, tmp_path, request)


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL of a real server (Flask-SocketIO, threading mode) on 127.0.0.1 and a free port,
    with its own SQLite file (never the developer's instance/ database). Every test's class is made from
    127.0.0.1: the limit on classes made per address is lifted here (its own test has a server of its own)."""
    database = tmp_path_factory.mktemp("db") / "minimax-lab.sqlite"
    with running_server({"DATABASE": str(database), **UNLIMITED_CLASSES}) as url:
        yield url


@pytest.fixture
def clients() -> Iterator[list[ClassClient]]:
    """The classroom clients a test makes, closed when it ends (append each one made)."""
    made: list[ClassClient] = []
    yield made
    for client in made:
        client.close()


# --- /search over a real connection, shared by the tests of one module -------------------------------
@pytest.fixture(scope="session")
def server_url() -> Iterator[str]:
    """One server for the worker's /search tests: each module has a connection of its own (`connection`), and each
    test waits until the searches before it have ended (`client`), so none finds the server as another left it."""
    with running_server({"MAX_EVENTS_PER_SEARCH": 3_000_000}) as url:
        yield url


@pytest.fixture(scope="module")
def connection(server_url: str) -> Iterator[SearchClient]:
    search_client = SearchClient(server_url)
    yield search_client
    search_client.close()


@pytest.fixture
def client(connection: SearchClient) -> SearchClient:
    """The module's one connection, emptied once every search the previous test asked for has sent
    its last message: each test also proves the connection stays usable."""
    connection.wait()
    connection.reset()
    return connection
