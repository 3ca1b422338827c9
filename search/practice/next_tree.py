"""The next tree for a misconception (issue 50, part 4: practice that follows the student).

After a check names a misconception, the student is given a generated tree on which that idea changes the
answer: a tree where a student following it would get marks wrong, and be told so. `next_request` returns the
body of POST /api/exercises that makes it: a "generate" request with a definite seed and the search the slip
is one of (an expectiminimax slip gets a chance tree, AIMA 4th ed. §5.5; the max^n slip a players tree,
§5.2.2; an alpha-beta slip that shows only in windows asks for them too).

The generator searches for one. Candidate seeds are drawn from (misconception, search, after), so the same
`after` (the exercise the student just did) always gives the same next tree and another `after` (all but surely) another tree;
each candidate is made as POST /api/exercises makes it and read by the diagnosis itself
(search.practice.diagnosis): the answer the misconception gives, checked, must score below 1 and be named as
that misconception first. Small trees come first (depth 2, two or three children: a tree done by hand),
larger ones only when none of those shows the slip; the search is bounded (NEXT_TRIES candidates), and
tests/engine/test_next_tree.py holds that every misconception of the catalogue finds its tree within it.
"""

from __future__ import annotations

import hashlib
from typing import Any

from search.errors import InputError, quoted
from search.misconceptions import CATALOGUE, Misconception, Setting
from search.misconceptions.catalogue import SETTINGS
from search.practice.check import check_answer
from search.practice.diagnosis import TELLING, following, model_reading, readings
from search.practice.exercise import DEFAULT_ASK, Exercise, parse_exercise
from search.traces.value_agreement import agree

SHAPES: tuple[dict[str, int], ...] = (
    {"depth": 2, "min_branching": 2, "max_branching": 3},
    {"depth": 3, "min_branching": 2, "max_branching": 2},
    {"depth": 3, "min_branching": 2, "max_branching": 3},
    {"depth": 3, "min_branching": 3, "max_branching": 3},
)
"""The shapes tried, smallest first: each is tried TRIES_PER_SHAPE times before the next."""
TRIES_PER_SHAPE = 12
NEXT_TRIES = TRIES_PER_SHAPE * len(SHAPES)
"""The most candidate trees drawn for one next exercise before it is refused."""
VALUES = {"min_value": 0, "max_value": 9}
"""One-digit leaves: sums a student does by hand, and ties, which some slips need (the strict test)."""


def next_request(misconception: str, after: str | None = None, *, algorithm: str | None = None,
                 smallest: int = 0) -> dict[str, Any]:
    """The body of POST /api/exercises for the next tree that tests `misconception`, drawn from (misconception,
    algorithm, after); `algorithm` chooses among the searches the slip is one of (MAX and MIN swapped: minimax,
    alpha-beta or expectiminimax), else the plainest; `smallest`: the first of SHAPES tried (a practice path asks
    for trees no smaller than its level, search/practice/path.py). InputError naming the field for an unknown misconception
    or a search it is no slip of, and naming "misconception" if no candidate shows it (which neither the tests nor
    bench/misconception_trees.py's 1,200 draws have seen for a misconception of the catalogue)."""
    entry = CATALOGUE.get(misconception) if isinstance(misconception, str) else None
    if entry is None:
        raise InputError("misconception", f"no misconception {quoted(misconception)}: expected one of {', '.join(CATALOGUE)}")
    setting = practised_setting(entry, algorithm)
    for attempt in range(NEXT_TRIES):
        body = candidate(entry, setting, after, attempt, smallest)
        if shows(parse_exercise(body), entry.id):
            return body
    raise InputError("misconception", f"no tree of the {NEXT_TRIES} tried shows {entry.name}: try another exercise")


def practised_setting(entry: Misconception, algorithm: str | None = None) -> Setting:
    """The search an exercise for this slip practises: the first setting it is a slip of (ties that prune and
    the pseudocode's v where it can: the slides' own), among `algorithm`'s when one is given."""
    fitting = [s for s in SETTINGS if entry.applies(s) and (s.algorithm == "alphabeta" or (s.ties, s.returns) == ("prune", "v"))]
    if algorithm is not None:
        fitting = [s for s in fitting if s.algorithm == algorithm]
        if not fitting:
            searches = ", ".join(dict.fromkeys(s.algorithm for s in SETTINGS if entry.applies(s)))
            raise InputError("algorithm", f"{entry.name} is a slip of {searches}, not of {quoted(algorithm)}")
    return fitting[0]


def asked(entry: Misconception, setting: Setting) -> list[str]:
    """What the exercise asks: the search's default, and the windows too for a slip that shows best in them."""
    ask = list(DEFAULT_ASK[setting.algorithm])
    if "bound" in TELLING.get(entry.id, ()) and setting.algorithm == "alphabeta":
        ask = ["values", "bounds", "pruned"]
    return ask


def candidate(entry: Misconception, setting: Setting, after: str | None, attempt: int, smallest: int = 0) -> dict[str, Any]:
    """The `attempt`-th request tried: its shape by TRIES_PER_SHAPE from SHAPES[smallest] on, its seed from (slip,
    search, after, attempt)."""
    shape = SHAPES[min(smallest + attempt // TRIES_PER_SHAPE, len(SHAPES) - 1)]
    return {"generate": {"seed": draw_seed(entry.id, setting.algorithm, after, attempt), **shape, **VALUES},
            "algorithm": setting.algorithm, "ties": setting.ties, "returns": setting.returns, "ask": asked(entry, setting)}


def draw_seed(misconception: str, algorithm: str, after: str | None, attempt: int) -> int:
    return seed_of(f"next|{misconception}|{algorithm}|{after or ''}|{attempt}")


def seed_of(text: str) -> int:
    """A generator's seed drawn from `text`: the first 6 bytes of its sha256 (a whole number a browser's JavaScript
    holds exactly), so the same text always gives the same tree."""
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:6], "big")


def shows(exercise: Exercise, misconception: str) -> bool:
    """Whether the answer a student following `misconception` sends is wrong on `exercise` and named as that
    misconception first by the check (so the tree tests that idea, not only some slip)."""
    answer = following(exercise, misconception)
    if answer is None:
        return False
    try:
        checked = check_answer(exercise, answer)
    except InputError:  # an answer the check would refuse (a value it cannot read) tests nothing: draw another
        return False
    named = checked["misconceptions"]
    return checked["score"] < 1 and bool(named) and named[0]["id"] == misconception


def answer_differs(exercise: Exercise, misconception: str) -> bool:
    """Whether the misconception's answer (its reading, search.practice.diagnosis) differs from the right one in a
    part the exercise asks: the weaker test, which bench/misconception_trees.py measures beside `shows`."""
    reading = next((r for r in readings(exercise) if r.misconception.id == misconception), None)
    if reading is None:
        return False
    values, bounds, pruned = model_reading(exercise)

    def differ(one: dict[str, Any], other: dict[str, Any]) -> bool:
        return one.keys() != other.keys() or not all(agree(one[node], other[node]) for node in one)

    return (("values" in exercise.ask and differ(reading.values, values))
            or ("bounds" in exercise.ask and differ(reading.bounds or {}, bounds))
            or ("pruned" in exercise.ask and reading.pruned != pruned))
