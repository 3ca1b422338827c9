"""Who may answer a question: only the connections that were in the room when it was asked.

A connection that joins while a question is open may not answer it (935 fresh connections
answering "999" no longer reach the tally); it answers the next one. Each process knows its own
followers, and a follower's answer is handled by the process holding its connection, so the
question open when the connection joined is remembered here, per process, and needs no clock
shared between processes: joined before the ask, the question was not open yet.
"""

from __future__ import annotations

import threading

LATE = "question: this question was asked before you joined; the next one is yours"


class Latecomers:
    """sid -> the id of the question that was open when it joined the room (None: none was)."""

    def __init__(self) -> None:
        self._open_at_join: dict[str, str | None] = {}
        self._lock = threading.Lock()

    def joined(self, sid: str, open_question: str | None) -> None:
        """A connection entered a room (not a join again to the room it follows)."""
        with self._lock:
            self._open_at_join[sid] = open_question

    def may_answer(self, sid: str, question_id: str) -> bool:
        with self._lock:
            return sid in self._open_at_join and self._open_at_join[sid] != question_id

    def left(self, sid: str) -> None:
        with self._lock:
            self._open_at_join.pop(sid, None)
