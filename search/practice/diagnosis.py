"""Which wrong idea an answer follows: each misconception of the catalogue (search.misconceptions) is run on
the exercise's tree, and the one whose answers reproduce the student's mistakes best is named first.

A misconception *explains* a mark when its own answer there is the student's (a value, a window, a prune
or its absence); it is *contradicted* where it differs from the right answer but the student got it
right. The best explains most marks net of contradictions; after it, others are named greedily for
the marks still unexplained. A right answer has no marks, so it is never given a misconception.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from search.errors import InputError
from search.games.game import TreeGame
from search.misconceptions import CATALOGUE, Misconception, Setting, applicable, run
from search.practice import wording as words
from search.practice.answer_key import agree, answer_key, as_json
from search.traces.recorder import Recorder

if TYPE_CHECKING:
    from search.practice.check import Answer
    from search.practice.exercise import Exercise

MAX_NAMED = 3
"""At most this many misconceptions are named for one answer: past that the marks are noise."""


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


def readings(exercise: Exercise) -> list[Reading]:
    """Each applicable misconception's answer to `exercise`, worked out once per exercise."""
    if "readings" not in exercise._cache:
        setting = Setting(exercise.algorithm, exercise.ties, exercise.returns)
        out = []
        for misconception in applicable(setting):
            events = mistaken_events(exercise, misconception.id)
            key = answer_key(exercise.tree, events)
            windows = {node: key.nodes[node].window for node in key.visited if key.nodes[node].window is not None}
            out.append(Reading(misconception, {node: key.nodes[node].value for node in key.internal_visited()},
                               windows if windows else None, set(key.pruned), _parting(exercise.events(), events)))
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


def _parting(right: list[dict[str, Any]], mistaken: list[dict[str, Any]]) -> int:
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


def _written(mistake: dict[str, Any], answer: Answer) -> bool:
    """A mark the student made, not a gap: a value or window written, a prune marked, or a prune left unmarked in an
    answer that does say something (values or windows), where leaving it unmarked means "the search looks there"."""
    if mistake["kind"] in ("value", "bound"):
        return "got" in mistake
    return mistake["kind"] == "extra_prune" or bool(answer.values or answer.bounds)


def _contradictions(reading: Reading, exercise: Exercise, answer: Answer, right: ModelReading) -> int:
    """Places where the misconception is wrong but the student is right (only the parts asked)."""
    values, bounds, pruned = right
    count = 0
    if "values" in exercise.ask:
        count += sum(1 for node in values.keys() | reading.values.keys()
                     if not agree(reading.values.get(node), values.get(node)) and agree(answer.values.get(node), values.get(node)))
    if "bounds" in exercise.ask and reading.bounds is not None:
        count += sum(1 for node in bounds.keys() | reading.bounds.keys()
                     if not agree(reading.bounds.get(node), bounds.get(node)) and agree(answer.bounds.get(node), bounds.get(node)))
    if "pruned" in exercise.ask:
        count += sum(1 for node in pruned ^ reading.pruned if (node in answer.pruned) == (node in pruned))
    return count


def diagnose(exercise: Exercise, answer: Answer, mistakes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The misconceptions the marks follow, best first: {"id", "name", "explanation", "explains": [{node, kind}]}.
    Each mistake it explains is tagged with its id ("misconception"; None for a mark no misconception explains)."""
    for mistake in mistakes:
        mistake["misconception"] = None
    if not mistakes:
        return []
    scored = []
    right = model_reading(exercise)
    for rank, reading in enumerate(readings(exercise)):
        explained = [i for i, mistake in enumerate(mistakes) if _says(reading, mistake, answer)]
        if explained:
            scored.append((reading, explained, _contradictions(reading, exercise, answer, right), rank))
    named: list[dict[str, Any]] = []
    left = set(range(len(mistakes)))
    wrote = {i for i, mistake in enumerate(mistakes) if _written(mistake, answer)}
    while scored and len(named) < MAX_NAMED:
        def merit(entry: tuple[Reading, list[int], int, int]) -> tuple[int, int, int]:
            _, explained, against, rank = entry
            here = len([i for i in explained if i in left])
            return here - against, here, -rank
        best = max(scored, key=merit)
        net, here, _ = merit(best)
        if here == 0 or net <= 0:
            break
        scored.remove(best)
        reading, explained, _, _ = best
        mine = [i for i in explained if i in left]
        if not wrote.intersection(mine):  # only gaps: an answer left empty follows no idea
            continue
        left -= set(mine)
        for i in mine:
            mistakes[i]["misconception"] = reading.misconception.id
        twins = [other.misconception for other in readings(exercise) if other is not reading and _same_answers(exercise, reading, other)]
        named.append({**reading.misconception.to_json(),
                      "explanation": explanation(exercise, reading, [mistakes[i] for i in mine], len(mistakes), answer, twins),
                      "explains": [{"node": mistakes[i]["node"], "kind": mistakes[i]["kind"]} for i in mine],
                      "same_answers": [twin.id for twin in twins], "step": reading.step})
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
