"""The feedback's sentences, in the lecture slides' words (AIMA 4th ed. §5.2): each one quotes the trace event that
decides the step, so a student reads why, at that node, with its numbers. Nodes are named as the
student's drawing names them (AnswerKey.name: the label, with the id when labels repeat).

"after C1, v = 2 ≤ α = 3 at C, so C2 is never looked at: you kept it"

Chance nodes as AIMA 4th ed. §5.5 sums them ("C is a chance node: v = 0.5 × 1 + 0.5 × 9 = 5 (the outcomes'
values weighted by their probabilities)"), max^n nodes as §5.2.2 chooses ("R2 is player B's node: it keeps
the child vector whose second component is highest, ⟨1, 5, 2⟩ from R2a ...").
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from search.practice.answer_key import AnswerKey, NodeFacts
from search.traces.value_agreement import number
from search.trees.node import CHANCE

HOLDS = {"v >= beta": "≥", "v > beta": ">", "v <= alpha": "≤", "v < alpha": "<"}
FAILS = {"v >= beta": "<", "v > beta": "≤", "v <= alpha": ">", "v < alpha": "≥"}
GREEK = {"alpha": "α", "beta": "β"}
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
"""A vector's components by place (limits.MAX_PLAYERS is 8)."""


def show(value: Any) -> str:
    """A number as the slides write it: 3, 2.5, +∞, −∞ (a minus sign, not a hyphen); a sum's float
    to 12 significant digits (4.1, not 4.1000000000000005); a max^n vector as ⟨1, 5, 2⟩."""
    if isinstance(value, list):
        return "⟨" + ", ".join(show(x) for x in value) + "⟩"
    x = number(value)
    if math.isinf(x):
        return "+∞" if x > 0 else "−∞"
    text = str(int(x)) if x == int(x) and abs(x) < 1e15 else repr(x)
    if len(text) > 13:
        text = f"{x:.12g}"
    return text.replace("-", "−")


def probability(p: float) -> str:
    """An outcome's probability as a student would write it (and the exercise page draws it, exercise_words.js
    showProbability): 0.5, 0.25, 0.1; 1/3 where a short decimal cannot say it; else six significant digits."""
    text = repr(p)
    if len(text) <= 8:
        return text
    near = Fraction(p).limit_denominator(12)
    if abs(float(near) - p) < 1e-12:
        return f"{near.numerator}/{near.denominator}"
    return f"{p:.6g}"


def window(pair: tuple[float, float] | list[Any]) -> str:
    return f"[{show(pair[0])}, {show(pair[1])}]"


def names(ids: list[str]) -> str:
    """C2; C2 and C3; C2, C3 and C4."""
    return ids[0] if len(ids) == 1 else ", ".join(ids[:-1]) + " and " + ids[-1]


def test_words(test: dict[str, Any], holds: bool) -> str:
    """"v = 2 ≤ α = 3" (holds) or "v = 3 > α = −∞" (does not)."""
    side = "beta" if "beta" in test["test"] else "alpha"
    sign = HOLDS[test["test"]] if holds else FAILS[test["test"]]
    return f"v = {show(test['v'])} {sign} {GREEK[side]} = {show(test[side])}"


def prune_reason(key: AnswerKey, prune: dict[str, Any]) -> str:
    """"after C1, v = 2 ≤ α = 3 at C" — why a node stops looking at its children."""
    facts = key.nodes[prune["node"]]
    return f"after {key.name(facts.looked[-1])}, {test_words(prune, True)} at {key.name(facts.id)}"


def missed_prune(key: AnswerKey, child: str) -> str:
    prune = key.nodes[key.prune_of[child]].prune
    assert prune is not None
    return f"{prune_reason(key, prune)}, so {key.name(child)} is never looked at: you kept it"


def extra_prune(key: AnswerKey, node_id: str, algorithm: str) -> str:
    """Why the search does look at `node_id` (or, unvisited, why marking it is not the answer)."""
    facts = key.nodes[node_id]
    if facts.parent is None:
        return f"{key.name(node_id)} is the root: the search starts there, so it is never pruned"
    if facts.visit_seq is None:
        skipped = key.pruned_ancestor(node_id)
        return (f"{key.name(node_id)} is below {key.name(skipped)}, which is pruned: mark only the child the search skips ({key.name(skipped)}), "
                "not the nodes below it")
    if algorithm == "minimax":
        return f"minimax never prunes: it looks at every child, {key.name(node_id)} too; you pruned it"
    parent = key.nodes[facts.parent]
    test = parent.test_before.get(node_id)
    if test is None:
        return f"{key.name(node_id)} is {key.name(parent.id)}'s first child: a node always looks at its first child; you pruned it"
    before = parent.looked[parent.looked.index(node_id) - 1]
    return f"after {key.name(before)}, {test_words(test, False)} at {key.name(parent.id)}, so the search goes on to {key.name(node_id)}: you pruned it"


def value(key: AnswerKey, node_id: str) -> str:
    """How a visited internal node's value comes about, or why an unvisited one has none."""
    facts = key.nodes[node_id]
    if facts.visit_seq is None:
        return f"{key.name(node_id)} is never visited ({_skipped_because(key, node_id)}), so it returns nothing: leave it empty"
    if facts.player == CHANCE:
        return chance_value(key, facts)
    if key.players is not None:
        return maxn_value(key, facts)
    op = "MAX" if facts.player == "max" else "MIN"
    seen = ", ".join(show(key.nodes[child].value) for child in facts.looked)
    who = f"{key.name(node_id)} is a {op} node"
    if facts.prune is not None and facts.prune["pruned"]:
        return (f"{who}: {prune_reason(key, facts.prune)}, so it returns v = {show(facts.value)} at once "
                f"({names([key.name(c) for c in facts.prune['pruned']])} pruned){_bound_words(key, facts)}")
    return f"{who}: v = {op}({seen}) over the children it looks at, so it returns {show(facts.value)}{_bound_words(key, facts)}"


def chance_value(key: AnswerKey, facts: NodeFacts) -> str:
    """"C is a chance node: v = 0.5 × 1 + 0.5 × 9 = 5 (the outcomes' values weighted by their probabilities)"."""
    terms = " + ".join(f"{probability(key.nodes[child].probability or 0.0)} × {show(key.nodes[child].value)}"
                       for child in facts.looked)
    return (f"{key.name(facts.id)} is a chance node: v = {terms} = {show(facts.value)} "
            "(the outcomes' values weighted by their probabilities)")


def maxn_value(key: AnswerKey, facts: NodeFacts) -> str:
    """"R2 is player B's node: it keeps the child vector whose second component is highest, ⟨1, 5, 2⟩ from R2a (5
    against 4 from R2b)"; a tie keeps the first such child, as MAXN-VALUE's strict u[p] > v[p] does."""
    assert key.players is not None
    p = key.players.index(facts.player)
    vectors = [(child, key.nodes[child].value) for child in facts.looked]
    best, vector = vectors[0]
    for child, u in vectors[1:]:
        if u[p] > vector[p]:  # type: ignore[index]
            best, vector = child, u
    others = [f"{show(u[p])} from {key.name(child)}" for child, u in vectors if child != best]  # type: ignore[index]
    tie = any(u[p] == vector[p] for child, u in vectors if child != best)  # type: ignore[index]
    why = (f"{show(vector[p])} against {names(others)}" if others else "its only child")  # type: ignore[index]
    return (f"{key.name(facts.id)} is player {facts.player}'s node: it keeps the child vector whose {ORDINALS[p]} component "
            f"is highest, {show(vector)} from {key.name(best)} ({why}{'; a tie keeps the first' if tie else ''})")


def other_form(key: AnswerKey, node_id: str, returns: str) -> tuple[float, str] | None:
    """At a cut, the value the other form of alpha-beta returns and a sentence naming the two forms:
    a student who follows the slides' figure (fail-hard: return α or β) on an exercise that asks for the
    pseudocode's v, or the other way round, is told which form the exercise asks for. None elsewhere."""
    prune = key.nodes[node_id].prune
    if prune is None:
        return None
    g = "α" if prune["cut"] == "alpha" else "β"
    if returns == "bound":
        v = number(prune["v"])
        return v, (f"{show(v)} is v, what the slides' pseudocode returns; this exercise asks for the fail-hard form "
                   f"(the slides' figure), which returns the bound it was cut against, {g}")
    edge = number(prune[prune["cut"]])
    return edge, (f"{show(edge)} is {g}, what the fail-hard form (the slides' figure) returns; this exercise asks for "
                  "the slides' pseudocode, which returns v")


def _bound_words(key: AnswerKey, facts: NodeFacts) -> str:
    """": a bound, not its value: C is at most 2" when what the node returned is only a bound."""
    if facts.bound is None:
        return ""
    return f": a bound, not its value: {key.name(facts.id)} is {'at most' if facts.bound == 'upper' else 'at least'} {show(facts.value)}"


def bound(key: AnswerKey, node_id: str) -> str:
    """Where a node's window comes from: the root's is (−∞, +∞); a child gets its parent's α and β as they are then."""
    facts = key.nodes[node_id]
    if facts.visit_seq is None:
        return f"{key.name(node_id)} is never visited ({_skipped_because(key, node_id)}), so it receives no window: leave it empty"
    assert facts.window is not None
    if facts.parent is None:
        return f"{key.name(node_id)} is the root: the search calls {_call(facts)}({key.name(node_id)}, −∞, +∞)"
    parent = key.nodes[facts.parent]
    changes = [change for change in parent.changes if parent.looked.index(change["after"]) < parent.looked.index(node_id)]
    if not changes:
        return f"{key.name(node_id)} receives {key.name(parent.id)}'s window as {key.name(parent.id)} received it: {window(facts.window)}"
    last = changes[-1]
    name = GREEK[last["bound"]]
    rule = "α ← MAX(α, v)" if last["bound"] == "alpha" else "β ← MIN(β, v)"
    return (f"{key.name(node_id)} receives {key.name(parent.id)}'s window {window(facts.window)}: {name} = {show(last['new'])} since "
            f"{key.name(last['after'])} returned and {rule} ran at {key.name(parent.id)}")


def _call(facts: NodeFacts) -> str:
    return "MAX-VALUE" if facts.player == "max" else "MIN-VALUE"


def _skipped_because(key: AnswerKey, node_id: str) -> str:
    prune = key.skipping_prune(node_id)
    assert prune is not None
    return prune_reason(key, prune) + (f", so {key.name(key.pruned_ancestor(node_id))} is pruned")
