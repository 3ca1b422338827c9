"""Depth limits never dead-end: the lecture tree with estimates runs at every depth, and a refusal
for a missing estimate names the node in a field of its own (the page offers ways forward)."""

from __future__ import annotations

from typing import Any

import pytest

from search import InputError, parse_request
from search.trees.node import EXAMPLES, LECTURE_SHORTHAND
from search.trees.parse import MissingEstimate
from server import create_app, socketio_of
from tests.helpers.live_server import isolated_config
from tests.helpers.socket_client import named, receive_until


def run(request: dict[str, Any]) -> tuple[float, Any]:
    result = parse_request(request).run()
    return result.value, result.move


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta"])
@pytest.mark.parametrize(
    ("depth", "value", "move"),
    [
        (0, 6, None),  # the root's own estimate
        (1, 8, "B"),  # max of the estimates of B, C, D (8, 4, 7)
        (2, 3, "B"),  # the leaves: the lecture's true value
        (None, 3, "B"),
    ],
)
def test_lecture_with_estimates_runs_at_every_depth(algorithm: str, depth: int | None, value: float, move: str | None) -> None:
    assert run({"example": "lecture-estimates", "algorithm": algorithm, "depth": depth}) == (value, move)


def test_the_estimates_are_the_rounded_averages_of_the_leaves_below() -> None:
    tree = EXAMPLES["lecture-estimates"]
    leaves = [[leaf["value"] for leaf in child["children"]] for child in tree["children"]]
    assert leaves == LECTURE_SHORTHAND  # the same tree as the lecture example
    assert [child["eval"] for child in tree["children"]] == [round(sum(row) / len(row)) for row in leaves]
    assert tree["eval"] == round(sum(map(sum, leaves)) / 9)


def test_the_plain_lecture_example_is_unchanged() -> None:
    assert EXAMPLES["lecture"] == [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


@pytest.mark.parametrize(
    ("request_", "where", "node"),
    [
        ({"example": "lecture", "depth": 1}, "children[0].eval", "B"),
        ({"example": "lecture", "depth": 0}, "eval", "A"),
        ({"tree": [[3, 12, 8], [2, 4, 6]], "depth": 1}, "tree.children[0].eval", "B"),
        ({"tree": {"id": "r", "eval": 1, "children": [{"id": "x", "eval": 2, "children": [{"value": 1}]},
                                                      {"id": "y", "children": [{"value": 2}]}]}, "depth": 1},
         "tree.children[1].eval", "y"),
    ],
)
def test_a_missing_estimate_names_the_node_and_where(request_: dict[str, Any], where: str, node: str) -> None:
    with pytest.raises(MissingEstimate) as caught:
        parse_request(request_)
    assert isinstance(caught.value, InputError)
    assert (caught.value.where, caught.value.node, caught.value.depth_limit) == (where, node, request_["depth"])
    assert str(caught.value) == f"{where}: node {node!r} is cut off by the depth limit {request_['depth']} and needs an estimate"


def test_a_bad_tree_is_still_reported_inside_tree() -> None:
    with pytest.raises(InputError, match=r"^tree\[1\]\[0\]: expected a finite number") as caught:
        parse_request({"tree": [[1], ["x"]], "depth": 1})
    assert not isinstance(caught.value, MissingEstimate)


def refusal(request_: dict[str, Any]) -> dict[str, Any]:
    app = create_app(isolated_config())
    client = socketio_of(app).test_client(app, namespace="/search")
    client.emit("search:start", request_, namespace="/search")
    messages = receive_until(client, named("search:error"), "search:error")
    return messages[-1]["args"][0]


def test_the_socket_refusal_carries_the_node_beside_the_message() -> None:
    assert refusal({"example": "lecture", "depth": 1}) == {
        "search": None,
        "error": "children[0].eval: node 'B' is cut off by the depth limit 1 and needs an estimate",
        "missing_estimate": {"node": "B", "where": "children[0].eval", "depth_limit": 1},
    }


def test_other_refusals_keep_their_payload_as_it_was() -> None:
    assert refusal({"example": "lecture", "depth": -1}) == {
        "search": None, "error": "depth: expected a whole number from 0 to 20, or none",
    }
