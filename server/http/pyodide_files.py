"""Pyodide (CPython compiled to WebAssembly, from the npm registry) served from node_modules, for the
code lab's Web Worker (docs/code-lab.md): nothing is fetched from the internet at run time.

The worker loads /vendor/pyodide/pyodide.mjs, which fetches the rest from the same folder. Only the
files Pyodide's loader asks for are served, each with its own type: WebAssembly must come as
application/wasm to be compiled while it downloads, and a module as JavaScript (answers are nosniff).
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, abort, current_app, send_file

PYODIDE_FILES = {
    "pyodide.mjs": "text/javascript",
    "pyodide.asm.mjs": "text/javascript",
    "pyodide.asm.wasm": "application/wasm",
    "python_stdlib.zip": "application/zip",
    "pyodide-lock.json": "application/json",
}
"""The files of node_modules/pyodide the worker needs: the loader, the runtime and the standard library."""

pyodide_files = Blueprint("pyodide_files", __name__)


def pyodide_path(name: str) -> Path:
    return Path(current_app.config["NODE_MODULES"]) / "pyodide" / name


@pyodide_files.get("/vendor/pyodide/<name>")
def pyodide_file(name: str):  # type: ignore[no-untyped-def]
    if name not in PYODIDE_FILES:
        abort(404)
    path = pyodide_path(name)
    if not path.is_file():
        abort(500, description=f"pyodide/{name} is not installed: run `make setup` (npm ci)")
    return send_file(path, mimetype=PYODIDE_FILES[name], max_age=3600)
