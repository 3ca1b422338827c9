"""Has the untraced search got slower? This checkout's engine against an earlier commit's, side by side.

The engine is written to be read next to the slides, with every step a call on a recorder that does
nothing when no trace is wanted (search.traces.recorder.NullRecorder). Those calls are not free, so the
goal is that the untraced search costs at most 1.1x what it cost at `--against` (by default
f957bf6, the last commit before the rewrite).

Each round runs every version in a fresh process (PYTHONPATH set to that version's tree, taken
with `git archive`), interleaved round by round; each process times only the search calls, after
its imports. Minimax on the full tic-tac-toe tree (549,946 nodes) and alpha-beta from the empty
board, repeated 20 times (18,297 nodes each). The median per version and algorithm is compared.

    .venv/bin/python bench/engine_versions.py                 # 5 rounds: about a minute
    .venv/bin/python bench/engine_versions.py --against HEAD~3 --rounds 7
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BEFORE_REWRITE = "f957bf6"
GOAL = 1.1

TIMER = """
import gc, json, time
from search import TicTacToe, alphabeta, minimax  # the front door: both layouts export these
out = {}
for name, search, repeat in (("minimax", minimax, 1), ("alphabeta", alphabeta, 20)):
    game = TicTacToe(".........")
    gc.collect()
    t0 = time.perf_counter()
    for _ in range(repeat):
        result = search(game)
    out[name] = time.perf_counter() - t0
    out[name + " nodes"] = result.visited
print(json.dumps(out))
"""


def extract(revision: str, into: Path) -> Path:
    """The `search` package as it was at `revision`."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision, "search"], check=True, capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def time_version(tree: Path) -> dict[str, float]:
    done = subprocess.run([sys.executable, "-c", TIMER], cwd=tree, env={"PYTHONPATH": str(tree)},
                          check=True, capture_output=True, text=True)
    return json.loads(done.stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--against", default=BEFORE_REWRITE, help=f"git revision to compare with (default {BEFORE_REWRITE})")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        versions = {args.against: extract(args.against, Path(tmp)), "this checkout": ROOT}
        runs: dict[str, list[dict[str, float]]] = {name: [] for name in versions}
        for r in range(args.rounds):
            for name, tree in versions.items():
                runs[name].append(time_version(tree))
                print(f"  round {r + 1}: {name:<14} " + "  ".join(
                    f"{k} {v:.3f} s" for k, v in runs[name][-1].items() if "nodes" not in k), file=sys.stderr, flush=True)
    print(f"untraced search, {args.rounds} interleaved rounds, Python {sys.version.split()[0]}")
    met = True
    for algorithm in ("minimax", "alphabeta"):
        nodes = {run[algorithm + " nodes"] for rs in runs.values() for run in rs}
        if len(nodes) != 1:
            raise SystemExit(f"{algorithm}: the versions disagree on the nodes visited: {sorted(nodes)}")
        old = statistics.median(run[algorithm] for run in runs[args.against])
        new = statistics.median(run[algorithm] for run in runs["this checkout"])
        ratio = new / old
        met &= ratio <= GOAL
        print(f"{algorithm:<10} {args.against}: {old:.3f} s   this checkout: {new:.3f} s   "
              f"ratio {ratio:.2f}x  (goal <= {GOAL}x {'met' if ratio <= GOAL else 'NOT met'})")
    print(f"all goals met: {'yes' if met else 'no'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
