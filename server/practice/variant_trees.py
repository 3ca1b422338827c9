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

from search import InputError
from search.practice import Exercise
from search.practice.variants import variant_exercise, variant_seed
from server.practice.identity import Identity
from server.practice.names import name_key

T = TypeVar("T")


class Variant(NamedTuple):
    exercise: Exercise
    seed: str | None  # the variant's seed as an attempt keeps it; None: the exercise's own tree
    number: int | None = None  # per-attempt: which of the student's trees (the checks made before it was dealt)


class TreeChanged(Exception):
    """A per-attempt request names a tree that is not the student's to answer now (409): a check of an older tree (a
    second tab, a reload after checking), or any request naming a tree not dealt yet."""


def tree_number(given: object) -> int | None:
    """The `tree_number` a request names (the copy's, sent back by the page), or None when it names none."""
    if given is None or given == "":
        return None
    if isinstance(given, str) and given.isdigit() and len(given) <= 9:
        return int(given)
    if isinstance(given, int) and not isinstance(given, bool) and 0 <= given < 10**9:
        return given
    raise InputError("tree_number", "expected the number of the tree the page shows (the exercise's copy gives it)")


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
                cached: Callable[[str, Callable[[], Exercise | None]], Exercise | None], number: int | None = None,
                checking: bool = False) -> Variant:
    """The student's tree. `checks_made()`: how many checks they have made (asked only for "per-attempt");
    `cached(key, draw)`: the app's cache of exercises. Per-attempt, `number` is the tree the page shows (None: their
    current one): a check must be of their current tree, a hint or the solution may be of any tree already dealt
    (the one on screen after a check is the last checked one); TreeChanged otherwise."""
    who = identity_text(identity)
    if variants == "same" or who is None or request.get("generate") is None:
        return Variant(exercise, None)
    base = request["generate"].get("seed", 0)
    if variants != "per-attempt":
        return seeded(exercise, request, variant_seed(base, who, None), cached)
    made = checks_made()
    if number is not None and (number > made or (checking and number != made)):
        raise TreeChanged("your tree has changed since this page was opened (another tab or a check made meanwhile): "
                          "reload the page for your current tree")
    current = made if number is None else number
    return seeded(exercise, request, variant_seed(base, who, current), cached)._replace(number=current)


def seeded(exercise: Exercise, request: dict, seed: int, cached: Callable[[str, Callable[[], Exercise | None]], Exercise | None]) -> Variant:
    """The variant drawn from `seed` (an attempt's kept `variant`); the exercise's own tree when no tree from that seed
    meets its guarantees (rare: the student is never refused for the seed they were dealt)."""
    drawn = cached(str(seed), lambda: variant_exercise(request, seed))
    return Variant(exercise, None) if drawn is None else Variant(drawn, str(seed))
