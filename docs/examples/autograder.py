"""An autograder for a student's alpha-beta, with the engine as the reference (docs/library.md).

The student writes `alpha_beta(tree)` over nested lists (a leaf is a number, MAX at the root,
players alternating) and returns the root's value and the leaves it evaluated, in order. The grader
searches the same trees with search.trace and compares both: the value says whether the search is
right, the leaves whether it prunes as alpha-beta does (AIMA 4th ed. §5.2.3). When they differ, the
feedback names the first differing leaf and, when one of the catalogue's misconceptions
(`python -m search misconceptions`) gives exactly the student's answer, the idea behind it.

    python autograder.py            # grades the two sample submissions below
"""

from __future__ import annotations

import json
import math
import random
import sys

import search
from search.misconceptions import CATALOGUE


def random_nested(rng: random.Random, depth: int) -> list | int:
    """A tree as nested lists, 2 or 3 children a node, leaves 0..9 (so ties happen)."""
    if depth == 0:
        return rng.randint(0, 9)
    return [random_nested(rng, depth - 1) for _ in range(rng.randint(2, 3))]


def expected(tree: list, misconception: str | None = None) -> tuple[float, list[float]]:
    """The engine's answer (or a misconception's): the root's value and the leaf values in the order
    alpha-beta evaluates them."""
    t = search.trace(tree, algorithm="alphabeta", misconception=misconception)
    return t.value, [e["value"] for e in t.events if e["type"] == "leaf"]


def misconception_behind(tree: list, answer: tuple[float, list[float]]) -> str | None:
    """The first misconception of the catalogue whose search gives exactly this answer, in words."""
    for slip in CATALOGUE.values():
        try:
            if expected(tree, slip.id) == answer:
                return f'your answer is the one a search with the slip "{slip.name}" gives. The idea: {slip.idea}'
        except search.InputError:  # not a slip of alpha-beta (e.g. of expectiminimax)
            continue
    return None


def grade(alpha_beta, trees: int = 50, seed: int = 1) -> dict:
    """A Gradescope-style result: a score out of `trees` and the first failing tree's feedback."""
    rng = random.Random(seed)
    passed, feedback = 0, []
    for n in range(trees):
        tree = random_nested(rng, rng.randint(2, 4))
        value, leaves = expected(tree)
        got_value, got_leaves = alpha_beta(tree)
        if got_value == value and list(got_leaves) == leaves:
            passed += 1
        elif not feedback:
            where = next((i for i, (a, b) in enumerate(zip(got_leaves, leaves)) if a != b), min(len(got_leaves), len(leaves)))
            feedback.append(f"tree {json.dumps(tree)}: value {got_value} (expected {value}); "
                            f"leaves evaluated {got_leaves} (expected {leaves}): they first differ at leaf {where + 1}")
            idea = misconception_behind(tree, (got_value, list(got_leaves)))
            if idea:
                feedback.append(idea[0].upper() + idea[1:])
    return {"score": passed, "max_score": trees, "output": "\n".join(feedback) or "all trees right"}


# --- two sample submissions --------------------------------------------------------------------
def student_right(tree, alpha=-math.inf, beta=math.inf, maximizing=True, seen=None):
    seen = [] if seen is None else seen
    if not isinstance(tree, list):
        seen.append(tree)
        return tree, seen
    v = -math.inf if maximizing else math.inf
    for child in tree:
        u, _ = student_right(child, alpha, beta, not maximizing, seen)
        if maximizing:
            v = max(v, u)
            if v >= beta:
                return v, seen
            alpha = max(alpha, v)
        else:
            v = min(v, u)
            if v <= alpha:
                return v, seen
            beta = min(beta, v)
    return v, seen


def student_never_prunes(tree, maximizing=True, seen=None):
    seen = [] if seen is None else seen
    if not isinstance(tree, list):
        seen.append(tree)
        return tree, seen
    values = [student_never_prunes(child, not maximizing, seen)[0] for child in tree]
    return (max(values) if maximizing else min(values)), seen


if __name__ == "__main__":
    for name, submission in (("student_right", student_right), ("student_never_prunes", student_never_prunes)):
        print(name, json.dumps(grade(submission)))
    sys.exit(0)
