"""The grader's time limit counts the student's code (issue 47 part 5): CPU seconds, not the clock, and by default
scaled to the problem, so a correct minimax of a big problem on a busy machine is not stopped for being slow
(bench/grader_time_limit.py measures one under load)."""

from __future__ import annotations

from search import limits
from search.grading.grade_file import default_time_limit, reference_events
from search.grading.problem import Problem


def limit_for(request: dict) -> float:
    return default_time_limit(reference_events(Problem.from_request(request)))


def test_a_small_problem_gets_the_base_limit_and_a_big_one_more_for_each_position() -> None:
    assert limit_for({"example": "lecture", "algorithm": "alphabeta"}) == limits.GRADE_TIMEOUT_SECONDS
    # minimax on tic-tac-toe after X 0, O 4: 7,331 positions besides the start
    assert limit_for({"game": "tictactoe", "state": "X...O....", "algorithm": "minimax"}) == 24.7


def test_the_default_never_grows_past_its_cap() -> None:
    assert default_time_limit([{"type": "visit"}] * 10_000_000) == limits.GRADE_MAX_TIMEOUT_SECONDS
