"""How quick is the engine on Connect Four? Three searches side by side on the same positions and depths.

- plain: an alpha-beta written straight for the game (below: no Game interface, no recorder, the
  board's bitboards made once per node), the speed a hand-written agent gets in Python;
- untraced: the engine's alpha-beta (search.algorithms.alphabeta) with no recorder, as /play runs it;
- traced: what `python -m search trace --game connect4 --depth D` does, in this process: every
  event recorded and written as JSON Lines to a file, the result's minimax counts included
  (their cache emptied first, as in a fresh CLI process).

The goal (issue "Play against the search"): traced <= 4x plain at depth 6 from the empty board.
Ratios are only meaningful when the runs share the machine's state, so every mode runs in the same
process, interleaved round by round (gc.collect() before each run, the median per mode). Below the
table: the whole CLI command timed as a process (Python's start included), and /play's reply at its
default depth (search.play.reply.engine_reply: the search and the counts it shows).

    .venv/bin/python bench/connect4.py              # 5 rounds: about 30 s
    .venv/bin/python bench/connect4.py --rounds 3
"""

from __future__ import annotations

import argparse
import gc
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from search.algorithms import baseline  # noqa: E402
from search.algorithms.alphabeta import alphabeta  # noqa: E402
from search.games.connect4 import _O_BITS, _X_BITS, EMPTY, WIN, ConnectFour, has_four, padded, padded_estimate  # noqa: E402
from search.play.reply import engine_reply  # noqa: E402
from search.traces.recorder import Recorder  # noqa: E402

GOAL = 4.0
PLAY_DEPTH = 5
"""The /play page's default depth for Connect Four (static/js/play/play_rules.js)."""
PLAY_GOAL_SECONDS = 1.0
OPENINGS = {"empty board": "", "after 3 3 2 4": "3324", "16 discs in": "3324425115603362"}
"""Each position by the columns played from the empty board."""
DEPTHS = (4, 6)


def played(columns: str) -> str:
    game = ConnectFour()
    state = game.initial
    for column in columns:
        state = game.result(state, int(column))
    return state


POSITIONS = {name: played(columns) for name, columns in OPENINGS.items()}


def plain_alphabeta(board: str, depth: int, alpha: float, beta: float) -> float:
    """Alpha-beta written straight for Connect Four: the player to move from the empty cells, the win
    test on the last mover's discs, e at the depth limit, children in column order."""
    empty = board.count(".")
    cells = padded(board)
    if has_four(int(cells.translate(_X_BITS if empty % 2 else _O_BITS), 2)):
        return WIN if empty % 2 else -WIN
    if empty == 0:
        return 0
    if depth == 0:
        return padded_estimate(cells)
    x_moves = empty % 2 == 0
    mark = "X" if x_moves else "O"
    v = -float("inf") if x_moves else float("inf")
    for column in range(7):
        row = board[column::7].rfind(".")
        if row < 0:
            continue
        at = row * 7 + column
        u = plain_alphabeta(board[:at] + mark + board[at + 1:], depth - 1, alpha, beta)
        if x_moves:
            v = max(v, u)
            if v >= beta:
                return v
            alpha = max(alpha, v)
        else:
            v = min(v, u)
            if v <= alpha:
                return v
            beta = min(beta, v)
    return v


def timed(run: Callable[[], object]) -> float:
    gc.collect()
    t0 = time.perf_counter()
    run()
    return time.perf_counter() - t0


def plain(state: str, depth: int) -> float:
    return timed(lambda: plain_alphabeta(state, depth, -float("inf"), float("inf")))


def untraced(state: str, depth: int) -> float:
    game = ConnectFour(state)
    return timed(lambda: alphabeta(game, depth=depth))


def traced(state: str, depth: int) -> float:
    """The CLI's `trace` in this process: Recorder batches written as JSON Lines (search.cli.main)."""
    game = ConnectFour(state)
    baseline._answers.clear()  # a fresh CLI process counts minimax's nodes afresh
    with tempfile.TemporaryDirectory() as tmp, open(Path(tmp) / "trace.jsonl", "w", encoding="utf-8") as out:
        rec = Recorder(lambda batch: out.write(batch.jsonl()), keep=False, batch_size=2000)
        return timed(lambda: alphabeta(game, depth=depth, recorder=rec))


MODES = {"plain": plain, "untraced": untraced, "traced": traced}


def same_answers(state: str, depth: int) -> None:
    """The plain search and the engine agree (else the timings compare different work)."""
    engine = alphabeta(ConnectFour(state), depth=depth)
    mine = plain_alphabeta(state, depth, -float("inf"), float("inf"))
    if engine.value != mine:
        raise SystemExit(f"plain alpha-beta says {mine}, the engine {engine.value} at depth {depth} from {state}")


def cli_seconds(state: str, depth: int) -> float:
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "search", "trace", "--game", "connect4", "--state", state, "--depth", str(depth)],
                   cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - t0


def play_replies(rounds: int) -> list[float]:
    """Seconds for /play's whole reply (search, counts, savings) at its default depth, from each position and from
    the positions of a game the engine plays against itself from the empty board, `rounds` times each."""
    game = ConnectFour()
    states, state = list(POSITIONS.values()), EMPTY
    while not game.is_terminal(state) and len(states) < 40:
        state = engine_reply({"game": "connect4", "state": state, "algorithm": "alphabeta", "depth": 2})["state"]
        states.append(state)
    seconds = []
    for _ in range(rounds):
        for state in states:
            if not game.is_terminal(state):
                body = {"game": "connect4", "state": state, "algorithm": "alphabeta", "depth": PLAY_DEPTH}
                seconds.append(timed(lambda: engine_reply(body)))
    return seconds


def budget_replies(budget: float, rounds: int) -> list[float]:
    """Seconds for /play's whole reply with iterative deepening on a time budget of `budget` from the empty board."""
    body = {"game": "connect4", "state": EMPTY, "algorithm": "iterative", "seconds": budget}
    return [timed(lambda: engine_reply(body)) for _ in range(rounds)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds per mode (median taken; default 5)")
    args = parser.parse_args(argv)
    print(f"{'position':30} {'depth':>5} {'nodes':>7} {'plain s':>8} {'untraced':>14} {'traced':>14}")
    goal_ratio = None
    for name, state in POSITIONS.items():
        for depth in DEPTHS:
            same_answers(state, depth)
            times: dict[str, list[float]] = {mode: [] for mode in MODES}
            for _ in range(args.rounds):
                for mode, run in MODES.items():
                    times[mode].append(run(state, depth))
            median = {mode: statistics.median(values) for mode, values in times.items()}
            nodes = alphabeta(ConnectFour(state), depth=depth).visited
            ratio = {mode: median[mode] / median["plain"] for mode in MODES}
            print(f"{name:30} {depth:>5} {nodes:>7} {median['plain']:>8.3f} "
                  f"{median['untraced']:>7.3f} {ratio['untraced']:>4.1f}x {median['traced']:>7.3f} {ratio['traced']:>4.1f}x")
            if state == EMPTY and depth == 6:
                goal_ratio = ratio["traced"]
    assert goal_ratio is not None
    verdict = "met" if goal_ratio <= GOAL else "NOT met"
    print(f"\ngoal: traced <= {GOAL}x plain at depth 6 from the empty board: {goal_ratio:.1f}x, {verdict}")
    replies = play_replies(args.rounds)
    slowest = max(replies)
    print(f"/play's reply at depth {PLAY_DEPTH} ({len(replies)} replies): median {statistics.median(replies):.3f} s, "
          f"slowest {slowest:.3f} s; goal under {PLAY_GOAL_SECONDS:g} s: {'met' if slowest < PLAY_GOAL_SECONDS else 'NOT met'}")
    for budget in (0.5, 2.0):
        whole = budget_replies(budget, 3)
        print(f"/play's whole reply on a {budget:g} s time budget from the empty board: median {statistics.median(whole):.2f} s, "
              f"slowest {max(whole):.2f} s ({max(whole) / budget:.2f}x the budget)")
    cli = statistics.median(cli_seconds(EMPTY, 6) for _ in range(3))
    print(f"`python -m search trace --game connect4 --depth 6` as a process, Python's start included: {cli:.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
