"""One student, however their name is typed (issue 46, part 3): "Bob", "Bob " and " bob" are the same student, so an
attempt limit holds however the name is spelled. A name is compared by its key: trimmed, inner whitespace collapsed
to one space, casefolded (Unicode's caseless matching: "STRASSE" and "straße" are one). The name itself is kept as
given (trimmed) for the instructor to read.
"""

from __future__ import annotations


def name_key(name: str) -> str:
    """The key a student's name is counted and compared by."""
    return " ".join(name.split()).casefold()


def tidy_name(name: str) -> str:
    """A name as it is kept and shown: trimmed, inner runs of whitespace made one space."""
    return " ".join(name.split())
