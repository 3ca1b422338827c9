"""The scores issue 46 asks about, on the lecture tree and a generated 38-node tree: a blank answer, the root
alone (right), each misconception of the catalogue followed exactly, and the right answer, with what is named
first. Not a timing: the figures an instructor reads in a gradebook. Run it on two checkouts to compare rules
(it uses only the engine's front door, the same in every version since issue 26):

    .venv/bin/python bench/scores.py [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from search.practice import check_answer, model_answer, parse_exercise  # noqa: E402
from search.practice.diagnosis import following, readings  # noqa: E402

EXERCISES = {
    "lecture tree (values, prunes)": {"tree": [[3, 12, 8], [2, 4, 6], [14, 5, 2]]},
    "generated 38-node tree (values, windows, prunes)": {
        "generate": {"seed": 175, "depth": 4, "min_branching": 2, "max_branching": 3, "min_prunes": 2},
        "ask": ["values", "bounds", "pruned"]},
    "tie tree (values, prunes)": {"tree": [[3, 12, 8], [3, 4, 6], [14, 5, 2]]},
}


def answers(exercise: Any) -> dict[str, dict[str, Any]]:
    """Each answer to score, by the name the table gives it."""
    right = model_answer(exercise)
    root = exercise.key.order[0]
    out = {"blank": {}, "root only (right)": {"values": {root: right["values"][root]}, "pruned": []}}
    for reading in readings(exercise):
        out[reading.misconception.id] = following(exercise, reading.misconception.id)
    out["right answer"] = right
    return out


def table() -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    for name, request in EXERCISES.items():
        exercise = parse_exercise(request)
        rows = []
        for answer_name, answer in answers(exercise).items():
            result = check_answer(exercise, answer)
            rows.append({"answer": answer_name, "score": result["score"], "mistakes": len(result["mistakes"]),
                         "named": [m["id"] for m in result["misconceptions"]][:1]})
        out[f"{name}, {len(exercise.key.order)} nodes"] = rows
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the table as JSON (to compare two checkouts)")
    args = parser.parse_args()
    found = table()
    if args.json:
        print(json.dumps(found, indent=1))
        return
    for name, rows in found.items():
        print(f"\n{name}")
        print(f"  {'answer':22} {'score':>7} {'mistakes':>8}  named first")
        for row in rows:
            print(f"  {row['answer']:22} {row['score'] * 100:6.1f}% {row['mistakes']:8}  {', '.join(row['named']) or '-'}")


if __name__ == "__main__":
    main()
