"""The help a student was given before a check (issue 31): hints and the solution rebuild the answer, so a
check made after them is not a fair "perfect".

Each hint answered and each solution served is noted (server/storage.py `help_uses`: exercise, what, the
student / learner the request said, when; no address), with the same identity as a check
(server/practice/identity.py). A check stores on its attempt what its student had used before it, in the
small form `{"hints": 3, "solution": true}`; `solution` is also true after a slip's search
(`/solution?misconception=`), which shows the tree's values as the solution does. An attempt whose
check said not whose it is, or made before help was noted, has `help` null: not known.
"""

from __future__ import annotations

from typing import Any

HELP_KINDS = ("hint", "solution", "slip")
"""What a help use notes: a hint answered, the solution's trace, a slip's search (the catalogue's)."""


def attempt_help(counts: dict[str, int] | None) -> dict[str, Any] | None:
    """The attempt's `help` from the store's counts per kind (None stays None: not known)."""
    if counts is None:
        return None
    return {"hints": counts.get("hint", 0), "solution": bool(counts.get("solution", 0) or counts.get("slip", 0))}


def helped(help: dict[str, Any] | None) -> bool:
    """Whether an attempt's student had any help before it (not known counts as none, as before issue 31)."""
    return help is not None and (help.get("hints", 0) > 0 or bool(help.get("solution")))


def help_parts(help: dict[str, Any], solution: str) -> list[str]:
    """["3 hints", `solution`] as far as each was used."""
    hints = help.get("hints", 0)
    return ([f"{hints} hint{'' if hints == 1 else 's'}"] if hints else []) + ([solution] if help.get("solution") else [])


def help_words(help: dict[str, Any]) -> str:
    """"3 hints", "the solution", "1 hint and the solution"."""
    return " and ".join(help_parts(help, "the solution"))


def help_note(help: dict[str, Any] | None, correct: bool) -> str | None:
    """What the check's answer tells the student about their help (None: no help, nothing to say)."""
    if not helped(help):
        return None
    assert help is not None
    what = help_words(help)
    verb = "was" if what == "the solution" or what == "1 hint" else "were"
    why = "it is not counted as perfect" if correct else "a check after help is never counted as perfect"
    return f"{what[0].upper()}{what[1:]} {verb} used before this check: {why}."


def help_cell(help: dict[str, Any] | None) -> str:
    """The CSV's `help` column: "none", "3 hints", "solution", "2 hints; solution", or "not recorded"."""
    if help is None:
        return "not recorded"
    return "; ".join(help_parts(help, "solution")) or "none"
