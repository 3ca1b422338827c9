"""Which wrong idea an answer follows: each misconception of the catalogue (search.misconceptions) is run on
the exercise's tree, and one is named only when it explains the answer better than the right search does.

Only what the student filled in is read: a value or window written, a prune marked, and a prune left unmarked
under a node the student answered, which says "the search looks there". A misconception *explains* a
filled mark that is wrong when its own answer there is the student's; it is *contradicted* where the student's
mark is right and its own is not. One is named only when it explains at least one wrong mark and more filled
marks agree with it than with the right search (explained > contradicted). An answer with fewer than half of
its asked values and windows filled in follows no idea that can be told: nothing is named (a root alone, a
blank page). Among misconceptions that fit equally, the one that changes the fewest things from the right
search is named first (search/misconceptions/distance.py: the strict test before "no pruning" on a tie), then
the catalogue's order; after the first, others are named for the wrong marks still unexplained.
Naming is feedback, never a discount: the score counts every mark (search/practice/check.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from search.errors import InputError
from search.games.game import TreeGame
from search.misconceptions import CATALOGUE, Misconception, Setting, applicable, run
from search.misconceptions.distance import changes, trace_marks
from search.practice import wording as words
from search.practice.answer_key import answer_key, as_json
from search.traces.recorder import Recorder
from search.traces.value_agreement import agree

if TYPE_CHECKING:
    from search.practice.check import Answer
    from search.practice.exercise import Exercise

MAX_NAMED = 3
"""At most this many misconceptions are named for one answer: past that the marks are noise."""
FILLED_TO_DIAGNOSE = 0.5
"""The share of the asked values and windows an answer must fill in before a misconception is named for it."""


TELLING = {"window-not-passed": ("bound",), "alpha-not-updated": ("bound",), "beta-not-updated": ("bound",),
           "strict-test": ("missed_prune",), "no-pruning": ("missed_prune",), "tests-wrong-bound": ("extra_prune",),
           "fail-hard": ("value",), "fail-soft": ("value",), "max-min-swapped": ("value",)}
"""The marks that show a slip best, named first in its explanation (else its first mark in search order)."""


@dataclass(slots=True)
class Reading:
    """A misconception's own answer to the exercise (every part, whatever is asked)."""

    misconception: Misconception
    values: dict[str, Any]
    bounds: dict[str, tuple[float, float]] | None  # None: its search keeps no window (plain minimax), so it says nothing
    pruned: set[str]
    step: int  # the first event where its trace and the right one part (where "watch this slip" opens)
    changes: int = 0  # what its search does differently from the right one (distance.py): fewer is named first


def readings(exercise: Exercise) -> list[Reading]:
    """Each applicable misconception's answer to `exercise`, worked out once per exercise."""
    if "readings" not in exercise._cache:
        setting = Setting(exercise.algorithm, exercise.ties, exercise.returns)
        out = []
        right = trace_marks(exercise.events())
        for misconception in applicable(setting):
            events = mistaken_events(exercise, misconception.id)
            key = answer_key(exercise.tree, events)
            windows = {node: key.nodes[node].window for node in key.visited if key.nodes[node].window is not None}
            out.append(Reading(misconception, {node: key.nodes[node].value for node in key.internal_visited()},
                               windows if windows else None, set(key.pruned), parting(exercise.events(), events),
                               changes(right, trace_marks(events))))
        exercise._cache["readings"] = out
    return exercise._cache["readings"]


def mistaken_events(exercise: Exercise, misconception: str) -> list[dict[str, Any]]:
    """The trace of the exercise's search with the slip (InputError naming "misconception" if it is none of this
    exercise's): what the solution view replays when a student asks to watch the slip."""
    setting = Setting(exercise.algorithm, exercise.ties, exercise.returns)
    entry = CATALOGUE.get(misconception)
    if entry is None or not entry.applies(setting):
        known = ", ".join(m.id for m in applicable(setting))
        raise InputError("misconception", f"expected one of this exercise's: {known}; got {misconception[:40]!r}")
    recorder = Recorder()
    run(entry, TreeGame(exercise.tree), setting, recorder=recorder)
    return recorder.events()


def parting(right: list[dict[str, Any]], mistaken: list[dict[str, Any]]) -> int:
    """The first step (after the start) where the two traces differ."""
    for seq, (one, other) in enumerate(zip(right, mistaken)):
        if seq and one != other:
            return seq
    return min(len(right), len(mistaken)) - 1


def following(exercise: Exercise, misconception: str) -> dict[str, Any] | None:
    """The answer a student who follows `misconception` sends (the asked parts, in the check's JSON), or None
    when it does not apply to this exercise: what an instructor shows as a distractor, and what the
    diagnosis is measured on."""
    reading = next((r for r in readings(exercise) if r.misconception.id == misconception), None)
    if reading is None:
        return None
    out: dict[str, Any] = {}
    if "values" in exercise.ask:
        out["values"] = {node: as_json(value) for node, value in reading.values.items()}
    if "bounds" in exercise.ask:
        out["bounds"] = {node: [as_json(x) for x in window] for node, window in (reading.bounds or {}).items()}
    if "pruned" in exercise.ask:
        out["pruned"] = sorted(reading.pruned, key=exercise.key.order.index)
    return out


ModelReading = tuple[dict[str, Any], dict[str, tuple[float, float]], set[str]]


def model_reading(exercise: Exercise) -> ModelReading:
    """The right answer in a reading's shape."""
    key = exercise.key
    return ({node: key.nodes[node].value for node in key.internal_visited()},
            {node: key.nodes[node].window for node in key.visited if key.nodes[node].window is not None}, set(key.pruned))


def _says(reading: Reading, mistake: dict[str, Any], answer: Answer) -> bool:
    """Whether the misconception's answer at the mistake's place is the student's."""
    node, kind = mistake["node"], mistake["kind"]
    if kind == "value":
        return agree(reading.values.get(node), answer.values.get(node))
    if kind == "bound":
        return reading.bounds is not None and agree(reading.bounds.get(node), answer.bounds.get(node))
    return (node in reading.pruned) == (node in answer.pruned)  # missed_prune / extra_prune


def _written(mistake: dict[str, Any], exercise: Exercise, answer: Answer) -> bool:
    """A wrong mark the student made, not a gap: a value or window written, a prune marked, or a prune left
    unmarked where the student answered the node it hangs from (it then says "the search looks there")."""
    if mistake["kind"] in ("value", "bound"):
        return "got" in mistake
    return mistake["kind"] == "extra_prune" or _prune_stated(exercise, answer, mistake["node"])


def _prune_stated(exercise: Exercise, answer: Answer, node: str) -> bool:
    """Whether the answer says anything about pruning `node`: it marks it, or it answers the node above it (a
    value or window there, and no mark, says the search went on), or the exercise asks for prunes alone."""
    if node in answer.pruned or not {"values", "bounds"} & set(exercise.ask):
        return True
    parent = exercise.key.nodes[node].parent
    return parent is not None and (parent in answer.values or parent in answer.bounds)


def filled_share(exercise: Exercise, answer: Answer) -> float:
    """The share of the asked values and windows the answer fills in: written, or left empty under a branch the
    answer marks pruned (it says the search never gets there). An answer asked for prunes alone is filled in
    when it gives its list of pruned children (an empty list says "nothing is pruned")."""
    key = exercise.key
    asked = [*(key.internal_visited() if "values" in exercise.ask else ()), *(key.visited if "bounds" in exercise.ask else ())]
    if not asked:
        return 1.0 if "pruned" in answer.given else 0.0
    marked = set(answer.pruned)

    def cut_off(node: str | None) -> bool:
        while node is not None and node not in marked:
            node = key.nodes[node].parent
        return node is not None

    values = set(answer.values) if "values" in exercise.ask else set()
    windows = set(answer.bounds) if "bounds" in exercise.ask else set()
    filled = sum(1 for node in key.internal_visited() if "values" in exercise.ask and (node in values or cut_off(node))) + \
        sum(1 for node in key.visited if "bounds" in exercise.ask and (node in windows or cut_off(node)))
    return filled / len(asked)


def _contradictions(reading: Reading, exercise: Exercise, answer: Answer, right: ModelReading) -> int:
    """Filled marks where the student is right and the misconception is not (only the parts asked). A place the
    right search never reaches, left empty, agrees with the right search: the student did not go there."""
    values, bounds, pruned = right
    count = 0
    if "values" in exercise.ask:
        count += sum(1 for node in values.keys() | reading.values.keys()
                     if not agree(reading.values.get(node), values.get(node)) and agree(answer.values.get(node), values.get(node)))
    if "bounds" in exercise.ask and reading.bounds is not None:
        count += sum(1 for node in bounds.keys() | reading.bounds.keys()
                     if not agree(reading.bounds.get(node), bounds.get(node)) and agree(answer.bounds.get(node), bounds.get(node)))
    if "pruned" in exercise.ask:
        count += sum(1 for node in pruned ^ reading.pruned
                     if (node in answer.pruned) == (node in pruned) and _prune_stated(exercise, answer, node))
    return count


Candidate = tuple[Reading, list[int], int, int]  # the reading, the wrong marks it explains, its contradictions, its rank


def diagnose(exercise: Exercise, answer: Answer, mistakes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The misconceptions the answer follows, best first: {"id", "name", "explanation", "explains": [{node, kind}],
    "same_answers", "step"}. Each mistake one explains is tagged with its id ("misconception"; None otherwise)."""
    for mistake in mistakes:
        mistake["misconception"] = None
    if not mistakes or filled_share(exercise, answer) < FILLED_TO_DIAGNOSE:
        return []
    wrote = [i for i, mistake in enumerate(mistakes) if _written(mistake, exercise, answer)]
    right = model_reading(exercise)
    candidates: list[Candidate] = []
    for rank, reading in enumerate(readings(exercise)):
        explained = [i for i in wrote if _says(reading, mistakes[i], answer)]
        against = _contradictions(reading, exercise, answer, right)
        if len(explained) > against:  # it agrees with more of the filled marks than the right search does
            candidates.append((reading, explained, against, rank))
    named: list[dict[str, Any]] = []
    left = set(wrote)
    while candidates and len(named) < MAX_NAMED:
        def merit(entry: Candidate) -> tuple[int, int, int]:
            reading, explained, against, rank = entry
            return sum(1 for i in explained if i in left) - against, -reading.changes, -rank
        best = max(candidates, key=merit)
        if merit(best)[0] <= 0:
            break
        candidates.remove(best)
        reading = best[0]
        mine = [i for i in best[1] if i in left]
        left -= set(mine)
        for i in mine:
            mistakes[i]["misconception"] = reading.misconception.id
        twins = sorted((other for other in readings(exercise) if other is not reading and _same_answers(exercise, reading, other)),
                       key=lambda other: other.changes)
        named.append({**reading.misconception.to_json(),
                      "explanation": explanation(exercise, reading, [mistakes[i] for i in mine], len(mistakes), answer,
                                                 [twin.misconception for twin in twins]),
                      "explains": [{"node": mistakes[i]["node"], "kind": mistakes[i]["kind"]} for i in mine],
                      "same_answers": [twin.misconception.id for twin in twins], "step": reading.step})
    return named


def _same_answers(exercise: Exercise, one: Reading, other: Reading) -> bool:
    """Two misconceptions give the same answer to everything the exercise asks (no answer can tell them apart)."""
    def equal(a: dict[str, Any], b: dict[str, Any]) -> bool:
        return a.keys() == b.keys() and all(agree(a[node], b[node]) for node in a)
    return (("values" not in exercise.ask or equal(one.values, other.values)) and
            ("bounds" not in exercise.ask or (one.bounds is not None and other.bounds is not None and equal(one.bounds, other.bounds))) and
            ("pruned" not in exercise.ask or one.pruned == other.pruned))


def explanation(exercise: Exercise, reading: Reading, mine: list[dict[str, Any]], marks: int, answer: Answer,
                twins: list[Misconception]) -> str:
    """"Your answers follow alpha-beta with the window not passed down: C was searched with [−∞, +∞] instead of
    [3, +∞]. Each child must be called ... This one slip explains 7 of your 8 marks." """
    m = reading.misconception
    telling = [mistake for mistake in mine if mistake["kind"] in TELLING.get(m.id, ())]
    first = _evidence(exercise, (telling or mine)[0], answer)
    n = len(mine)
    tally = ("This one slip explains your one mark." if marks == 1 else
             "This one slip explains both your marks." if n == marks == 2 else
             f"This one slip explains all {marks} of your marks." if n == marks else
             f"This one slip explains {n} of your {marks} marks.")
    also = "" if not twins else f" On this tree the same answers also follow from {words.names([twin.name for twin in twins])}."
    return f"Your answers follow {m.follows}: {first}. {m.idea[0].upper()}{m.idea[1:]}. {tally}{also}"


def _evidence(exercise: Exercise, mistake: dict[str, Any], answer: Answer) -> str:
    """The first place the slip shows, as the student's drawing names it."""
    key = exercise.key
    node, kind = mistake["node"], mistake["kind"]
    name = key.name(node)
    facts = key.nodes[node]
    if kind == "bound":
        given = answer.bounds.get(node)
        right = "no window (the search never reaches it)" if facts.window is None else words.window(facts.window)
        return (f"{name} was left without a window instead of {right}" if given is None else
                f"{name} was searched with {words.window(given)} instead of {right}")
    if kind == "value":
        given = answer.values.get(node)
        right = "nothing (the search never reaches it)" if facts.visit_seq is None else _shown(facts.value)
        return (f"{name} was left empty instead of {right}" if given is None else
                f"{name} was given {_shown(given)} instead of {right}")
    if kind == "missed_prune":
        return f"{name} was searched, though the search prunes it"
    return f"{name} was pruned, though the search looks at it"


def _shown(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return "⟨" + ", ".join(words.show(x) for x in value) + "⟩"
    return words.show(value)
