"""How well practice that follows the student finds its trees (issue 50, part 4's figure: every share 100%).

For each misconception of the catalogue, 100 next trees (search.practice.next_tree.next_request, as
GET /api/practice/next draws them) for 100 successive `after` values: the share on which the misconception's
answer differs from the right one in a part the exercise asks (its reading by the diagnosis against the
engine's own answer), the share on which that answer, checked, is named as this misconception first, the
median tree size (nodes), the median candidates drawn before one showed the slip, and the time per draw.

    .venv/bin/python bench/misconception_trees.py [--draws 100] [--prefix bench]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from search.misconceptions import CATALOGUE  # noqa: E402
from search.practice import parse_exercise  # noqa: E402
from search.practice.next_tree import NEXT_TRIES, answer_differs, candidate, next_request, practised_setting, shows  # noqa: E402


def candidates_drawn(misconception: str, after: str) -> int:
    """Which candidate the search kept (1 = the first drawn), found by drawing them again in order."""
    entry = CATALOGUE[misconception]
    setting = practised_setting(entry)
    for attempt in range(NEXT_TRIES):
        if shows(parse_exercise(candidate(entry, setting, after, attempt)), misconception):
            return attempt + 1
    return NEXT_TRIES + 1


def row(misconception: str, draws: int, prefix: str) -> dict[str, object]:
    """One misconception's figures over `draws` successive afters."""
    differs = named = 0
    sizes, tries, seconds = [], [], []
    for i in range(draws):
        after = f"{prefix}{i}"
        start = time.perf_counter()
        body = next_request(misconception, after)
        seconds.append(time.perf_counter() - start)
        exercise = parse_exercise(body)
        differs += answer_differs(exercise, misconception)
        named += shows(exercise, misconception)
        sizes.append(len(exercise.tree.walk()))
        tries.append(candidates_drawn(misconception, after))
    return {"id": misconception, "algorithm": body["algorithm"], "ask": "+".join(body["ask"]),
            "differs": differs / draws, "named": named / draws, "size": statistics.median(sizes),
            "tries": statistics.median(tries), "most": max(tries), "ms": 1000 * statistics.mean(seconds)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--draws", type=int, default=100)
    parser.add_argument("--prefix", default="bench", help="the afters are PREFIX0, PREFIX1, ...")
    args = parser.parse_args()
    rows = [row(misconception, args.draws, args.prefix) for misconception in CATALOGUE]
    print(f"{args.draws} next trees per misconception (afters {args.prefix}0 ... {args.prefix}{args.draws - 1}); "
          f"at most {NEXT_TRIES} candidates each\n")
    print("| misconception | algorithm | asked | answer differs | named first | median nodes | median candidates (most) | ms per draw |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| `{r['id']}` | {r['algorithm']} | {r['ask']} | {r['differs']:.0%} | {r['named']:.0%} | {r['size']:g} | "
              f"{r['tries']:g} ({r['most']}) | {r['ms']:.1f} |")
    short = [r["id"] for r in rows if r["differs"] < 1]
    print("\nevery share 100%" if not short else f"\nbelow 100%: {', '.join(map(str, short))}")
    return 1 if short else 0


if __name__ == "__main__":
    sys.exit(main())
