"""The ES modules an entry script imports, for `<link rel="modulepreload">` in the page's head.

Without them the browser finds the app's ~70 modules one import level at a time, a round trip per
level before the page can start; with them it asks for all at once. Read from the files' own
import statements (relative ones: the vendor libraries are plain scripts), once per entry.
"""

from __future__ import annotations

import posixpath
import re
from functools import cache
from pathlib import Path

IMPORT = re.compile(r"""^\s*(?:import|export)\b[^;'"]*?(?:\bfrom\s*)?["'](\.{1,2}/[^"']+\.js)["']""", re.M)


@cache
def module_preloads(static_dir: str, entry: str) -> tuple[str, ...]:
    """URLs (/static/js/...) of every module `entry` (a path under static/js) imports, directly or not,
    dependencies first; the entry itself is not among them (its <script> loads it)."""
    root = Path(static_dir) / "js"
    order: list[str] = []
    seen: set[str] = set()

    def visit(module: str) -> None:
        if module in seen:
            return
        seen.add(module)
        text = (root / module).read_text(encoding="utf-8")
        for spec in IMPORT.findall(text):
            visit(posixpath.normpath(posixpath.join(posixpath.dirname(module), spec)))
        order.append(module)

    visit(entry)
    return tuple(f"/static/js/{module}" for module in order if module != entry)
