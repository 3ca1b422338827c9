"""The grader's overhead over the bare student code (issue "Your code, traced"), measured side by side in one run.

The same student's alpha-beta (AIMA 4th ed.'s nested style, tests/engine/grading_sources.py) on full
tic-tac-toe, three ways, each the best of REPEATS runs:
1. bare: the student's code on a plain textbook game object over the engine's tic-tac-toe (no recording);
2. recorded: search.grading.record.run_student (the instrumented game and the profile hook for max_value/min_value);
3. graded: the whole of `python -m search grade` minus the command line (search.grading.grade_file: the child
   process, the reference search, the comparison and the misconceptions tried).
Ratios are to the bare run. Also the lecture tree's whole grade (what a student waits for on a small problem).

    .venv/bin/python bench/grading.py
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from search.games.tictactoe import TicTacToe  # noqa: E402
from search.grading.grade_file import grade_file  # noqa: E402
from search.grading.problem import Problem  # noqa: E402
from search.grading.record import run_student  # noqa: E402
from tests.engine import grading_sources as g  # noqa: E402

REPEATS = 3
SOURCE = g.source(g.ALPHABETA_NESTED, g.ALPHABETA_RIGHT)


class PlainTicTacToe:
    """The textbook's game with nothing recorded: what a student's own test harness would hand the search."""

    def __init__(self) -> None:
        self.game = TicTacToe()
        self.depth_limit = None

    def to_move(self, s: str) -> str:
        return "X" if self.game.to_move(s) == "max" else "O"

    def actions(self, s: str) -> list[int]:
        return self.game.actions(s)

    def result(self, s: str, a: int) -> str:
        return self.game.result(s, a)

    def is_terminal(self, s: str) -> bool:
        return self.game.is_terminal(s)

    def utility(self, s: str, player: str) -> float:
        value = self.game.utility(s)
        return value if player == "X" else -value

    def cutoff(self, s: str, depth: int) -> bool:
        return False


def best(run: Callable[[], Any]) -> float:
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    namespace: dict[str, Any] = {}
    exec(compile(SOURCE, "student.py", "exec"), namespace)
    game = PlainTicTacToe()
    bare = best(lambda: namespace["alphabeta_search"](game, game.game.initial))
    problem = Problem.from_request({"game": "tictactoe", "algorithm": "alphabeta"})
    recorded = best(lambda: run_student(SOURCE, problem))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "student.py"
        path.write_text(SOURCE, encoding="utf-8")
        graded = best(lambda: grade_file(path, problem))
        lecture = Problem.from_request({"example": "lecture", "algorithm": "alphabeta"})
        small = best(lambda: grade_file(path, lecture))
    print("A student's alpha-beta on full tic-tac-toe (best of %d):" % REPEATS)
    print(f"  bare student code            {bare * 1000:8.0f} ms   1.0x")
    print(f"  recorded (instrumented game) {recorded * 1000:8.0f} ms   {recorded / bare:.1f}x")
    print(f"  graded (child, reference, misconceptions) {graded * 1000:8.0f} ms   {graded / bare:.1f}x")
    print(f"The lecture tree graded end to end: {small * 1000:.0f} ms")


if __name__ == "__main__":
    main()
