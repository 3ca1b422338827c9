"""A tree of one's own (issue 46, part 4): a generated exercise may give each student their own tree
("per-student") or a new one after every check ("per-attempt", TRAKLA2's way), drawn from the exercise's own
generator settings with a seed derived from the exercise's seed and the student's identity.

The derivation is pure: the same exercise seed, identity and attempt always give the same seed, hence the same tree
(search.practice.generate draws the same tree from the same seed), so a variant is never stored, only named. Each
variant is drawn by generated_tree with the exercise's guarantees (depth, branching, at least K prunes, prune depths,
distinct values) and checked by the engine as any exercise. What an identity is (a roster entry, an LMS user, a
browser's token) is the caller's: here it is only text.
"""

from __future__ import annotations

import copy
import hashlib
from typing import Any

from search.errors import InputError
from search.practice.exercise import Exercise, parse_exercise

VARIANTS = ("same", "per-student", "per-attempt")
"""Which tree a student answers: the exercise's own, one per student, or a new one after each check."""
SEED_BYTES = 6
"""A variant's seed is this many bytes of a sha256 (48 bits, as generate.py's own derived seeds): two students of a
class of 1,000 share a seed with odds of about 1 in 560 million."""


def variant_seed(seed: int, identity: str, attempt: int | None = None) -> int:
    """The seed of `identity`'s tree of the exercise drawn from `seed` (for per-attempt, of their `attempt`-th check,
    counted from 0). sha256 of the three, so neither students nor a seed's neighbours can be told from each other."""
    text = f"{seed}\x1f{identity}" + ("" if attempt is None else f"\x1f{attempt}")
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:SEED_BYTES], "big")


def parse_variants(value: Any, request: dict[str, Any]) -> str:
    """`"variants"` of POST /api/exercises ("same" when absent); InputError naming it when bad, or when it asks for
    trees of one's own of an exercise that is not generated (a given tree or position has no other draw)."""
    if value is None:
        return "same"
    if value not in VARIANTS:
        raise InputError("variants", f"expected one of {', '.join(VARIANTS)}")
    if value != "same" and request.get("kind") == "parsons":
        raise InputError("variants", "a parsons exercise's lines are the same pseudocode on every tree, and a new tree would "
                                     "reshuffle a student's program: leave out variants")
    if value != "same" and request.get("generate") is None:
        raise InputError("variants", f'"{value}" draws each tree from the generator: it needs "generate" (a seed and '
                                     "the tree's shape), not a given tree or position")
    return str(value)


def variant_request(request: dict[str, Any], seed: int) -> dict[str, Any]:
    """The exercise's request (its "generate" options and settings) with the variant's seed in place of its own."""
    out = copy.deepcopy(request)
    out["generate"] = {**out["generate"], "seed": seed}
    return out


def variant_exercise(request: dict[str, Any], seed: int) -> Exercise | None:
    """The exercise drawn from `request` with the variant's `seed`, with every guarantee the exercise asks; None in the
    rare case no tree from that seed meets them within generate.py's tries (the caller then keeps the exercise's own
    tree: a student is never refused for the seed they were dealt)."""
    try:
        return parse_exercise(variant_request(request, seed))
    except InputError:
        return None


__all__ = ["VARIANTS", "parse_variants", "variant_exercise", "variant_request", "variant_seed"]
