"""An exercise's roster (issue 46, part 3): the names an instructor gives, and one private link per student
(/x/<id>?s=<token>) to mail out. A name is 1 to MAX_STUDENT_CHARS characters once trimmed, with no control
characters; two names that compare alike (server/practice/names.py: "Bob " and "bob") are one student, so the second
is refused, naming it (`roster[i]`). The links' tokens are made by the store (server/storage.py), 18 random bytes each.
"""

from __future__ import annotations

import csv
import io
from typing import Any, Iterable

from search import InputError
from server.practice.identity import CONTROL, MAX_STUDENT_CHARS
from server.practice.names import name_key, tidy_name
from server.practice.results_csv import cell
from server.storage import RosterEntry

MAX_ROSTER = 1000
"""The most names an exercise's roster holds, additions included (`"roster"` of POST /api/exercises and of
POST /api/exercises/<id>/roster)."""


def parse_roster(value: Any) -> list[str]:
    """The names of a `"roster"` field, tidied (trimmed, inner whitespace one space); InputError naming the field or
    `roster[i]` for a bad one or a repeat. The total across additions is the store's to check (it knows the roster)."""
    if not isinstance(value, list) or not value:
        raise InputError("roster", "expected a list of one or more names")
    if len(value) > MAX_ROSTER:
        raise InputError("roster", f"expected at most {MAX_ROSTER:,} names, got {len(value):,}")
    names: list[str] = []
    seen: dict[str, int] = {}
    for i, name in enumerate(value):
        if not isinstance(name, str):
            raise InputError(f"roster[{i}]", "expected a name (text)")
        tidy = tidy_name(name)
        if not tidy or len(tidy) > MAX_STUDENT_CHARS or CONTROL.search(name.replace("\t", " ")):
            raise InputError(f"roster[{i}]", f"expected a name of 1 to {MAX_STUDENT_CHARS} characters, with no control characters")
        key = name_key(tidy)
        if key in seen:
            raise InputError(f"roster[{i}]", f"{tidy!r} is the same name as roster[{seen[key]}]: each student once")
        seen[key] = i
        names.append(tidy)
    return names


def link(exercise_id: str, entry: RosterEntry) -> str:
    """A student's private link, as the exercise's own `url` is written: from the site's root."""
    return f"/x/{exercise_id}?s={entry.token}"


def links(exercise_id: str, entries: Iterable[RosterEntry]) -> list[dict[str, str]]:
    """The API's `links`: [{"student": name, "url": private link}], in roster order."""
    return [{"student": entry.name, "url": link(exercise_id, entry)} for entry in entries]


def roster_csv(exercise_id: str, entries: Iterable[RosterEntry], site: str) -> str:
    """`name,link` with each link absolute (`site`: the server's root URL, ending in /), for a mail merge. A name that
    starts like a formula is written with a ' in front (server/practice/results_csv.py `cell`)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(("name", "link"))
    for entry in entries:
        writer.writerow((cell(entry.name), site.rstrip("/") + link(exercise_id, entry)))
    return out.getvalue()
