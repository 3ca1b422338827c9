"""`python -m search` for the tests: in this process by default, as a real subprocess when asked.

Starting Python and importing the engine costs a few hundred milliseconds a run; the CLI's behaviour
is its `main(argv)` (stdout, stderr, exit code), so most tests call that directly. A few tests
(tests/engine/test_cli.py, marked "real subprocess") still start the real command, so the entry point,
the exit codes as a shell sees them and the pipe handling stay covered.
"""

from __future__ import annotations

import io
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout

from search.cli.main import main


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """What `python -m search ARGS` would print and return, run in this process."""
    out, err = io.StringIO(), io.StringIO()
    saved_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin or "")
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                code = main(list(args))
            except SystemExit as exc:  # fail() and argparse exit: the code a shell would see
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        sys.stdin = saved_stdin
    return subprocess.CompletedProcess(["python", "-m", "search", *args], code, out.getvalue(), err.getvalue())


def run_cli_process(*args: str, stdin: str | None = None, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """`python -m search ARGS` as a real subprocess: for the tests of the command itself."""
    return subprocess.run([sys.executable, "-m", "search", *args], capture_output=True, text=True, input=stdin, timeout=timeout)


def lecture_trace() -> str:
    """The lecture example's alpha-beta trace as `python -m search trace --example lecture` writes it."""
    done = run_cli("trace", "--example", "lecture")
    assert done.returncode == 0, done.stderr
    return done.stdout
