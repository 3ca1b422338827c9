"""Which tree a student answers (issue 46, part 4): the exercise's own ("same"), or one drawn for them by the engine
(search/practice/variants.py) from the exercise's generator settings and a seed made of the exercise's seed and who
they are: their roster entry, else their LMS user, else their browser's learner token (else the name they typed; with
nothing at all, the exercise's own tree). "per-attempt" adds how many checks they have made: a new tree after each.

The copy, the check, a hint and the solution all ask here, so they all see the same tree; an attempt keeps the seed
(`variant`), so the instructor can open the tree it was checked against. Variants are cached beside the exercise
(server/practice/cache.py), under "<id>#<seed>".
"""

from __future__ import annotations

from typing import Callable, NamedTuple, TypeVar

from search.practice import Exercise
from search.practice.variants import variant_exercise, variant_seed
from server.practice.identity import Identity
from server.practice.names import name_key

T = TypeVar("T")


class Variant(NamedTuple):
    exercise: Exercise
    seed: str | None  # the variant's seed as an attempt keeps it; None: the exercise's own tree


def identity_text(identity: Identity) -> str | None:
    """Who a tree is drawn for, as text; None for a request that says nothing of whose it is."""
    if identity.roster_entry is not None:
        return f"roster:{identity.roster_entry}"
    if identity.lms_user is not None:
        return f"lms:{identity.lms_user}"
    if identity.learner is not None:
        return f"learner:{identity.learner}"
    return None if identity.student is None else f"name:{name_key(identity.student)}"


def variant_for(exercise: Exercise, request: dict, variants: str, identity: Identity, checks_made: Callable[[], int],
                cached: Callable[[str, Callable[[], Exercise | None]], Exercise | None]) -> Variant:
    """The student's tree. `checks_made()`: how many checks they have made (asked only for "per-attempt");
    `cached(key, draw)`: the app's cache of exercises."""
    who = identity_text(identity)
    if variants == "same" or who is None or request.get("generate") is None:
        return Variant(exercise, None)
    base = request["generate"].get("seed", 0)
    seed = variant_seed(base, who, checks_made() if variants == "per-attempt" else None)
    return seeded(exercise, request, seed, cached)


def seeded(exercise: Exercise, request: dict, seed: int, cached: Callable[[str, Callable[[], Exercise | None]], Exercise | None]) -> Variant:
    """The variant drawn from `seed` (an attempt's kept `variant`); the exercise's own tree when no tree from that seed
    meets its guarantees (rare: the student is never refused for the seed they were dealt)."""
    drawn = cached(str(seed), lambda: variant_exercise(request, seed))
    return Variant(exercise, None) if drawn is None else Variant(drawn, str(seed))
