"""A database the server cannot use is one line at start naming the path and the problem, exit 2,
rather than a traceback, or a server that starts and then fails every save."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

from server.storage import Store
from tests.helpers.postgres_server import USER, PostgresProcess
from tests.helpers.server_process import ROOT


def start(db: Path | str) -> subprocess.CompletedProcess[str]:
    """`python -m server --db DB`, which must exit at once: the port is never reached."""
    return subprocess.run([sys.executable, "-m", "server", "--port", "1", "--db", str(db)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def assert_one_line(done: subprocess.CompletedProcess[str], db: Path | str, problem: str) -> None:
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith(f"python -m server: database {db}: {problem}"), done.stderr


def test_a_folder_that_cannot_be_made(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert_one_line(start(blocker / "lab.sqlite"), blocker / "lab.sqlite", f"{blocker} is a file, not a folder")


def test_a_folder_instead_of_a_file(tmp_path: Path) -> None:
    assert_one_line(start(tmp_path), tmp_path, "is a folder, not a file")


def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    db = tmp_path / "notes.sqlite"
    db.write_text("these are my lecture notes, not a database\n" * 100)
    assert_one_line(start(db), db, "the file is damaged or not a database (it is not an SQLite database)")


def test_a_damaged_database_is_found_at_start(tmp_path: Path) -> None:
    """Found: a file damaged inside (its header intact) started, then answered every save with 500."""
    db = tmp_path / "lab.sqlite"
    store = Store(db)
    for n in range(40):  # ~290 KB, as 400 saves of 400 bytes made it, in a tenth of the commits
        store.save("trees", '{"id": "A", "value": %d, "pad": "%s"}' % (n, "x" * 4000))
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        assert conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'trees'").fetchone() == (4,)  # scribbled below
    data = bytearray(db.read_bytes())
    page = 4096
    data[3 * page:3 * page + 200] = b"\xff" * 200  # scribble over a b-tree page of the trees table
    db.write_bytes(bytes(data))
    assert_one_line(start(db), db, "the file is damaged")



def start_with(url: str) -> subprocess.CompletedProcess[str]:
    """`python -m server --database URL`, which must exit at once."""
    return subprocess.run([sys.executable, "-m", "server", "--port", "1", "--database", url], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def test_a_database_url_of_another_kind_is_named_and_refused() -> None:
    done = start_with("mysql://root:secret@db.example.edu/lab")
    assert_one_line(done, "mysql://root:***@db.example.edu/lab",
                    "only postgresql://USER:PASSWORD@HOST:PORT/NAME and sqlite:///PATH are supported")
    assert "secret" not in done.stderr


def test_a_postgresql_server_that_cannot_be_reached_is_one_line_without_its_password() -> None:
    done = start_with("postgresql://lab:s3cret-pw@127.0.0.1:1/lab")
    assert_one_line(done, "postgresql://lab:***@127.0.0.1:1/lab", "cannot be used: connection failed:")
    assert "s3cret-pw" not in done.stderr


def test_a_missing_postgresql_database_is_named(postgres: PostgresProcess) -> None:
    missing = f"postgresql://{USER}@127.0.0.1:{postgres.port}/no_such_course"
    done = start_with(missing)  # one start, both checks (a process costs seconds on a loaded machine)
    assert_one_line(done, missing, 'cannot be used: connection failed: connection to server at "127.0.0.1"')
    assert 'database "no_such_course" does not exist' in done.stderr


def test_an_sqlite_url_opens_the_same_file_as_db(tmp_path: Path) -> None:
    tree = Store(tmp_path / "lab.sqlite").save("trees", "[1, 2]")
    assert Store(f"sqlite:///{tmp_path / 'lab.sqlite'}").load("trees", tree) == "[1, 2]"
