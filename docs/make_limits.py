"""Write docs/limits.md from the limits in the code, so the doc never retypes a number.

    .venv/bin/python docs/make_limits.py          # rewrites docs/limits.md
    .venv/bin/python docs/make_limits.py --check  # exit 1 if docs/limits.md is behind the code

Each limit's value is read from the code (Python modules are imported; JavaScript constants are
read from their `export const NAME = ...;` line), and what it bounds from the docstring under the
constant or the comment lines above it. The engine must not import Flask, so this generator lives
here, outside search/: it reads server/config.py too. tests/server/test_docs.py fails when
docs/limits.md falls behind.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import io
import re
import sys
import tokenize
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "docs" / "limits.md"
COMMAND = ".venv/bin/python docs/make_limits.py"

SERVER_SETTINGS_NOT_LIMITS = ("NODE_MODULES", "PAGE_BUNDLES", "MESSAGE_QUEUE", "BEHIND_PROXY")
"""Entries of server/config.py's DEFAULTS that are settings, not limits: left out of the table."""

ELSEWHERE: list[tuple[str, str]] = [
    ("search/json_numbers.py", "MAX_INT_DIGITS"),
    ("search/errors.py", "QUOTE_CHARS"),
    ("search/errors.py", "MAX_PROBLEM_CHARS"),
    ("search/practice/generate.py", "GENERATE_TRIES"),
    ("search/practice/generate.py", "GENERATE_NODE_BUDGET"),
    ("server/searches/stream.py", "READ_AHEAD_EVENTS"),
    ("server/practice/options.py", "MAX_ATTEMPTS_ALLOWED"),
    ("server/practice/identity.py", "MAX_STUDENT_CHARS"),
    ("server/practice/identity.py", "MAX_LEARNER_CHARS"),
    ("server/practice/roster.py", "MAX_ROSTER"),
    ("server/practice/attempts.py", "MAX_LISTED_ATTEMPTS"),
    ("server/courses/store.py", "MAX_COURSE_EXERCISES"),
    ("server/courses/api.py", "MAX_COURSE_TITLE_CHARS"),
    ("search/practice/path.py", "MAX_PATH_TREES"),
    ("server/practice/path_api.py", "MAX_PATH_TITLE_CHARS"),
    ("server/practice/path_progress.py", "MAX_LISTED_STUDENTS"),
    ("server/lti/course_roster.py", "ROSTER_SECONDS"),
    ("server/lti/course_roster.py", "FAILURE_SECONDS"),
    ("server/lti/course_roster.py", "MAX_PAGES"),
    ("server/lti/tool.py", "MIN_SECRET_CHARS"),
    ("server/lti/course_roster.py", "MAX_MEMBERS"),
    ("server/lti/dynamic_registration.py", "MAX_ANSWER_BYTES"),
    ("server/classroom/questions.py", "MAX_PROMPT"),
    ("server/classroom/questions.py", "MAX_CHOICES"),
    ("server/classroom/questions.py", "MAX_ANSWER"),
    ("server/classroom/questions.py", "MAX_NODE"),
    ("server/classroom/rooms.py", "MAX_DISTINCT_ANSWERS"),
    ("server/classroom/tickets.py", "TICKET_SECONDS"),
    ("server/classroom/tickets.py", "ROOMS_PER_CONNECTION"),
    ("server/outages.py", "OUTAGE_LOG_SECONDS"),
    ("server/transport/gunicorn_worker.py", "INVALID_REQUEST_LOG_SECONDS"),
    ("static/js/view/focus_set.js", "FULL_DRAWING_MAX"),
    ("static/js/view/focus_set.js", "STREAMING_DRAWING_MAX"),
    ("static/js/export/latex_export.js", "MAX_LATEX_NODES"),
    ("static/js/export/latex_export.js", "MAX_LATEX_GAME_NODES"),
]
"""Limits kept in the module that applies them."""


class Limit(NamedTuple):
    name: str
    value: str
    bounds: str


def one_line(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().replace("|", "\\|")


def show(value: Any) -> str:
    """A value as a reader types it: 10,000; 1,000,000,000; 1e-09; 60 s stays 60."""
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, float) and value.is_integer() and abs(value) >= 1:
        value = int(value)
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        return f"{value:g}".replace("e-0", "e-")
    if isinstance(value, (tuple, list)):
        return ", ".join(f"`{v}`" for v in value) or "none"
    return f"`{value}`"


def comments_by_line(source: str) -> dict[int, str]:
    """Line number -> text of a comment that is the whole line."""
    out: dict[int, str] = {}
    lines = source.splitlines()
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT and lines[tok.start[0] - 1].strip().startswith("#"):
            out[tok.start[0]] = tok.string.lstrip("#").strip()
    return out


def comment_above(comments: dict[int, str], line: int) -> str:
    texts: list[str] = []
    line -= 1
    while line in comments:
        texts.insert(0, comments[line])
        line -= 1
    return " ".join(texts)


def expression_note(source: str, node: ast.expr) -> str:
    """` (= 2 * limits.MAX_PAYLOAD_BYTES)` when a value is made from another, else nothing."""
    if isinstance(node, ast.Constant) or (isinstance(node, ast.UnaryOp) and isinstance(node.operand, ast.Constant)):
        return ""
    segment = ast.get_source_segment(source, node) or ""
    if isinstance(node, (ast.Tuple, ast.List)) or (re.fullmatch(r"[\d_.e+\-* ]+", segment) and "**" not in segment):
        return ""  # a literal after all (4 * 3600.0, a tuple of names)
    return f" (`{segment}`)"


def python_module_limits(relative: str, module_name: str) -> dict[str, tuple[Any, str, str]]:
    """NAME -> (value, what it bounds, expression note) for a module's top-level UPPER_CASE constants."""
    source = (ROOT / relative).read_text(encoding="utf-8")
    tree = ast.parse(source)
    module = importlib.import_module(module_name)
    comments = comments_by_line(source)
    out: dict[str, tuple[Any, str, str]] = {}
    body = tree.body
    for i, stmt in enumerate(body):
        if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)):
            continue
        name = stmt.targets[0].id
        if not re.fullmatch(r"[A-Z][A-Z0-9_]*", name):
            continue
        doc = ""
        following = body[i + 1] if i + 1 < len(body) else None
        if isinstance(following, ast.Expr) and isinstance(following.value, ast.Constant) and isinstance(following.value.value, str):
            doc = following.value.value
        doc = doc or comment_above(comments, stmt.lineno)
        out[name] = (getattr(module, name), one_line(doc), expression_note(source, stmt.value))
    return out


def search_limits() -> list[Limit]:
    found = python_module_limits("search/limits.py", "search.limits")
    missing = [name for name, (_, doc, _) in found.items() if not doc]
    if missing:
        raise SystemExit(f"search/limits.py: {', '.join(missing)} without a docstring saying what it bounds")
    return [Limit(name, show(value) + note, doc) for name, (value, doc, note) in found.items()]


def server_limits() -> list[Limit]:
    """server/config.py's DEFAULTS: each key's comment lines above it; a key right under another
    (no comment of its own) shares the comment of the group it is in."""
    from server.config import DEFAULTS

    source = (ROOT / "server" / "config.py").read_text(encoding="utf-8")
    comments = comments_by_line(source)
    tree = ast.parse(source)
    defaults = next(node.value for node in ast.walk(tree)
                    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id == "DEFAULTS")
    assert isinstance(defaults, ast.Dict)
    rows: list[tuple[list[str], list[str], str]] = []  # names, values, comment: one row per comment
    for key, value in zip(defaults.keys, defaults.values):
        assert isinstance(key, ast.Constant)
        name = key.value
        own = comment_above(comments, key.lineno)
        if own or not rows:
            rows.append(([], [], one_line(own)))
        if name in SERVER_SETTINGS_NOT_LIMITS:
            continue
        if not rows[-1][2]:
            raise SystemExit(f"server/config.py: {name} without a comment saying what it bounds")
        rows[-1][0].append(name)
        rows[-1][1].append(show(DEFAULTS[name]) + expression_note(source, value))
    return [Limit("`, `".join(names), "; ".join(values), doc) for names, values, doc in rows if names]


def js_constant(relative: str, name: str) -> tuple[str, str]:
    """(value text, comment lines above) of `export const NAME = VALUE;` in a JavaScript file."""
    lines = (ROOT / relative).read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        found = re.match(rf"\s*export const {name} = (.+);\s*(//.*)?$", line)
        if found:
            texts: list[str] = []
            j = i - 1
            while j >= 0 and lines[j].strip().startswith("//"):
                texts.insert(0, lines[j].strip()[2:].strip())
                j -= 1
            value = found.group(1).strip()
            value = show(int(value)) if value.isdigit() else f"`{value}`"
            return value, " ".join(texts)
    raise SystemExit(f"{relative}: no `export const {name} = ...;`")


def elsewhere_limits() -> list[tuple[str, Limit]]:
    out: list[tuple[str, Limit]] = []
    modules: dict[str, dict[str, tuple[Any, str, str]]] = {}
    for relative, name in ELSEWHERE:
        if relative.endswith(".js"):
            value, doc = js_constant(relative, name)
        else:
            if relative not in modules:
                modules[relative] = python_module_limits(relative, relative[:-3].replace("/", "."))
            if name not in modules[relative]:
                raise SystemExit(f"{relative}: no constant {name} (update ELSEWHERE in docs/make_limits.py)")
            raw, doc, note = modules[relative][name]
            value = show(raw) + note
        doc = one_line(doc)
        if not doc:
            raise SystemExit(f"{relative}: {name} has no docstring or comment saying what it bounds")
        out.append((relative, Limit(name, value, doc)))
    return out


def table(rows: list[Limit]) -> list[str]:
    lines = ["| limit | value | what it bounds |", "|---|---|---|"]
    lines += [f"| `{r.name}` | {r.value} | {r.bounds} |" for r in rows]
    return lines


def render() -> str:
    from search import limits
    from server.config import DEFAULTS

    elsewhere = elsewhere_limits()
    out = [
        "# Limits",
        "",
        f"<!-- Generated by `{COMMAND}` from the code; do not edit by hand. -->",
        "",
        "Every way a tree, trace or request comes in (the tree editor, the text box, an upload, the REST",
        "API, a socket message, the command line) goes through one validator with these limits, and each",
        "is tested. A refusal names the field and the place, e.g.",
        "`children[1].children[0].value: expected a finite number`.",
        f"This page is generated from the code: after changing a limit run `{COMMAND}`",
        "(tests/server/test_docs.py fails until you do).",
        "",
        "## Trees, traces and searches (`search/limits.py`)",
        "",
        "The engine's limits, the same for the command line and the server. `GET /api/limits` hands the",
        "page the ones it checks before sending (docs/http-api.md); `python -m search schema` writes",
        "`search/schema/tree.schema.json` from them.",
        "",
        *table(search_limits()),
        "",
        "Ids and labels are text of at most `MAX_LABEL_LENGTH` characters without control characters,",
        "line separators (U+2028, U+2029) or lone surrogates: text that could not be written back out.",
        "A chance node's probabilities must each be more than 0 and at most 1.",
        "",
        "## The server, per client and per process (`server/config.py`)",
        "",
        "Defaults of `create_app`; tests and benchmarks override them with a config mapping, and",
        "`python -m server --max-events N` sets `MAX_EVENTS_PER_SEARCH` (docs/cli.md).",
        "",
        *table(server_limits()),
        "",
        "How they are applied:",
        "",
        "- **Request bodies** (every transfer encoding, chunked included) are checked before a route reads",
        f"  them (`server/transport/guard.py`): {show(limits.MAX_PAYLOAD_BYTES)} bytes (`MAX_PAYLOAD_BYTES`) for",
        f"  `/api/*`, {show(limits.MAX_TRACE_BYTES)} (`MAX_TRACE_BYTES`) for `/api/traces` and `/api/traces/check`,",
        f"  {show(DEFAULTS['MAX_MESSAGE_BYTES'])} (`MAX_MESSAGE_BYTES`) for a Socket.IO long-polling message. Over it:",
        "  `413 {\"error\": \"the body is N bytes; the limit is L\"}`, nothing is read or stored, and a",
        "  polling session whose message was refused is closed. A websocket message over",
        "  `MAX_MESSAGE_BYTES` closes the connection (engine.io's own rule).",
        "- **Host header**: the names in `ALLOWED_HOSTS`, the `--host` address and each",
        "  `python -m server --allow-host NAME`; any other Host gets 400 naming it (DNS rebinding).",
        "- **Bad frames**: a Socket.IO or engine.io frame no client of ours sends (docs/socket-protocol.md)",
        "  is refused with one log line per kind of fault per `BAD_FRAME_LOG_SECONDS`, never a traceback.",
        "- **Searches per client**: a cancelled search no longer counts (it stops within a batch). The",
        "  page sends one start at a time, so a double-click on Run never meets the limit.",
        "- **Event cap**: a search that meets `MAX_EVENTS_PER_SEARCH` stops; its result says",
        "  `\"reason\": \"event limit\"` and the page says so above the player at once. Full tic-tac-toe",
        "  minimax from the empty board is 1,944,617 events.",
        "- **A search's events over HTTP** (`\"delivery\": \"http\"`) are fetched once, within",
        "  `ACK_STALL_SECONDS` of `search:started`; the server holds `EVENT_WINDOW` batches of them at most",
        "  and stops a search whose reader leaves or reads nothing for `ACK_STALL_SECONDS`.",
        "- **Trace checks**: an upload that finds all `MAX_CONCURRENT_TRACE_CHECKS` places taken waits",
        "  half a second for one, then gets `503` with `Retry-After: 2`.",
        "- **Classroom**: a late joiner gets up to `CLASS_INLINE_EVENTS` events in `class:state`, past",
        "  that a path to fetch them as JSON Lines; an address's rooms and wrong codes are counted per",
        "  process (docs/classroom.md).",
        "  Followers hold only the events the instructor has shown; the path answers 429 with `Retry-After`",
        "  past `CLASS_EVENT_FETCHES_PER_MINUTE` fetches from an address, each joiner's ticket not counted.",
        "- **Baseline and ordering lab**: past `BASELINE_MAX_NODES` an alpha-beta result's `baseline` is",
        "  `null`; past `REFERENCE_MAX_NODES` a result has no `reference`; past `ORDERING_MAX_NODES` an",
        "  ordering request is refused, naming `depth`.",
        "- **Jupyter widget**: `search.show` of a game or tree traces at most `WIDGET_MAX_EVENTS` events",
        "  (the search stops there, its result saying `event limit`); a longer `Trace` is refused, naming",
        "  `max_events` and the depth limit as what to change (docs/jupyter.md).",
        "- **Generated exercises**: after `GENERATE_TRIES` trees or `GENERATE_NODE_BUDGET` nodes the",
        "  request is refused saying what to relax; asking for more cut-offs than any tree of the shape",
        "  can have is refused at once.",
        "",
        "## Kept where they act",
        "",
        "| limit | file | value | what it bounds |",
        "|---|---|---|---|",
        *[f"| `{limit.name}` | `{relative}` | {limit.value} | {limit.bounds} |" for relative, limit in elsewhere],
        "",
    ]
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description="Write docs/limits.md from the limits in the code.")
    parser.add_argument("--check", action="store_true", help="only say whether docs/limits.md is up to date (exit 1 if not)")
    args = parser.parse_args()
    text = render()
    if args.check:
        current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
        if current != text:
            sys.exit(f"docs/limits.md is behind the code: run `{COMMAND}`")
        return
    TARGET.write_text(text, encoding="utf-8")
    print(TARGET.relative_to(ROOT))


sys.path.insert(0, str(ROOT))  # run as a script from anywhere: import this checkout's search and server

if __name__ == "__main__":
    main()
