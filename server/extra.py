"""The server's libraries are the wheel's `[server]` extra: without them, one line saying what to install.

`pip install minimax_lab-*.whl` alone gives the engine and the grader (no web framework, no database driver:
docs/library.md); `python -m server` then needs the extra. Checked before server/__init__.py imports Flask,
with nothing but the standard library, so a missing library is a sentence, not an ImportError's traceback.
"""

from __future__ import annotations

import sys
from importlib.util import find_spec

from search.install import install_command

SERVER_MODULES = ("flask", "flask_socketio", "simple_websocket", "gunicorn", "redis", "pylti1p3", "sqlalchemy",
                  "alembic", "psycopg")
"""Top-level modules of pyproject.toml's `server` extra the server imports (its other entries come with these)."""



class ServerExtraMissing(ModuleNotFoundError):
    """The server was imported where the `[server]` extra is not installed."""


def missing_modules() -> list[str]:
    """SERVER_MODULES that cannot be imported here."""
    return [name for name in SERVER_MODULES if find_spec(name) is None]


def require_server_extra() -> None:
    """Stop at once where the server's libraries are missing: started as `python -m server` (runpy sets
    sys.argv[0] to "-m" while it imports the package), one line on stderr and exit status 2; imported by
    other code, ServerExtraMissing with the same words."""
    missing = missing_modules()
    if not missing:
        return
    line = f"Minimax Lab's server needs its [server] extra (missing: {', '.join(missing)}): {install_command('server')}"
    if sys.argv[:1] == ["-m"]:
        print(f"python -m server: {line}", file=sys.stderr)
        raise SystemExit(2)
    raise ServerExtraMissing(line, name=missing[0])
