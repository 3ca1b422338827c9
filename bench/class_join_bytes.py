"""What one late joiner of a class moves (issue 31, "amplification"): the bytes of its `class:state`
and, past CLASS_INLINE_EVENTS, of the events path it fetches, when the instructor has shown a few
steps of the room's search (what followers hold now, docs/classroom.md) against all of it (what
every joiner got before: the room's whole search, shown or not).

Run: `PYTHONPATH=. .venv/bin/python bench/class_join_bytes.py`. One live server in this process,
real python-socketio clients; bytes are the JSON text of the message as received (compact), and
the HTTP body of the fetch. No goal of its own: the figures of issue 31.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import requests  # noqa: E402

from tests.helpers.class_client import ClassClient  # noqa: E402
from tests.helpers.live_server import running_server  # noqa: E402

SEARCHES = [
    ("the lecture, alpha-beta", {"example": "lecture", "algorithm": "alphabeta"}, 12),
    ("tic-tac-toe after X.O, alpha-beta", {"game": "tictactoe", "state": "X.O......", "algorithm": "alphabeta"}, 40),
    ("tic-tac-toe after X.O, minimax", {"game": "tictactoe", "state": "X.O......", "algorithm": "minimax"}, 40),
]


def join_bytes(url: str, made: dict) -> tuple[int, int, int]:
    """(class:state bytes, fetched bytes, events held) of one joiner."""
    joiner = ClassClient(url)
    try:
        joiner.call("class:join", {"code": made["code"]})
        state = joiner.wait_message("class:state")
        sent = len(json.dumps(state, separators=(",", ":"), ensure_ascii=False).encode())
        if "trace" in state:
            body = requests.get(url + state["trace"], timeout=60).content
            return sent, len(body), body.count(b"\n")
        return sent, 0, len(state["events"])
    finally:
        joiner.close()


def main() -> None:
    with running_server({"CLASS_CREATES_PER_WINDOW": 100}) as url:
        teacher = ClassClient(url)
        try:
            print(f"{'search':36} {'shown':>8} {'events held':>12} {'class:state':>12} {'fetched':>10} {'total':>10}")
            for name, request, step in SEARCHES:
                made = teacher.call("class:create")
                keys = {"code": made["code"], "key": made["key"]}
                teacher.call("class:search", {**keys, **request})
                teacher.wait_for(lambda: teacher.last("search:done") is not None
                                 and teacher.last("search:started")["search"] == teacher.last("search:done")["search"], "done")
                teacher.call("class:step", {**keys, "step": step})
                for shown, label in ((step, f"step {step}"), (len(teacher.events) - 1, "all")):
                    teacher.call("class:step", {**keys, "step": shown})
                    sent, fetched, held = join_bytes(url, made)
                    print(f"{name:36} {label:>8} {held:>12,} {sent:>12,} {fetched:>10,} {sent + fetched:>10,}")
                teacher.call("class:close", keys)
        finally:
            teacher.close()


if __name__ == "__main__":
    main()
