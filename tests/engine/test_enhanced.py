"""Transposition table, quiescence and beam (search.algorithms.enhanced): against the plain searches, which
are the reference (an enhancement may only change how much is searched, never the value, except the
beam and quiescence, which are tested on the positions where they should change it)."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from search import limits
from search.algorithms.alphabeta import alphabeta
from search.algorithms.enhanced import Enhancements, enhanced_alphabeta, enhanced_minimax
from search.algorithms.minimax import minimax
from search.errors import InputError
from search.games.isolation import Isolation
from search.games.tictactoe import EMPTY, HORIZON, TicTacToe
from search.request import parse_request
from search.traces.recorder import Recorder
from search.traces.schema import check_event
from tests.helpers.strategies import positions, ties

REACHABLE_POSITIONS = 5_478
"""Tic-tac-toe positions reachable from the empty board, the empty board and finished games included."""


limits_ = st.one_of(st.none(), st.integers(0, 4))


@cache
def plain_minimax(board: str, depth: int | None) -> tuple[float, Any]:
    """The reference, once per position and limit: Hypothesis draws the early boards (whose plain
    minimax visits up to 549,946 nodes) again and again, and two tests below need the empty board's."""
    result = minimax(TicTacToe(board), depth=depth)
    return result.value, result.move


def events_of(request: dict[str, Any]) -> list[dict[str, Any]]:
    recorder = Recorder()
    parse_request(request).run(recorder)
    return recorder.events()


def test_full_tictactoe_minimax_with_the_table_stores_every_position_once_and_keeps_value_0() -> None:
    result = enhanced_minimax(TicTacToe(), Enhancements(tt=True))
    assert result.tt_stored == REACHABLE_POSITIONS
    assert result.value == 0 and result.move == plain_minimax(EMPTY, None)[1]
    assert result.visited == REACHABLE_POSITIONS + result.tt_hits  # each position searched once, the rest answered


@settings(max_examples=100, deadline=None)
@given(positions(), limits_)
def test_minimax_with_and_without_the_table_agree(board: str, depth: int | None) -> None:
    with_table = enhanced_minimax(TicTacToe(board), Enhancements(tt=True), depth=depth)
    assert (with_table.value, with_table.move) == plain_minimax(board, depth)


@settings(max_examples=100, deadline=None)
@given(positions(), limits_, ties)
def test_alphabeta_with_and_without_the_table_agree(board: str, depth: int | None, tie_rule: str) -> None:
    plain = alphabeta(TicTacToe(board), depth=depth, ties=tie_rule)  # type: ignore[arg-type]
    with_table = enhanced_alphabeta(TicTacToe(board), Enhancements(tt=True), depth=depth, ties=tie_rule)  # type: ignore[arg-type]
    assert with_table.value == plain.value == plain_minimax(board, depth)[0]


@settings(max_examples=40, deadline=None)
@given(positions(), st.integers(1, 3), st.booleans())
def test_with_quiescence_and_beam_the_table_still_changes_nothing(board: str, depth: int, ab: bool) -> None:
    on, off = Enhancements(tt=True, quiescence=True, beam=3), Enhancements(quiescence=True, beam=3)
    run = enhanced_alphabeta if ab else enhanced_minimax
    assert run(TicTacToe(board), on, depth=depth).value == run(TicTacToe(board), off, depth=depth).value


def test_isolation_with_the_table_agrees() -> None:
    for estimate in ("zero", "mobility"):
        game = Isolation(".....#", estimate)
        assert enhanced_alphabeta(game, Enhancements(tt=True), depth=3).value == alphabeta(game, depth=3).value
        assert enhanced_minimax(game, Enhancements(tt=True)).value == minimax(game).value


def test_a_hit_names_the_node_that_stored_the_entry_and_alphabeta_bounds_answer_only_when_they_decide() -> None:
    events = events_of({"game": "tictactoe", "state": "X........", "algorithm": "alphabeta", "tt": True})
    visits = {e["node"]: e for e in events if e["type"] == "visit"}
    stored = {e["node"]: e for e in events if e["type"] == "tt_store"}
    hits = [e for e in events if e["type"] == "tt_hit"]
    assert hits and {h["flag"] for h in hits} == {"exact", "lower", "upper"}
    for hit in hits:
        source, visit = stored[hit["source"]], visits[hit["node"]]
        assert source["seq"] < hit["seq"] and source["value"] == hit["value"] and source["flag"] == hit["flag"]
        assert visits[hit["source"]]["state"] == visit["state"]  # the same position by another path
        alpha, beta = (float(visit[k]) for k in ("alpha", "beta"))
        if hit["flag"] == "lower":
            assert hit["value"] >= beta
        if hit["flag"] == "upper":
            assert hit["value"] <= alpha
    result = events[-1]
    assert result["tt_hits"] == len(hits) and result["tt_stored"] == len(stored) == sum(e["type"] == "tt_store" for e in events)


def test_depth_limited_entries_key_on_the_depth_left() -> None:
    events = events_of({"game": "tictactoe", "state": "XO.......", "algorithm": "minimax", "depth": 3, "tt": True})
    remaining = {e["node"]: e["remaining"] for e in events if e["type"] in ("tt_store", "tt_hit")}
    depth = {e["node"]: e["depth"] for e in events if e["type"] == "visit"}
    assert remaining and all(remaining[node] == 3 - depth[node] for node in remaining)
    for event in events:
        check_event(event)


def test_the_horizon_position_loses_at_depth_2_and_quiescence_finds_the_win() -> None:
    game = TicTacToe(HORIZON["state"])
    assert game.noise(game.initial) is None  # quiet at the root: the trouble is below the horizon
    for plain, enhanced in ((minimax, enhanced_minimax), (alphabeta, enhanced_alphabeta)):
        limited = plain(game, depth=HORIZON["depth"])
        quiet = enhanced(game, Enhancements(quiescence=True), depth=HORIZON["depth"])
        assert limited.move == 2 and quiet.move == 4
        assert minimax(TicTacToe(game.result(game.initial, limited.move))).value == -100  # the full search: it loses
        assert minimax(TicTacToe(game.result(game.initial, quiet.move))).value == 100 == minimax(game).value
        assert quiet.value == 100


def test_quiescence_marks_the_nodes_it_extends_and_stops_at_the_cap() -> None:
    events = events_of({"game": "tictactoe", "state": HORIZON["state"], "algorithm": "minimax",
                        "depth": HORIZON["depth"], "quiescence": True})
    depth = {e["node"]: e["depth"] for e in events if e["type"] == "visit"}
    extended = [e for e in events if e["type"] == "quiescence"]
    assert extended and all(0 <= e["past_limit"] == depth[e["node"]] - 2 < limits.QUIESCENCE_MAX_PLIES for e in extended)
    parents = {e["node"]: e["parent"] for e in events if e["type"] == "visit"}
    past = [node for node, d in depth.items() if d > 2]
    assert past and all(parents[node] in {e["node"] for e in extended} for node in past)
    reasons = {e["reason"] for e in extended}
    assert reasons == {"win", "block"}
    capped = enhanced_minimax(TicTacToe("X........"), Enhancements(quiescence=True), depth=0)
    assert capped.visited == 1  # the empty board's neighbours are quiet: nothing to extend


def test_beam_keeps_the_k_best_for_the_mover_and_names_what_it_dropped() -> None:
    events = events_of({"game": "tictactoe", "state": HORIZON["state"], "algorithm": "alphabeta", "depth": 2, "beam": 2})
    beams = [e for e in events if e["type"] == "beam"]
    visited = {e["node"] for e in events if e["type"] == "visit"}
    players = {e["node"]: e["player"] for e in events if e["type"] == "visit"}
    assert beams
    for beam in beams:
        assert len(beam["kept"]) == 2 and beam["dropped"]
        kept, dropped = [k["estimate"] for k in beam["kept"]], [d["estimate"] for d in beam["dropped"]]
        if players[beam["node"]] == "max":
            assert min(kept) >= max(dropped)
        else:
            assert max(kept) <= min(dropped)
        assert not {d["child"] for d in beam["dropped"]} & visited  # never considered
    root = next(b for b in beams if b["node"] == "root")
    assert [k["move"] for k in root["kept"]] == [2, 4]  # the winning fork's estimate is among the best two


def test_beam_of_one_is_one_greedy_line_and_can_be_wrong() -> None:
    result = enhanced_minimax(TicTacToe(), Enhancements(beam=1))
    assert result.leaves == 1 and result.visited <= 10  # one line of play, root to the end
    assert result.value == 100 != plain_minimax(EMPTY, None)[0]  # O's greedy replies lose a drawn game


@pytest.mark.parametrize("request_, where, words", [
    ({"example": "lecture", "tt": True}, "tt", "explicit tree"),
    ({"tree": [[1, 2], [3]], "beam": 2}, "beam", "estimate of every child"),
    ({"example": "lecture", "quiescence": True}, "quiescence", "explicit tree"),
    ({"game": "isolation", "quiescence": True, "depth": 2}, "quiescence", "tic-tac-toe"),
    ({"game": "tictactoe", "quiescence": True}, "quiescence", "depth limit"),
    ({"game": "tictactoe", "tt": "yes"}, "tt", "true or false"),
    ({"game": "tictactoe", "beam": 0}, "beam", "1 to"),
    ({"game": "tictactoe", "beam": True}, "beam", "whole number"),
    ({"game": "tictactoe", "beam": limits.MAX_BEAM + 1}, "beam", "1 to"),
])
def test_bad_combinations_are_named(request_: dict[str, Any], where: str, words: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_request(request_)
    assert caught.value.where == where and words in caught.value.problem


def test_options_appear_in_the_start_event_only_when_on() -> None:
    assert events_of({"game": "tictactoe", "state": HORIZON["state"], "depth": 1})[0]["options"] == {"depth": 1, "ties": "prune"}
    start = events_of({"game": "tictactoe", "state": HORIZON["state"], "depth": 1, "tt": True, "quiescence": True, "beam": 3})[0]
    assert start["options"] == {"depth": 1, "ties": "prune", "tt": True, "quiescence": True, "beam": 3}
    last = events_of({"game": "tictactoe", "state": HORIZON["state"], "depth": 1})[-1]
    assert "tt_hits" not in last and "tt_stored" not in last


def test_alphabeta_baseline_is_minimax_with_the_same_enhancements() -> None:
    for enhancements in (Enhancements(quiescence=True), Enhancements(tt=True, beam=2), Enhancements(quiescence=True, beam=1)):
        ab = enhanced_alphabeta(TicTacToe(HORIZON["state"]), enhancements, depth=2, baseline=True)
        mm = enhanced_minimax(TicTacToe(HORIZON["state"]), enhancements, depth=2)
        assert ab.baseline == {"visited": mm.visited, "leaves": mm.leaves}
        assert ab.visited <= mm.visited
