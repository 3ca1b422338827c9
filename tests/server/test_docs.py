"""The docs keep up with the code: docs/limits.md is what docs/make_limits.py writes, every file the
README and docs/ name exists, the README stays a front door, and docs/cli.md names every flag the commands'
--help prints, in its command's section, and no flag they lack."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import ModuleType
from typing import Callable
from unittest import mock

import pytest

import server.__main__ as server_main
from search.cli import main as search_main

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


CLI_DOC = ROOT / "docs" / "cli.md"
FLAG = re.compile(r"(?<![\w-])(--[a-z][a-z0-9-]*|-[a-zA-Z])(?![\w-])")


def help_text(*argv: str) -> str:
    """What `python -m ARGV --help` prints, as a reader's terminal shows it (wide: one option a line)."""
    done = subprocess.run([sys.executable, "-m", *argv, "--help"], capture_output=True, text=True, timeout=120, cwd=ROOT,
                          env={**os.environ, "COLUMNS": "200"})
    assert done.returncode == 0, done.stderr
    return done.stdout


def printed_help(parse_args: Callable[[list[str]], object], *argv: str) -> str:
    """What the same argparse parser prints for `ARGV --help` in this process: the command's own parse_args, as its
    main() calls it (a Python start per subcommand cost 25 s of the suite; the top-level texts are compared with the
    real commands' output by the test)."""
    out = io.StringIO()
    with mock.patch.dict(os.environ, {"COLUMNS": "200"}), contextlib.redirect_stdout(out), pytest.raises(SystemExit) as ended:
        parse_args([*argv, "--help"])
    assert ended.value.code == 0
    return out.getvalue()


def help_flags(text: str) -> set[str]:
    """The flags of a --help text's options (every spelling: `-o, --output`), -h/--help left out."""
    flags: set[str] = set()
    for line in text.splitlines():
        if re.match(r"  -", line):  # an option's own line; its help is after two spaces or on the next lines
            flags |= set(FLAG.findall(re.split(r"\s{2,}", line.strip(), maxsplit=1)[0]))
    return flags - {"-h", "--help"}


def subcommands(text: str) -> list[str]:
    """`python -m search --help`'s {trace,pseudocode,...}."""
    found = re.search(r"\{([\w,-]+)\}", text)
    assert found, text
    return found.group(1).split(",")


def cli_sections() -> dict[str, str]:
    """docs/cli.md's text for each command: "server" (its `## python -m server` section), "search" (the intro of
    `## python -m search`) and each subcommand (its `### name` section)."""
    text = CLI_DOC.read_text(encoding="utf-8")
    parts = re.split(r"^(##+ .*)$", text, flags=re.MULTILINE)
    sections: dict[str, str] = {}
    for heading, body in zip(parts[1::2], parts[2::2]):
        if heading == "## `python -m server`":
            sections["server"] = body
        elif heading == "## `python -m search`":
            sections["search"] = body
        elif found := re.fullmatch(r"### `([\w-]+)`", heading):
            sections[found.group(1)] = body
    return sections


def named_flags(section: str) -> set[str]:
    """The flags a section names as its command's: its synopsis (the first code block that starts with
    `python -m`) and the first column of its flag tables. Prose may name another command's flags."""
    flags: set[str] = set()
    synopsis = re.search(r"^```\n(python -m .*?)^```", section, flags=re.MULTILINE | re.DOTALL)
    if synopsis:
        flags |= set(FLAG.findall(re.sub(r"python -m \w+", "", synopsis.group(1))))
    for cell in re.findall(r"^\| (`-[^|]*) \|", section, flags=re.MULTILINE):
        flags |= set(FLAG.findall(cell))
    return flags


def commands_in_examples(text: str) -> list[tuple[str, str, set[str]]]:
    """Each command line the doc writes (`python -m search trace ...` in a code block or a code span): (the program,
    the subcommand or "", the flags it passes), up to a comment or the span's end."""
    found: list[tuple[str, str, set[str]]] = []
    for line in text.splitlines():
        for match in re.finditer(r"python -m (search|server)(?: ([a-z][\w-]*))?([^`#]*)", line):
            found.append((match.group(1), match.group(2) or "", set(FLAG.findall(match.group(3)))))
    return found


def test_every_flag_of_both_commands_is_in_docs_cli_md_in_its_commands_section_and_no_other() -> None:
    """Every flag `python -m server --help`, `python -m search --help` and each subcommand's --help print is named in
    docs/cli.md's section of that command; every flag a section's synopsis or flag table names, and every flag an
    example command line passes, is one its command takes."""
    with ThreadPoolExecutor(max_workers=2) as pool:  # the two real commands, side by side
        server_help, search_help = pool.map(lambda program: help_text(program), ("server", "search"))
    assert server_help == printed_help(server_main.parse_args) and search_help == printed_help(search_main.parse_args)
    names = subcommands(search_help)
    helps = {"server": server_help, "search": search_help, **{n: printed_help(search_main.parse_args, n) for n in names}}
    sections = cli_sections()
    problems: list[str] = []
    table = {m for m in re.findall(r"^\| `([\w-]+)` \|", sections.get("search", ""), flags=re.MULTILINE)}
    for name in names:
        if name not in sections:
            problems.append(f"python -m search {name}: no `### {name}` section")
        if name not in table:
            problems.append(f"python -m search {name}: not in the table of subcommands")
    for extra in (set(sections) - {"server", "search"}) - set(names):
        problems.append(f"`### {extra}` is no subcommand of python -m search ({', '.join(names)})")
    for command, text in helps.items():
        takes = help_flags(text)
        section = sections.get(command, "")
        label = "python -m server" if command == "server" else "python -m search" + ("" if command == "search" else f" {command}")
        for flag in sorted(takes - set(FLAG.findall(section))):
            problems.append(f"{label}: {flag} is not in its section of docs/cli.md")
        for flag in sorted(named_flags(section) - takes):
            problems.append(f"{label}: docs/cli.md names {flag}, which --help does not have")
    for program, sub, flags in commands_in_examples(CLI_DOC.read_text(encoding="utf-8")):
        command = "server" if program == "server" else sub or "search"
        if command not in helps:
            continue  # `python -m search SUBCOMMAND` written as a placeholder
        for flag in sorted(flags - help_flags(helps[command]) - {"-h", "--help"}):
            problems.append(f"docs/cli.md runs `python -m {program} {sub}` with {flag}, which it does not take")
    assert not problems, "docs/cli.md and --help differ:\n" + "\n".join(problems)
