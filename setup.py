"""One build step pyproject.toml cannot say: the browser app's files go into the wheel as server/web/.

The repository keeps templates/ and static/ at its top level and the npm libraries in node_modules/
(`npm ci`, never committed); an installed server must find all three inside its package
(server/web_files.py decides which copy is read). Of node_modules/, only the files the server sends are
copied: the names are read from server/http/page_assets.py (VENDOR_FILES) and
server/http/pyodide_files.py (PYODIDE_FILES), so the lists are kept in one place.

A source tree without templates/ (search.grading.autograder's copy of the packages for an autograder
image) builds the engine's wheel alone. A checkout with templates/ but a missing built or npm file
(static/build, node_modules) is an error naming it: `make setup` first.
"""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
WEB_FOLDER = ("server", "web")
"""Where in the wheel (server/web_files.py's PACKAGED)."""

BUILT = ("static/build/code_editor.js", "static/build/pages/manifest.json", "search/jupyter/static/widget.js",
         "search/jupyter/static/widget.css")
"""Files made by `make setup` (esbuild), not committed: a wheel without them has no code lab editor, no page bundles
(each page would load its modules one by one) or no widget."""


def literal(module: str, name: str) -> dict[str, str]:
    """The dict literal assigned to `name` in the module file `module`, read without importing it (Flask is
    not needed to build the wheel)."""
    tree = ast.parse((HERE / module).read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return ast.literal_eval(node.value)
    raise SystemExit(f"setup.py: {module} has no {name} = {{...}}")


def served_node_modules() -> list[str]:
    """Paths under node_modules/ the server sends (/vendor/...)."""
    vendor = literal("server/http/page_assets.py", "VENDOR_FILES")
    pyodide = literal("server/http/pyodide_files.py", "PYODIDE_FILES")
    return sorted([*vendor.values(), *(f"pyodide/{name}" for name in pyodide)])


class BuildWithWebFiles(build_py):
    """build_py, then templates/, static/ and the served node_modules files copied to server/web/."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False) or not (HERE / "templates").is_dir():
            return  # an editable install reads the checkout itself; an engine-only source tree has none
        vendor = [f"node_modules/{path}" for path in served_node_modules()]
        absent = [path for path in (*BUILT, *vendor) if not (HERE / path).is_file()]
        if absent:
            raise SystemExit(f"setup.py: {', '.join(absent)} missing: run `make setup` (npm ci, esbuild) before building the wheel")
        target = Path(self.build_lib).joinpath(*WEB_FOLDER)
        ignore = shutil.ignore_patterns("__pycache__", ".DS_Store")
        for folder in ("templates", "static"):
            shutil.copytree(HERE / folder, target / folder, ignore=ignore, dirs_exist_ok=True)
        for path in vendor:
            (target / path).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(HERE / path, target / path)


setup(cmdclass={"build_py": BuildWithWebFiles})
