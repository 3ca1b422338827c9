"""How much does watching a search cost? Nodes per second untraced, recorded, and written as JSONL.

The engine runs one minimax/alpha-beta, written once: with `recorder=None` it runs at full speed,
with a Recorder every step becomes an event (docs/trace-format.md). Tracing is the product here,
but it must not make searches unusably slow, so the issue sets two goals relative to the
untraced run:

- recorder <= 1.5x untraced: every event recorded, and kept in memory (`Recorder()`) or handed
  on in batches (`Recorder(sink=..., keep=False)`). The recorder holds events as compact records
  (search.traces.records); a sink turns them into what it needs;
- JSON Lines <= 4x untraced (events formatted and written to a file, as `python -m search trace`).

One more mode has no goal and is printed so the price of dicts is in plain view: "recorder +
dicts" turns every batch into event dicts (Batch.events()), as a Python consumer of the engine
or a test does. The server does not: it formats each batch as JSON text (Batch.json_array()),
as the JSON Lines mode does.

Ratios are only meaningful when the runs share the machine's state, so every mode runs in the same
process, interleaved round by round (gc.collect() before each run, the median per mode), on the
full tic-tac-toe tree from the empty board: 549,946 nodes, 1,355,061 events. Only the
search call is timed; building the game and opening the file are not, and freeing the kept events
happens after the clock stops.

    .venv/bin/python bench/engine.py              # full tree, 5 rounds: about 45 s
    .venv/bin/python bench/engine.py --rounds 3
    .venv/bin/python bench/engine.py --quick      # from "X........": a smoke run in seconds

At the end: the move-ordering lab's leaf counts for b = 2..4, d = 1..8 (best / random / worst /
minimax / Knuth–Moore), as a table.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from search.algorithms.minimax import minimax  # noqa: E402
from search.games.tictactoe import EMPTY, TicTacToe  # noqa: E402
from search.result import SearchResult  # noqa: E402
from search.traces.recorder import Batch, Recorder  # noqa: E402

FULL_TREE_NODES = 549_946
"""Nodes of the complete tic-tac-toe game tree from the empty board (the root included)."""

RECORDER_GOAL = 1.5
JSONL_GOAL = 4.0


@dataclass(slots=True)
class Run:
    seconds: float
    visited: int
    events: int
    file_bytes: int = 0


@dataclass(slots=True)
class Mode:
    name: str
    run: Callable[[str], Run]
    goal: float | None = None


def timed(search: Callable[[], SearchResult]) -> tuple[float, SearchResult]:
    gc.collect()
    t0 = time.perf_counter()
    result = search()
    return time.perf_counter() - t0, result


def untraced(state: str) -> Run:
    game = TicTacToe(state)
    seconds, result = timed(lambda: minimax(game))
    return Run(seconds, result.visited, 0)


def recorded_kept(state: str) -> Run:
    game = TicTacToe(state)
    rec = Recorder()
    seconds, result = timed(lambda: minimax(game, recorder=rec))
    run = Run(seconds, result.visited, rec.count)
    rec = None  # free the kept records (1.36M on the full tree) outside the timed region
    return run


def recorded_streamed(state: str) -> Run:
    game = TicTacToe(state)
    rec = Recorder(sink=lambda batch: None, keep=False)
    seconds, result = timed(lambda: minimax(game, recorder=rec))
    return Run(seconds, result.visited, rec.count)


def recorded_dicts(state: str) -> Run:
    game = TicTacToe(state)
    rec = Recorder(sink=lambda batch: batch.events() and None, keep=False)
    seconds, result = timed(lambda: minimax(game, recorder=rec))
    return Run(seconds, result.visited, rec.count)


def jsonl_file(state: str) -> Run:
    game = TicTacToe(state)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "trace.jsonl"
        with open(path, "w", encoding="utf-8") as f:

            def sink(batch: Batch) -> None:
                f.write(batch.jsonl())

            rec = Recorder(sink, keep=False, batch_size=2000)
            seconds, result = timed(lambda: minimax(game, recorder=rec))
        size = os.path.getsize(path)
    return Run(seconds, result.visited, rec.count, size)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds per mode (median taken; default 5)")
    parser.add_argument("--quick", action="store_true", help='search from "X........" instead of the empty board')
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")

    state = "X........" if args.quick else EMPTY
    modes = [
        Mode("untraced", untraced),
        Mode("recorder (kept)", recorded_kept, RECORDER_GOAL),
        Mode("recorder (streamed)", recorded_streamed, RECORDER_GOAL),
        Mode("recorder + dicts", recorded_dicts),
        Mode("JSON Lines file", jsonl_file, JSONL_GOAL),
    ]
    runs: dict[str, list[Run]] = {m.name: [] for m in modes}
    print(f"minimax, tic-tac-toe from {state!r}, {args.rounds} interleaved rounds, Python {sys.version.split()[0]}",
          flush=True)
    for r in range(args.rounds):
        for mode in modes:
            run = mode.run(state)
            runs[mode.name].append(run)
            print(f"  round {r + 1}: {mode.name:<20} {run.seconds:7.3f} s", file=sys.stderr, flush=True)

    visited = {run.visited for rs in runs.values() for run in rs}
    if len(visited) != 1:
        raise SystemExit(f"modes disagree on the nodes visited: {sorted(visited)}")
    nodes = visited.pop()
    if not args.quick and nodes != FULL_TREE_NODES:
        raise SystemExit(f"expected {FULL_TREE_NODES} nodes, visited {nodes}")
    events = runs["recorder (kept)"][0].events
    if any(run.events != events for name, rs in runs.items() if name != "untraced" for run in rs):
        raise SystemExit("traced modes disagree on the number of events")

    base = statistics.median(run.seconds for run in runs["untraced"])
    print()
    header = f"{'mode':<20} {'seconds':>8} {'nodes/s':>10} {'events/s':>10} {'ratio':>6}  goal"
    print(header)
    print("-" * len(header))
    all_met = True
    for mode in modes:
        secs = statistics.median(run.seconds for run in runs[mode.name])
        ratio = secs / base
        n_events = runs[mode.name][0].events
        events_s = f"{n_events / secs:10,.0f}" if n_events else f"{'-':>10}"
        if mode.goal is None:
            goal = ""
        else:
            met = ratio <= mode.goal
            all_met &= met
            goal = f"<= {mode.goal}x {'met' if met else 'NOT met'}"
        print(f"{mode.name:<20} {secs:8.3f} {nodes / secs:10,.0f} {events_s} {ratio:5.2f}x  {goal}")
    print()
    print(f"nodes visited: {nodes:,}   events per traced run: {events:,}   "
          f"JSONL file: {runs['JSON Lines file'][0].file_bytes:,} bytes")
    print(f"all goals met: {'yes' if all_met else 'no'}")
    print()
    print_ordering_lab()
    transposition_table(state, args.rounds)
    return 0


def print_ordering_lab() -> None:
    """The move-ordering lab (issue 10, item 3): leaves alpha-beta evaluates on one random uniform
    tree per (b, d) with distinct leaf values, children best first / shuffled / worst first, against
    minimax and the Knuth–Moore minimum b^⌈d/2⌉ + b^⌊d/2⌋ − 1 (best first meets it exactly)."""
    from search.labs.ordering import leaf_curve

    t0 = time.perf_counter()
    rows = leaf_curve()
    seconds = time.perf_counter() - t0
    print(f"move ordering: leaves on random uniform trees (search.labs.ordering.leaf_curve, {seconds:.1f} s)")
    header = f"{'b':>2} {'d':>2} {'best':>7} {'random':>7} {'worst':>7} {'minimax':>8} {'knuth_moore':>12}"
    print(header)
    print("-" * len(header))
    for r in rows:
        print(f"{r['branching']:>2} {r['depth']:>2} {r['best']:>7,} {r['random']:>7,} {r['worst']:>7,} {r['minimax']:>8,} "
              f"{r['knuth_moore']:>12,}")
    print(f"best first = Knuth–Moore on every tree: {'yes' if all(r['best'] == r['knuth_moore'] for r in rows) else 'NO'}")


# --- transposition table (issue 10, item 5) ----------------------------------------------------
def transposition_table(state: str, rounds: int) -> None:
    """Full tic-tac-toe minimax, untraced, without and with the table: nodes and time side by side
    (interleaved rounds, the median), and the entries the table stored."""
    from search.algorithms.enhanced import Enhancements, enhanced_minimax

    runs: dict[str, list[tuple[float, SearchResult]]] = {"without table": [], "with table": []}
    for _ in range(rounds):
        runs["without table"].append(timed(lambda: minimax(TicTacToe(state))))
        runs["with table"].append(timed(lambda: enhanced_minimax(TicTacToe(state), Enhancements(tt=True))))
    print()
    print(f"minimax with and without the transposition table, tic-tac-toe from {state!r}")
    header = f"{'':<20} {'nodes':>9} {'seconds':>8} {'tt_hits':>8} {'tt_stored':>9} {'value':>5}"
    print(header)
    print("-" * len(header))
    for name, rs in runs.items():
        secs = statistics.median(t for t, _ in rs)
        result = rs[0][1]
        hits = "-" if result.tt_hits is None else f"{result.tt_hits:,}"
        stored = "-" if result.tt_stored is None else f"{result.tt_stored:,}"
        print(f"{name:<20} {result.visited:9,} {secs:8.3f} {hits:>8} {stored:>9} {result.value!s:>5}")


if __name__ == "__main__":
    raise SystemExit(main())
