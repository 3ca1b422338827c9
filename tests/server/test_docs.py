"""The docs keep up with the code: docs/limits.md is what docs/make_limits.py writes, every file the
README and docs/ name exists, and the README stays a front door."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
DOCS = sorted((ROOT / "docs").glob("*.md"))
PAGES = [ROOT / "README.md", *DOCS]
TOP_FOLDERS = ("search", "server", "static", "templates", "tests", "bench", "deploy", "docs")


def make_limits() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_limits", ROOT / "docs" / "make_limits.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_docs_limits_md_is_what_make_limits_writes() -> None:
    generator = make_limits()
    written = (ROOT / "docs" / "limits.md").read_text(encoding="utf-8")
    assert written == generator.render(), f"docs/limits.md is behind the code: run `{generator.COMMAND}`"


def test_every_limit_in_search_limits_is_in_the_doc() -> None:
    from search import limits

    text = (ROOT / "docs" / "limits.md").read_text(encoding="utf-8")
    names = [name for name in vars(limits) if re.fullmatch(r"[A-Z][A-Z0-9_]*", name)]
    assert names and all(f"`{name}`" in text for name in names)


def test_links_and_paths_in_the_docs_name_files_that_exist() -> None:
    """Markdown links (relative to the page) and repository paths in backticks (relative to the
    root), so a renamed module (search/tree_io.py, ...) cannot linger in the docs."""
    missing: list[str] = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue
            path = target.split("#")[0]
            if not (page.parent / path).exists():
                missing.append(f"{page.name}: link {target}")
        for path in re.findall(r"`((?:%s)/[\w./-]*\w)`" % "|".join(TOP_FOLDERS), text):
            if "<" in path or "*" in path:
                continue
            if not (ROOT / path).exists():
                missing.append(f"{page.name}: path {path}")
    assert not missing, "the docs name files that do not exist:\n" + "\n".join(missing)


def test_the_readme_is_a_front_door() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 150
    assert "](docs/limits.md)" in readme
    assert "](docs/lecture-alpha-cut.png)" in readme and (ROOT / "docs" / "lecture-alpha-cut.png").exists()


def test_the_docs_and_the_code_cite_what_a_reader_can_find() -> None:
    """Course notes that are not in the repository ("seed 003", "Seed 002's") are no reference for a reader:
    cite the textbook's section, a paper, or say plainly what is meant."""
    citation = re.compile(r"\bseeds?(?:'s?)? 00\d|\bseed 00\d's\b", re.IGNORECASE)
    code = [path for folder in ("search", "server", "static", "templates", "tests", "bench") for path in (ROOT / folder).rglob("*")
            if path.suffix in {".py", ".js", ".html", ".css", ".md"} and "__pycache__" not in path.parts and path != Path(__file__)]
    for page in [*PAGES, *code]:
        assert not citation.search(page.read_text(encoding="utf-8")), page.relative_to(ROOT)
