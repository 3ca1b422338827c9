"""Tic-tac-toe with symmetries taken into account (search.games.symmetry): the lecture slides' example
(e = open lines for MAX - open lines for MIN, depth limit 2: 3 moves at the root, 12 leaves, value 1,
the centre), the classes it keeps, the full game's value unchanged, every search and option that
goes with tic-tac-toe, the request and CLI refusals, saved traces, and practice of the tree it draws."""

from __future__ import annotations

import json
from itertools import permutations
from typing import Any

import pytest

from search import InputError, Recorder, parse_request
from search.algorithms.alphabeta import alphabeta
from search.algorithms.minimax import minimax
from search.games.position_tree import position_tree
from search.games.registry import GAME_EXAMPLES
from search.games.symmetry import SYMMETRIES, canonical, distinct_moves, images
from search.games.tictactoe import LINES, TicTacToe
from search.labs.ordering import ordering_lab
from search.practice import check_answer, model_answer, parse_exercise
from search.traces.verify import TraceMismatch, verify_trace
from tests.helpers.cli import run_cli

SLIDES = {"game": "tictactoe", "state": ".........", "algorithm": "minimax", "depth": 2, "symmetry": True}
SLIDE_LEAVES = {
    "root.0.1": 1, "root.0.2": 0, "root.0.4": -1, "root.0.5": 1, "root.0.8": 0,  # X in a corner: MIN backs up -1
    "root.1.0": -1, "root.1.3": 0, "root.1.4": -2, "root.1.6": -1, "root.1.7": 0,  # X on an edge: -2
    "root.4.0": 1, "root.4.1": 2,  # X in the centre: 1
}
"""The leaves of the slides' figure, each e = open lines for X - open lines for O (our estimate "open-lines")."""


def events_of(request: dict[str, Any]) -> list[dict[str, Any]]:
    recorder = Recorder()
    parse_request(request).run(recorder)
    return recorder.events()


def refusal(make: Any) -> str:
    with pytest.raises(InputError) as caught:
        make()
    return str(caught.value)


# --- the slides' figure --------------------------------------------------------------------------

def test_the_slides_example_searches_3_moves_and_12_leaves_and_plays_the_centre() -> None:
    events = events_of(SLIDES)
    start, result = events[0], events[-1]
    assert start["options"] == {"depth": 2, "symmetry": True}
    assert start["source"] == {"kind": "game", "game": "tictactoe", "state": ".........", "estimate": "open-lines"}
    visits = [e for e in events if e["type"] == "visit"]
    assert [v["move"] for v in visits if v["parent"] == "root"] == [0, 1, 4]  # corner, edge, centre
    leaves = {e["node"]: e["value"] for e in events if e["type"] == "leaf"}
    assert leaves == SLIDE_LEAVES
    assert all(e["kind"] == "estimate" for e in events if e["type"] == "leaf")
    returns = {e["node"]: e["value"] for e in events if e["type"] == "return" and e["node"].count(".") == 1}
    assert returns == {"root.0": -1, "root.1": -2, "root.4": 1}
    assert (result["value"], result["move"], result["child"]) == (1, 4, "root.4")
    assert (result["visited"], result["leaves"]) == (16, 12)


def test_the_estimate_is_open_lines_for_x_minus_open_lines_for_o() -> None:
    game = TicTacToe()
    for node, value in SLIDE_LEAVES.items():
        board = game.result(game.result(game.initial, int(node.split(".")[1])), int(node.split(".")[2]))
        x_open = sum(all(board[i] != "O" for i in line) for line in LINES)
        o_open = sum(all(board[i] != "X" for i in line) for line in LINES)
        assert game.evaluate(board) == x_open - o_open == value


def test_without_symmetry_the_same_search_has_9_moves_and_72_leaves_and_the_same_answer() -> None:
    result = minimax(TicTacToe(), depth=2)
    assert (result.visited, result.leaves, result.value, result.move) == (82, 72, 1, 4)


def test_the_page_lists_the_slides_example_as_this_request() -> None:
    (example,) = GAME_EXAMPLES.values()
    assert example["label"] == "Tic-tac-toe, depth 2, symmetries (slides)"
    assert example["request"] == SLIDES


# --- the classes ---------------------------------------------------------------------------------

def test_the_eight_symmetries_are_the_square_s_dihedral_group() -> None:
    assert len(set(SYMMETRIES)) == 8
    as_set = set(SYMMETRIES)
    for a in SYMMETRIES:  # closed under composition, each with its inverse
        assert all(tuple(a[b[i]] for i in range(9)) in as_set for b in SYMMETRIES)
    for perm in SYMMETRIES:  # each keeps the centre and maps lines to lines
        assert perm[4] == 4
        assert {tuple(sorted(perm.index(i) for i in line)) for line in LINES} == {tuple(sorted(line)) for line in LINES}
    # and no other permutation of the cells that keeps lines does: the group is exactly these 8
    keeping = [p for p in permutations(range(9)) if p[4] == 4 and
               {tuple(sorted(p.index(i) for i in line)) for line in LINES} == {tuple(sorted(line)) for line in LINES}]
    assert set(keeping) == as_set


def test_the_empty_board_has_3_classes_and_after_x_in_the_centre_o_has_2() -> None:
    game = TicTacToe(symmetry=True)
    assert game.actions(".........") == [0, 1, 4]
    assert game.actions("....X....") == [0, 1]
    assert game.actions("X........") == [1, 2, 4, 5, 8]  # the corner's diagonal mirror pairs 1~3, 2~6, 5~7
    assert game.actions("XO.......") == [2, 3, 4, 5, 6, 7, 8]  # no symmetry left: every move kept
    assert TicTacToe().actions(".........") == list(range(9))


@pytest.mark.parametrize("board", [".........", "....X....", "X........", ".X.......", "X...O....", "XO..X....", "X.O.X.O.."])
def test_each_dropped_move_is_a_turn_or_mirror_of_exactly_one_kept_move(board: str) -> None:
    game = TicTacToe(board)
    mark = "X" if board.count("X") == board.count("O") else "O"
    moves = game.actions(board)
    kept = distinct_moves(board, moves, mark)
    assert kept == sorted(kept) and kept[0] == moves[0]
    classes = {canonical(game.result(board, a)) for a in kept}
    assert len(classes) == len(kept)  # no two kept moves are equal
    for a in moves:
        child = game.result(board, a)
        assert sum(canonical(game.result(board, k)) == canonical(child) for k in kept) == 1
        assert canonical(child) in {canonical(c) for c in images(child)}


def test_the_full_game_keeps_value_0_with_far_fewer_nodes() -> None:
    plain, reduced = minimax(TicTacToe()), minimax(TicTacToe(symmetry=True))
    assert (plain.value, reduced.value) == (0, 0)
    assert (plain.visited, reduced.visited) == (549_946, 58_524)
    plain_ab, reduced_ab = alphabeta(TicTacToe()), alphabeta(TicTacToe(symmetry=True))
    assert (plain_ab.value, reduced_ab.value) == (0, 0)
    assert (plain_ab.visited, reduced_ab.visited) == (18_297, 3_082)


@pytest.mark.parametrize("board", ["X...O....", "XO..X....", "X.O.X.O..", "XOX.O...."])
def test_positions_keep_their_value_and_best_move_class(board: str) -> None:
    plain, reduced = minimax(TicTacToe(board)), minimax(TicTacToe(board, symmetry=True))
    assert plain.value == reduced.value
    game = TicTacToe(board)
    best = {canonical(game.result(board, a)) for a in game.actions(board)
            if minimax(TicTacToe(game.result(board, a))).value == plain.value}
    assert canonical(game.result(board, reduced.move)) in best


# --- every search and option that goes with tic-tac-toe --------------------------------------------

@pytest.mark.parametrize("extra, recorded", [
    ({"algorithm": "alphabeta"}, {"ties": "prune"}),
    ({"algorithm": "iterative"}, {"ties": "prune"}),
    ({"algorithm": "alphabeta", "tt": True}, {"ties": "prune", "tt": True}),
    ({"algorithm": "minimax", "tt": True}, {"tt": True}),
    ({"algorithm": "alphabeta", "quiescence": True}, {"ties": "prune", "quiescence": True}),
    ({"algorithm": "minimax", "beam": 3}, {"beam": 3}),
    ({"algorithm": "alphabeta", "ordering": "best"}, {"ties": "prune", "ordering": "best"}),
    ({"algorithm": "alphabeta", "ordering": "random", "seed": 7}, {"ties": "prune", "ordering": "random", "seed": 7}),
])
def test_every_search_of_the_slides_example_records_symmetry_and_plays_the_centre(extra: dict[str, Any],
                                                                                   recorded: dict[str, Any]) -> None:
    request = {**SLIDES, **extra}
    events = events_of(request)
    assert events[0]["options"] == {"depth": 2, "symmetry": True, **recorded}
    assert parse_request(request).options() == events[0]["options"]
    root_children = {e["move"] for e in events if e["type"] == "visit" and e["depth"] == 1}
    assert root_children <= {0, 1, 4}
    assert (events[-1]["value"], events[-1]["move"]) == (1, 4)
    assert parse_request(request).run().value == 1  # untraced, the same answer


def test_symmetry_is_recorded_only_when_on() -> None:
    events = events_of({**SLIDES, "symmetry": False})
    assert events[0]["options"] == {"depth": 2}
    assert "symmetry" not in events_of({key: v for key, v in SLIDES.items() if key != "symmetry"})[0]["options"]


def test_alpha_beta_s_baseline_is_minimax_s_on_the_reduced_tree() -> None:
    plain = events_of({**SLIDES, "algorithm": "alphabeta", "symmetry": False})[-1]
    reduced = events_of({**SLIDES, "algorithm": "alphabeta"})[-1]  # after the plain one: no answer remembered for it
    assert plain["baseline"] == {"visited": 82, "leaves": 72}
    assert reduced["baseline"] == {"visited": 16, "leaves": 12}
    assert (reduced["visited"], reduced["leaves"], reduced["pruned"]) == (12, 8, 4)


def test_the_transposition_table_still_answers_repeated_positions() -> None:
    request = {"game": "tictactoe", "state": ".........", "algorithm": "alphabeta", "depth": 4, "symmetry": True, "tt": True}
    result = events_of(request)[-1]
    assert result["tt_hits"] > 0 and result["value"] == events_of({**request, "tt": False})[-1]["value"]


def test_the_ordering_lab_sorts_the_reduced_tree() -> None:
    lab = ordering_lab(TicTacToe(symmetry=True), depth=2)
    assert lab["minimax_leaves"] == 12 and lab["minimax_visited"] == 16
    rows = {row["ordering"]: row for row in lab["orderings"]}
    assert rows["given"]["leaves"] == 8 and all(row["value"] == 1 for row in rows.values())
    assert rows["best"]["leaves"] <= rows["worst"]["leaves"]


def test_a_saved_symmetric_trace_is_searched_again_the_same_way() -> None:
    events = events_of({**SLIDES, "algorithm": "alphabeta"})
    text = "".join(json.dumps(e, separators=(",", ":")) + "\n" for e in events)
    assert verify_trace(text).events == len(events)
    without = dict(events[0], options={"depth": 2, "ties": "prune"})  # a doctored start: the same trace without symmetry
    doctored = json.dumps(without) + "\n" + "".join(json.dumps(e) + "\n" for e in events[1:])
    with pytest.raises(TraceMismatch):
        verify_trace(doctored)


# --- refusals ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("request_, message", [
    ({"example": "lecture", "symmetry": True}, "symmetry: goes with a game (tic-tac-toe)"),
    ({"tree": [[3, 12], [2, 4]], "symmetry": True}, "symmetry: goes with a game (tic-tac-toe)"),
    ({"game": "isolation", "symmetry": True, "depth": 2}, "symmetry: goes with tic-tac-toe (the 8 symmetries of its square), not Isolation"),
    ({"game": "tictactoe", "symmetry": "yes"}, "symmetry: expected true or false"),
    ({"game": "tictactoe", "symmetry": 1}, "symmetry: expected true or false"),
])
def test_symmetry_is_refused_where_it_does_not_apply(request_: dict[str, Any], message: str) -> None:
    assert refusal(lambda: parse_request(request_)).startswith(message)


def test_a_tree_with_symmetry_false_is_searched_as_usual() -> None:
    assert parse_request({"example": "lecture", "symmetry": False}).run().value == 3


def test_the_cli_takes_symmetry_and_refuses_it_for_trees_and_isolation(tmp_path: Any) -> None:
    done = run_cli("trace", "--game", "tictactoe", "--state", ".........", "--depth", "2", "--symmetry", "--algorithm", "minimax")
    assert done.returncode == 0
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert lines[0]["options"] == {"depth": 2, "symmetry": True}
    assert (lines[-1]["value"], lines[-1]["move"], lines[-1]["leaves"]) == (1, 4, 12)
    tree = tmp_path / "tree.json"
    tree.write_text("[[3, 12], [2, 4]]")
    for args, message in [
        ((str(tree), "--symmetry"), "--symmetry: goes with --game tictactoe"),
        (("--example", "lecture", "--symmetry"), "symmetry: goes with a game (tic-tac-toe)"),
        (("--game", "isolation", "--depth", "2", "--symmetry"), "symmetry: goes with tic-tac-toe"),
    ]:
        refused = run_cli("trace", *args)
        assert refused.returncode == 2 and refused.stdout == ""
        assert refused.stderr.startswith(message) and refused.stderr.count("\n") == 1
    lab = run_cli("ordering", "--game", "tictactoe", "--state", ".........", "--depth", "2", "--symmetry")
    assert lab.returncode == 0 and json.loads(lab.stdout)["minimax_leaves"] == 12


# --- practice: the tree the search draws --------------------------------------------------------------

def test_practising_the_slides_example_gives_its_16_nodes_and_the_estimates_as_leaf_values() -> None:
    exercise = parse_exercise({**{k: v for k, v in SLIDES.items() if k != "algorithm"}, "algorithm": "minimax"})
    tree = exercise.tree
    assert [child.label for child in tree.children] == ["X0 (B)", "X1 (C)", "X4 (D)"]
    assert [len(child.children) for child in tree.children] == [5, 5, 2]
    assert [leaf.value for child in tree.children for leaf in child.children] == list(SLIDE_LEAVES.values())
    assert exercise.summary()["nodes"] == 16 and exercise.student_copy()["leaves"] == 12
    assert model_answer(exercise)["values"] == {"A": 1, "B": -1, "C": -2, "D": 1}
    assert check_answer(exercise, model_answer(exercise))["score"] == 1


@pytest.mark.parametrize("shape", [
    {"depth": 2}, {"depth": 2, "symmetry": True}, {"depth": 3, "symmetry": True}, {"depth": 3, "symmetry": True, "beam": 2},
    {"depth": 1, "quiescence": True}, {"depth": 2, "beam": 3},
])
@pytest.mark.parametrize("state", [".........", "X...O....", "XO.X..O.."])
def test_a_practised_position_has_the_nodes_minimax_draws(shape: dict[str, Any], state: str) -> None:
    request = {"game": "tictactoe", "state": state, "algorithm": "minimax", **shape}
    try:
        tree = position_tree("tictactoe", state, shape)
    except InputError as exc:
        assert "more than 400 nodes" in str(exc)
        assert parse_request(request).run().visited > 400
        return
    assert sum(1 for _ in tree.walk()) == parse_request(request).run().visited


def test_the_refusal_counts_the_searched_tree_and_says_what_to_change() -> None:
    assert sum(1 for _ in position_tree("tictactoe", ".........", {"depth": 2}).walk()) == 82  # was refused before
    assert refusal(lambda: parse_exercise({"game": "tictactoe", "state": ".........", "depth": 3})) == (
        "state: searched with depth limit 3, this position has more than 400 nodes below it (the practice limit): "
        "play a few more moves first, or give a smaller depth limit")
    assert refusal(lambda: parse_exercise({"game": "tictactoe", "state": "X........"})).startswith(
        "state: this position has more than 400 nodes below it (the practice limit)")


@pytest.mark.parametrize("body, message", [
    ({"tree": [[1, 2], [3]], "depth": 2}, 'depth: goes with "game"'),
    ({"tree": [[1, 2], [3]], "symmetry": True}, 'symmetry: goes with "game"'),
    ({"game": "isolation", "symmetry": True}, "symmetry: goes with tic-tac-toe"),
    ({"game": "tictactoe", "depth": 0}, "depth: a depth limit of 0 searches nothing"),
    ({"game": "tictactoe", "depth": 2, "symmetry": "on"}, "symmetry: expected true or false"),
    ({"game": "tictactoe", "depth": 2, "tt": True}, "tt: unknown field"),
])
def test_a_bad_practice_shape_is_refused_naming_the_field(body: dict[str, Any], message: str) -> None:
    assert refusal(lambda: parse_exercise(body)).startswith(message)
