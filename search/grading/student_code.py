"""What the student's code leaves behind when it goes wrong or prints: kept apart from the grader's own.

Shared by the grader (search.grading.record) and the lecture's quiz (search.grading.quiz): an exception is
reported at the student's line with only the student's frames (the grader's are noise to a student), and
what the code prints is collected, kept short, so it cannot mix with what the grader prints.
"""

from __future__ import annotations

import traceback
from typing import Any

MAX_OUTPUT = 4_000
"""Characters of the student's printed output kept for the report."""


class Output:
    """Collects what the student's code prints (kept short), so it cannot mix with the grader's output."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.size = 0

    def write(self, text: str) -> int:
        if self.size < MAX_OUTPUT:
            self.parts.append(text[: MAX_OUTPUT - self.size])
            self.size += len(text)
        return len(text)

    def flush(self) -> None:
        pass


def short_repr(value: Any, limit: int = 80) -> str:
    """What the student's code handed back, as Python writes it, at most `limit` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def student_frames(error: BaseException, filename: str) -> list[traceback.FrameSummary]:
    return [frame for frame in traceback.extract_tb(error.__traceback__) if frame.filename == filename]


def student_line(error: BaseException, filename: str) -> int | None:
    frames = student_frames(error, filename)
    return frames[-1].lineno if frames else None


def student_traceback(error: BaseException, filename: str) -> str:
    """The traceback with only the student's own frames (the grader's are noise to a student), at most the last 8."""
    frames = student_frames(error, filename)[-8:]
    lines = traceback.format_list(frames) if frames else []
    return "".join(lines) + "".join(traceback.format_exception_only(type(error), error))
