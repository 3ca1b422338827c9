"""A correct but slow minimax on tic-tac-toe, graded on a loaded machine (issue 47 part 5), measured in one run.

The student's minimax (tests/engine/grading_sources.py, right) does LOAD_LOOP iterations of busy work at each
position, as a slow but correct search would (about 2 ms a position here): on "X...O...." it visits 7,331 positions. Two busy processes
load both cores while the grader runs it with the default time limit (search.grading.grade_file.default_time_limit:
CPU seconds of the student's code, scaled to the problem). The old limit was 10 s on the clock for the
whole child (Python's start, the engine's import and the code); the figures say what each would have decided.

    .venv/bin/python bench/grader_time_limit.py
"""

from __future__ import annotations

import multiprocessing
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from search.grading.grade_file import default_time_limit, grade_file, reference_events  # noqa: E402
from search.grading.problem import Problem  # noqa: E402
from tests.engine import grading_sources as g  # noqa: E402

STATE = "X...O...."
LOAD_LOOP = 30_000
OLD_WALL_LIMIT = 10.0


def slow_source() -> str:
    source = g.source(g.MINIMAX_TOP, g.MINIMAX_RIGHT)
    busy = f"    sum(i for i in range({LOAD_LOOP}))  # slow, but right\n"
    return source.replace("    if game.is_terminal(state):\n", busy + "    if game.is_terminal(state):\n")


def spin() -> None:
    while True:
        pass


def main() -> None:
    problem = Problem.from_request({"game": "tictactoe", "state": STATE, "algorithm": "minimax"})
    limit = default_time_limit(reference_events(problem))
    load = [multiprocessing.Process(target=spin, daemon=True) for _ in range(2)]
    for process in load:
        process.start()
    try:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "minimax.py"
            path.write_text(slow_source(), encoding="utf-8")
            start = time.perf_counter()
            outcome = grade_file(path, problem)
            wall = time.perf_counter() - start
    finally:
        for process in load:
            process.terminate()
    report = outcome.report or {}
    print(f"minimax on tic-tac-toe {STATE}: {report.get('reference', {}).get('visited')} positions, 2 cores loaded by 2 busy processes")
    print(f"  default limit now: {limit:g} s of the student's CPU; verdict {report.get('verdict')} (exit {outcome.exit_code}); "
          f"the student's code used {outcome.cpu or 0:.1f} s of CPU")
    cpu = outcome.cpu or 0.0
    verdict = ("stopped it: the code alone used more CPU than that, and the child's clock runs at least as fast"
               if cpu > OLD_WALL_LIMIT else "let it finish only if the machine gave it the time")
    print(f"  the whole grade took {wall:.1f} s on the clock; the old limit ({OLD_WALL_LIMIT:g} s on the clock for the child, "
          f"Python's start and the engine's import included) would have {verdict}")


if __name__ == "__main__":
    main()
