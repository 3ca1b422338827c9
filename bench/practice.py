"""How long checking one practice answer takes, on trees up to the node limit (issue 11: under 20 ms).

The server keeps an exercise's answer key once built (server.practice.api caches exercises), so a
check is the answer's validation plus the comparison and the feedback's sentences; that is timed
here for three answers (all right; all empty, so every item is a mistake with its sentence; every
value wrong) on random trees of increasing size up to limits.MAX_TREE_NODES. Beside it, for the
ratio, the one-off cost of building the key (reading the stored tree, running the traced search,
reading the trace, writing each item's sentence),
which a cold cache pays once per exercise. Median of the rounds, side by side in one run.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from search import limits  # noqa: E402
from search.practice import Exercise, check_answer, exercise_from_json, model_answer  # noqa: E402
from search.practice.check import expected_items  # noqa: E402
from search.trees.random_trees import RandomTreeSpec, random_tree  # noqa: E402

GOAL_MS = 20.0
SHAPES = [(3, 3, "lecture-sized"), (6, 3, "3^6"), (12, 2, "2^12"), (4, 9, "9^4"), (5, 6, "6^5")]
"""(depth, branching, name): every internal node has `branching` children; 6^5 has 9,331 nodes, near the limit."""


def tree_of(depth: int, branching: int, seed: int) -> Exercise:
    """A uniform random tree; the exercise asks for everything (values, windows, prunes)."""
    spec = RandomTreeSpec(depth=depth, min_branching=branching, max_branching=branching, min_value=-99, max_value=99, seed=seed)
    root = random_tree(spec)
    return Exercise(root, "alphabeta", "prune", ("values", "bounds", "pruned"))


def timed(call: Callable[[], Any], rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    print(f"checking one answer (median of {args.rounds}); goal < {GOAL_MS:.0f} ms; node limit {limits.MAX_TREE_NODES:,}")
    print(f"{'tree':>16} {'nodes':>7} {'items':>6} {'right':>8} {'empty':>8} {'wrong':>8} {'key':>8} {'key/check':>10}")
    worst = 0.0
    for depth, branching, name in SHAPES:
        ex = tree_of(depth, branching, 1)
        nodes = len(ex.tree.walk())
        right = json.loads(json.dumps(model_answer(ex)))  # as the server receives it
        wrong = {**right, "values": {k: v + 1 for k, v in right["values"].items()}}
        items = len(right["values"]) + len(right["bounds"]) + len(right["pruned"])
        stored = json.loads(json.dumps(ex.to_json()))
        times = [timed(lambda answer=answer: check_answer(ex, answer), args.rounds) for answer in (right, {}, wrong)]
        key = timed(lambda: expected_items(exercise_from_json(stored)), max(3, args.rounds // 3))
        worst = max(worst, *times)
        print(f"{name:>16} {nodes:>7,} {items:>6,} {times[0]:>6.2f}ms {times[1]:>6.2f}ms {times[2]:>6.2f}ms {key:>6.1f}ms "
              f"{key / max(times):>9.1f}x")
    print(f"slowest check: {worst:.2f} ms ({'meets' if worst < GOAL_MS else 'MISSES'} the {GOAL_MS:.0f} ms goal)")


if __name__ == "__main__":
    main()
