"""The move-ordering lab and iterative deepening (issue 10, items 3 and 4): the engine against small
independent references (Hypothesis), the CLI, REST against a real server, and the
/search socket with a real Socket.IO client."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from typing import Any

import pytest
import requests
from hypothesis import given, settings, strategies as st

from search import Recorder, TreeGame, tree_from_json
from search.algorithms.alphabeta import alphabeta
from search.algorithms.iterative import iterative_deepening
from search.games.isolation import Isolation
from search.games.tictactoe import TicTacToe
from search.labs.ordering import (
    CURVE_BRANCHINGS,
    DEFAULT_SEED,
    knuth_moore,
    leaf_curve,
    ordered_game,
    ordering_lab,
    reordered_tree,
    survey,
    uniform_tree,
)
from search.request import parse_request
from search.traces.check import canonical_text, read_trace
from search.traces.jsonl import read_events
from search.traces.schema import check_event
from search.trees.parse import MissingEstimate
from tests.helpers.cli import run_cli
from tests.helpers.socket_client import SearchClient
from tests.helpers.strategies import with_estimates

values = st.integers(min_value=-20, max_value=20)
shorthand = st.recursive(values, lambda kids: st.lists(kids, min_size=1, max_size=4), max_leaves=40).filter(
    lambda t: isinstance(t, list))
ties = st.sampled_from(["prune", "explore"])


run = run_cli


def uniform_shorthand(b: int, d: int, leaves: list[int]) -> Any:
    it = iter(leaves)

    def build(level: int) -> Any:
        return next(it) if level == d else [build(level + 1) for _ in range(b)]

    return build(0)


# --- the ordering lab --------------------------------------------------------------------------
def test_the_lecture_tree_in_each_order() -> None:
    lab = ordering_lab(TreeGame(tree_from_json([[3, 12, 8], [2, 4, 6], [14, 5, 2]])))
    rows = {row["ordering"]: (row["leaves"], row["visited"]) for row in lab["orderings"]}
    assert rows == {"given": (7, 11), "best": (5, 9), "worst": (9, 13), "random": (8, 12)}
    assert [row["ordering"] for row in lab["orderings"]] == ["given", "best", "worst", "random"]
    assert lab["minimax_leaves"] == 9 and lab["knuth_moore"] == 5 == 3 ** 1 + 3 ** 1 - 1
    assert lab["uniform"] == {"branching": 3, "depth": 2}
    assert all(row["value"] == 3 and row["move"] == "B" for row in lab["orderings"])


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 4), st.integers(1, 5), st.randoms(use_true_random=False), ties)
def test_best_first_alphabeta_on_a_uniform_tree_of_distinct_leaves_evaluates_exactly_knuth_moore(
        b: int, d: int, rng: Any, tie_rule: str) -> None:
    if b ** d > 1024:
        d = int(math.log(1024, b))
    leaves = list(range(b ** d))
    rng.shuffle(leaves)
    lab = ordering_lab(TreeGame(tree_from_json(uniform_shorthand(b, d, leaves))), ties=tie_rule)  # type: ignore[arg-type]
    best = next(row for row in lab["orderings"] if row["ordering"] == "best")
    assert lab["knuth_moore"] == knuth_moore(b, d) == b ** math.ceil(d / 2) + b ** math.floor(d / 2) - 1
    assert best["leaves"] == lab["knuth_moore"]
    assert all(best["leaves"] <= row["leaves"] <= lab["minimax_leaves"] for row in lab["orderings"])


def test_the_curve_counts_the_leaves_of_the_reordered_trees_the_lab_replays() -> None:
    """leaf_curve orders the nodes alpha-beta reaches (OrderedGame); the lab replays a reordered copy
    of the tree: the same leaves in every ordering."""
    rows = leaf_curve(depths=range(1, 6))
    assert len(rows) == 5 * len(CURVE_BRANCHINGS)
    for row in rows:
        b, d = row["branching"], row["depth"]
        game = TreeGame(uniform_tree(b, d, random.Random(f"{DEFAULT_SEED}:{b}:{d}")))
        for name in ("best", "random", "worst"):
            assert alphabeta(ordered_game(game, name, None)).leaves == row[name], (b, d, name)
        assert row["best"] == row["knuth_moore"]

@settings(max_examples=100, deadline=None)
@given(shorthand, ties, st.integers(0, 1000))
def test_every_ordering_gives_minimax_value_and_a_reordered_tree_of_the_same_nodes(tree: Any, tie_rule: str, seed: int) -> None:
    root = tree_from_json(tree)
    found = survey(TreeGame(root), None)
    lab = ordering_lab(TreeGame(root), None, tie_rule, seed)  # type: ignore[arg-type]
    assert {row["value"] for row in lab["orderings"]} == {found.values[root.id]}
    for name in ("best", "worst", "random"):
        again = reordered_tree(root, name, found.values, seed)
        assert sorted(n.id for n in again.walk()) == sorted(n.id for n in root.walk())
        if name != "random":  # sorted for the mover, stable
            for node in again.walk():
                kids = [found.values[k.id] for k in node.children]
                want = sorted(kids, reverse=(name == "best") == (node.player == "max"))
                assert kids == want


def test_a_game_lab_is_capped_and_says_so() -> None:
    lab = ordering_lab(TicTacToe("X...O...."), 3)
    rows = {row["ordering"]: row["leaves"] for row in lab["orderings"]}
    assert rows["best"] <= rows["given"] <= rows["worst"] <= lab["minimax_leaves"] == 210
    assert lab["knuth_moore"] is None
    done = run("ordering", "--game", "tictactoe", "--depth", "8")
    assert done.returncode == 2 and "200,000 nodes" in done.stderr and "ORDERING_MAX_NODES" in done.stderr


def test_cli_ordering_prints_one_json_object() -> None:
    done = run("ordering", "--example", "lecture")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert set(answer) >= {"orderings", "minimax_leaves", "knuth_moore"}
    assert [(r["ordering"], r["leaves"]) for r in answer["orderings"]] == [("given", 7), ("best", 5), ("worst", 9), ("random", 8)]
    tree = run("ordering", "-", stdin="[[1,2],[3,[4,5]]]")
    assert tree.returncode == 0 and json.loads(tree.stdout)["knuth_moore"] is None
    game = run("ordering", "--game", "tictactoe", "--state", "X...O....", "--depth", "2", "--seed", "7")
    assert game.returncode == 0 and json.loads(game.stdout)["seed"] == 7
    assert run("ordering", "--game", "tictactoe").returncode == 2
    bad = run("ordering", "--example", "lecture", "--depth", "1")
    assert bad.returncode == 2 and "node 'B'" in bad.stderr


# --- iterative deepening -----------------------------------------------------------------------
@settings(max_examples=50, deadline=None)
@given(shorthand, st.integers(1, 4), ties, st.data())
def test_iterative_deepening_equals_alphabeta_at_depth_n(tree: Any, depth: int, tie_rule: str, data: st.DataObject) -> None:
    root = with_estimates(tree, data.draw)
    direct = alphabeta(TreeGame(root), depth=depth, ties=tie_rule)  # type: ignore[arg-type]
    recorder = Recorder()
    deep = iterative_deepening(TreeGame(root), depth=depth, ties=tie_rule, recorder=recorder)  # type: ignore[arg-type]
    assert (deep.value, deep.move) == (direct.value, direct.move)
    events = recorder.events()
    iterations = [e for e in events if e["type"] == "iteration"]
    assert [e["depth"] for e in iterations] == list(range(1, depth + 1))
    assert all("iteration" in e for e in events)
    assert events[0]["iteration"] == 1 and events[-1]["iteration"] == depth
    assert [e["iteration"] for e in events] == sorted(e["iteration"] for e in events)
    for e in iterations:  # each iteration is alpha-beta at its depth, value and move
        alone = alphabeta(TreeGame(root), depth=e["depth"], ties=tie_rule)  # type: ignore[arg-type]
        assert e["value"] == alone.value
    assert deep.leaves == sum(e["leaves"] for e in iterations)
    assert events[-1]["direct"] == {"visited": direct.visited, "leaves": direct.leaves, "prunes": direct.prunes}
    for event in events:
        check_event(event)
    assert read_events(canonical_text(events)) == events
    texts = [line for batch in recorder._kept for line in batch.json_texts()]
    assert [json.loads(text) for text in texts] == events


@pytest.mark.parametrize("game, depth", [(TicTacToe("X...O...."), 4), (TicTacToe("........."), 3),
                                         (Isolation(".....#", "mobility"), 4)])
def test_iterative_deepening_on_games_equals_alphabeta(game: Any, depth: int) -> None:
    direct = alphabeta(game, depth=depth)
    deep = iterative_deepening(game, depth=depth)
    assert (deep.value, deep.move) == (direct.value, direct.move)


def test_the_next_iteration_searches_the_root_best_first() -> None:
    recorder = Recorder()
    iterative_deepening(TreeGame(tree_from_json({"eval": 0, "children": [
        {"eval": 1, "children": [{"value": 3}, {"value": 4}]},
        {"eval": 9, "children": [{"value": 5}, {"value": 6}]},
        {"eval": 5, "children": [{"value": 1}, {"value": 2}]}]})), depth=2, recorder=recorder)
    events = recorder.events()
    first = next(e for e in events if e["type"] == "iteration")
    assert first["next_order"] == ["C", "D", "B"]
    second_visits = [e["node"] for e in events if e["type"] == "visit" and e["depth"] == 1 and e["iteration"] == 2]
    assert second_visits == ["C", "D", "B"]


def test_ties_at_the_root_choose_as_direct_alphabeta() -> None:
    # B and D both reach 5 at depth 2; depth 1 ranks D first: the answer is still B, as alpha-beta's.
    root = tree_from_json({"eval": 0, "children": [
        {"eval": 1, "children": [{"value": 5}, {"value": 7}]},
        {"eval": 2, "children": [{"value": 1}, {"value": 9}]},
        {"eval": 8, "children": [{"value": 5}, {"value": 6}]}]})
    assert iterative_deepening(TreeGame(root), depth=2).move == alphabeta(TreeGame(root), depth=2).move == "B"


def test_a_missing_estimate_names_the_node_and_the_iteration() -> None:
    tree = {"eval": 1, "children": [{"eval": 2, "children": [{"children": [{"value": 1}, {"value": 2}]}, {"value": 3}]},
                                    {"value": 4}]}
    with pytest.raises(MissingEstimate) as caught:
        parse_request({"tree": tree, "algorithm": "iterative", "depth": 3})
    assert caught.value.node == "B1" and caught.value.depth_limit == 2
    assert str(caught.value).startswith("tree.children[0].children[0].eval: node 'B1'") and "iteration 2" in str(caught.value)
    with pytest.raises(Exception, match="depth: iterative deepening"):
        parse_request({"example": "lecture-estimates", "algorithm": "iterative"})


def test_cli_iterative_trace_is_a_valid_trace_that_uploads() -> None:
    done = run("trace", "--example", "lecture-estimates", "--algorithm", "iterative", "--depth", "2")
    assert done.returncode == 0, done.stderr
    events, upgraded = read_trace(done.stdout)
    assert not upgraded
    kinds = [e["type"] for e in events]
    assert kinds.count("iteration") == 2 and kinds[0] == "start" and kinds[-1] == "result"
    result = events[-1]
    assert (result["value"], result["move"], result["leaves"]) == (3, "B", 10)
    assert [i["leaves"] for i in result["iterations"]] == [3, 7] and result["direct"]["leaves"] == 7
    assert events[0]["options"] == {"depth": 2, "ties": "prune"} and events[0]["algorithm"] == "iterative"
    listing = json.loads(run("pseudocode", "--algorithm", "iterative").stdout)
    ids = {line["id"] for line in listing if line["id"]}
    assert {e["line"] for e in events} <= ids


# --- server ------------------------------------------------------------------------------------
def test_rest_ordering_and_curve(live_server: str) -> None:
    url = live_server  # the worker's server: the ordering lab stores nothing
    answer = requests.post(url + "/api/ordering", json={"example": "lecture"}, timeout=60)
    assert answer.status_code == 200, answer.text
    rows = answer.json()["orderings"]
    assert [r["leaves"] for r in rows] == [7, 5, 9, 8]
    best = next(r for r in rows if r["ordering"] == "best")
    assert [c["id"] for c in best["tree"]["children"]] == ["B", "C", "D"]  # C and D tie at 2: given order
    assert [c["id"] for c in best["tree"]["children"][0]["children"]] == ["B1", "B3", "B2"]
    again = requests.post(url + "/api/ordering", json={"tree": best["tree"], "algorithm": "alphabeta"}, timeout=60)
    assert next(r for r in again.json()["orderings"] if r["ordering"] == "given")["leaves"] == 5
    game = requests.post(url + "/api/ordering", json={"game": "tictactoe", "state": "X...O....", "depth": 2}, timeout=60)
    assert game.status_code == 200 and "tree" not in game.json()["orderings"][0]
    for body, status, text in [
        ({"game": "tictactoe"}, 400, "depth"),
        ({"game": "tictactoe", "depth": 9}, 400, "ORDERING_MAX_NODES"),
        ({"example": "lecture", "seed": "x"}, 400, "seed: expected a whole number"),
        ({"example": "lecture", "algorithm": "minimax"}, 400, "algorithm"),
        ({"example": "nope"}, 400, "example: unknown example"),
    ]:
        bad = requests.post(url + "/api/ordering", json=body, timeout=60)
        assert bad.status_code == status and text in bad.json()["error"], bad.text
    curve = requests.get(url + "/api/ordering/curve", timeout=120).json()["points"]
    assert len(curve) == 24 and {p["branching"] for p in curve} == {2, 3, 4}
    assert all(p["best"] == p["knuth_moore"] and p["best"] <= p["random"] <= p["worst"] <= p["minimax"] for p in curve)


def test_socket_iterative_search_streams_iterations(live_server: str) -> None:
    client = SearchClient(live_server)  # a connection of its own to the worker's server
    try:
        client.start({"example": "lecture-estimates", "algorithm": "iterative", "depth": 2})
        assert client.wait() == "search:done"
        started = dict(client.messages)["search:started"]
        assert started["algorithm"] == "iterative" and started["options"] == {"depth": 2, "ties": "prune"}
        assert any(line["id"] == "search.iteration" for line in started["pseudocode"])
        events = client.events
        assert [e["depth"] for e in events if e["type"] == "iteration"] == [1, 2]
        assert events[-1]["value"] == 3 and all("iteration" in e for e in events)
        client.reset()
        client.start({"example": "lecture", "algorithm": "iterative", "depth": 1})
        assert client.wait() == "search:error"
        error = client.messages[-1][1]
        assert error["missing_estimate"]["node"] == "B" and "iteration 1" in error["error"]
    finally:
        client.close()


def test_the_iterative_golden_file_is_what_the_cli_writes() -> None:
    """tests/js/narration/iterative.test.js replays this file: it must be the engine's own output."""
    done = run("trace", "--example", "lecture-estimates", "--algorithm", "iterative", "--depth", "2")
    golden = (Path(__file__).parents[1] / "golden" / "lecture_estimates_iterative_depth2.jsonl").read_text()
    assert done.returncode == 0 and done.stdout == golden
