"""How much does checking an uploaded trace cost, next to the engine making it?

An upload is accepted only if it is what the engine does (search.traces.verify): the start event is
searched again and each line compared with the engine's. The goal (issue 13): checking a trace costs
at most 1.5x the time the engine takes to make it, as `python -m search trace` does (the request
parsed, the search run, every batch formatted as JSON Lines). The engine is given the tree as the
page sends it and as the trace's start event holds it, in object form (ids, labels, players), which
the one tree validator checks as the check does; the lecture's shorthand is quicker to validate
(about 1 ms less), which would make the tiny lecture trace's ratio 1.6x rather than 1.2x. The old check (search.traces.check's
read_trace: a JSON parse and a jsonschema check of every event, about 0.5 ms an event) is timed
once per trace and printed beside it for comparison.

Ratios only mean something when the runs share the machine's state, so the three modes run in one
process, interleaved round by round (gc.collect() before each, the median per mode), on:

- the lecture example (alpha-beta; 58 events, repeated so the clock sees it);
- a random tree of 9,841 nodes (depth 8, branching 3), minimax and alpha-beta;
- tic-tac-toe alpha-beta from three positions;
- near the 5,000,000-byte upload limit: the random tree's minimax (4.2 MB) and tic-tac-toe
  iterative deepening to depth 7 (3.6 MB).

    .venv/bin/python bench/trace_check.py             # 5 rounds: about two minutes
    .venv/bin/python bench/trace_check.py --rounds 3 --quick   # without the old check (about 80 s of it)
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from search.request import parse_request  # noqa: E402
from search.traces.check import read_trace  # noqa: E402
from search.traces.recorder import Recorder  # noqa: E402
from search.traces.verify import verify_trace  # noqa: E402
from search.trees.node import EXAMPLES  # noqa: E402
from search.trees.parse import tree_from_json  # noqa: E402
from search.trees.random_trees import random_tree_json  # noqa: E402

GOAL = 1.5
MIN_SECONDS = 0.2
"""A measurement of a quick trace repeats it to last about this long, so the clock's noise stays small."""


@dataclass(slots=True)
class Workload:
    name: str
    request: dict[str, Any]


def workloads() -> list[Workload]:
    tree = random_tree_json({"depth": 8, "min_branching": 3, "max_branching": 3, "seed": 1})
    lecture = tree_from_json(EXAMPLES["lecture"]).to_json()  # as the page sends it
    return [
        Workload("lecture, alpha-beta", {"tree": lecture, "algorithm": "alphabeta"}),
        Workload("random 9,841 nodes, alpha-beta", {"tree": tree, "algorithm": "alphabeta"}),
        Workload("tic-tac-toe X...O.... alpha-beta", {"game": "tictactoe", "state": "X...O....", "algorithm": "alphabeta"}),
        Workload("tic-tac-toe X........ alpha-beta", {"game": "tictactoe", "state": "X........", "algorithm": "alphabeta"}),
        Workload("tic-tac-toe XO....X.. alpha-beta", {"game": "tictactoe", "state": "XO....X..", "algorithm": "alphabeta"}),
        Workload("near 5 MB: random tree, minimax", {"tree": tree, "algorithm": "minimax"}),
        Workload("near 5 MB: tic-tac-toe iterative d7",
                 {"game": "tictactoe", "state": "X........", "algorithm": "iterative", "depth": 7}),
    ]


def make_trace(request: dict[str, Any]) -> str:
    """What `python -m search trace` does: parse the request, search, write each batch as JSON Lines."""
    pieces: list[str] = []
    recorder = Recorder(lambda batch: pieces.append(batch.jsonl()), keep=False, batch_size=2000)
    parse_request(request).run(recorder)
    return "".join(pieces)


def timed(run: Callable[[], object], repeat: int) -> float:
    gc.collect()
    began = time.perf_counter()
    for _ in range(repeat):
        run()
    return (time.perf_counter() - began) / repeat


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="leave out the old per-event schema check")
    args = parser.parse_args()
    print(f"{'trace':38} {'lines':>7} {'bytes':>10} {'engine':>9} {'verify':>9} {'ratio':>6} {'old check':>10} {'old ratio':>9}")
    worst = 0.0
    for work in workloads():
        text = make_trace(work.request)
        assert verify_trace(text).text == text, work.name  # the genuine trace is accepted, as it is
        modes: dict[str, Callable[[], object]] = {"engine": lambda: make_trace(work.request), "verify": lambda: verify_trace(text)}
        repeat = max(1, round(MIN_SECONDS / timed(modes["engine"], 1)))  # a tiny trace: many runs a measurement
        times: dict[str, list[float]] = {name: [] for name in modes}
        for _ in range(args.rounds):
            for name, run in modes.items():
                times[name].append(timed(run, repeat))
        median = {name: statistics.median(values) for name, values in times.items()}
        if not args.quick:  # once, between two engine runs: it is for comparison only, and slow
            median["old"] = timed(lambda: read_trace(text), max(1, repeat // 10))
        ratio = median["verify"] / median["engine"]
        worst = max(worst, ratio)
        old = f"{median['old'] * 1000:8.1f}ms {median['old'] / median['engine']:8.1f}x" if "old" in median else ""
        print(f"{work.name:38} {text.count(chr(10)):7,} {len(text.encode()):10,} {median['engine'] * 1000:7.1f}ms "
              f"{median['verify'] * 1000:7.1f}ms {ratio:5.2f}x {old}")
    print(f"worst verify / engine: {worst:.2f}x (goal <= {GOAL}x): {'met' if worst <= GOAL else 'NOT MET'}")


if __name__ == "__main__":
    main()
