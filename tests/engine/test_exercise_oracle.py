"""Practice checking against an independent oracle (review of issue 11): a from-scratch alpha-beta
over TreeNode, written from the lecture slides (AIMA 4th ed. §5.2.3) and sharing no code with the
engine, gives the values each visited internal node returns, the window each visited node receives
and the children each prune skips; the exercise's own answer (model_answer) must be exactly that, for both tie rules
and for minimax, on random trees and on the shapes that trip a checker (ties, single children, deep
chains, negative and fractional values, a node's player not alternating)."""

from __future__ import annotations

import math
import re
from typing import Any

from hypothesis import given, settings, strategies as st

from search.practice import Exercise, check_answer, model_answer
from search.trees.node import TreeNode
from search.trees.parse import tree_from_json
from tests.helpers.strategies import shorthand, ties

ALL = ("values", "bounds", "pruned")


class Oracle:
    """MAX-VALUE / MIN-VALUE as the slides write them; `ties="explore"` makes the tests strict."""

    def __init__(self, ties: str) -> None:
        self.ties = ties
        self.values: dict[str, float] = {}
        self.windows: dict[str, tuple[float, float]] = {}
        self.pruned: list[str] = []
        self.visited: list[str] = []

    def cut_beta(self, v: float, beta: float) -> bool:
        return v >= beta if self.ties == "prune" else v > beta

    def cut_alpha(self, v: float, alpha: float) -> bool:
        return v <= alpha if self.ties == "prune" else v < alpha

    def value(self, node: TreeNode, alpha: float, beta: float) -> float:
        self.visited.append(node.id)
        self.windows[node.id] = (alpha, beta)
        if not node.children:
            return node.value  # type: ignore[return-value]
        if node.player == "max":
            v = -math.inf
            for i, child in enumerate(node.children):
                v = max(v, self.value(child, alpha, beta))
                if self.cut_beta(v, beta):
                    self.pruned += [c.id for c in node.children[i + 1:]]
                    break
                alpha = max(alpha, v)
        else:
            v = math.inf
            for i, child in enumerate(node.children):
                v = min(v, self.value(child, alpha, beta))
                if self.cut_alpha(v, alpha):
                    self.pruned += [c.id for c in node.children[i + 1:]]
                    break
                beta = min(beta, v)
        self.values[node.id] = v
        return v


def plain_minimax(node: TreeNode, values: dict[str, float]) -> float:
    if not node.children:
        return node.value  # type: ignore[return-value]
    found = [plain_minimax(child, values) for child in node.children]
    values[node.id] = max(found) if node.player == "max" else min(found)
    return values[node.id]


def as_json(x: float) -> Any:
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return x


def oracle_answer(root: TreeNode, tie_rule: str) -> dict[str, Any]:
    oracle = Oracle(tie_rule)
    oracle.value(root, -math.inf, math.inf)
    return {"values": oracle.values, "bounds": {n: [as_json(a), as_json(b)] for n, (a, b) in oracle.windows.items()},
            "pruned": oracle.pruned}


def assert_agrees(tree: Any, tie_rule: str) -> None:
    ex = Exercise(tree_from_json(tree), "alphabeta", tie_rule, ALL)
    mine = model_answer(ex)
    expected = oracle_answer(tree_from_json(tree), tie_rule)
    assert mine["values"] == expected["values"]
    assert mine["bounds"] == expected["bounds"]
    assert mine["pruned"] == expected["pruned"]  # the same children, in search order
    assert check_answer(ex, expected)["correct"]
    mm = Exercise(tree_from_json(tree), "minimax", "prune", ("values",))
    mm_values: dict[str, float] = {}
    plain_minimax(tree_from_json(tree), mm_values)
    assert model_answer(mm) == {"values": mm_values}
    assert check_answer(mm, {"values": mm_values})["correct"]


@settings(max_examples=100, deadline=None)
@given(shorthand, ties)
def test_the_exercise_answer_is_the_oracles_on_random_trees(tree: Any, tie_rule: str) -> None:
    assert_agrees(tree, tie_rule)


few_values = st.sampled_from([-2, -1, 0, 0.5, 1, 1.25])  # many ties, negatives and fractions
dup_shorthand = st.recursive(few_values, lambda kids: st.lists(kids, min_size=1, max_size=3), max_leaves=30).filter(
    lambda t: isinstance(t, list))


@settings(max_examples=100, deadline=None)
@given(dup_shorthand, ties)
def test_the_oracle_agrees_on_trees_full_of_ties_negatives_and_fractions(tree: Any, tie_rule: str) -> None:
    assert_agrees(tree, tie_rule)


@st.composite
def object_trees(draw: st.DrawFn, depth: int = 0, prefix: str = "n") -> dict[str, Any]:
    """Object-form trees whose players need not alternate (MAX under MAX happens in real trees)."""
    player = draw(st.sampled_from(["max", "min"]))
    if depth >= 4 or (depth > 0 and draw(st.booleans())):
        return {"id": prefix, "player": player, "value": draw(few_values)}
    count = draw(st.integers(1, 3))
    return {"id": prefix, "player": player,
            "children": [draw(object_trees(depth + 1, f"{prefix}{i}")) for i in range(count)]}


@settings(max_examples=100, deadline=None)
@given(object_trees(), ties)
def test_the_oracle_agrees_when_players_do_not_alternate(tree: dict[str, Any], tie_rule: str) -> None:
    if "children" not in tree:
        return
    assert_agrees(tree, tie_rule)


def test_the_oracle_agrees_on_a_deep_chain_and_single_children() -> None:
    chain: Any = [-3.5]
    for _ in range(38):
        chain = [chain]
    for tie_rule in ("prune", "explore"):
        assert_agrees(chain, tie_rule)
        assert_agrees([[[1]], [[1], [0]], [[2, 2]]], tie_rule)


SENTENCE_TEST = re.compile(r"v = (\S+) ([≤<≥>]) ([αβ]) = (\S+)")


def number_of(text: str) -> float:
    text = text.rstrip(",").replace("−", "-")
    return {"+∞": math.inf, "-∞": -math.inf}.get(text, None) if "∞" in text else float(text)  # type: ignore[return-value]


def holds(a: float, sign: str, b: float) -> bool:
    return {"≤": a <= b, "<": a < b, "≥": a >= b, ">": a > b}[sign]


@settings(max_examples=100, deadline=None)
@given(dup_shorthand, ties, st.data())
def test_every_test_a_sentence_quotes_is_true_and_names_the_tie_rules_sign(tree: Any, tie_rule: str,
                                                                             data: st.DataObject) -> None:
    """Each "v = a ≤ α = b" in any feedback is a true statement with the numbers of the search,
    and a prune's sign is the tie rule's (≤ ≥ with prune; < > with explore)."""
    ex = Exercise(tree_from_json(tree), "alphabeta", tie_rule, ALL)
    oracle = oracle_answer(tree_from_json(tree), tie_rule)
    every_node = [node.id for node in ex.tree.walk()]
    marks = data.draw(st.lists(st.sampled_from(every_node), unique=True, max_size=6))
    result = check_answer(ex, {"pruned": marks})
    for mistake in check_answer(ex, {})["mistakes"]:
        backed = re.search(r"v = (MAX|MIN)\((.*?)\) over the children it looks at, so it returns (\S+);", mistake["explanation"])
        if backed:
            seen = [number_of(x) for x in backed.group(2).split(", ")]
            returned = (max if backed.group(1) == "MAX" else min)(seen)
            assert returned == number_of(backed.group(3)) == oracle["values"][mistake["node"]], mistake
    cut_signs = {"≤", "≥"} if tie_rule == "prune" else {"<", ">"}
    for mistake in result["mistakes"]:
        for v, sign, _, bound in SENTENCE_TEST.findall(mistake["explanation"]):
            assert holds(number_of(v), sign, number_of(bound)), mistake
            if mistake["kind"] == "missed_prune" or "pruned" in mistake["explanation"].split(":")[-1]:
                assert sign in cut_signs or mistake["kind"] == "extra_prune", mistake
        if mistake["kind"] == "missed_prune":
            assert mistake["node"] in oracle["pruned"]
        if mistake["kind"] == "extra_prune":
            assert mistake["node"] not in oracle["pruned"] and mistake["node"] in marks
        if mistake["kind"] == "value" and "expected" in mistake:
            assert mistake["expected"] == oracle["values"][mistake["node"]]
