"""`python -m search grade S.py --config assignment.toml`: every problem of an assignment's config graded, exit 0 when all
match, 1 when any differs, 2 when the file cannot be judged; Gradescope's results.json with a test per problem (its
name, points and visibility); a config error is one line, exit 2, and grades nothing; options in any order."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from tests.engine import grading_sources as g
from tests.helpers.cli import run_cli, run_cli_process

TREE = "[[[3, 6], [3, 9, 0]], [[9, 7, 6], [4, 3], [6, 8, 3]], [[6, 2], [1, 6]]]"
CONFIG = '''time_limit = 30

[[problem]]
name = "alpha-beta on the lecture tree"
algorithm = "alphabeta"
example = "lecture"
ties = "prune"
points = 2
visibility = "visible"

[[problem]]
name = "alpha-beta on a random tree"
algorithm = "alphabeta"
random = {seed = 4, depth = 4, branching = [2, 3]}
points = 3
visibility = "hidden"

[[problem]]
name = "minimax on tic-tac-toe"
algorithm = "minimax"
game = "tictactoe"
state = "XO.XO...."
depth = 2
points = 1
visibility = "after_due_date"

[[problem]]
name = "alpha-beta on a tree file"
algorithm = "alphabeta"
tree = "trees/t.json"
returns = "v"
time_limit = 20
points = 2.5
visibility = "after_published"
'''
NAMES = ["alpha-beta on the lecture tree", "alpha-beta on a random tree", "minimax on tic-tac-toe", "alpha-beta on a tree file"]
VISIBILITY = ["visible", "hidden", "after_due_date", "after_published"]
POINTS = [2.0, 3.0, 1.0, 2.5]
RIGHT = g.source(g.ALPHABETA_NESTED, g.ALPHABETA_RIGHT) + g.source(g.MINIMAX_NESTED, g.MINIMAX_RIGHT)
WRONG = g.source(g.ALPHABETA_NESTED, g.ALPHABETA_RIGHT, g.ALPHABETA_SLIPS["beta-not-updated"]) + g.source(g.MINIMAX_NESTED, g.MINIMAX_RIGHT)


@pytest.fixture
def course(tmp_path: Path) -> Path:
    """A course's folder: the config, its tree file (a path relative to the config), a right and a wrong submission."""
    (tmp_path / "trees").mkdir()
    (tmp_path / "trees" / "t.json").write_text(TREE, encoding="utf-8")
    (tmp_path / "assignment.toml").write_text(CONFIG, encoding="utf-8")
    (tmp_path / "right.py").write_text(RIGHT, encoding="utf-8")
    (tmp_path / "wrong.py").write_text(WRONG, encoding="utf-8")
    return tmp_path


def strict_json(path: Path) -> Any:
    """results.json as Gradescope's parser reads it: no NaN or Infinity."""
    def refuse(name: str) -> None:
        raise AssertionError(f"not strict JSON: {name}")
    return json.loads(path.read_text(encoding="utf-8"), parse_constant=refuse)


def test_options_and_positionals_in_either_order(course: Path) -> None:
    right, tree = str(course / "right.py"), str(course / "trees" / "t.json")
    after = run_cli_process("grade", right, "--algorithm", "alphabeta", tree)
    before = run_cli_process("grade", "--algorithm", "alphabeta", right, tree)
    assert after.returncode == before.returncode == 0, after.stderr + before.stderr
    assert after.stdout == before.stdout and after.stdout.startswith("Your alphabeta_search matches alpha-beta")
    config = run_cli("grade", "--config", str(course / "assignment.toml"), "--algorithm", "alphabeta", right)
    assert config.returncode == 2 and config.stderr.splitlines() == [
        "--config: the config gives each problem's search and input: leave out --algorithm"]


def test_a_four_problem_config_on_a_right_submission_scores_every_point(course: Path) -> None:
    results = course / "out" / "results.json"
    started = time.monotonic()
    done = run_cli_process("grade", str(course / "right.py"), "--config", str(course / "assignment.toml"), "--gradescope", str(results))
    print(f"4-problem config, right submission: {time.monotonic() - started:.2f} s wall")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[-1] == "4 of 4 problems match: 8.5 of 8.5 points."
    written = strict_json(results)
    assert list(written) == ["score", "execution_time", "output", "visibility", "tests"]
    assert written["score"] == sum(POINTS) and written["visibility"] == "visible" and written["execution_time"] > 0
    assert [t["name"] for t in written["tests"]] == NAMES and [t["visibility"] for t in written["tests"]] == VISIBILITY
    assert [t["score"] for t in written["tests"]] == POINTS and [t["max_score"] for t in written["tests"]] == POINTS
    assert all(list(t) == ["name", "score", "max_score", "visibility", "output"] for t in written["tests"])
    assert "matches minimax: the same 21 positions" in written["tests"][2]["output"]
    assert not list(results.parent.glob("*.tmp")), "the temporary file was replaced, not left behind"


def test_a_wrong_submission_exits_1_with_the_divergence_and_the_misconception_in_each_test(course: Path) -> None:
    results = course / "results.json"
    done = run_cli("grade", "--config", str(course / "assignment.toml"), str(course / "wrong.py"), "--gradescope", str(results))
    assert done.returncode == 1, done.stdout + done.stderr
    tests = strict_json(results)["tests"]
    scores = {t["name"]: t["score"] for t in tests}
    assert scores["minimax on tic-tac-toe"] == 1.0 and scores["alpha-beta on a tree file"] == 0.0
    differing = next(t for t in tests if t["name"] == "alpha-beta on a tree file")
    assert "Your alphabeta_search differs from alpha-beta" in differing["output"]
    assert 'the misconception "' in differing["output"] and "without β ← MIN(β, v)" in differing["output"]
    assert strict_json(results)["score"] == sum(t["score"] for t in tests) < sum(POINTS)


def test_a_missing_or_unparsable_submission_still_writes_results_with_0_and_the_reason(course: Path) -> None:
    config = str(course / "assignment.toml")
    missing = run_cli("grade", str(course / "nope.py"), "--config", config, "--gradescope", str(course / "m.json"))
    assert missing.returncode == 2 and missing.stderr.splitlines() == [
        f"Your file could not be graded: {course / 'nope.py'}: cannot read: No such file or directory."]
    written = strict_json(course / "m.json")
    assert written["score"] == 0 and [t["name"] for t in written["tests"]] == NAMES
    assert all("cannot read" in t["output"] and t["max_score"] == p for t, p in zip(written["tests"], POINTS))
    (course / "broken.py").write_text("def alphabeta_search(game, state)\n    return 1\n", encoding="utf-8")
    broken = run_cli("grade", str(course / "broken.py"), "--config", config, "--gradescope", str(course / "b.json"))
    assert broken.returncode == 2
    written = strict_json(course / "b.json")
    assert written["score"] == 0 and all("SyntaxError" in t["output"] and "(line 1)" in t["output"] for t in written["tests"])
    single = run_cli("grade", str(course / "nope.py"), "--example", "lecture", "--algorithm", "alphabeta", "--gradescope",
                     str(course / "out.json"))
    assert single.returncode == 2 and len(single.stderr.splitlines()) == 1
    written = strict_json(course / "out.json")
    assert written["score"] == 0 and "cannot read" in written["output"] and written["tests"][0]["max_score"] == 1.0


HEAD = '[[problem]]\nname = "lec"\nalgorithm = "alphabeta"\n'
BAD_CONFIGS = {
    "unknown key": (HEAD + 'example = "lecture"\nbogus = 1\n', "problem 1 ('lec'): bogus: unknown key"),
    "unknown top key": ('colour = "red"\n' + HEAD + 'example = "lecture"\n', "colour: unknown key"),
    "no input": (HEAD, "problem 1 ('lec'): give exactly one input"),
    "two inputs": (HEAD + 'example = "lecture"\ntree = "t.json"\n', "problem 1 ('lec'): tree: give exactly one input"),
    "bad visibility": (HEAD + 'example = "lecture"\nvisibility = "public"\n', "problem 1 ('lec'): visibility: expected one of visible"),
    "bad algorithm": (HEAD.replace("alphabeta", "negamax") + 'example = "lecture"\n', "problem 1 ('lec'): algorithm: expected one of"),
    "no algorithm": ('[[problem]]\nname = "lec"\nexample = "lecture"\n', "problem 1 ('lec'): algorithm:"),
    "no name": ('[[problem]]\nalgorithm = "minimax"\nexample = "lecture"\n', "problem 1: name:"),
    "bad ties": (HEAD + 'example = "lecture"\nties = "maybe"\n', "problem 1 ('lec'): ties:"),
    "ties without pruning": ('[[problem]]\nname = "m"\nalgorithm = "minimax"\nexample = "lecture"\nties = "prune"\n',
                             "problem 1 ('m'): ties: goes with"),
    "bad returns": (HEAD + 'example = "lecture"\nreturns = "x"\n', "problem 1 ('lec'): returns:"),
    "bad depth": (HEAD + 'example = "lecture"\ndepth = "3"\n', "problem 1 ('lec'): depth:"),
    "bad points": (HEAD + 'example = "lecture"\npoints = -1\n', "problem 1 ('lec'): points:"),
    "bad time limit": (HEAD + 'example = "lecture"\ntime_limit = 0\n', "problem 1 ('lec'): time_limit:"),
    "missing tree file": (HEAD + 'tree = "missing.json"\n', "problem 1 ('lec'): tree:"),
    "bad random": (HEAD + "random = {seed = 1, branching = [3, 2]}\n", "problem 1 ('lec'): random.branching:"),
    "random without a seed": (HEAD + "random = {depth = 3}\n", "problem 1 ('lec'): random.seed:"),
    "bad state": (HEAD + 'game = "tictactoe"\nstate = "XXXX"\n', "problem 1 ('lec'): state:"),
    "state without a game": (HEAD + 'example = "lecture"\nstate = "X........"\n', "problem 1 ('lec'): state: goes with game"),
    "same name twice": (HEAD + 'example = "lecture"\n' + HEAD + 'example = "lecture"\n', "problem 2 ('lec'): name:"),
    "no problems": ("time_limit = 30\n", "problem: expected one or more [[problem]] tables"),
    "not TOML": ("x = [\n", "not TOML:"),
}


@pytest.mark.parametrize("case", list(BAD_CONFIGS))
def test_each_config_error_is_one_line_naming_the_problem_and_the_key_and_grades_nothing(tmp_path: Path, case: str) -> None:
    text, expected = BAD_CONFIGS[case]
    config = tmp_path / "assignment.toml"
    config.write_text(text, encoding="utf-8")
    (tmp_path / "s.py").write_text(RIGHT, encoding="utf-8")
    results = tmp_path / "results.json"
    done = run_cli("grade", str(tmp_path / "s.py"), "--config", str(config), "--gradescope", str(results))
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith(f"{config}: ") and expected in done.stderr, done.stderr
    assert not results.exists()


def test_a_course_game_class_is_a_problem_input(tmp_path: Path) -> None:
    pytest.importorskip("search.grading.course_problem")
    root = Path(__file__).resolve().parents[2]
    (tmp_path / "nim.py").write_text((root / "docs" / "examples" / "nim.py").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "s.py").write_text(g.source(g.MINIMAX_NESTED, g.MINIMAX_RIGHT), encoding="utf-8")
    (tmp_path / "a.toml").write_text('[[problem]]\nname = "nim"\nalgorithm = "minimax"\ngame_class = "nim.py:Nim"\n', encoding="utf-8")
    assert run_cli("grade", str(tmp_path / "s.py"), "--config", str(tmp_path / "a.toml")).returncode == 0
    flag = run_cli("grade", str(tmp_path / "s.py"), "--algorithm", "minimax", "--game-class", f"{tmp_path / 'nim.py'}:Nim")
    assert flag.returncode == 0, flag.stdout + flag.stderr
    bad = tmp_path / "b.toml"
    bad.write_text('[[problem]]\nname = "nim"\nalgorithm = "minimax"\ngame_class = "nim.py:NoSuchGame"\n', encoding="utf-8")
    done = run_cli("grade", str(tmp_path / "s.py"), "--config", str(bad))
    assert done.returncode == 2 and "problem 1 ('nim'): game_class" in done.stderr and len(done.stderr.splitlines()) == 1
