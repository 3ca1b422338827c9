"""Chance nodes (expectiminimax, alpha-beta over bounds) and several players (max^n): values on random
trees against small reference implementations written here from the definitions in AIMA 4th ed.
(§5.5, §5.2.2), the validator's errors, the refusals, the CLI and the socket."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from search.errors import InputError
from search.request import parse_request
from search.traces.recorder import Recorder
from search.traces.schema import check_event
from search.trees.parse import tree_from_json
from server import create_app, socketio_of
from tests.helpers.cli import run_cli
from tests.helpers.live_server import isolated_config
from tests.helpers.socket_client import SearchClient, named, receive_until, received_events

LO, HI = 0, 10


# --- random trees, as JSON, every player given -------------------------------------------------
@st.composite
def chance_trees(draw: st.DrawFn, depth: int = 0) -> dict[str, Any]:
    """A tree of MAX, MIN and chance nodes with leaf values in [LO, HI]; a chance node's children
    carry probabilities (integer weights normalised) or none (uniform)."""
    if depth >= 4 or (depth > 0 and draw(st.booleans())):
        return {"value": draw(st.integers(LO, HI))}
    player = draw(st.sampled_from(["max", "min", "chance"]))
    children = [draw(chance_trees(depth + 1)) for _ in range(draw(st.integers(1, 3)))]
    for child in children:
        child.setdefault("player", draw(st.sampled_from(["max", "min"])))
    if player == "chance" and draw(st.booleans()):
        weights = [draw(st.integers(1, 4)) for _ in children]
        for child, w in zip(children, weights):
            child["probability"] = w / sum(weights)
    return {"player": player, "children": children}


def emm_reference(node: dict[str, Any]) -> float:
    """Expectiminimax (AIMA 4th ed. §5.5), from its four cases."""
    if "children" not in node:
        return node["value"]
    values = [emm_reference(c) for c in node["children"]]
    if node["player"] == "max":
        return max(values)
    if node["player"] == "min":
        return min(values)
    chances = [c.get("probability", 1 / len(values)) for c in node["children"]]
    return sum(p * v for p, v in zip(chances, values))


@st.composite
def players_trees(draw: st.DrawFn) -> dict[str, Any]:
    names = ["A", "B", "C", "D"][: draw(st.integers(2, 4))]

    def node(depth: int) -> dict[str, Any]:
        if depth >= 4 or (depth > 0 and draw(st.booleans())):
            return {"player": draw(st.sampled_from(names)), "value": [draw(st.integers(0, 9)) for _ in names]}
        return {"player": draw(st.sampled_from(names)), "children": [node(depth + 1) for _ in range(draw(st.integers(1, 3)))]}

    return {"players": names, **node(0)}


def maxn_reference(node: dict[str, Any], names: list[str]) -> list[float]:
    """Max^n (AIMA 4th ed. §5.2.2): each player takes the child best in its own component; the first on ties."""
    if "children" not in node:
        return node["value"]
    p = names.index(node["player"])
    best: list[float] | None = None
    for child in node["children"]:
        u = maxn_reference(child, names)
        if best is None or u[p] > best[p]:
            best = u
    assert best is not None
    return best


def run(request: dict[str, Any]) -> tuple[Any, list[dict[str, Any]]]:
    recorder = Recorder()
    result = parse_request(request).run(recorder)
    return result, recorder.events()


# --- properties -----------------------------------------------------------------------------------
@settings(max_examples=100, deadline=None)
@given(chance_trees())
def test_expectiminimax_value_is_the_textbook_definition(tree: dict[str, Any]) -> None:
    result, events = run({"tree": tree, "algorithm": "expectiminimax"})
    assert math.isclose(result.value, emm_reference(tree), rel_tol=1e-9, abs_tol=1e-9)
    for event in events:
        check_event(event)
        if event["type"] == "backup" and event["op"] == "chance":
            assert event["term"] == event["probability"] * event["child_value"]
            assert event["v_after"] == event["v_before"] + event["term"]


@settings(max_examples=100, deadline=None)
@given(chance_trees(), st.sampled_from(["prune", "explore"]))
def test_bounded_alphabeta_over_chance_nodes_equals_expectiminimax(tree: dict[str, Any], ties: str) -> None:
    bounded = {**tree, "bounds": [LO, HI]}
    result, events = run({"tree": bounded, "algorithm": "alphabeta", "ties": ties})
    full, _ = run({"tree": bounded, "algorithm": "expectiminimax"})
    assert math.isclose(result.value, emm_reference(tree), rel_tol=1e-9, abs_tol=1e-9)
    assert result.visited <= full.visited and result.baseline == {"visited": full.visited, "leaves": full.leaves}
    for event in events:
        check_event(event)
    tests = [e for e in events if e["type"] == "test" and "rest" in e]
    for test in tests:  # reach is v with the unseen outcomes at the bound the test names
        assert test["reach"] == test["v"] + test["rest"] * (HI if "hi" in test["test"] else LO)


@settings(max_examples=100, deadline=None)
@given(players_trees())
def test_maxn_value_and_move_are_the_textbook_definition(tree: dict[str, Any]) -> None:
    result, events = run({"tree": tree, "algorithm": "maxn"})
    assert result.value == maxn_reference(tree, tree["players"])
    if "children" in tree:
        values = [maxn_reference(c, tree["players"]) for c in tree["children"]]
        assert result.move == tree_from_json(tree).children[values.index(result.value)].id
    for event in events:
        check_event(event)
        if event["type"] == "backup":
            assert event["op"] == "maxn" and event["mover"] in tree["players"]


# --- the examples ----------------------------------------------------------------------------------
def test_the_chance_example_differs_from_a_pessimist_and_prunes_with_bounds() -> None:
    result, events = run({"example": "chance", "algorithm": "expectiminimax"})
    assert (result.value, result.move) == (5, "C")
    backups = [e for e in events if e["type"] == "backup" and e["node"] == "D"]
    assert [(b["probability"], b["term"], b["v_before"], b["v_after"]) for b in backups] == [
        (0.75, 1.5, 0, 1.5), (0.25, 1.0, 1.5, 2.5)]
    assert [e["v"] for e in events if e["type"] == "init" and e["node"] == "B"] == [0]
    bounded, events = run({"example": "chance-bounded", "algorithm": "alphabeta"})
    assert (bounded.value, bounded.move, bounded.prunes, bounded.pruned) == (5, "C", 1, 1)
    prune = next(e for e in events if e["type"] == "prune")
    assert (prune["node"], prune["pruned"], prune["test"], prune["v"], prune["alpha"]) == (
        "D", ["D2"], "v + rest * hi <= alpha", 4.0, 5.0)
    test = next(e for e in events if e["type"] == "test" and e["holds"])
    assert (test["v"], test["rest"], test["reach"]) == (1.5, 0.25, 4.0)


def test_the_three_players_example_is_the_textbook_figure() -> None:
    result, events = run({"example": "three-players", "algorithm": "maxn"})
    assert (result.value, result.move) == ([1, 2, 6], "R1")
    first = next(e for e in events if e["type"] == "backup")
    assert (first["node"], first["v_before"], first["v_after"], first["mover"]) == ("R1a", None, [1, 2, 6], "C")
    assert next(e for e in events if e["type"] == "init")["v"] is None
    visit = next(e for e in events if e["type"] == "visit" and e["node"] == "R1")
    assert visit["player"] == "B"


# --- the validator and the refusals --------------------------------------------------------------
def chance(*children: dict[str, Any], **root: Any) -> dict[str, Any]:
    return {"id": "A", "player": "chance", "children": list(children), **root}


@pytest.mark.parametrize(("tree", "message"), [
    (chance({"value": 1, "probability": 0.5}, {"value": 2}),
     "children[1].probability: required: the other outcomes of this chance node have one"),
    (chance({"value": 1, "probability": 0.5}, {"value": 2, "probability": 0.4}),
     "children: the probabilities of this chance node's outcomes sum to 0.9, not 1"),
    (chance({"value": 1, "probability": 0}, {"value": 2, "probability": 1}),
     "children[0].probability: a probability is more than 0 and at most 1"),
    (chance({"value": 1, "probability": "half"}), "children[0].probability: expected a finite number"),
    ({"id": "A", "children": [{"value": 1, "probability": 1}]},
     "children[0].probability: only a chance node's children have a probability (this node's player is max)"),
    ({"id": "A", "player": "chance", "value": 3, "bounds": [0, 5]},
     "children: in a tree with bounds a chance node needs children"),  # without bounds, a leaf like any other
    (chance({"value": 1}, {"value": 12}, bounds=[0, 10]), "children[1].value: 12 is outside the root's bounds [0, 10]"),
    (chance({"value": 1}, bounds=[5, 5]), "bounds: expected [lo, hi] with lo < hi"),
    (chance({"value": 1}, bounds=[5]), "bounds: expected two numbers [lo, hi]"),
    ({"id": "A", "children": [{"value": 1, "bounds": [0, 1]}]}, "children[0].bounds: only the root declares bounds"),
    ({"players": ["A", "B"], "children": [{"value": [1, 2]}, {"value": 3}]},
     "children[1].value: expected a list of 2 numbers, one for each of A, B"),
    ({"players": ["A", "B"], "children": [{"value": [1, 2, 3]}]}, "children[0].value: expected a list of 2 numbers"),
    ({"players": ["A", "B"], "children": [{"player": "max", "value": [1, 2]}]},
     'children[0].player: expected one of the root\'s players: "A", "B"'),
    ({"players": ["A", "A"], "children": [{"value": [1, 2]}]}, "players: the names must all be different"),
    ({"players": ["A"], "children": [{"value": [1]}]}, "players: expected 2 to 8 names"),
    ({"players": ["A", "chance"], "children": [{"value": [1, 2]}]}, 'players[1]: "chance" names chance nodes'),
    ({"players": ["A", "B"], "children": [{"value": [1, float("inf")]}]}, "children[0].value[1]: outside the allowed range"),
    ({"id": "A", "children": [{"value": [1, 2]}]}, 'children[0].value: expected a finite number (a list of values needs "players"'),
    ({"id": "A", "children": [{"player": "Bob", "value": 1}]}, 'children[0].player: expected "max" or "min" or "chance"'),
])
def test_bad_chance_and_players_trees_are_named_with_their_place(tree: dict[str, Any], message: str) -> None:
    with pytest.raises(InputError) as caught:
        tree_from_json(tree)
    assert message in str(caught.value)


@pytest.mark.parametrize(("request_", "message"), [
    ({"example": "chance", "algorithm": "alphabeta"},
     'algorithm: node \'B\' is a chance node: alpha-beta can prune there only when the tree declares value bounds; '
     'use expectiminimax, or give the root "bounds": [lo, hi]'),
    ({"example": "chance", "algorithm": "minimax"}, "use expectiminimax"),
    ({"example": "chance-bounded", "algorithm": "minimax"}, "use expectiminimax"),
    ({"example": "three-players", "algorithm": "alphabeta"}, "use maxn"),
    ({"example": "three-players", "algorithm": "minimax"}, "use maxn"),
    ({"example": "three-players", "algorithm": "expectiminimax"}, "use maxn"),
    ({"example": "lecture", "algorithm": "maxn"}, 'max^n needs a tree whose root lists "players"'),
    ({"game": "tictactoe", "algorithm": "maxn"}, "for a game use minimax or alphabeta"),
    ({"game": "isolation", "algorithm": "expectiminimax"}, "for a game use minimax or alphabeta"),
])
def test_an_algorithm_that_does_not_fit_the_tree_is_refused_saying_what_would(request_: dict[str, Any], message: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_request(request_)
    assert message in str(caught.value)


def test_expectiminimax_on_a_plain_tree_is_minimax() -> None:
    assert run({"example": "lecture", "algorithm": "expectiminimax"})[0].value == 3
    limited, events = run({"example": "lecture-estimates", "algorithm": "expectiminimax", "depth": 1})
    assert limited.value == 8 and any(e["type"] == "leaf" and e["line"] == "emm.cutoff" for e in events)


# --- CLI and socket ------------------------------------------------------------------------------------
cli = run_cli


def test_cli_traces_the_examples_and_refuses_what_does_not_fit(tmp_path: Any) -> None:
    for example, algorithm, value in [("chance", "expectiminimax", 5), ("chance-bounded", "alphabeta", 5),
                                      ("three-players", "maxn", [1, 2, 6])]:
        done = cli("trace", "--example", example, "--algorithm", algorithm)
        assert done.returncode == 0, done.stderr
        events = [json.loads(line) for line in done.stdout.splitlines()]
        assert events[-1]["value"] == value and events[0]["algorithm"] == algorithm
    tree = tmp_path / "coin.json"
    tree.write_text(json.dumps(chance({"value": 1}, {"value": 4})))
    done = cli("trace", str(tree), "--algorithm", "expectiminimax")
    assert json.loads(done.stdout.splitlines()[-1])["value"] == 2.5
    refused = cli("trace", str(tree), "--algorithm", "alphabeta")
    assert refused.returncode == 2 and "use expectiminimax, or give the root \"bounds\"" in refused.stderr
    assert len(refused.stderr.splitlines()) == 1
    refused = cli("trace", "--game", "tictactoe", "--algorithm", "maxn")
    assert refused.returncode == 2 and "for a game use minimax or alphabeta" in refused.stderr


def test_cli_pseudocode_lists_the_textbook_cases() -> None:
    texts = lambda *args: [line["text"].strip() for line in json.loads(cli("pseudocode", *args).stdout)]  # noqa: E731
    emm = texts("--algorithm", "expectiminimax")
    assert "if TO-MOVE(s) = CHANCE then   (v = Σ r P(r) · EMINIMAX(RESULT(s, r)))" in emm  # written out as it is summed:
    assert emm[emm.index("v ← 0"):][:4] == ["v ← 0", "for each outcome r of s, with probability P(r) do",
                                           "v ← v + P(r) · EMINIMAX(RESULT(s, r))", "return v"]
    assert "if TERMINAL-TEST(s) then return UTILITY(s)" in emm
    assert "if v = none or u[p] > v[p] then v ← u" in texts("--algorithm", "maxn")
    assert "if v + rest × hi ≤ α then return v + rest × hi" in texts("--algorithm", "alphabeta", "--chance")


def test_the_socket_streams_a_chance_search_and_refuses_a_misfit() -> None:
    app = create_app(isolated_config())
    client = socketio_of(app).test_client(app, namespace="/search")
    client.emit("search:start", {"example": "chance-bounded", "algorithm": "alphabeta"}, namespace="/search")
    messages = receive_until(client, named("search:done"), "search:done")
    started = messages[0]["args"][0]
    assert "chance.test" in [line["id"] for line in started["pseudocode"]]
    events = received_events(messages)
    assert [e["node"] for e in events if e["type"] == "prune"] == ["D"]
    assert events[-1]["value"] == 5
    client.emit("search:start", {"example": "chance", "algorithm": "alphabeta"}, namespace="/search")
    messages = receive_until(client, named("search:error"), "search:error")
    assert "use expectiminimax" in next(m for m in messages if m["name"] == "search:error")["args"][0]["error"]


def test_a_real_socket_client_gets_the_maxn_vectors(client: SearchClient) -> None:
    client.start({"example": "three-players", "algorithm": "maxn"})
    assert client.wait() == "search:done"
    assert client.result()["value"] == [1, 2, 6]
