"""Review of issue 10 (the rest of the lecture): properties the first tests left thin, and hostile
input through every new door (request validator, REST, socket, trace upload, CLI).

Each property compares a search with an enhancement against the plain one, or against a reference
written here from the definition in AIMA 4th ed. §5.5, value AND move, under both tie rules."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from search import limits
from search.algorithms.alphabeta import alphabeta
from search.algorithms.enhanced import Enhancements, enhanced_alphabeta, enhanced_minimax
from search.algorithms.iterative import iterative_deepening
from search.algorithms.minimax import minimax
from search.errors import InputError
from search.games.tictactoe import EMPTY, TicTacToe
from search.request import parse_request
from search.traces.recorder import Recorder
from search.traces.schema import check_event
from tests.helpers.cli import run_cli
from tests.helpers.strategies import positions

ties = st.sampled_from(["prune", "explore"])

limits_ = st.one_of(st.none(), st.integers(0, 5))


def played(at_least: int) -> st.SearchStrategy[str]:
    """positions() with at least `at_least` marks. A traced search from a nearly empty board costs seconds where
    one from a board a move or two further costs milliseconds (the result's reference alone searches on to the
    end, and every event is made and kept), and it takes no path of the engine the fuller boards do not."""
    return positions().filter(lambda board: board.count(".") <= 9 - at_least)


# --- transposition table ------------------------------------------------------------------------
@settings(max_examples=120, deadline=None)
@given(positions(), limits_, ties)
def test_alphabeta_with_the_table_chooses_the_same_move_as_without(board: str, depth: int | None, tie_rule: str) -> None:
    """Bounds stored as exact would change the move, not only the value: compare both."""
    plain = alphabeta(TicTacToe(board), depth=depth, ties=tie_rule)  # type: ignore[arg-type]
    table = enhanced_alphabeta(TicTacToe(board), Enhancements(tt=True), depth=depth, ties=tie_rule)  # type: ignore[arg-type]
    assert (table.value, table.move) == (plain.value, plain.move)
    assert table.tt_stored is not None and table.tt_hits is not None


@settings(max_examples=60, deadline=None)
@given(played(3), st.integers(1, 4), ties, st.booleans())
def test_a_traced_table_search_answers_as_the_untraced_one(board: str, depth: int, tie_rule: str, ab: bool) -> None:
    """The table keeps the id of the node that filled an entry only when traced: it must not change
    what is answered from it (the same hits, the same value), and each hit names a node seen before.

    From three marks on (O to move; four: X), depth 4 still reaches positions by two paths at ply 3, where
    the entry hit has a depth left of 1 and may be a bound: every kind of hit. Checking each event against the
    schema is most of the cost, and a board with two marks makes about three times the events of one with three."""
    request = {"game": "tictactoe", "state": board, "algorithm": "alphabeta" if ab else "minimax",
               "depth": depth, "ties": tie_rule, "tt": True}
    recorder = Recorder()
    traced = parse_request(request).run(recorder)
    untraced = parse_request(request).run()
    assert (traced.value, traced.move, traced.tt_hits, traced.tt_stored) == \
        (untraced.value, untraced.move, untraced.tt_hits, untraced.tt_stored)
    stored: set[str] = set()
    for event in recorder.events():
        check_event(event)
        if event["type"] == "tt_store":
            stored.add(event["node"])
        if event["type"] == "tt_hit":
            assert event["source"] in stored  # the entry was filled before, by that node


def test_full_tictactoe_alphabeta_with_the_table_keeps_value_0_and_the_move_under_both_tie_rules() -> None:
    for tie_rule in ("prune", "explore"):
        plain = alphabeta(TicTacToe(), ties=tie_rule)  # type: ignore[arg-type]
        table = enhanced_alphabeta(TicTacToe(), Enhancements(tt=True), ties=tie_rule)  # type: ignore[arg-type]
        assert (table.value, table.move) == (plain.value, plain.move) == (0, plain.move)
        assert table.visited < plain.visited


def number(x: Any) -> float:
    return float(x)  # "inf" / "-inf" as the trace writes them


@settings(max_examples=80, deadline=None)
@given(played(1), st.integers(1, 4), ties)
def test_each_stored_flag_is_what_the_tie_rule_makes_of_the_window(board: str, depth: int, tie_rule: str) -> None:
    """Fail-soft alpha-beta returns a bound only where its tests pruned: with ties="prune" (v >= beta,
    v <= alpha) a value equal to the window's edge may be a bound; with ties="explore" (strict tests)
    a value within [alpha, beta], edges included, was searched in full and is exact. A bound flagged
    where the value is exact is not wrong but answers fewer calls (the table re-searches it).

    Not from the empty board: there the result's reference, alpha-beta to the end with ties="explore" (146,120
    nodes), was most of the test's time, and it stores nothing in the table."""
    recorder = Recorder()
    parse_request({"game": "tictactoe", "state": board, "algorithm": "alphabeta", "depth": depth,
                   "ties": tie_rule, "tt": True}).run(recorder)
    window: dict[str, tuple[float, float]] = {}
    strict = tie_rule == "explore"
    for event in recorder.events():
        if event["type"] == "visit":
            window[event["node"]] = (number(event["alpha"]), number(event["beta"]))
        if event["type"] == "tt_store":
            alpha, beta = window[event["node"]]
            v = event["value"]
            low, high = (v < alpha, v > beta) if strict else (v <= alpha, v >= beta)
            assert event["flag"] == ("upper" if low else "lower" if high else "exact"), (event, alpha, beta)


# --- beam with K >= branching ---------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(positions(), st.integers(1, 3), ties, st.integers(9, 50))
def test_a_beam_at_least_the_branching_changes_nothing(board: str, depth: int, tie_rule: str, width: int) -> None:
    plain = alphabeta(TicTacToe(board), depth=depth, ties=tie_rule)  # type: ignore[arg-type]
    beam = enhanced_alphabeta(TicTacToe(board), Enhancements(beam=width), depth=depth, ties=tie_rule)  # type: ignore[arg-type]
    assert (beam.value, beam.move, beam.visited, beam.leaves) == (plain.value, plain.move, plain.visited, plain.leaves)
    plain_mm = minimax(TicTacToe(board), depth=depth)
    beam_mm = enhanced_minimax(TicTacToe(board), Enhancements(beam=width), depth=depth)
    assert (beam_mm.value, beam_mm.move, beam_mm.visited) == (plain_mm.value, plain_mm.move, plain_mm.visited)


# --- quiescence cap -------------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(played(2), st.integers(0, 3), st.booleans())
def test_quiescence_never_searches_past_its_cap(board: str, depth: int, ab: bool) -> None:
    """From two marks on, depth 1 to 3 reaches noisy positions where the cap stops the search (the deepest visit is
    the limit + the cap). With fewer marks a limit of 0 or 1 is quiet, and 2 or 3 is the same search 10 to 100 times
    larger: minimax from the empty board to depth 3 is 384,017 events, and its reference searches on without the cap."""
    recorder = Recorder()
    parse_request({"game": "tictactoe", "state": board, "algorithm": "alphabeta" if ab else "minimax",
                   "depth": depth, "quiescence": True}).run(recorder)
    deepest = max(e["depth"] for e in recorder.events() if e["type"] == "visit")
    assert deepest <= depth + limits.QUIESCENCE_MAX_PLIES


# --- alpha-beta over chance nodes (Star1) -----------------------------------------------------------
@st.composite
def bounded_chance_trees(draw: st.DrawFn) -> tuple[dict[str, Any], int, int]:
    """Trees of MAX, MIN and chance nodes (chance under chance too) whose leaf values are often AT
    the bounds, with dyadic probabilities (exact in floating point, so ties are real ties) or none."""
    lo = draw(st.integers(-5, 5))
    hi = lo + draw(st.integers(1, 6))
    leaf = st.one_of(st.just(lo), st.just(hi), st.integers(lo, hi))

    def node(depth: int, chance_ok: bool = True) -> dict[str, Any]:
        if depth >= 4 or (depth > 0 and draw(st.booleans())):
            return {"value": draw(leaf)}
        player = draw(st.sampled_from(["max", "min", "chance"] if chance_ok else ["max", "min"]))
        children = [node(depth + 1) for _ in range(draw(st.integers(1, 4)))]
        for child in children:
            if "children" in child:
                child.setdefault("player", draw(st.sampled_from(["max", "min"])))
        if player == "chance" and draw(st.booleans()):
            # dyadic: 1/2, 1/4, ... the last takes what is left (exact sums)
            left = Fraction(1)
            for child in children[:-1]:
                share = left / 2 if draw(st.booleans()) else left / 4
                child["probability"] = float(share)
                left -= share
            children[-1]["probability"] = float(left)
        return {"player": player, "children": children}

    return {**node(0, chance_ok=draw(st.booleans())), "bounds": [lo, hi]}, lo, hi


def emm(node: dict[str, Any]) -> Fraction:
    """Expectiminimax (AIMA 4th ed. §5.5) in exact arithmetic."""
    if "children" not in node:
        return Fraction(node["value"])
    values = [emm(c) for c in node["children"]]
    if node["player"] == "max":
        return max(values)
    if node["player"] == "min":
        return min(values)
    chances = [Fraction(c["probability"]) if "probability" in c else Fraction(1, len(values)) for c in node["children"]]
    return sum((p * v for p, v in zip(chances, values)), Fraction(0))


def emm_move(tree: dict[str, Any]) -> str | None:
    """The first root child reaching the root's value (None at a chance root)."""
    if tree["player"] == "chance":
        return None
    value = emm(tree)
    return next(i for i, c in enumerate(tree["children"]) if emm(c) == value)  # type: ignore[return-value]


@settings(max_examples=300, deadline=None)
@given(bounded_chance_trees(), ties)
def test_star1_prunes_never_change_the_root_value_or_move(case: tuple[dict[str, Any], int, int], tie_rule: str) -> None:
    """The tree is read (and checked against the schema) once: both searches are asked for on the game it makes."""
    tree, lo, hi = case
    uniform = any(node_has_uniform_chance(tree))
    expecti = parse_request({"tree": tree, "algorithm": "expectiminimax"})
    result = parse_request({"algorithm": "alphabeta", "ties": tie_rule}, expecti.game).run()
    full = expecti.run()
    exact = emm(tree)
    if not uniform:  # dyadic probabilities: floating point is exact, so the values are equal exactly
        assert result.value == full.value == float(exact)
        index = emm_move(tree)
        root_children = expecti.game.initial.children
        assert result.move == (None if index is None else root_children[index].id) == full.move
    else:
        assert abs(result.value - float(exact)) <= 1e-9 * max(1, abs(float(exact)))


def node_has_uniform_chance(node: dict[str, Any]) -> Any:
    if node.get("player") == "chance" and not any("probability" in c for c in node["children"]):
        yield True
    for child in node.get("children", []):
        yield from node_has_uniform_chance(child)


# --- iterative deepening = direct alpha-beta, on games, both tie rules ---------------------------
@settings(max_examples=60, deadline=None)
@given(positions(), st.integers(1, 5), ties)
def test_iterative_deepening_on_tictactoe_equals_alphabeta_value_and_move(board: str, depth: int, tie_rule: str) -> None:
    direct = alphabeta(TicTacToe(board), depth=depth, ties=tie_rule)  # type: ignore[arg-type]
    deep = iterative_deepening(TicTacToe(board), depth=depth, ties=tie_rule)  # type: ignore[arg-type]
    assert (deep.value, deep.move) == (direct.value, direct.move)


# --- hostile input: the ordering lab ----------------------------------------------------------------
BOUNDED_CHANCE = {"bounds": [0, 9], "children": [{"player": "chance", "children": [{"value": 1}, {"value": 2}]},
                                                 {"value": 1}]}


def test_the_ordering_lab_refuses_a_tree_with_chance_nodes_in_the_engine() -> None:
    from search.games.game import TreeGame
    from search.labs.ordering import ordering_lab
    from search.trees.parse import tree_from_json
    with pytest.raises(InputError) as caught:
        ordering_lab(TreeGame(tree_from_json(BOUNDED_CHANCE)))
    assert caught.value.where == "tree" and "chance" in caught.value.problem


def test_cli_ordering_refuses_a_tree_with_chance_nodes_without_a_traceback(tmp_path: Any) -> None:
    path = tmp_path / "chance.json"
    path.write_text(json.dumps(BOUNDED_CHANCE))
    done = run_cli("ordering", str(path))
    assert done.returncode == 2 and "Traceback" not in done.stderr and "chance" in done.stderr, done.stderr


@pytest.mark.parametrize("body, where", [
    ({"tree": BOUNDED_CHANCE}, "tree"),
    ({"game": "tictactoe", "depth": 3, "tt": True}, "tt"),
    ({"game": "tictactoe", "depth": 3, "quiescence": True}, "quiescence"),
    ({"game": "tictactoe", "depth": 3, "beam": 2}, "beam"),
    ({"game": "tictactoe", "depth": 3, "ordering": "best"}, "ordering"),
])
def test_rest_ordering_refuses_what_the_lab_would_ignore_or_crash_on(live_server: str, body: dict[str, Any], where: str) -> None:
    import requests

    answer = requests.post(live_server + "/api/ordering", json=body, timeout=60)  # the worker's server: a refusal changes nothing
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"].startswith(where + ":"), answer.text


# --- hostile input: search:compare over a real socket ------------------------------------------------
def test_search_compare_refuses_what_it_cannot_read_naming_it(live_server: str) -> None:
    from tests.helpers.socket_client import SearchClient
    client = SearchClient(live_server)
    try:
        def ask(data: Any) -> Any:
            return client.sio.call("search:compare", data, namespace="/search", timeout=30)
        assert ask(None)["algorithm"] == "alphabeta" and ask({})["algorithm"] == "alphabeta"
        for data, start in [("x", "expected an object"), (5, "expected an object"), ([1], "expected an object"),
                            ({"algorithm": "minimax", "state": "XXX......"}, "state: unknown field"),
                            ({"algorithm": ["a"]}, "algorithm: expected one of")]:
            answer = ask(data)
            assert set(answer) == {"error"} and answer["error"].startswith(start), (data, answer)
    finally:
        client.close()


# --- every new limit, at and just past it -------------------------------------------------------------
def players_tree(n: int) -> dict[str, Any]:
    names = [f"P{i}" for i in range(n)]
    return {"players": names, "children": [{"value": list(range(n))}]}


def chance_tree(second: float) -> dict[str, Any]:
    return {"player": "chance", "children": [{"value": 1, "probability": 0.5}, {"value": 2, "probability": second}]}


def game(**fields: Any) -> dict[str, Any]:
    return {"game": "tictactoe", "state": "XO.X..O..", "algorithm": "alphabeta", "depth": 2, **fields}


@pytest.mark.parametrize("accepted, refused, where", [
    (game(beam=limits.MAX_BEAM), game(beam=limits.MAX_BEAM + 1), "beam"),
    ({"tree": players_tree(limits.MAX_PLAYERS), "algorithm": "maxn"},
     {"tree": players_tree(limits.MAX_PLAYERS + 1), "algorithm": "maxn"}, "tree.players"),
    ({"tree": chance_tree(0.5 + limits.PROBABILITY_TOLERANCE / 2), "algorithm": "expectiminimax"},
     {"tree": chance_tree(0.5 + limits.PROBABILITY_TOLERANCE * 10), "algorithm": "expectiminimax"}, "tree.children"),
    (game(ordering="random", seed=-limits.MAX_ORDERING_SEED),
     game(ordering="random", seed=limits.MAX_ORDERING_SEED + 1), "seed"),
    (game(algorithm="iterative", depth=limits.MAX_SEARCH_DEPTH),
     game(algorithm="iterative", depth=limits.MAX_SEARCH_DEPTH + 1), "depth"),
    (game(ordering="best", depth=6, state=EMPTY), game(ordering="best", depth=7, state=EMPTY), "depth"),
])
def test_each_new_limit_accepts_its_value_and_refuses_one_past_it(accepted: dict[str, Any], refused: dict[str, Any], where: str) -> None:
    parse_request(accepted)
    with pytest.raises(InputError) as caught:
        parse_request(refused)
    assert caught.value.where == where


def test_quiescence_stops_at_its_cap_even_where_every_position_is_noisy() -> None:
    """The cap is what bounds the search past the limit: at depth 0 on a position full of threats."""
    recorder = Recorder()
    parse_request({"game": "tictactoe", "state": "X.O.X.O..", "algorithm": "minimax", "depth": 0, "quiescence": True}).run(recorder)
    events = recorder.events()
    assert max(e["past_limit"] for e in events if e["type"] == "quiescence") < limits.QUIESCENCE_MAX_PLIES
    assert max(e["depth"] for e in events if e["type"] == "visit") <= limits.QUIESCENCE_MAX_PLIES
