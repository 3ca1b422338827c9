"""Whose attempt a check is (issue 26): an optional `student` name or id that the exercise link
carries (/x/<id>?student=...), shown only to the instructor, and an anonymous `learner` token the
exercise page makes once per browser, so that a student's retries can be told from first attempts
without a name. A student is counted by the name when there is one, else by the token. A page opened from an
LMS course by LTI 1.3 (issue 32) sends its launch (`lti`) instead: the student is then the LMS's user (`lms_user`),
named as the LMS names them (server/lti/launches.py). An exercise with a roster (issue 46, part 3) knows its students
by their private link's token (`s`: server/practice/roster_identity.py): the student is then the roster entry
(`roster_entry`), named as the roster names them. A typed name is counted by its key (server/practice/names.py), so
"Bob " and "bob" are one student.
"""

from __future__ import annotations

import re
from typing import Any, Mapping, NamedTuple

from search import InputError
from server.practice.names import name_key

MAX_STUDENT_CHARS = 100
"""The longest `student` name or id a check or an exercise link may carry (characters; stored as given)."""
MAX_LEARNER_CHARS = 64
"""The longest anonymous `learner` token (8 or more of A-Z a-z 0-9 _ -; the page makes 32 hex digits)."""
LEARNER = re.compile(rf"[A-Za-z0-9_-]{{8,{MAX_LEARNER_CHARS}}}")
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
SHORT_LEARNER = 6
"""Characters of the learner token the instructor sees (enough to tell a class apart)."""


class Identity(NamedTuple):
    student: str | None = None
    learner: str | None = None
    lms_user: str | None = None  # JSON ["issuer", "sub"] of an LTI launch's user
    roster_entry: int | None = None  # the roster entry of a private link's `s` (its `student` is the roster's name)

    @property
    def who(self) -> tuple[str, str] | None:
        """What attempts are counted by: the roster entry, else the LMS user, else the student's name if given (as
        compared: trimmed, collapsed, casefolded), else the learner token."""
        if self.roster_entry is not None:
            return ("roster", str(self.roster_entry))
        if self.lms_user is not None:
            return ("lms", self.lms_user)
        if self.student is not None:
            return ("student", name_key(self.student))
        return None if self.learner is None else ("learner", self.learner)


def read_identity(fields: Mapping[str, Any]) -> Identity:
    """`student` and `learner` from a check's body or a query string (absent or "" is none);
    400 naming the field for a bad value."""
    student = fields.get("student")
    learner = fields.get("learner")
    if student is not None and not isinstance(student, str):
        raise InputError("student", "expected text")
    if student and (len(student) > MAX_STUDENT_CHARS or CONTROL.search(student)):
        raise InputError("student", f"expected at most {MAX_STUDENT_CHARS} characters, with no control characters")
    if student is not None and not student.strip():
        student = None  # only spaces: no name
    if learner is not None and not (isinstance(learner, str) and (learner == "" or LEARNER.fullmatch(learner))):
        raise InputError("learner", f"expected 8 to {MAX_LEARNER_CHARS} of A-Z a-z 0-9 _ -")
    return Identity(student or None, learner or None)


IDENTITY_FIELDS = ("student", "learner", "lti", "s")
"""The fields of a check's or hint's body that say whose it is, not what the answer is."""


def take_identity(body: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the fields saying whose check it is, the rest of the body: the answer for the engine)."""
    rest = dict(body)
    return {name: rest.pop(name) for name in IDENTITY_FIELDS if name in rest}, rest
