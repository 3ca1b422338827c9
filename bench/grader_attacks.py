"""Each hostile submission of tests/hostile/grader_attacks.py graded for real, with what the host saw (issue 47):
the verdict and exit code, the results.json the grader wrote and what it reads a moment later, the processes of the
student's user left, and each attack's own trace (a connection a local server saw, a file under the host's /tmp).
Not a timing; the table an instructor reads before trusting the grader with 300 files. Run it as root to see the
user switch (as an autograder runs):

    .venv/bin/python bench/grader_attacks.py
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from search.grading.reaper import user_processes  # noqa: E402
from search.grading.student_user import grader_is_root, student_user  # noqa: E402
from tests.engine import grading_sources as g  # noqa: E402
from tests.helpers.cli import run_cli  # noqa: E402
from tests.hostile import grader_attacks as attack  # noqa: E402

RIGHT = g.source(g.ALPHABETA_TOP, g.ALPHABETA_RIGHT)
WRONG = g.source(g.ALPHABETA_NESTED, g.ALPHABETA_RIGHT, g.ALPHABETA_SLIPS["window-not-passed"])
LATER_SECONDS = 3.0  # longer than the double fork's sleep: what results.json says once a left-behind process would have struck


def server() -> tuple[int, list[str]]:
    listener = socket.create_server(("127.0.0.1", 0))
    seen: list[str] = []

    def serve() -> None:
        while True:
            connection, address = listener.accept()
            seen.append(address[0])
            connection.close()

    threading.Thread(target=serve, daemon=True).start()
    return listener.getsockname()[1], seen


def main() -> None:
    port, seen = server()
    secret_folder = Path(tempfile.mkdtemp(prefix="minimax-lab-source-", dir="/run" if grader_is_root() else None))
    secret = secret_folder / "assignment.toml"
    secret.write_text("THE-HIDDEN-TREE", encoding="utf-8")
    marker = Path("/tmp") / f"minimax-lab-attack-marker-{os.getpid()}"
    cases = [("double fork + setsid, rewrites results later", attack.DOUBLE_FORK, RIGHT, ()),
             ("waits for results.json, overwrites it", attack.WAIT_FOR_RESULTS, WRONG, ()),
             ("forks 500 children", attack.FORK_MANY, RIGHT, ()),
             ("reads a root-only file", attack.READ_SECRET, RIGHT, ()),
             ("writes under /tmp", attack.WRITE_TMP, RIGHT, ()),
             ("connects to a server on 127.0.0.1", attack.LOCAL_SOCKET, RIGHT, ()),
             ("monkeypatches the grader", attack.MONKEYPATCH_GRADER, WRONG, ()),
             ("prints a fake results.json", attack.FAKE_RESULTS, WRONG, ()),
             ("kills the warden", attack.KILL_THE_WARDEN, RIGHT, ()),
             ("reaches for the engine's searches", attack.REACH_THE_ENGINE, WRONG, ()),
             ("loops forever (--timeout 2)", attack.LOOP_FOREVER, RIGHT, ("--timeout", "2")),
             ("allocates without end", attack.ALLOCATE, RIGHT, ())]
    uid = student_user().uid if grader_is_root() else None
    print(f"grader {'as root: the code runs as ' + student_user().name if uid is not None else 'not as root'}")
    try:
        for name, prelude, search, options in cases:
            with tempfile.TemporaryDirectory() as folder:
                results = Path(folder) / "results.json"
                source = Path(folder) / "student.py"
                source.write_text(prelude.format(results=str(results), secret=str(secret), port=port, marker=str(marker))
                                  + "\n" + search, encoding="utf-8")
                connections = len(seen)
                start = time.perf_counter()
                done = run_cli("grade", str(source), "--algorithm", "alphabeta", "--example", "lecture",
                               "--gradescope", str(results), "--json", *options)
                took = time.perf_counter() - start
                report = json.loads(done.stdout)
                left = sorted(user_processes(uid)) if uid is not None else "n/a"
                written = results.read_text(encoding="utf-8")
                time.sleep(LATER_SECONDS if "later" in name or "waits" in name else 0)
                after = "unchanged" if results.read_text(encoding="utf-8") == written else "CHANGED"
                error = (report.get("error") or {}).get("message", "")
                print(f"- {name}: exit {done.returncode}, {report['verdict']}"
                      + (f" ({report['misconception']['id']})" if report.get("misconception") else "")
                      + (f" — {error[:90]}" if error else "")
                      + f"; results.json score {json.loads(written)['score']}, {after} {LATER_SECONDS if after else 0:g} s later"
                      + f"; processes left {left}; server connections {len(seen) - connections}"
                      + f"; {marker} on the host: {marker.exists()}; secret printed: {'THE-HIDDEN-TREE' in done.stdout}"
                      + (f"; printed: {report['output'].strip()[:60]!r}" if report.get("output") else "")
                      + f"; {took:.1f} s")
    finally:
        shutil.rmtree(secret_folder)
        marker.unlink(missing_ok=True)


if __name__ == "__main__":
    main()
