"""How a practice path follows simulated students (issue 50, part 4): for each misconception of the catalogue whose
search a path practises, students who answer every tree as that idea makes them (search.practice.diagnosis's
`following`) until their answers have been named K times, then answer right, as a student who reads the feedback.
Per idea: the share of students whose path named the idea itself, practised it and saw it mastered; the share whose
slip was named only as another idea (an idea that gives the same answers to what the path asks: the window not passed
down prunes nothing, as no pruning does, and differs only in the windows, which a path's trees do not ask); the share
who finished; the trees a student needed (median, most); a student who is always right, for comparison; and the
engine's time to choose a tree (median, most).

Each student's path is drawn from its own seed text, as the server draws one per path, student and step.

    .venv/bin/python bench/practice_paths.py [--students 20] [--named 2]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from search.misconceptions import CATALOGUE  # noqa: E402
from search.practice import check_answer, model_answer, parse_exercise  # noqa: E402
from search.practice.diagnosis import following  # noqa: E402
from search.practice.next_tree import practised_setting  # noqa: E402
from search.practice.path import PATH_ALGORITHMS, Outcome, Progress, Step, follow, outcome_of, step_request  # noqa: E402

CHOOSE_SECONDS: list[float] = []


def simulate(idea: str | None, algorithm: str, seed: str, named_times: int) -> tuple[Progress, list[tuple[Step, Outcome | None]]]:
    """One student's whole path: following `idea` until their answers were named `named_times` times, then right."""
    steps: list[tuple[Step, Outcome | None]] = []
    left = named_times if idea else 0
    while (step := follow(steps).next) is not None:
        started = time.perf_counter()
        exercise = parse_exercise(step_request(step, algorithm, f"{seed}|{len(steps) + 1}"))
        CHOOSE_SECONDS.append(time.perf_counter() - started)
        slip = following(exercise, idea) if left and idea else None
        checked = check_answer(exercise, slip if slip is not None else model_answer(exercise))
        if slip is not None and checked["misconceptions"]:
            left -= 1
        steps.append((step, outcome_of(float(checked["score"]), False, checked["misconceptions"])))
    return follow(steps), steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=20)
    parser.add_argument("--named", type=int, default=2, help="times the student's answers are named before they answer right")
    args = parser.parse_args()
    print(f"{args.students} students per idea, each holding it until their answers are named {args.named} times\n")
    print(f"{'idea':22} {'search':15} {'named':>6} {'practised':>9} {'mastered':>8} {'as other':>8} {'finished':>8} "
          f"{'trees med':>9} {'most':>5}")
    rows = [(None, "alphabeta")] + [(i, practised_setting(CATALOGUE[i]).algorithm) for i in CATALOGUE]
    for idea, algorithm in rows:
        if algorithm not in PATH_ALGORITHMS:
            print(f"{idea:22} {algorithm:15} (no path practises this search: GET /api/practice/next does)")
            continue
        counts = {"named": 0, "practised": 0, "mastered": 0, "other": 0, "finished": 0}
        trees = []
        for student in range(args.students):
            progress, steps = simulate(idea, algorithm, f"bench|{idea}|{student}", args.named)
            shown = idea is None or idea in progress.ideas
            counts["named"] += shown
            counts["practised"] += idea is None or any(step.target == idea for step, _ in steps)
            counts["mastered"] += idea is None or (shown and progress.ideas[idea].mastered)
            counts["other"] += idea is not None and not shown and bool(progress.ideas)
            counts["finished"] += progress.to_json()["finished"] == "levels"
            trees.append(len(steps))
        share = {k: f"{100 * v / args.students:.0f}%" for k, v in counts.items()}
        print(f"{idea or '(always right)':22} {algorithm:15} {share['named']:>6} {share['practised']:>9} {share['mastered']:>8} "
              f"{share['other']:>8} {share['finished']:>8} {statistics.median(trees):>9} {max(trees):>5}")
    print(f"\nchoosing a tree: median {1000 * statistics.median(CHOOSE_SECONDS):.1f} ms, "
          f"most {1000 * max(CHOOSE_SECONDS):.0f} ms over {len(CHOOSE_SECONDS)} trees")


if __name__ == "__main__":
    main()
