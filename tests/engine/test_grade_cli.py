"""`python -m search grade`: exit 0 when a student's search matches, 1 when it differs (divergence and misconception
printed), 2 when it cannot be judged (syntax error, exception, no entry point, the time limit); the student's code
runs in a child process; Gradescope's results.json."""

from __future__ import annotations

import json
from pathlib import Path

from tests.engine import grading_sources as g
from tests.helpers.cli import run_cli

LECTURE = ("--algorithm", "alphabeta", "--example", "lecture")


def student(tmp_path: Path, text: str, name: str = "student.py") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_right_search_exits_0_and_a_slip_exits_1_naming_the_place_and_the_idea(tmp_path: Path) -> None:
    right = run_cli("grade", student(tmp_path, g.source(g.ALPHABETA_TOP, g.ALPHABETA_RIGHT)), *LECTURE)
    assert right.returncode == 0, right.stderr
    assert right.stdout.startswith("Your alphabeta_search matches alpha-beta: the same 10 positions in the same order")
    window = run_cli("grade", student(tmp_path, g.source(g.ALPHABETA_NESTED, g.ALPHABETA_RIGHT, g.ALPHABETA_SLIPS["window-not-passed"])),
                     *LECTURE)
    assert window.returncode == 1, window.stderr
    lines = window.stdout.splitlines()
    assert lines[0] == ("Your alphabeta_search differs from alpha-beta: your search visits C2 after C1 returned 2 ≤ α = 3 at C: "
                        "alpha-beta prunes C2, C3 there (MIN-VALUE returns as soon as v ≤ α).")
    assert lines[1].startswith("It matches alpha-beta that never prunes")
    assert "alpha-beta with the window not passed down" in lines[2]


def test_a_tree_file_a_game_a_depth_and_the_json_report(tmp_path: Path) -> None:
    tree = tmp_path / "tree.json"
    tree.write_text("[[[3, 6], [3, 9, 0]], [[9, 7, 6], [4, 3], [6, 8, 3]], [[6, 2], [1, 6]]]")
    slipped = student(tmp_path, g.source(g.ALPHABETA_TOP, g.ALPHABETA_RIGHT, g.ALPHABETA_SLIPS["beta-not-updated"]))
    done = run_cli("grade", slipped, str(tree), "--algorithm", "alphabeta", "--json")
    assert done.returncode == 1
    report = json.loads(done.stdout)
    assert report["misconception"]["id"] == "beta-not-updated" and report["student_events"][0]["type"] == "start"
    game = run_cli("grade", student(tmp_path, g.source(g.MINIMAX_NESTED, g.MINIMAX_RIGHT), "mm.py"), "--algorithm", "minimax",
                   "--game", "tictactoe", "--state", "XO.XO....", "--depth", "2")
    assert game.returncode == 0, game.stdout + game.stderr


def test_what_cannot_be_judged_exits_2_with_the_students_line(tmp_path: Path) -> None:
    syntax = run_cli("grade", student(tmp_path, "def alphabeta_search(game, state)\n    return 1\n"), *LECTURE)
    assert syntax.returncode == 2 and "SyntaxError" in syntax.stdout and "(line 1)" in syntax.stdout
    raising = run_cli("grade", student(tmp_path, "import math\n\ndef alphabeta_search(game, state):\n    return math.sqrt(-1)\n"),
                      *LECTURE)
    assert raising.returncode == 2 and "ValueError: math domain error (line 4)" in raising.stdout
    nothing = run_cli("grade", student(tmp_path, "x = 1\n"), *LECTURE)
    assert nothing.returncode == 2 and "the file defines no alphabeta_search(game, state)" in nothing.stdout


def test_an_endless_loop_is_stopped_at_the_time_limit(tmp_path: Path) -> None:
    looping = student(tmp_path, "def alphabeta_search(game, state):\n    while True:\n        pass\n")
    done = run_cli("grade", looping, *LECTURE, "--timeout", "1")
    assert done.returncode == 2
    assert "stopped at the time limit (1 s of CPU): is there an endless loop?" in done.stdout


def test_a_search_that_fills_memory_is_stopped_by_the_memory_limit(tmp_path: Path) -> None:
    hungry = student(tmp_path, "def alphabeta_search(game, state):\n    hoard = [0] * 2_000_000_000\n    return hoard\n")
    done = run_cli("grade", hungry, *LECTURE)
    assert done.returncode == 2 and "MemoryError" in done.stdout and "(line 2)" in done.stdout


def test_gradescope_results_json(tmp_path: Path) -> None:
    results = tmp_path / "results" / "results.json"
    done = run_cli("grade", student(tmp_path, g.source(g.ALPHABETA_TOP, g.ALPHABETA_RIGHT, g.ALPHABETA_SLIPS["fail-hard"])),
                   *LECTURE, "--gradescope", str(results))
    assert done.returncode == 1
    written = json.loads(results.read_text(encoding="utf-8"))
    assert written["score"] == 0.0 and len(written["tests"]) == 1
    test = written["tests"][0]
    assert test["name"] == "alphabeta_search: alphabeta on the lecture tree" and test["max_score"] == 1.0
    assert "the fail-hard form" in test["output"]
    right = run_cli("grade", student(tmp_path, g.source(g.ALPHABETA_TOP, g.ALPHABETA_RIGHT)), *LECTURE, "--gradescope", str(results))
    assert right.returncode == 0 and json.loads(results.read_text(encoding="utf-8"))["score"] == 1.0


def test_bad_commands_exit_2_naming_the_option(tmp_path: Path) -> None:
    path = student(tmp_path, "x = 1\n")
    assert "--algorithm" in run_cli("grade", path, "--example", "lecture").stderr
    both = run_cli("grade", path, "--algorithm", "minimax", "--example", "lecture", "--game", "tictactoe")
    assert both.returncode == 2 and "exactly one of TREE, --example, --game or --game-class" in both.stderr
    missing = run_cli("grade", str(tmp_path / "nope.py"), *LECTURE)
    assert missing.returncode == 2 and "nope.py: cannot read" in missing.stderr
    chance = run_cli("grade", path, "--algorithm", "alphabeta", "--example", "chance")
    assert chance.returncode == 2 and chance.stderr.strip()
    assert run_cli("grade", path, *LECTURE, "--timeout", "0").returncode == 2
