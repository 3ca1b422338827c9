"""Attempts for the instructor (issue 26): which misconceptions explain students' first attempts and
which their retries, the first attempts' scores, and the list of attempts.

A student is counted by the `student` name when the link gave one, else by the page's anonymous
`learner` token (server/practice/identity.py); an attempt with neither is a first attempt of its
own. A student's first stored attempt is a first attempt, every later one a retry. The names of
misconceptions come from the engine's catalogue (search/misconceptions), else as the check gave them.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Iterator

from search.misconceptions.catalogue import CATALOGUE
from server.practice.identity import SHORT_LEARNER
from server.practice.names import name_key
from server.practice.results import BINS, score_bin
from server.storage import Attempt

MAX_LISTED_ATTEMPTS = 1000
"""Attempts listed in the results' JSON, newest first (the CSV export has them all)."""


def stored_misconceptions(result: dict[str, Any]) -> list[dict[str, Any]]:
    """What an attempt keeps of the check's misconceptions: id, name, marks explained and their nodes."""
    out = []
    for found in result.get("misconceptions") or []:
        explains = found.get("explains") or []
        nodes = list(dict.fromkeys(mark["node"] for mark in explains))
        out.append({"id": found["id"], "name": found.get("name") or found["id"], "marks": len(explains), "nodes": nodes})
    return out


def name_of(misconception: dict[str, Any]) -> str:
    """The catalogue's name (so a renamed entry reads the same on old attempts), else the one stored."""
    entry = CATALOGUE.get(misconception["id"])
    return entry.name if entry is not None else misconception.get("name") or misconception["id"]


def numbered(attempts: Iterable[Attempt]) -> Iterator[tuple[int, Attempt]]:
    """(attempt number of that student, attempt), oldest first: 1 is a first attempt."""
    seen: Counter[tuple[str, str]] = Counter()
    for attempt in attempts:
        who = whose_attempt(attempt)
        if who is None:
            yield 1, attempt
            continue
        seen[who] += 1
        yield seen[who], attempt


def whose_attempt(attempt: Attempt) -> tuple[str, str] | None:
    """Whom an attempt is counted for, as the store counts limits: the roster entry, the LMS user, the name as compared
    (server/practice/names.py: "Bob " is "bob"), the learner token; None for an anonymous one."""
    if attempt.roster_entry is not None:
        return ("roster", str(attempt.roster_entry))
    if attempt.lms_user is not None:
        return ("lms", attempt.lms_user)
    if attempt.student is not None:
        return ("student", name_key(attempt.student))
    return None if attempt.learner is None else ("learner", attempt.learner)


def summarise_attempts(attempts: list[Attempt], node_order: list[str]) -> dict[str, Any]:
    """The results' fields about attempts: `first_attempts`, `retries`, `first_scores` (bins as `scores`),
    `misconceptions` (most attempts first: id, name, first_attempts, retries, nodes [{node, attempts}]
    in the tree's order) and `attempt_list` (newest first, at most MAX_LISTED_ATTEMPTS)."""
    first_scores = [0] * BINS
    first = 0
    by_id: dict[str, dict[str, Any]] = {}
    node_counts: dict[str, Counter[str]] = {}
    listed = []
    for number, attempt in numbered(attempts):
        if number == 1:
            first += 1
            first_scores[score_bin(attempt.score)] += 1
        for found in attempt.misconceptions:
            entry = by_id.setdefault(found["id"], {"id": found["id"], "name": name_of(found), "first_attempts": 0, "retries": 0})
            entry["first_attempts" if number == 1 else "retries"] += 1
            node_counts.setdefault(found["id"], Counter()).update(set(found.get("nodes", [])))
        listed.append(listed_attempt(number, attempt))
    place = {node: i for i, node in enumerate(node_order)}
    for misconception_id, entry in by_id.items():
        counts = node_counts[misconception_id]
        entry["nodes"] = [{"node": node, "attempts": counts[node]} for node in sorted(counts, key=lambda n: place.get(n, len(place)))]
    ranked = sorted(by_id.values(), key=lambda e: (-(e["first_attempts"] + e["retries"]), -e["first_attempts"], e["id"]))
    return {
        "first_attempts": first,
        "retries": len(attempts) - first,
        "first_scores": first_scores,
        "misconceptions": ranked,
        "attempt_list": listed[::-1][:MAX_LISTED_ATTEMPTS],
    }


def iso_time(created_at: str) -> str:
    """SQLite's "YYYY-MM-DD HH:MM:SS" (UTC) as ISO 8601 with its zone: "YYYY-MM-DDTHH:MM:SSZ"."""
    return created_at.replace(" ", "T") + "Z"


def listed_attempt(number: int, attempt: Attempt) -> dict[str, Any]:
    """One attempt as the instructor sees it: the learner token only by its first characters."""
    return {
        "id": attempt.id,  # opens it with its tree and answer: GET /api/exercises/<id>/attempts/<id>
        "time": iso_time(attempt.created_at),
        "student": attempt.student,
        "learner": None if attempt.learner is None else attempt.learner[:SHORT_LEARNER],
        "attempt": number,
        "score": attempt.score,
        "mistakes": attempt.mistakes,
        "misconceptions": [{"id": m["id"], "name": name_of(m), "marks": m["marks"]} for m in attempt.misconceptions],
        "help": attempt.help,
        "lms": attempt.lms_user is not None,  # checked from an LMS course: `student` is the name the LMS gave
        "rule": attempt.rule,  # how its score was counted (search/practice/scoring.py): older attempts keep theirs
        "roster": attempt.roster_entry is not None,  # a roster student's, from their private link: `student` is the roster's name
        "variant": attempt.variant,  # the seed of the student's own tree it was checked against; null: the exercise's tree
    }
