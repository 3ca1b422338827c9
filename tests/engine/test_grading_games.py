"""The grader on every search the lecture teaches: max^n on a tree with players (its vectors read from maxn_value,
the root-component slip named), Connect Four from a position with a depth limit, and a course's own GameBase game
(search.grading.course_problem), in-process and through the real CLI and child process."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from search.errors import InputError
from search.grading.browser import check
from search.grading.course_problem import course_game_fields
from search.grading.grade_file import grade_file
from search.grading.problem import Problem
from search.grading.starters import starter
from search.traces.schema import event_validator
from tests.helpers.cli import run_cli

FILES = Path(__file__).parent / "grading_files"
ROOT = Path(__file__).parents[2]
MAXN = {"example": "three-players", "algorithm": "maxn"}
CONNECT4 = {"game": "connect4", "state": "." * 35 + "..OX...", "algorithm": "alphabeta", "depth": 3}
"""X to move after one disc each: depth 3 is 188 positions for alpha-beta, and the strict test searches more."""
NIM = "docs/examples/nim.py:Nim"


def report(source: str, problem: dict[str, Any]) -> dict[str, Any]:
    return json.loads(check(source, json.dumps(problem)))


def text(name: str) -> str:
    return (FILES / name).read_text(encoding="utf-8")


def test_maxn_through_the_cli_a_right_file_exits_0_and_the_root_component_slip_exits_1_named() -> None:
    right = run_cli("grade", str(FILES / "maxn_right.py"), "--example", "three-players", "--algorithm", "maxn")
    assert right.returncode == 0, right.stdout + right.stderr
    assert right.stdout.startswith("Your maxn_search matches max^n: the same 14 positions") and "value ⟨1, 2, 6⟩" in right.stdout
    wrong = run_cli("grade", str(FILES / "maxn_root_component.py"), "--example", "three-players", "--algorithm", "maxn")
    assert wrong.returncode == 1, wrong.stdout + wrong.stderr
    lines = wrong.stdout.splitlines()
    assert lines[0] == ("Your maxn_search differs from max^n: your maxn_value(R1a) returned ⟨4, 2, 3⟩; "
                        "in max^n MAXN-VALUE(R1a) returns ⟨1, 2, 6⟩.")
    assert lines[1].startswith("It matches max^n with every node maximising the root player's component")


def test_maxn_values_are_vectors_as_tuples_lists_dicts_or_value_move_pairs() -> None:
    right = text("maxn_right.py")
    as_dicts = right.replace("return game.utility(state)", "return {p: game.utility(state, p) for p in game.players}")
    as_dicts = as_dicts.replace("u[p] > best[p]", "u[game.players[p]] > best[game.players[p]]").replace(
        "u[p] > v[p]", "u[game.players[p]] > v[game.players[p]]")
    as_lists = right.replace("return game.utility(state)", "return list(game.utility(state))")
    for source in (right, as_dicts, as_lists):
        answer = report(source, MAXN)
        assert answer["verdict"] == "match" and answer["values_recorded"], answer["headline"]
    wrong = report(text("maxn_root_component.py"), MAXN)
    assert wrong["misconception"]["id"] == "maxn-root-component" and wrong["divergence"]["kind"] == "value"
    validator = event_validator()
    for event in wrong["student_events"]:
        validator.validate(event)
    assert [e["value"] for e in wrong["student_events"] if e["type"] == "return" and e["node"] == "R1a"] == [[4, 2, 3]]


def test_a_maxn_game_names_its_players_and_gives_one_component_or_the_whole_vector() -> None:
    probe = ("def maxn_search(game, state):\n    s = state\n    while not game.is_terminal(s):\n"
             "        s = game.result(s, game.actions(s)[0])\n"
             "    assert game.to_move(state) == 'A' and game.players == ['A', 'B', 'C']\n"
             "    assert game.utility(s) == (1, 2, 6) and game.utility(s, 'C') == 6\n"
             "    game.utility(s, 'Z')\n")
    answer = report(probe, MAXN)
    assert answer["verdict"] == "error" and answer["error"]["line"] == 7
    assert answer["error"]["message"].startswith("utility(state, player): player 'Z' is not one of ['A', 'B', 'C']")
    assert report(starter("maxn"), MAXN)["error"]["message"].startswith("NotImplementedError")


def test_connect_four_through_the_cli_with_a_depth_and_without_one() -> None:
    where = ("--game", "connect4", "--state", CONNECT4["state"], "--algorithm", "alphabeta")
    right = run_cli("grade", str(FILES / "connect4_alphabeta.py"), *where, "--depth", "3")
    assert right.returncode == 0, right.stdout + right.stderr
    assert "the same 188 positions" in right.stdout and "move X 3" in right.stdout
    strict = run_cli("grade", str(FILES / "connect4_strict_test.py"), *where, "--depth", "3")
    assert strict.returncode == 1, strict.stdout + strict.stderr
    assert strict.stdout.startswith("Your alphabeta_search differs from alpha-beta: your search visits X 0 · O 1 · X 3 after "
                                    "X 0 · O 1 · X 2 returned 9 ≥ β = 9 at X 0 · O 1")
    assert "alpha-beta that prunes only on v > β and v < α" in strict.stdout
    endless = run_cli("grade", str(FILES / "connect4_alphabeta.py"), *where)
    assert endless.returncode == 2 and endless.stderr.startswith("depth: Connect Four needs a depth limit")
    assert endless.stderr.count("\n") == 1


def test_connect_four_players_are_x_and_o_and_moves_are_columns() -> None:
    probe = ("def minimax_search(game, state):\n    assert game.to_move(state) == 'X' and game.players == ['X', 'O']\n"
             "    assert game.actions(state) == list(range(7))\n    after = game.result(state, 3)\n"
             "    assert game.to_move(after) == 'O'\n    return 3\n")
    answer = report(probe, {**CONNECT4, "algorithm": "minimax", "depth": 1})
    assert answer["error"] is None and answer["student"]["move"] == 3


def test_a_course_game_is_graded_in_its_own_words_through_the_child_process() -> None:
    fields = course_game_fields(NIM, ROOT)
    assert fields["course_game"]["class"] == "Nim" and "class Nim(search.GameBase)" in fields["course_game"]["source"]
    problem = Problem.from_request({**fields, "algorithm": "alphabeta"})
    assert problem.describe() == "alphabeta on Nim (docs/examples/nim.py)"
    assert Problem.from_request(problem.to_json()).to_json() == problem.to_json()  # what the child rebuilds
    right = grade_file(FILES / "nim_alphabeta.py", problem)
    assert right.exit_code == 0, right.text
    wrong = grade_file(FILES / "nim_alpha_not_updated.py", problem)
    assert wrong.exit_code == 1, wrong.text
    assert wrong.report["misconception"]["id"] == "alpha-not-updated"
    assert "your search visits Ann (0, 1) · Bob (1, 1) · Ann (2, 1) · Bob (2, 2) after" in wrong.text


def test_a_course_games_players_are_its_own_and_its_state_can_be_given() -> None:
    fields = course_game_fields(NIM, ROOT)
    probe = ("def minimax_search(game, state):\n    assert game.to_move(state) == 'Bob' and game.players == ['Bob', 'Ann']\n"
             "    end = game.result(state, (1, 1))\n    assert game.utility(end, 'Bob') == 1 and game.utility(end, 'Ann') == -1\n"
             "    return (1, 1)\n")
    state = {**fields["course_game"], "state": "((0, 1), 'Bob')"}
    answer = report(probe, {"course_game": state, "algorithm": "minimax"})
    assert answer["error"] is None and answer["student"]["move"] == [1, 1]


@pytest.mark.parametrize(("spec", "words"), [
    ("docs/examples/missing.py:Nim", "docs/examples/missing.py: cannot read: No such file or directory"),
    ("docs/examples/nim.py:Chess", "docs/examples/nim.py: no class Chess (it defines Nim)"),
    ("docs/examples/nim.py:search", "docs/examples/nim.py:search: not a GameBase subclass"),
    ("docs/examples/nim.py", "docs/examples/nim.py: expected FILE.py:ClassName"),
    ("tests/engine/grading_files/quiz_bare.py:Nim", "tests/engine/grading_files/quiz_bare.py: no class Nim"),
])
def test_a_course_game_that_cannot_be_used_is_one_line_naming_the_file(spec: str, words: str) -> None:
    with pytest.raises(InputError) as refused:
        course_game_fields(spec, ROOT)
    assert str(refused.value).startswith(words) and "\n" not in str(refused.value)


def test_a_syntax_error_in_a_course_game_names_its_file_and_line(tmp_path: Path) -> None:
    (tmp_path / "broken.py").write_text("import search\n\n\nclass Broken(search.GameBase):\n    def to_move(self, s:\n")
    with pytest.raises(InputError, match=r"^broken.py:5: SyntaxError"):
        course_game_fields("broken.py:Broken", tmp_path)
    with pytest.raises(InputError, match="course_game: give a course's game alone|example: give a course's game alone"):
        Problem.from_request({**course_game_fields(NIM, ROOT), "example": "lecture", "algorithm": "minimax"})


def test_trace_game_class_writes_a_valid_custom_trace_and_refuses_a_bad_spec() -> None:
    done = run_cli("trace", "--game-class", str(ROOT / NIM), "--algorithm", "alphabeta")
    assert done.returncode == 0, done.stderr
    events = [json.loads(line) for line in done.stdout.splitlines()]
    validator = event_validator()
    for event in events:
        validator.validate(event)
    assert events[0]["source"] == {"kind": "custom", "game": "nim", "state": "1 2 3 (Ann to move)", "players": ["Ann", "Bob"]}
    assert events[-1]["type"] == "result" and events[-1]["move"] == [0, 1] and events[-1]["complete"] is True
    from_state = run_cli("trace", "--game-class", str(ROOT / NIM), "--state", "((1, 1), 'Bob')")
    assert json.loads(from_state.stdout.splitlines()[0])["source"]["state"] == "1 1 (Bob to move)"
    missing = run_cli("trace", "--game-class", str(ROOT / "docs/examples/nim.py:Chess"))
    assert missing.returncode == 2 and missing.stderr.endswith("no class Chess (it defines Nim)\n")


def test_a_course_game_of_three_players_is_graded_by_max_n_with_its_own_names() -> None:
    fields = course_game_fields("tests/engine/grading_files/three_counters.py:Counters", ROOT)
    right = report(text("maxn_right.py"), {**fields, "algorithm": "maxn"})
    assert right["verdict"] == "match" and right["reference"]["value"] == [4, 0, 4]
    wrong = report(text("maxn_root_component.py"), {**fields, "algorithm": "maxn"})
    assert wrong["misconception"]["id"] == "maxn-root-component"
    assert wrong["divergence"]["message"] == ("your maxn_value(Ann 1 · Bob 2) returned ⟨3, 3, 3⟩; "
                                              "in max^n MAXN-VALUE(Ann 1 · Bob 2) returns ⟨0, 0, 3⟩")
    names = report("def maxn_search(game, state):\n    assert game.players == ['Ann', 'Bob', 'Cy']\n"
                   "    assert game.to_move(game.result(state, 1)) == 'Bob'\n    return 1\n", {**fields, "algorithm": "maxn"})
    assert names["error"] is None
