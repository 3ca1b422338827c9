"""The first `search.trace` in a fresh process (issue 48, "a first search at once": within 0.5 s).

Each run is a new Python process that imports the engine and traces once: the lecture tree, the
447-node Nim of docs/examples/nim.py (a course's game, written out as a tree) and tic-tac-toe from a
mid position. "now" is this checkout as it is; "schema pass" is the same child with the engine's own
trees sent through the tree schema again (search.trees.parse.tree_from_json, what every tree went
through before), which imports jsonschema and, where JupyterLab is installed, the format libraries it
brings (rfc3987_syntax's grammar, the 5 s of the issue). Figures: the median of RUNS runs, seconds from
the child's first import to its trace, and the whole process (interpreter start included).

Run: `PYTHONPATH=. .venv/bin/python bench/first_trace.py [--runs N]`. No goal asserted here (a
shared machine's timing is no test); tests/engine/test_first_trace.py holds that no jsonschema is
imported. Goal: "now" under 0.5 s.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHILD = r"""
import json, sys, time
start = time.perf_counter()
import search
if sys.argv[2] == "schema":  # the engine's own trees through the schema pass, as before issue 48
    import search.request
    from search.trees.parse import tree_from_json
    search.request.tree_from_engine_json = tree_from_json
what = sys.argv[1]
if what == "nim":
    sys.path.insert(0, "docs/examples")
    from nim import Nim
    t = search.trace(Nim())
elif what == "tictactoe":
    t = search.trace(search.TicTacToe(), state="XO..X..O.")
else:
    t = search.trace("lecture")
took = time.perf_counter() - start
print(json.dumps({"took": took, "events": len(t.events), "jsonschema": "jsonschema" in sys.modules}))
"""
CASES = {"lecture": "the lecture tree", "nim": "Nim 1 2 3 (447 nodes, written out)", "tictactoe": "tic-tac-toe after XO..X..O."}


def one_run(what: str, mode: str) -> tuple[float, float, dict[str, object]]:
    """(seconds in the child from its first import to its trace, seconds of the whole process, the child's report)."""
    began = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", CHILD, what, mode], cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    whole = time.perf_counter() - began
    if done.returncode != 0:
        raise SystemExit(done.stderr)
    report = json.loads(done.stdout.splitlines()[-1])
    return float(report["took"]), whole, report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    print(f"python {sys.executable}; JupyterLab installed: {importlib.util.find_spec('jupyterlab') is not None}; "
          f"rfc3987_syntax installed: {importlib.util.find_spec('rfc3987_syntax') is not None}; median of {runs} fresh processes")
    print(f"{'search':40} {'mode':13} {'trace (s)':>10} {'process (s)':>12} {'events':>7}  jsonschema imported")
    for what, name in CASES.items():
        for mode in ("now", "schema"):
            took, whole, reports = [], [], []
            for _ in range(runs):  # interleaved by case, so a busy moment hits both modes alike
                a, b, report = one_run(what, mode)
                took.append(a)
                whole.append(b)
                reports.append(report)
            label = "now" if mode == "now" else "schema pass"
            print(f"{name:40} {label:13} {statistics.median(took):10.3f} {statistics.median(whole):12.3f} "
                  f"{reports[0]['events']:7}  {reports[0]['jsonschema']}")


if __name__ == "__main__":
    main()
