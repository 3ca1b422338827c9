"""One validator for every way a tree comes in: each bad input is named, with where it is."""

from __future__ import annotations

import json

import pytest

import search.trees.parse
from search import InputError, limits, parse_request, parse_tree_text, tree_from_json
from search.trees.parse import check_estimates


def error_of(text: str) -> str:
    with pytest.raises(InputError) as caught:
        parse_tree_text(text)
    return str(caught.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"id":"A","children":[{"id":"B","value":1},{"id":"C","value":2},{"id":"D","value":"x"}]}',
         "children[2].value: expected a finite number"),
        ('{"id":"A","children":[{"id":"B","children":[{"id":"C"}]}]}',
         "children[0].children[0].value: expected a finite number (a leaf needs a value)"),
        ('{"id":"A","children":[{"id":"B","value":1},{"id":"B","value":2}]}',
         "children[1].id: duplicate id 'B' (also at children[0])"),
        ('{"id":"A","player":"chance","value":1,"bounds":[0,5]}',
         "children: in a tree with bounds a chance node needs children (its outcomes)"),  # without bounds, a leaf
        ('{"id":"A","player":"maxi","value":1}', 'player: expected "max" or "min" or "chance"'),
        ('{"id":"A","value":1,"colour":"red"}', "colour: unknown field"),
        ('{"id":"","value":1}', "id: must not be empty"),  # an id may be left out, not empty
        ('[[3,12,8],[2,"x",6]]', "[1][1]: expected a finite number or a list"),
        ('[[3,12,8],[2,[],6]]', "[1][1]: an empty list is not a node"),
        ('[[1,NaN]]', "NaN is not allowed"),
        ('[[1,Infinity]]', "Infinity is not allowed"),
        ('[[1,-Infinity]]', "-Infinity is not allowed"),
        ('[1, 2', "not valid JSON"),
        ('"A"', "expected a tree"),
        ('[1e300]', "[0]: outside the allowed range"),
        ('{"id":"A","children":[{"id":"B","value":1}],"value":5}', "value: only leaves have a value"),
        ('{"id":"A","children":[{"id":"B","value":true}]}', "children[0].value: expected a finite number"),
        ('{"id":"A","label":"bell\\u0007","value":1}', "label: control characters, line separators and lone surrogates"),
        ('{"id":"A\\u2028","value":1}', "id: control characters, line separators and lone surrogates"),
        # A lone surrogate decodes from JSON but is not text: it could never be written out again.
        ('{"id":"A","children":[{"id":"\\ud800","value":1}]}', "children[0].id: control characters, line separators and lone surrogates"),
        ('{"id":"A","label":"\\udfff x","value":1}', "label: control characters, line separators and lone surrogates"),
    ],
)
def test_bad_trees_are_named_with_their_place(text: str, message: str) -> None:
    assert message in error_of(text)


def test_a_surrogate_pair_is_one_character_and_welcome() -> None:
    assert parse_tree_text('{"id":"A","label":"\\ud83d\\ude00 win","value":1}').label == "\U0001F600 win"


def test_limits_on_nodes_depth_branching_label_and_payload() -> None:
    too_many = [[1] * limits.MAX_BRANCHING for _ in range(limits.MAX_TREE_NODES // limits.MAX_BRANCHING + 1)]
    assert "more than 10,000 nodes" in error_of(json.dumps(too_many))
    deep: object = 1
    for _ in range(limits.MAX_TREE_DEPTH + 1):
        deep = [deep]
    assert "deeper than 40 levels" in error_of(json.dumps(deep))
    assert "more than 50 children" in error_of(json.dumps([list(range(51))]))
    assert "label: longer than 40 characters" in error_of(json.dumps({"id": "A", "label": "x" * 41, "value": 1}))
    assert "bytes; the limit is" in error_of("[" + " " * limits.MAX_PAYLOAD_BYTES + "1]")


def test_hostile_nesting_is_an_error_not_a_crash() -> None:
    assert "deeper than 40 levels" in error_of("[" * 100_000 + "]" * 100_000)
    node: dict[str, object] = {"id": "x", "value": 1}
    for i in range(10_000):
        node = {"id": f"n{i}", "children": [node]}
    with pytest.raises(InputError, match="deeper than 40 levels"):
        tree_from_json(node)


def test_shorthand_names_nodes_as_the_lecture_does() -> None:
    root = tree_from_json([[3, 12, 8], [2, [4, 5], 6]])
    assert [n.id for n in root.walk()] == ["A", "B", "B1", "B2", "B3", "C", "C1", "C2", "C2a", "C2b", "C3"]
    assert [n.player for n in root.walk()][:3] == ["max", "min", "max"]


def test_players_alternate_from_a_max_root_unless_given() -> None:
    root = tree_from_json({"id": "R", "children": [{"id": "a", "children": [{"id": "b", "value": 1}]},
                                                   {"id": "c", "player": "max", "children": [{"id": "d", "value": 2}]}]})
    assert [(n.id, n.player) for n in root.walk()] == [("R", "max"), ("a", "min"), ("b", "max"), ("c", "max"), ("d", "min")]


def test_depth_limit_needs_an_estimate_where_it_cuts() -> None:
    root = tree_from_json({"id": "A", "children": [{"id": "B", "eval": 4, "children": [{"id": "B1", "value": 1}]},
                                                   {"id": "C", "children": [{"id": "C1", "value": 2}]}]})
    with pytest.raises(InputError, match=r"children\[1\]\.eval: node 'C' is cut off by the depth limit 1"):
        check_estimates(root, 1)
    check_estimates(root, 2)


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        ({"example": "lecture", "algorithm": "bfs"}, "algorithm: expected one of minimax, alphabeta"),
        ({"example": "lecture", "depth": -1}, "depth: expected a whole number"),
        ({"example": "lecture", "depth": 2.5}, "depth: expected a whole number"),
        ({"example": "lecture", "ties": "maybe"}, "ties: expected one of prune, explore"),
        ({"example": "nope"}, "example: unknown example 'nope'"),
        ({"example": "lecture", "tree": [1]}, "give exactly one of example, tree or game"),
        ({"tree": {"id": "A", "children": [{"id": "B", "value": "x"}]}}, "tree.children[0].value: expected a finite number"),
        ({"game": "chess"}, "game: expected one of tictactoe, isolation"),
        ({"game": "tictactoe", "state": "XXXXO...."}, "state: X moves first"),
        ({"game": "tictactoe", "state": "XOZ......"}, "state[2]: expected X, O or '.'"),
        ({"game": "isolation", "state": "......"}, "state[5]: the lower-right cell is blocked"),
        ({"game": "isolation", "state": "2....#"}, "does not fit player 1"),
        ({"game": "isolation", "estimate": "magic"}, "estimate: expected one of zero, mobility"),
        ({"example": "lecture", "extra": 1}, "extra: unknown field"),
        ([1, 2], "expected an object"),
        ({"example": []}, "example: expected a name: lecture"),
        ({"example": {}}, "example: expected a name: lecture"),
        ({"game": "isolation", "estimate": [1]}, "estimate: expected a name"),
        ({"game": ["tictactoe"]}, "game: expected one of tictactoe, isolation"),
    ],
)
def test_bad_requests_are_named(request_: object, message: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_request(request_)
    assert message in str(caught.value)


def test_generated_shorthand_ids_respect_the_id_limit() -> None:
    deep: object = list(range(1, 12))  # an eleventh child gets a two-digit suffix
    for _ in range(limits.MAX_TREE_DEPTH - 1):
        deep = [deep]
    with pytest.raises(InputError, match="generated id .* is longer than 40 characters"):
        tree_from_json(deep)


def test_minimax_records_no_tie_rule_of_its_own() -> None:
    assert parse_request({"example": "lecture", "algorithm": "minimax", "ties": "explore"}).ties == "prune"


# ---- nodes given without an id: named by the shorthand's rule (search/trees/parse.py) ----

def ids(data: object) -> list[str]:
    return [node.id for node in tree_from_json(data).walk()]


def test_a_node_without_an_id_gets_the_shorthands_name_for_its_place() -> None:
    root = tree_from_json({"children": [{"value": 3}, {"children": [{"value": 2}, {"value": 4, "label": "four"}]}]})
    assert [(n.id, n.label) for n in root.walk()] == [("A", "A"), ("B", "B"), ("C", "C"), ("C1", "C1"), ("C2", "four")]
    # The same names as the shorthand gives the same tree.
    assert ids({"children": [{"value": 3}, {"children": [{"value": 2}, {"value": 4}]}]}) == ids([3, [2, 4]])


def test_a_taken_name_passes_to_the_next_one_free() -> None:
    # The editor's Add child: a new last child of A, whose siblings are B and D.
    assert ids({"id": "A", "children": [{"id": "B", "value": 1}, {"id": "D", "value": 2}, {"value": 0}]}) == ["A", "B", "D", "E"]
    # An id given anywhere in the tree is taken, even one that comes later in tree order.
    assert ids({"id": "A", "children": [{"value": 1}, {"id": "B", "value": 2}, {"value": 3}]}) == ["A", "C", "B", "D"]
    assert ids({"id": "A", "children": [{"children": [{"value": 1}, {"value": 2}]}, {"id": "B1", "value": 3}]}) == [
        "A", "B", "B2", "B3", "B1"]
    # A given id that repeats is still an error, named where it repeats.
    assert "children[2].id: duplicate id 'B'" in error_of('{"children":[{"id":"B","value":1},{"value":2},{"id":"B","value":3}]}')
    assert "id: the root needs an id" in error_of('{"children":[{"id":"A","value":1}]}')


def test_names_down_a_deep_tree_and_the_id_length_limit() -> None:
    # 40 levels of unnamed nodes: A, B, B1, B1a, B1a1, ... the deepest name is 40 characters.
    chain: dict[str, object] = {"value": 1}
    for _ in range(limits.MAX_TREE_DEPTH):
        chain = {"children": [chain]}
    names = ids(chain)
    assert names[:5] == ["A", "B", "B1", "B1a", "B1a1"] and len(names[-1]) == limits.MAX_LABEL_LENGTH
    # Under a long given id, a generated name over 40 characters is refused, as the shorthand's are.
    long_id = "x" * (limits.MAX_LABEL_LENGTH - 1)
    fits = {"id": "A", "children": [{"id": "B", "children": [{"id": long_id, "children": [{"value": 1}]}]}]}
    assert ids(fits)[-1] == long_id + "a"
    too_long = {"id": "A", "children": [{"id": "B", "children": [{"id": long_id, "children": [{"children": [{"value": 1}]}]}]}]}
    assert error_of(json.dumps(too_long)) == (
        "children[0].children[0].children[0].children[0]: its generated id xxxxxxxxxxxx... is longer than 40 characters: give it an id")


@pytest.mark.parametrize("tree, said", [([], ""), ([[3, 12], []], "[1]: ")])
def test_an_empty_list_is_named_where_jsonschema_cannot_be_installed(monkeypatch: pytest.MonkeyPatch, tree: list,
                                                                      said: str) -> None:
    """The JupyterLite site's Pyodide has no jsonschema (it needs rpds-py): the parser names the one shorthand shape
    only the schema refused, in the schema's words."""
    monkeypatch.setattr(search.trees.parse, "_check_schema", lambda data, kind: None)
    with pytest.raises(InputError) as raised:
        tree_from_json(tree)
    assert str(raised.value) == f"{said}an empty list is not a node: give leaf values or sub-lists"
