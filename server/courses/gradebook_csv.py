"""A course's gradebook as CSV for the instructor's spreadsheet: one row per listed student, with a header.

Columns: student (the name; an LMS student's marked " (LMS)"), one per exercise headed by its id (the counted score,
0 to 1 with 4 decimals, empty when the student made no attempt there), misconceptions ("name (count)" joined by "; ",
most shown first), misconception_ids (joined by " "), and old_rule_exercises: the ids of the exercises whose counted
score came from an attempt scored by the rule before issue 46 ("one-per-slip"). Text cells, the header's exercise ids
included (an id may start with "-"), go through server/practice/results_csv.py's cell(): never read as a formula.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from search.practice.scoring import OLD_RULE
from server.practice.results_csv import cell


def gradebook_csv(book: dict[str, Any]) -> str:
    """The CSV text of gradebook.gradebook()'s JSON (no byte-order mark: the route adds it)."""
    ids = [exercise["id"] for exercise in book["exercises"]]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["student", *(cell(i) for i in ids), "misconceptions", "misconception_ids", "old_rule_exercises"])
    for student in book["students"]:
        scores = student["scores"]
        writer.writerow([
            cell(student["name"] + (" (LMS)" if student["lms"] else "")),
            *("" if scores[i] is None else f"{scores[i]['score']:.4f}" for i in ids),
            cell("; ".join(f"{m['name']} ({m['count']})" for m in student["misconceptions"])),
            " ".join(m["id"] for m in student["misconceptions"]),
            cell(" ".join(i for i in ids if scores[i] is not None and scores[i]["rule"] == OLD_RULE)),
        ])
    return out.getvalue()
