"""A database the server cannot use is one line at start naming the path and the problem, exit 2,
rather than a traceback, or a server that starts and then fails every save."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

from server.storage import Store
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
    for n in range(400):
        store.save("trees", '{"id": "A", "value": %d, "pad": "%s"}' % (n, "x" * 400))
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(db.read_bytes())
    page = 4096
    data[3 * page:3 * page + 200] = b"\xff" * 200  # scribble over a b-tree page of the trees table
    db.write_bytes(bytes(data))
    assert_one_line(start(db), db, "the file is damaged")

