"""A tree written back as the nested-list shorthand (search/trees/shorthand.py), or why it cannot be."""

from __future__ import annotations

import json

import pytest

from search import InputError, tree_from_json
from search.trees.shorthand import to_shorthand

LECTURE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def reason(data: object) -> str:
    with pytest.raises(InputError) as caught:
        to_shorthand(tree_from_json(data))
    return str(caught.value)


def test_the_lecture_comes_back_as_it_was_typed() -> None:
    shorthand = to_shorthand(tree_from_json(LECTURE))
    assert shorthand.text == "[[3,12,8],[2,4,6],[14,5,2]]" and shorthand.renamed == []


def test_other_ids_are_renamed_and_listed_in_tree_order() -> None:
    tree = {"id": "root", "children": [{"id": "x", "value": -2}, {"id": "C", "children": [{"id": "C1", "value": 7.5}]}]}
    shorthand = to_shorthand(tree_from_json(tree))
    assert shorthand.text == "[-2,[7.5]]"
    assert shorthand.renamed == ["root → A", "x → B"]
    # The shorthand read back gives the same values under the names listed.
    again = tree_from_json(json.loads(shorthand.text))
    assert [(n.id, n.value) for n in again.walk()] == [("A", None), ("B", -2), ("C", None), ("C1", 7.5)]


@pytest.mark.parametrize(
    ("tree", "message"),
    [
        ({"id": "A", "value": 1}, "a one-node tree has no shorthand (the shorthand is a list of children)"),
        ({"id": "A", "children": [{"id": "B", "label": "left", "value": 1}]}, "left (id B) has a label, which the shorthand cannot carry"),
        ({"id": "A", "children": [{"id": "B", "eval": 2, "children": [{"id": "B1", "value": 1}]}]},
         "B has an estimate (eval), which the shorthand cannot carry"),
        ({"id": "A", "children": [{"id": "B", "value": 1}, {"id": "C", "player": "max", "value": 2}]},
         "C is MAX out of turn; the shorthand alternates players from a MAX root"),
        ({"id": "A", "player": "min", "children": [{"id": "B", "player": "max", "value": 1}]}, "A is MIN out of turn"),
    ],
)
def test_what_the_shorthand_cannot_carry_is_named(tree: object, message: str) -> None:
    assert message in reason(tree)


def test_the_first_node_in_tree_order_is_the_one_named() -> None:
    tree = {"id": "A", "children": [{"id": "B", "children": [{"id": "B1", "label": "deep", "value": 1}]},
                                    {"id": "C", "label": "shallow", "value": 2}]}
    assert reason(tree) == "deep (id B1) has a label, which the shorthand cannot carry"
