"""Whose a request is at an exercise with a roster (issue 46, part 3): the roster entry of the private link's token
(`s`), or an LMS launch's user; never a typed `student` name, which anyone could type. An exercise without a roster
keeps issue 26's identities (a typed name, else the browser's token) and refuses an `s`, which is not its own.

A refusal here is a 403 (RosterRefusal): the request is well formed but not allowed for this person.
"""

from __future__ import annotations

from typing import Any, Mapping

from search import InputError
from server.http.not_found import SAVED_ID
from server.lti.exercise_launches import whose
from server.practice.identity import Identity, read_identity
from server.storage import Store

NOT_ON_ROSTER = "this link's student token is not on the exercise's roster: use the link your instructor sent"
TYPED_NAME = ("this exercise has a roster: each student checks from their own link (…?s=), so a typed student name is "
              "not taken: use the link your instructor sent")
NO_LINK = "this exercise has a roster: open it from the private link your instructor sent you (it ends in ?s=…)"


class RosterRefusal(Exception):
    """A request a roster exercise does not take from this person (403, with the reason)."""


def roster_whose(fields: Mapping[str, Any], exercise_id: str, roster: bool, store: Store, required: bool) -> Identity:
    """Whose this check, hint, solution or copy is. `roster`: whether the exercise has one; `required`: whether the
    request must say a roster student (a check, a hint, a solution: not the copy, whose page then says how to open it)."""
    token = fields.get("s")
    if token is not None and not isinstance(token, str):
        raise InputError("s", "expected text: the token of your private link")
    if token and not SAVED_ID.fullmatch(token):  # never asked of the database (PostgreSQL refuses a NUL in text)
        raise RosterRefusal(NOT_ON_ROSTER)
    if fields.get("lti"):
        return whose(fields, exercise_id)  # an LMS user is a person, on a roster exercise or not
    if not roster:
        if token:
            raise RosterRefusal(NOT_ON_ROSTER)
        return whose(fields, exercise_id)
    identity = read_identity(fields)
    if identity.student is not None:
        raise RosterRefusal(TYPED_NAME)
    if token:
        entry = store.roster_entry(exercise_id, token)
        if entry is None:
            raise RosterRefusal(NOT_ON_ROSTER)
        return Identity(entry.name, identity.learner, None, entry.id)
    if required:
        raise RosterRefusal(NO_LINK)
    return Identity(None, identity.learner)
