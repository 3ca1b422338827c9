"""How often the diagnosis names the misconception an answer was made from (issue 26's figure: at least 95%).

For random trees with small value ranges (so ties happen), every misconception that applies, each tie rule
and form of alpha-beta, and two sets of asked parts: the answer a student following the misconception
would send (search.practice.diagnosis.following) is checked, and the misconception named first is tallied
against the one that made the answer. Answers equal to the right one are skipped (nothing to diagnose);
answers that two misconceptions both produce exactly are counted as "same answer" (no diagnosis can tell
them apart) and shown in their own column. Right answers are checked too: they must get no misconception.

    .venv/bin/python bench/misconception_diagnosis.py [--trees 300] [--seed 0]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from search.errors import InputError  # noqa: E402
from search.practice import check_answer, model_answer, parse_exercise  # noqa: E402
from search.practice.diagnosis import following, readings  # noqa: E402

ASK_SETS = (["values", "pruned"], ["values", "bounds", "pruned"])


def random_shorthand(rng: random.Random, depth: int, low: int, high: int) -> Any:
    if depth == 0:
        return rng.randint(low, high)
    return [random_shorthand(rng, depth - 1, low, high) for _ in range(rng.randint(2, 3))]


def trials(trees: int, seed: int, asks: tuple[list[str], ...] = ASK_SETS) -> list[tuple[str, str, bool, dict[str, Any]]]:
    """(made from, named first, whether the first named gives the same answer, check) for every answer that is wrong."""
    rng = random.Random(seed)
    out = []
    for _ in range(trees):
        depth = rng.choice((2, 3, 3, 4))
        high = rng.choice((3, 5, 9))
        tree = random_shorthand(rng, depth, 0, high)
        for ask in asks:
            for ties, returns in (("prune", "v"), ("explore", "v"), ("prune", "bound")):
                exercise = parse_exercise({"tree": tree, "ask": ask, "ties": ties, "returns": returns})
                right = check_answer(exercise, model_answer(exercise))
                assert right["correct"] and not right["misconceptions"], "a right answer got a misconception"
                answers = {r.misconception.id: following(exercise, r.misconception.id) for r in readings(exercise)}
                for made_from, answer in answers.items():
                    try:
                        result = check_answer(exercise, answer)
                    except InputError:  # a value of ±∞ (fail-hard with α never raised): the check takes finite values
                        out.append((made_from, "(unsendable)", False, {}))
                        continue
                    if result["correct"]:
                        continue
                    first = result["misconceptions"][0] if result["misconceptions"] else {"id": "(none)", "same_answers": []}
                    out.append((made_from, first["id"], made_from in first["same_answers"], result))
    return out


def other_trials(trees: int, seed: int, algorithm: str) -> list[tuple[str, str, bool, dict[str, Any]]]:
    """The same for generated minimax, expectiminimax and max^n exercises (values asked)."""
    rng = random.Random(seed)
    out = []
    for i in range(trees):
        generate = {"seed": i, "depth": rng.choice((2, 3, 4)), "min_branching": 2, "max_branching": 3, "min_value": 0,
                    "max_value": rng.choice((3, 5, 9))}
        if algorithm == "minimax":
            exercise = parse_exercise({"tree": random_shorthand(rng, generate["depth"], 0, generate["max_value"]),
                                       "algorithm": "minimax"})
        else:
            exercise = parse_exercise({"generate": generate, "algorithm": algorithm})
        right = check_answer(exercise, model_answer(exercise))
        assert right["correct"] and not right["misconceptions"], "a right answer got a misconception"
        for reading in readings(exercise):
            result = check_answer(exercise, following(exercise, reading.misconception.id))
            if not result["correct"]:
                first = result["misconceptions"][0] if result["misconceptions"] else {"id": "(none)", "same_answers": []}
                out.append((reading.misconception.id, first["id"], reading.misconception.id in first["same_answers"], result))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trees", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"{args.trees} random trees (depth 2-4, branching 2-3, leaves 0..3, 0..5 or 0..9); alpha-beta x 3 settings "
          "(ties prune, ties explore, fail-hard asked); right answers: never given a misconception")
    print("'same answer': named first is another misconception whose answer on that tree is the same (the diagnosis says so)")
    for ask in ASK_SETS:
        print(f"\nalpha-beta, asked: {', '.join(ask)}")
        table(trials(args.trees, args.seed, (ask,)))
    for algorithm in ("minimax", "expectiminimax", "maxn"):
        print(f"\n{algorithm} (generated trees), asked: values")
        table(other_trials(args.trees, args.seed, algorithm))


def table(results: list[tuple[str, str, bool, dict[str, Any]]]) -> None:
    named_as: dict[str, Counter[str]] = defaultdict(Counter)
    twins: Counter[str] = Counter()
    for made_from, named, twin, _ in results:
        named_as[made_from][named] += 1
        twins[made_from] += twin
    print(f"{'made from':20} {'answers':>7} {'named first':>11} {'rate':>6} {'same answer':>11} {'first or same':>13}  named instead")
    total = hits = equal = 0
    for made_from, named in sorted(named_as.items()):
        n = sum(named.values())
        ok = named[made_from]
        total, hits, equal = total + n, hits + ok, equal + ok + twins[made_from]
        others = ", ".join(f"{k} {v}" for k, v in named.most_common() if k != made_from)
        print(f"{made_from:20} {n:7} {ok:11} {ok / n:6.1%} {twins[made_from]:11} {(ok + twins[made_from]) / n:13.1%}  {others}")
    print(f"{'all':20} {total:7} {hits:11} {hits / total:6.1%} {equal - hits:11} {equal / total:13.1%}")


if __name__ == "__main__":
    main()
