"""The grader's lock (issue 47): submissions that attack the grader get an honest verdict, and nothing changes
after the grader exits. Each is the real `python -m search grade` on a file that runs its attack when loaded
and then a search (right, or with the window not passed down where a forged match is what it is after).

As root (as Gradescope runs an autograder, and as this suite runs in CI) the student's code runs as the user
limits.GRADE_USER: right after the grader returns, no process of that user is left; that is the moment
a left-behind process would rewrite the results, so the check needs no waiting.
"""

from __future__ import annotations

import json
import os
import shutil
import site
import socket
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Iterator

import pytest

import search
from search import limits
from search.grading.child import _stalled as child_stalled, proc_stat
from search.grading.reaper import user_processes
from search.grading.student_user import grader_is_root, one_run_at_a_time, student_user
from tests.engine import grading_sources as g
from tests.helpers.cli import run_cli
from tests.helpers.socket_client import wait_until
from tests.hostile import grader_attacks as attack

LECTURE = ("--algorithm", "alphabeta", "--example", "lecture")
RIGHT = g.source(g.ALPHABETA_TOP, g.ALPHABETA_RIGHT)
WRONG = g.source(g.ALPHABETA_NESTED, g.ALPHABETA_RIGHT, g.ALPHABETA_SLIPS["window-not-passed"])
NO_PRUNING = ("no-pruning", "window-not-passed")  # they search alike on every tree: either is named
as_root = pytest.mark.skipif(not grader_is_root(), reason="the user switch and the network namespace need root")


def graded(tmp_path: Path, prelude: str, search: str = RIGHT, *options: str, **fill: object) -> tuple[int, dict, Path]:
    """Grade prelude + search; (exit code, the --json report, the results.json path)."""
    results = tmp_path / "results" / "results.json"
    source = tmp_path / "student.py"
    source.write_text(prelude.format(results=str(results), **fill) + "\n" + search, encoding="utf-8")
    done = run_cli("grade", str(source), *LECTURE, "--gradescope", str(results), "--json", *options)
    assert done.returncode in (0, 1, 2) and not done.stderr, done.stderr
    return done.returncode, json.loads(done.stdout), results


def nothing_left() -> None:
    if grader_is_root():
        assert user_processes(student_user().uid) == set()


def honest_results(results: Path, score: float) -> None:
    written = json.loads(results.read_text(encoding="utf-8"))
    assert written["score"] == score and all(test["name"] != "pwned" for test in written["tests"])


def test_a_double_forked_setsid_process_is_gone_before_the_verdict(tmp_path: Path) -> None:
    code, report, results = graded(tmp_path, attack.DOUBLE_FORK)
    nothing_left()
    assert code == 0 and report["verdict"] == "match"
    honest_results(results, 1.0)


def test_a_process_waiting_for_results_json_never_sees_it(tmp_path: Path) -> None:
    code, report, results = graded(tmp_path, attack.WAIT_FOR_RESULTS, WRONG)
    nothing_left()
    assert code == 1 and report["misconception"]["id"] in NO_PRUNING
    honest_results(results, 0.0)


@as_root
def test_forking_many_children_stops_at_the_process_limit(tmp_path: Path) -> None:
    code, report, _ = graded(tmp_path, attack.FORK_MANY)
    nothing_left()
    started = int(report["output"].split("children started:")[1].split()[0])
    assert 0 < started < limits.GRADE_PROCESSES
    assert code == 0 and report["verdict"] == "match"


@as_root
def test_a_file_only_the_grader_may_read_stays_unread(tmp_path: Path) -> None:
    hidden = Path(tempfile.mkdtemp(prefix="minimax-lab-source-", dir="/run"))  # as an autograder's source: root's, 0700
    try:
        secret = hidden / "assignment.toml"
        secret.write_text("THE-HIDDEN-TREE", encoding="utf-8")
        code, report, _ = graded(tmp_path, attack.READ_SECRET, secret=str(secret))
    finally:
        shutil.rmtree(hidden)
    assert code == 2 and "PermissionError" in report["error"]["message"]
    assert "THE-HIDDEN-TREE" not in json.dumps(report)


@as_root
def test_what_it_writes_under_tmp_is_its_own_and_gone(tmp_path: Path) -> None:
    marker = Path("/tmp") / f"minimax-lab-student-marker-{os.getpid()}"
    code, report, _ = graded(tmp_path, attack.WRITE_TMP, marker=str(marker))
    assert code == 0 and f"wrote {marker}" in report["output"]
    assert not marker.exists()


@pytest.fixture
def local_server() -> Iterator[tuple[int, list[str]]]:
    """A TCP server on 127.0.0.1 that answers every connection; the addresses it saw."""
    listener = socket.create_server(("127.0.0.1", 0))
    seen: list[str] = []

    def serve() -> None:
        while True:
            try:
                connection, address = listener.accept()
            except OSError:
                return
            seen.append(address[0])
            connection.sendall(b"the answer")
            connection.close()

    threading.Thread(target=serve, daemon=True).start()
    yield listener.getsockname()[1], seen
    listener.close()


@as_root
def test_no_connection_reaches_a_server_on_the_grader_host(tmp_path: Path, local_server: tuple[int, list[str]]) -> None:
    port, seen = local_server
    code, report, _ = graded(tmp_path, attack.LOCAL_SOCKET, port=port)
    assert code == 2 and "Network is unreachable" in report["error"]["message"]
    assert seen == []
    socket.create_connection(("127.0.0.1", port), timeout=5).close()  # the server was there all along


def test_monkeypatching_the_grader_changes_nothing(tmp_path: Path) -> None:
    code, report, results = graded(tmp_path, attack.MONKEYPATCH_GRADER, WRONG)
    assert code == 1 and report["verdict"] == "differs"
    assert report["misconception"]["id"] in NO_PRUNING
    honest_results(results, 0.0)


def test_printing_a_fake_results_json_changes_nothing(tmp_path: Path) -> None:
    code, report, results = graded(tmp_path, attack.FAKE_RESULTS, WRONG)
    assert code == 1
    honest_results(results, 0.0)
    assert '"pwned"' in report["output"]  # kept as what the code printed, nothing more


@as_root
def test_the_warden_cannot_be_killed(tmp_path: Path) -> None:
    code, report, _ = graded(tmp_path, attack.KILL_THE_WARDEN)
    assert code == 0 and "could not kill the warden: [Errno 1] Operation not permitted" in report["output"]


def test_an_endless_loop_stops_at_its_cpu_limit(tmp_path: Path) -> None:
    """The smallest limit: the kernel's CPU limit is whole seconds, rounded up (lockdown.limit_cpu), so 0.1 s lets the loop
    burn 1 s where a limit of 1 s let it burn 2."""
    code, report, results = graded(tmp_path, attack.LOOP_FOREVER, RIGHT, "--timeout", "0.1")
    nothing_left()
    assert code == 2 and report["error"]["kind"] == "timeout"
    assert "time limit (0.1 s of CPU)" in report["error"]["message"]
    honest_results(results, 0.0)


def process_state(pid: int) -> str:
    return proc_stat(pid)[0]


def test_a_busy_loop_with_a_small_share_of_a_loaded_machine_is_computing_not_stalled() -> None:
    """On a busy machine an endless loop gets a small share of the CPU: 60 s on the clock and far under a quarter of it
    used. It is still computing (running or ready to run), so the CPU limit stops it with its own words, not the clock;
    a process asleep for as long is stalled."""
    busy = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    asleep = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    try:
        wait_until(lambda: process_state(asleep.pid) == "S", "the sleeper to sleep")
        assert process_state(busy.pid) == "R"
        assert not child_stalled(busy.pid, timeout=1, on_clock=60)
        assert child_stalled(asleep.pid, timeout=1, on_clock=60)
        assert child_stalled(busy.pid, timeout=1, on_clock=71)  # ten times the limit and a minute: stopped whatever it does
    finally:
        for process in (busy, asleep):
            process.kill()
            process.wait()


def test_code_that_sleeps_stops_at_the_clock(tmp_path: Path) -> None:
    """Idle code is stopped past twice the limit and 5 s on the clock (child._stalled, looked at each second): with
    0.1 s that is the 6th second, with 1 s the 7th. Sleeping uses no CPU, so it is the clock that stops it, as said."""
    code, report, _ = graded(tmp_path, attack.SLEEP_FOREVER, RIGHT, "--timeout", "0.1")
    nothing_left()
    assert code == 2 and report["error"]["kind"] == "timeout"
    assert "on the clock" in report["error"]["message"], report["error"]


def test_allocating_without_end_stops_at_the_memory_limit(tmp_path: Path) -> None:
    code, report, _ = graded(tmp_path, attack.ALLOCATE)
    nothing_left()
    assert code == 2 and "MemoryError" in report["error"]["message"]


NON_ROOT_USER = "minimax-grader-test"
SYSTEM_PYTHON = Path("/usr/bin/python3")
NON_ROOT_LOCK = "/run/minimax-grader-test.lock"


@pytest.fixture(scope="module")
def non_root() -> list[str]:
    """`python -m search` as an ordinary user (the grader not as root): Debian's Python, the repository and this
    venv's packages on PYTHONPATH (the venv's own Python may sit in root's home, which that user cannot reach)."""
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    if not grader_is_root() or not SYSTEM_PYTHON.exists() or version not in os.path.realpath(SYSTEM_PYTHON):
        pytest.skip(f"needs root and Debian's Python {version} to run the grader as another user")
    student_user(NON_ROOT_USER)  # made as the grader makes its student's user
    packages = [str(Path(search.__file__).resolve().parents[1]), *site.getsitepackages()]
    command = ["runuser", "-u", NON_ROOT_USER, "--", "env", f"PYTHONPATH={os.pathsep.join(packages)}",
               str(SYSTEM_PYTHON), "-m", "search"]
    with one_run_at_a_time(NON_ROOT_LOCK):  # the other test worker may be counting this user's processes
        readable = subprocess.run([*command, "misconceptions"], capture_output=True).returncode == 0
    if not readable:
        pytest.skip(f"{NON_ROOT_USER} cannot read the repository or its packages")
    return command


def graded_not_as_root(command: list[str], prelude: str, search: str = RIGHT, **fill: object) -> tuple[int, dict, dict]:
    """Grade as the ordinary user, in a folder of that user's (pytest's own are root's alone); the results it wrote."""
    uid = student_user(NON_ROOT_USER).uid
    folder = Path(tempfile.mkdtemp(prefix="minimax-grader-test-"))
    try:
        results = folder / "results.json"
        source = folder / "student.py"
        source.write_text(prelude.format(results=str(results), **fill) + "\n" + search, encoding="utf-8")
        for path in (folder, source):
            os.chown(path, uid, -1)
        with one_run_at_a_time(NON_ROOT_LOCK):  # the other test worker's grader is this user's too
            done = subprocess.run([*command, "grade", str(source), *LECTURE, "--gradescope", str(results), "--json"],
                                  capture_output=True, text=True, timeout=120)
            left = user_processes(uid)  # nothing of the student's (nor the grader's) is left running
            assert left == set(), [Path(f"/proc/{pid}/stat").read_text(errors="replace") for pid in left]
        assert done.returncode in (0, 1, 2) and not done.stderr, done.stderr
        return done.returncode, json.loads(done.stdout), json.loads(results.read_text(encoding="utf-8"))
    finally:
        shutil.rmtree(folder)


def test_not_as_root_a_double_fork_is_gone_too(non_root: list[str]) -> None:
    code, report, results = graded_not_as_root(non_root, attack.DOUBLE_FORK)
    assert code == 0 and report["verdict"] == "match"
    assert results["score"] == 1.0 and all(test["name"] != "pwned" for test in results["tests"])


def test_not_as_root_a_process_waiting_for_results_json_never_sees_it(non_root: list[str]) -> None:
    code, report, results = graded_not_as_root(non_root, attack.WAIT_FOR_RESULTS, WRONG)
    assert code == 1 and report["misconception"]["id"] in NO_PRUNING
    assert results["score"] == 0.0 and all(test["name"] != "pwned" for test in results["tests"])


def test_not_as_root_the_network_is_closed_where_the_kernel_gives_a_user_namespace(
        non_root: list[str], local_server: tuple[int, list[str]]) -> None:
    port, seen = local_server
    code, report, _ = graded_not_as_root(non_root, attack.LOCAL_SOCKET, port=port)
    if "could reach the network" in report["headline"] + json.dumps(report.get("error")):
        pytest.skip("this kernel gives no unprivileged user namespace: the output says the network was open")
    assert code == 2 and "Network is unreachable" in report["error"]["message"]
    assert seen == []


@as_root
def test_the_engine_s_searches_are_out_of_reach_so_no_run_can_be_copied_from_them(tmp_path: Path) -> None:
    code, report, results = graded(tmp_path, attack.REACH_THE_ENGINE, WRONG)
    assert "engine objects in memory: 0" in report["output"]
    assert "imported" not in report["output"].replace("cannot import", "")
    assert report["output"].count("cannot import") == 3
    assert code == 1 and report["misconception"]["id"] in NO_PRUNING
    honest_results(results, 0.0)
