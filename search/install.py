"""The command that installs one of the wheel's extras ([server], [jupyter]), as a missing library's one-line message
says it: the wheel `make wheel` built, with the extra (docs/library.md). Standard library only: the server checks
its extra with it before it imports Flask (server/extra.py)."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version


def install_command(extra: str) -> str:
    """`pip install 'dist/minimax_lab-VERSION-py3-none-any.whl[EXTRA]'`, at the installed version (0.1.0 in a
    checkout that was never installed)."""
    try:
        number = version("minimax-lab")
    except PackageNotFoundError:
        number = "0.1.0"
    return f"pip install 'dist/minimax_lab-{number}-py3-none-any.whl[{extra}]'"
