"""An exercise's attempts as CSV for the instructor's spreadsheet (issue 26): one row per attempt,
oldest first, with a header.

A student's name is text the student chose: a cell that starts with = + - @ (or a tab or carriage
return) would run as a formula in a spreadsheet (CSV injection, OWASP), so such a cell is written
with a ' in front. Numbers are written by us and left as they are.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Iterable

from flask import Response

from server.practice.attempts import iso_time, name_of, numbered
from server.practice.help_uses import help_cell
from server.practice.identity import SHORT_LEARNER
from server.storage import Attempt

HEADER = ("time", "student", "learner", "attempt", "score", "mistakes", "misconceptions", "misconception_ids", "help", "lms_user",
          "score_rule")
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_download(text: str, filename: str) -> Response:
    """A CSV as an attachment, a byte-order mark first: spreadsheets then read the names as UTF-8 (Excel otherwise
    guesses a code page). The results, the roster's links and a course's gradebook are all sent so."""
    return Response("\ufeff" + text, mimetype="text/csv", headers={"Content-Disposition": f'attachment; filename="{filename}"'})


def cell(text: str) -> str:
    """Text safe to open in a spreadsheet: never read as a formula."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def lms_user_words(lms_user: str | None) -> str:
    """An attempt's LMS user as a cell: "issuer sub" (the gradebook's own id for the student)."""
    return "" if lms_user is None else " ".join(json.loads(lms_user))


def results_csv(attempts: Iterable[Attempt]) -> str:
    """The CSV text: time (UTC, ISO 8601), student (empty when none), learner (its first characters),
    attempt number of that student, score (0 to 1), mistakes, the misconceptions given as
    "name (marks)" joined by "; ", their ids joined by " ", and the help used before it (issue 31:
    "none", "3 hints", "solution", "2 hints; solution", or "not recorded" when not known), and the LMS user
    ("issuer sub") of a check made from a course (issue 32; empty otherwise), and the rule its score was counted by
    (issue 46: "marks", or "one-per-slip" for an attempt scored before; search/practice/scoring.py)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(HEADER)
    for number, attempt in numbered(attempts):
        writer.writerow([
            iso_time(attempt.created_at),
            cell(attempt.student or ""),
            (attempt.learner or "")[:SHORT_LEARNER],
            number,
            f"{attempt.score:.4f}",
            attempt.mistakes,
            cell("; ".join(f"{name_of(m)} ({m['marks']})" for m in attempt.misconceptions)),
            " ".join(m["id"] for m in attempt.misconceptions),
            help_cell(attempt.help),
            cell(lms_user_words(attempt.lms_user)),
            attempt.rule,
        ])
    return out.getvalue()
