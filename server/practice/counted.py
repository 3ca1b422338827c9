"""Which of a student's attempts counts (issue 46): the best score or the latest, as the exercise's `grade` option says
(server/practice/options.py). One rule for the two places that count: the grade a Check sends to the LMS gradebook
(server/lti/exercise_launches.py) and the course gradebook (server/courses/gradebook.py), so the two never differ.
"""

from __future__ import annotations

from typing import Protocol, Sequence, TypeVar


def counted_index(grade: str, scores: Sequence[float]) -> int | None:
    """The index of the score that counts among a student's scores (oldest first): "best", the highest (the latest of
    equal ones, so an old-rule attempt is not named when a newer one scored the same); "latest", the last. None for none."""
    if not scores:
        return None
    if grade == "latest":
        return len(scores) - 1
    best = max(scores)
    return max(i for i, score in enumerate(scores) if score == best)


class LinkedAttempt(Protocol):
    @property
    def score(self) -> float: ...

    @property
    def lms_link(self) -> str | None: ...


A = TypeVar("A", bound=LinkedAttempt)


def lms_counted(grade: str, attempts: Sequence[A]) -> A | None:
    """An LMS student's counted attempt (oldest first): what their gradebook last received. A Check sends the grade of
    the course link it came from, counted over that link's attempts only (a "best" grade is per link); so it is the
    attempts of the link of their latest one that count."""
    if not attempts:
        return None
    link = attempts[-1].lms_link
    mine = [attempt for attempt in attempts if attempt.lms_link == link]
    index = counted_index(grade, [attempt.score for attempt in mine])
    return None if index is None else mine[index]
