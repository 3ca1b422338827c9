"""The starter files a student begins from (`python -m search grade`, the code lab's editor): the entry
point and the slides' functions to fill in, with the slides' pseudocode as comments (docs/grading.md)."""

from __future__ import annotations

from importlib import resources

from search.grading.problem import ALGORITHMS
from search.grading.quiz import QUIZZES


def starter(algorithm: str) -> str:
    """The starter file's text for `algorithm` (minimax, alphabeta or expectiminimax)."""
    if algorithm not in ALGORITHMS:
        raise ValueError(f"no starter for {algorithm!r}: one of {', '.join(ALGORITHMS)}")
    return resources.files(__package__).joinpath(f"{algorithm}.py").read_text(encoding="utf-8")


def quiz_starter(quiz: str) -> str:
    """The file a lecture quiz hands out, as given (`python -m search grade --quiz`, /code?quiz=...)."""
    if quiz not in QUIZZES:
        raise ValueError(f"no quiz {quiz!r}: one of {', '.join(QUIZZES)}")
    return resources.files(__package__).joinpath(f"{quiz.replace('-', '_')}.py").read_text(encoding="utf-8")
