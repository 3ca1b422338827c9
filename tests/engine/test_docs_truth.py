"""The docs say the truth (issue 48): docs/architecture.md's map lists every folder, and every test the
docs name exists. (tests/server/test_docs.py holds the rest: links, paths, limits.md, the README.)"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
MAPPED = ("search", "server", "static/js")
"""The folders whose every top-level folder has a row of its own in the map."""


def map_rows() -> set[str]:
    """The folders in the first column of docs/architecture.md's "Where is what" table, without the slash."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split("## Where is what", 1)[1].split("\n## ", 1)[0]
    return {m.rstrip("/") for m in re.findall(r"^\| `([^`]+)` \|", section, flags=re.MULTILINE)}


def test_the_architecture_map_lists_every_top_level_folder_of_search_server_and_static_js() -> None:
    folders = {f"{top}/{d.name}" for top in MAPPED for d in (ROOT / top).iterdir()
               if d.is_dir() and not d.name.startswith((".", "__"))}
    assert folders, "no folders found: is ROOT the checkout?"
    missing = sorted(folders - map_rows())
    assert not missing, "docs/architecture.md's map (Where is what) has no row for: " + ", ".join(missing)


def _test_names(path: Path) -> set[str]:
    """The test functions and classes a test file defines (at the top level or in a class)."""
    found = re.findall(r"^\s*(?:async )?def (test_\w+)|^class (Test\w+)", path.read_text(encoding="utf-8"), flags=re.MULTILINE)
    return {name for pair in found for name in pair if name}


def test_every_test_the_docs_name_exists() -> None:
    """`tests/.../test_x.py` (with `::test_name` when given) is a file (and a test in it); a bare `test_x` is a
    test file of that name or a test function somewhere under tests/."""
    files = {p.stem: p for p in (ROOT / "tests").rglob("test_*.py")}
    functions = set().union(*(_test_names(p) for p in files.values()))
    missing: list[str] = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for path, name in re.findall(r"\b(tests/[\w/.-]+?\.py)(?:::(\w+))?", text):
            if not (ROOT / path).is_file():
                missing.append(f"{page.name}: {path}")
            elif name and name not in _test_names(ROOT / path):
                missing.append(f"{page.name}: {path}::{name}")
        for name in re.findall(r"(?<![\w./:-])(test_\w+)(?![\w.(/-])", text):
            if name not in files and name not in functions:
                missing.append(f"{page.name}: {name}")
    assert not missing, "the docs name tests that do not exist:\n" + "\n".join(missing)
