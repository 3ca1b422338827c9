"""Checking a student's answer against the real search: every mistake, in the order the search
meets it, each with the reason in the slides' words, and a score.

The score is the share of the marks that are right (search/practice/scoring.py). Every asked mark counts
once: each visited internal node's value, each visited node's window, each child the search prunes (marked:
right; not marked: wrong). A blank is a wrong mark. A mark the search has no use for (a prune mark on a child
it looks at, a value or window at a node it never reaches) is an extra mark, and wrong. A misconception named
for the answer groups the marks it explains (feedback), and discounts none of them.
Bad shapes and unknown ids are refused whole (InputError), before anything is judged.

Minimax and alpha-beta values are compared exactly (every right value is a leaf's). An expectiminimax
value is a sum of products, so it is right within VALUE_TOLERANCE (search/traces/value_agreement.py); a max^n value is a vector (a JSON
list, one number per player), right when every component is.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from search.algorithms.registry import averages_chance
from search.errors import InputError, shortened
from search.practice import wording as words
from search.practice.answer_key import AnswerKey, as_json
from search.practice.diagnosis import diagnose
from search.practice.exercise import ASKS, Exercise
from search.practice.kinds import check_kind, hint_kind, model_kind
from search.practice.scoring import PART_OF_KIND, Tally, scored
from search.traces.value_agreement import close

INFINITIES = {"inf": math.inf, "+inf": math.inf, "-inf": -math.inf}
KIND_ORDER = {"bound": 0, "extra_prune": 1, "value": 2, "missed_prune": 3}
"""At one event: a window comes in at a visit before anything else happens there."""


@dataclass(slots=True)
class Answer:
    """A student's answer, once its shape is known to be right."""

    values: dict[str, float | list[float]] = field(default_factory=dict)
    bounds: dict[str, tuple[float, float]] = field(default_factory=dict)
    pruned: list[str] = field(default_factory=list)
    given: set[str] = field(default_factory=set)  # the parts the answer has


def parse_answer(exercise: Exercise, data: Any) -> Answer:
    """{"values": {id: number}, "bounds": {id: [α, β]}, "pruned": [ids]}; errors name the entry."""
    if not isinstance(data, dict):
        raise InputError("", 'expected an object with "values", "bounds" and/or "pruned"')
    unknown = sorted(set(data) - set(ASKS))
    if unknown:
        raise InputError(shortened(unknown[0]), f"unknown field; an answer has {', '.join(ASKS)}")
    nodes = exercise.key.nodes
    answer = Answer(given={part for part in ASKS if part in data})
    for node_id, value in _entries(data, "values").items():
        where = f"values.{_short(node_id)}"
        _known(nodes, node_id, where)
        if nodes[node_id].leaf:
            raise InputError(where, f"{node_id} is a leaf: its value is given; answer for internal nodes only")
        answer.values[node_id] = _value(value, exercise.key.players, where)
    for node_id, pair in _entries(data, "bounds").items():
        where = f"bounds.{_short(node_id)}"
        _known(nodes, node_id, where)
        if not isinstance(pair, list) or len(pair) != 2:
            raise InputError(where, 'expected [α, β]: two numbers, or "-inf" / "inf"')
        answer.bounds[node_id] = (_extended(pair[0], f"{where}[0]"), _extended(pair[1], f"{where}[1]"))
    pruned = data.get("pruned", [])
    if not isinstance(pruned, list):
        raise InputError("pruned", "expected a list of node ids")
    seen: set[str] = set()
    for i, node_id in enumerate(pruned):
        if not isinstance(node_id, str):
            raise InputError(f"pruned[{i}]", "expected a node id")
        _known(nodes, node_id, f"pruned[{i}]")
        if node_id in seen:
            raise InputError(f"pruned[{i}]", f"{node_id} is listed twice")
        seen.add(node_id)
        answer.pruned.append(node_id)
    return answer


def _value(value: Any, players: list[str] | None, where: str) -> float | list[float]:
    """A number, or in a max^n exercise a vector: a list of one finite number per player."""
    if players is not None:
        if not isinstance(value, list) or len(value) != len(players):
            raise InputError(where, f"expected a vector of {len(players)} numbers")
        out = []
        for i, component in enumerate(value):
            number = _finite(component)
            if number is None:
                raise InputError(f"{where}[{i}]", "expected a finite number")
            out.append(number)
        return out
    if isinstance(value, str) and value.strip().lower() in INFINITIES:  # a slip can give ±∞ (fail-hard, α never raised)
        return INFINITIES[value.strip().lower()]
    number = _finite(value)
    if number is None:
        raise InputError(where, "expected a finite number")
    return number


def _entries(data: dict[str, Any], part: str) -> dict[str, Any]:
    entries = data.get(part, {})
    if not isinstance(entries, dict):
        raise InputError(part, "expected an object from node id to answer")
    return entries


def _short(node_id: str) -> str:
    """An id as an error quotes it: a made-up one may be any length."""
    return node_id if len(node_id) <= 40 else node_id[:40] + "…"


def _known(nodes: dict[str, Any], node_id: str, where: str) -> None:
    if node_id not in nodes:
        raise InputError(where, f"no node {_short(node_id)!r} in this exercise")


def _extended(value: Any, where: str) -> float:
    if isinstance(value, str) and value.strip().lower() in INFINITIES:
        return INFINITIES[value.strip().lower()]
    number = _finite(value)
    if number is None:
        raise InputError(where, 'expected a number, or "-inf" / "inf"')
    return number


def _finite(value: Any) -> float | None:
    """A JSON number as a finite float, or None: not a number, or (a whole number of 309 digits or
    more) too large for a float, which float() refuses with OverflowError."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    try:
        number = float(value)
    except OverflowError:
        return None
    return number if math.isfinite(number) else None


def same_value(exercise: Exercise, got: float | list[float], expected: float | list[float]) -> bool:
    """Whether a value answer is right: exact for minimax and alpha-beta (every right value is a leaf's: a
    tolerance took 1000000 for 1000000.001), within the tolerance for expectiminimax, component by
    component for max^n."""
    if isinstance(expected, list):
        return isinstance(got, list) and len(got) == len(expected) and all(close(g, e) for g, e in zip(got, expected))
    if isinstance(got, list):
        return False
    return close(got, expected) if averages_chance(exercise.algorithm) else got == expected


@dataclass(slots=True)
class Item:
    """One thing the search does that an answer must match, with its sentence, worked out once
    per exercise (the server keeps the exercise): a check then only compares and appends."""

    node: str
    seq: int
    expected: Any  # a value (float), a window (α, β), or None for a prune
    shown: Any  # `expected` as the JSON answer writes it
    explanation: str


def expected_items(exercise: Exercise) -> dict[str, list[Item]]:
    """Per asked part, its items in preorder: each visited internal node's value, each visited
    node's window, each child a prune skips."""
    if "items" in exercise._cache:
        return exercise._cache["items"]
    key, items = exercise.key, {}
    if "values" in exercise.ask:
        items["values"] = [Item(node_id, facts.return_seq or 0, facts.value, as_json(facts.value), words.value(key, node_id))  # type: ignore[arg-type]
                           for node_id in key.internal_visited() for facts in (key.nodes[node_id],)]
    if "bounds" in exercise.ask:
        items["bounds"] = [Item(node_id, facts.visit_seq or 0, facts.window, [as_json(x) for x in facts.window],  # type: ignore[union-attr]
                                words.bound(key, node_id)) for node_id in key.visited for facts in (key.nodes[node_id],)]
    if "pruned" in exercise.ask:
        items["pruned"] = [Item(child, seq, None, None, words.missed_prune(key, child)) for child, seq in key.pruned.items()]
    exercise._cache["items"] = items
    return items


def mistakes_of(exercise: Exercise, answer: Answer, say_yours: bool = True) -> tuple[list[dict[str, Any]], Tally]:
    """Every mistake, in the order the search meets it, and the tally of marks (asked, extra, wrong, per part).
    say_yours: end a wrong or missing value's sentence with what the answer had ("; you wrote 8")."""
    key, expected = exercise.key, expected_items(exercise)
    found: list[tuple[tuple[int, int, int], dict[str, Any]]] = []
    place = exercise._cache.setdefault("place", {node_id: i for i, node_id in enumerate(key.order)})
    tally = Tally({part: len(items) for part, items in expected.items()})

    def wrong(node_id: str, kind: str, seq: int, explanation: str, yours: str = "", **shown: Any) -> None:
        said = explanation + yours if say_yours else explanation
        mistake = {"node": node_id, "kind": kind, **shown, "explanation": said, "seq": seq}
        found.append(((seq, KIND_ORDER[kind], place[node_id]), mistake))

    for item in expected.get("values", ()):
        got = answer.values.get(item.node)
        if got is None:
            wrong(item.node, "value", item.seq, item.explanation, EMPTY, expected=item.shown)
        elif not same_value(exercise, got, item.expected):
            other = words.other_form(exercise.key, item.node, exercise.returns)
            form = f". {other[1]}" if other is not None and other[0] == got and other[0] != item.expected else ""
            wrong(item.node, "value", item.seq, item.explanation, f"; you wrote {words.show(got)}{form}", expected=item.shown,
                  got=as_json(got))
    for item in expected.get("bounds", ()):
        given = answer.bounds.get(item.node)
        if given is None:
            wrong(item.node, "bound", item.seq, item.explanation, EMPTY, expected=item.shown)
        elif given != item.expected:  # a window is leaves' values or ±∞: exact too
            wrong(item.node, "bound", item.seq, item.explanation, f"; you wrote {words.window(given)}", expected=item.shown,
                  got=[as_json(x) for x in given])
    if "pruned" in expected:
        marked = set(answer.pruned)
        for item in expected["pruned"]:
            if item.node not in marked:
                wrong(item.node, "missed_prune", item.seq, item.explanation)
        for node_id in answer.pruned:
            if node_id not in key.pruned:
                tally.add_extra("pruned")
                wrong(node_id, "extra_prune", _refuted_at(key, node_id), words.extra_prune(key, node_id, exercise.algorithm))
    for part, kind, entries in (("values", "value", answer.values), ("bounds", "bound", answer.bounds)):
        if part in expected:
            for node_id in entries:
                if node_id in key.skipped_by:  # an answer at a node the search never reaches
                    tally.add_extra(part)
                    sentence = words.value(key, node_id) if kind == "value" else words.bound(key, node_id)
                    got = as_json(entries[node_id]) if kind == "value" else [as_json(x) for x in entries[node_id]]  # type: ignore[union-attr]
                    wrong(node_id, kind, key.skipped_by[node_id], sentence, got=got)
    found.sort(key=lambda item: item[0])
    mistakes = [mistake for _, mistake in found]
    for mistake in mistakes:
        tally.add_wrong(PART_OF_KIND[mistake["kind"]])
    return mistakes, tally


EMPTY = "; you left it empty"


def _refuted_at(key: AnswerKey, node_id: str) -> int:
    """The event that shows a prune mark wrong: the test that lets the search go on to the node
    (or its visit, for a first child), or the prune that skips it with its ancestor."""
    facts = key.nodes[node_id]
    if facts.visit_seq is None:
        return key.skipped_by[node_id]
    if facts.parent is not None and node_id in key.nodes[facts.parent].test_before:
        return key.nodes[facts.parent].test_before[node_id]["seq"]
    return facts.visit_seq


def check_answer(exercise: Exercise, data: Any) -> dict[str, Any]:
    """POST /api/exercises/<id>/check: {"correct", "score", "asked", "extra", "right", "rule", "mistakes",
    "first_mistake", "ignored", "misconceptions"}. The score is right ÷ (asked + extra), each part weighted
    by the exercise's weights (scoring.py); the misconceptions are feedback and change no mark. The built kinds
    (ordering, make-it-prune, parsons) are checked by search/practice/kinds.py."""
    if exercise.kind != "values":
        return check_kind(exercise, data)
    answer = parse_answer(exercise, data)
    mistakes, tally = mistakes_of(exercise, answer)
    misconceptions = diagnose(exercise, answer, mistakes)
    return {"correct": not mistakes, **scored(tally, exercise.weights), "mistakes": mistakes,
            "first_mistake": mistakes[0] if mistakes else None, "ignored": sorted(answer.given - set(exercise.ask)),
            "misconceptions": misconceptions}


def hint_for(exercise: Exercise, data: Any) -> dict[str, Any]:
    """The next step the answer does not have right yet, in search order (None: all right so far);
    only that one, so a hint gives away one step."""
    if exercise.kind != "values":
        return hint_kind(exercise, data)
    mistakes, _ = mistakes_of(exercise, parse_answer(exercise, data), say_yours=False)
    if not mistakes:
        return {"hint": None}
    first = mistakes[0]
    first.pop("got", None)  # the hint says what is right, not what the answer had
    return {"hint": first}


def model_answer(exercise: Exercise) -> dict[str, Any]:
    """The answer the engine's own trace gives (what a perfect student sends), in the API's JSON."""
    if exercise.kind != "values":
        return model_kind(exercise)
    key, out = exercise.key, {}
    if "values" in exercise.ask:
        exact = as_json if not averages_chance(exercise.algorithm) else float  # expectiminimax: its sums as floats
        out["values"] = {node_id: exact(key.nodes[node_id].value) for node_id in key.internal_visited()}  # type: ignore[arg-type]
    if "bounds" in exercise.ask:
        out["bounds"] = {node_id: [as_json(x) for x in key.nodes[node_id].window] for node_id in key.visited}  # type: ignore[union-attr]
    if "pruned" in exercise.ask:
        out["pruned"] = list(key.pruned)
    return out
