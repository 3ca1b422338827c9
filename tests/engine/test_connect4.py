"""Connect Four (search/games/connect4.py) against its rules written again (tests/helpers/connect4_oracle.py) on random
positions: the moves, the results of moves, the end, the utility, the estimate e, and the searches' values and moves
at depths 1-4."""

from __future__ import annotations

import json
import random

import pytest

from search import ConnectFour, alphabeta, minimax, parse_request
from search.algorithms.baseline import counted_baseline, searched_baseline
from search.errors import InputError
from search.games.connect4 import EMPTY, WINDOWS
from search.games.game import children_named
from search.traces.schema import check_event
from tests.helpers import connect4_oracle as oracle
from tests.helpers.cli import run_cli
from tests.helpers.traced import of_type, traced

RNG_SEED = 29


def random_positions(count: int, most_plies: int, seed: int = RNG_SEED) -> list[str]:
    rng = random.Random(seed)
    return [oracle.random_position(rng, rng.randint(0, most_plies)) for _ in range(count)]


POSITIONS = random_positions(300, 42)


def test_the_board_has_69_windows_and_e_is_0_on_the_empty_board() -> None:
    assert WINDOWS == len(oracle.WINDOWS) == 69
    assert ConnectFour().evaluate(EMPTY) == oracle.estimate(EMPTY) == 0


def test_rules_agree_with_the_oracle_on_random_positions() -> None:
    game = ConnectFour()
    finished = 0
    for state in POSITIONS:
        assert game.is_terminal(state) == oracle.terminal(state), state
        assert game.to_move(state) == ("max" if oracle.player_to_move(state) == "X" else "min")
        if oracle.terminal(state):
            finished += 1
            assert game.utility(state) == oracle.utility(state), state
            continue
        assert game.actions(state) == oracle.legal_columns(state), state
        for column in game.actions(state):
            assert game.result(state, column) == oracle.play(state, column), (state, column)
        assert game.evaluate(state) == oracle.estimate(state), state
    assert 20 < finished < 280  # the sample holds wins, draws or full boards, and plenty of open games


def test_wins_across_down_and_on_both_diagonals_end_the_game() -> None:
    game = ConnectFour()
    for columns in ("0011223", "0101010", "01123223633", "65543443033"):  # across, down, / and \ for X
        state = game.initial
        for column in columns:
            assert not game.is_terminal(state)
            state = game.result(state, int(column))
        assert game.is_terminal(state) and game.utility(state) == 1000 == oracle.utility(state), columns
    state = EMPTY
    for column in "60011223":  # O four across after X's 6
        state = game.result(state, int(column))
    assert game.utility(state) == -1000


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_minimax_and_alphabeta_give_the_oracles_value_and_move(depth: int) -> None:
    count = {1: 40, 2: 30, 3: 16, 4: 8}[depth]  # the oracle is slow on purpose: fewer positions deeper
    open_positions = [s for s in random_positions(count * 2, 30, seed=depth) if not oracle.terminal(s)][:count]
    for state in open_positions:
        value, move = oracle.minimax(state, depth)
        for search in (minimax, alphabeta):
            result = search(ConnectFour(state), depth=depth)
            assert (result.value, result.move) == (value, move), (search.__name__, state, depth)


def test_the_quiet_test_names_winning_and_blocking_columns() -> None:
    game = ConnectFour()
    for state in POSITIONS:
        if oracle.terminal(state):
            continue
        mover = oracle.player_to_move(state)
        other = "O" if mover == "X" else "X"
        wins = [c for c in oracle.legal_columns(state) if oracle.winner(oracle.play(state, c)) == mover]
        threats = [c for c in oracle.legal_columns(state) if oracle.winner(_drop(state, c, other)) == other]
        noise = game.noise(state)
        expected = ("win", wins) if wins else ("block", threats) if threats else None
        assert (None if noise is None else (noise.reason, noise.moves)) == expected, state


def _drop(state: str, column: int, mark: str) -> str:
    """`mark` dropped in `column`, whoever is to move (for the threats the mover must block)."""
    cells = list(state)
    row = max(r for r in range(6) if cells[r * 7 + column] == ".")
    cells[row * 7 + column] = mark
    return "".join(cells)


@pytest.mark.parametrize("state, where, problem", [
    ("." * 41, "state", "expected 42 characters"),
    ("." * 41 + "x", "state[41]", "expected X, O or '.', got 'x' (row 5, column 6)"),
    ("X" + "." * 41, "state[0]", "floats above an empty cell"),
    ("." * 35 + "XX.....", "state", "X has as many discs as O or one more (X 2, O 0)"),
    ("." * 35 + "O......", "state", "(X 0, O 1)"),
    ("." * 28 + "OOO...." + "XXXXO..", "state", "X has four in a row, so O cannot have moved since"),
])
def test_positions_play_cannot_reach_are_refused_naming_the_cell(state: str, where: str, problem: str) -> None:
    with pytest.raises(InputError) as caught:
        ConnectFour(state)
    assert caught.value.where == where and problem in caught.value.problem


def test_a_search_without_a_depth_limit_is_refused_and_a_limited_one_has_no_reference_to_the_end() -> None:
    with pytest.raises(InputError) as caught:
        parse_request({"game": "connect4", "algorithm": "alphabeta"})
    assert caught.value.where == "depth" and "4.5 trillion" in caught.value.problem
    result, events = traced(ConnectFour(), depth=2)
    final = events[-1]
    assert final["type"] == "result" and "reference" not in final  # no search to the end was tried
    assert final["baseline"] == {"visited": 57, "leaves": 49} and result.visited < 57


def test_a_trace_names_columns_fits_the_schema_and_prunes_name_their_children() -> None:
    result, events = traced(ConnectFour(), depth=3)
    for event in events:
        check_event(json.loads(json.dumps(event, allow_nan=False)))
    visits = of_type(events, "visit")
    assert visits[1]["node"] == "root.0" and visits[1]["move"] == 0 and visits[1]["state"] == "." * 35 + "X......"
    prune = of_type(events, "prune")[0]
    assert prune["pruned"] == [f"{prune['node']}.{m}" for m in prune["moves"]]
    game, node_state = ConnectFour(), next(v["state"] for v in visits if v["node"] == prune["node"])
    generic = [(game.child_id(prune["node"], a, game.result(node_state, a)), game.to_move(game.result(node_state, a)),
                game.move_json(a)) for a in prune["moves"]]
    assert children_named(game, prune["node"], node_state, prune["moves"]) == generic


@pytest.mark.parametrize("state, depth", [(EMPTY, 4), (POSITIONS[7], 3), (POSITIONS[40], 4)])
def test_minimax_counts_are_counted_without_searching_and_agree_with_a_search(state: str, depth: int) -> None:
    assert counted_baseline(ConnectFour(state), depth, 10**6) == searched_baseline(ConnectFour(state), depth, 10**6)


def test_the_cli_traces_connect4_with_a_depth_limit() -> None:
    done = run_cli("trace", "--game", "connect4", "--depth", "2", "--state", "." * 35 + "...X...")
    assert done.returncode == 0, done.stderr
    events = [json.loads(line) for line in done.stdout.splitlines()]
    assert events[0]["source"] == {"kind": "game", "game": "connect4", "state": "." * 35 + "...X...", "estimate": "windows"}
    assert events[-1]["type"] == "result" and events[-1]["move"] == oracle.minimax("." * 35 + "...X...", 2)[1]


def test_the_library_refuses_an_unlimited_search_instead_of_never_finishing() -> None:
    import search

    for run in (search.minimax, search.alphabeta, search.trace):
        with pytest.raises(InputError) as caught:
            run(ConnectFour())
        assert caught.value.where == "depth"
    assert search.alphabeta(ConnectFour(), depth=2).move == oracle.minimax(EMPTY, 2)[1]
