"""The result's `baseline`: minimax's counts on the same input, for "evaluated 7 of 9 leaves"."""

from __future__ import annotations

from search import TreeGame, tree_from_json
from search.algorithms.baseline import minimax_baseline
from search.algorithms.minimax import minimax
from search.games.tictactoe import TicTacToe
from search.request import parse_request
from search.traces.recorder import Recorder
from search.trees.node import LECTURE_SHORTHAND


def test_the_lecture_baseline_is_13_nodes_and_9_leaves() -> None:
    assert minimax_baseline(TreeGame(tree_from_json(LECTURE_SHORTHAND)), None) == {"visited": 13, "leaves": 9}


def test_a_game_baseline_equals_minimax_with_the_same_depth_limit() -> None:
    for depth in (None, 2):
        mm = minimax(TicTacToe("X...O...."), depth=depth)
        assert minimax_baseline(TicTacToe("X...O...."), depth) == {"visited": mm.visited, "leaves": mm.leaves}


def test_past_the_node_cap_the_baseline_is_null_not_late() -> None:
    assert minimax_baseline(TreeGame(tree_from_json(LECTURE_SHORTHAND)), None, cap=12) is None
    assert minimax_baseline(TreeGame(tree_from_json(LECTURE_SHORTHAND)), None, cap=13) == {"visited": 13, "leaves": 9}


def test_a_stopped_search_has_a_null_baseline_and_minimax_none() -> None:
    recorder = Recorder(max_events=10)
    parse_request({"example": "lecture"}).run(recorder)
    assert recorder.events()[-1]["complete"] is False and recorder.events()[-1]["baseline"] is None
    recorder = Recorder()
    parse_request({"example": "lecture", "algorithm": "minimax"}).run(recorder)
    assert "baseline" not in recorder.events()[-1]


def test_an_untraced_alphabeta_runs_no_minimax_unless_asked() -> None:
    """A library call or a lab's run pays only for the search it asked for (the full tic-tac-toe
    tree is 549,946 nodes of minimax): baseline=True asks; a traced search always has one."""
    from search.algorithms.alphabeta import alphabeta
    from search.traces.recorder import Recorder

    game = TreeGame(tree_from_json(LECTURE_SHORTHAND))
    assert alphabeta(game).baseline is None
    assert alphabeta(game, baseline=True).baseline == {"visited": 13, "leaves": 9}
    recorder = Recorder()
    assert alphabeta(game, recorder=recorder).baseline == {"visited": 13, "leaves": 9}
    assert recorder.events()[-1]["baseline"] == {"visited": 13, "leaves": 9}
