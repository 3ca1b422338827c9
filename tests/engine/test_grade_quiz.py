"""The lecture's depth-limited minimax quiz graded as written (`python -m search grade FILE --quiz isolation-depth-limit`):
the student's minimax.py runs in a real child process, its terminal_test calls are counted at depths 1 to 6 and set
against the engine's minimax on the same 3x2 Isolation board. The fixtures are the quiz's own solution and starter
and the mistakes students make (tests/engine/grading_files/quiz_*.py)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from search.errors import InputError
from search.games.isolation import Isolation
from search.grading import starters
from search.grading.outcome import DIFFERS, MATCH, NOT_JUDGED
from search.grading.quiz import DEPTHS, QUIZ, quiz_report, quiz_report_json, reference, run_quiz
from search.grading.quiz_grade import grade_quiz
from search.grading.quiz_state import GameState, xlim, ylim
from tests.helpers.cli import run_cli_process
from tests.helpers.isolation_oracle import GameState as OracleGameState, LessonMinimax

FILES = Path(__file__).parent / "grading_files"
STARTER = Path(starters.__file__).parent / "isolation_depth_limit.py"
COUNTS = [5, 25, 77, 161, 224, 224]
"""Terminal tests of the quiz's solution at depths 1 to 6 (the quiz's own check: 5 at depth 1)."""


def fixture(name: str) -> Path:
    """A student's file for the quiz; "starter" is the one the quiz hands out, as shipped (search/grading/starters)."""
    return STARTER if name == "starter" else FILES / f"quiz_{name}.py"


def grade(name: str, timeout: float = 10) -> Any:
    return grade_quiz(fixture(name), QUIZ, timeout)


def line_of(name: str, text: str) -> int:
    """The line of `text` in a fixture (1-based), so a test does not hard-code line numbers."""
    lines = fixture(name).read_text().splitlines()
    return next(i for i, line in enumerate(lines, 1) if text in line)


# --- the reference ---------------------------------------------------------------------------------------

def test_the_reference_is_the_quizs_own_count_and_the_lessons_solution() -> None:
    ref = reference()
    assert ref.tested[1] == 5  # the quiz: "search depth one on an empty board ... visit each of the five open spaces"
    for depth in DEPTHS:
        lesson = LessonMinimax()
        move, _ = lesson.decision(OracleGameState(), depth)
        assert (ref.tested[depth], ref.moves[depth]) == (lesson.call_counter, move), depth
    assert [ref.tested[d] for d in DEPTHS] == COUNTS
    assert ref.whole_game == 224


def _board(state: GameState) -> str:
    """The quiz's GameState as the engine's Isolation position (row 0 then row 1; '1', '2', '#', '.')."""
    cells = []
    for y in range(ylim):
        for x in range(xlim):
            player = next((str(i + 1) for i, at in enumerate(state._player_locations) if at == (x, y)), None)
            cells.append(player or ("#" if state._board[x][y] else "."))
    return "".join(cells)


def test_the_graders_gamestate_is_the_engines_isolation_at_every_position() -> None:
    game = Isolation()
    stack = [(GameState(), game.initial)]
    seen = 0
    while stack:
        quiz_state, board = stack.pop()
        seen += 1
        assert _board(quiz_state) == board
        assert quiz_state.get_legal_moves() == game.actions(board), board  # same moves, same order
        stack.extend((quiz_state.forecast_move(m), game.result(board, m)) for m in game.actions(board))
    assert seen == 225  # the root and the whole game's 224


# --- grade_quiz: a real child process per file -----------------------------------------------------------

def test_the_quizs_solution_passes_with_5_terminal_tests_at_depth_1() -> None:
    outcome = grade("solution")
    assert outcome.exit_code == MATCH, outcome.text
    rows = outcome.report["depths"]
    assert [row["tested"] for row in rows] == COUNTS
    assert rows[0]["tested"] == 5 and all(row["move"] == [0, 0] for row in rows)
    assert outcome.text.startswith("Your minimax_decision passes the quiz: at depths 1 to 6 it tests 5, 25, 77, 161, 224 "
                                   "and 224 positions")
    assert [(t.score, t.max_score) for t in outcome.tests] == [(1, 1)] * 6
    assert outcome.score == 6


def test_the_quizs_starter_cannot_be_judged_and_says_the_line() -> None:
    outcome = grade("starter")
    assert outcome.exit_code == NOT_JUDGED
    call = line_of("starter", "v = min_value(gameState.forecast_move(m), depth - 1)")
    error = outcome.report["error"]
    assert error["line"] == call and error["message"] == "TypeError: min_value() takes 1 positional argument but 2 were given"
    assert outcome.text.splitlines()[0] == ("Your minimax_decision could not be judged: at depth 1 it raised TypeError: "
                                            f"min_value() takes 1 positional argument but 2 were given (line {call}).")
    assert "Hint: min_value and max_value do not take the depth yet: add a depth parameter" in outcome.text
    assert f'isolation_depth_limit.py", line {call}, in minimax_decision' in outcome.text  # the student's frame, only theirs
    assert "quiz_run.py" not in outcome.text and "student_code.py" not in outcome.text  # no frame of the grader
    assert outcome.score == 0 and all("raised TypeError" in t.output for t in outcome.tests)


def test_a_cutoff_one_level_too_deep_differs_with_the_off_by_one_hint() -> None:
    outcome = grade("off_by_one")
    assert outcome.exit_code == DIFFERS
    assert outcome.report["depth"] == 1
    assert outcome.text.splitlines()[0] == ("Your minimax_decision differs from the reference at depth 1: your search "
                                            "tested 25 positions, the reference 5.")
    assert "that is the reference's count at depth 2: your search goes one level too deep" in outcome.text
    assert [row["tested"] for row in outcome.report["depths"]] == COUNTS[1:] + [224]


def test_a_cutoff_that_never_fires_differs_and_says_so() -> None:
    outcome = grade("no_cutoff")
    assert outcome.exit_code == DIFFERS
    assert [row["tested"] for row in outcome.report["depths"]] == [224] * 6
    assert "your search tested 224 positions, the reference 5" in outcome.text
    assert "every position of the game (224), as if there were no depth limit: the cutoff never fires" in outcome.text
    # Gradescope: from depth 5 the reference searches the whole game too, so those depths score
    assert [t.score for t in outcome.tests] == [0, 0, 0, 0, 1, 1] and outcome.score == 2
    assert outcome.tests[0].output.startswith("differs: your search tested 224 positions (the reference 5)")


def test_a_different_move_on_a_tie_differs_with_the_tie_rule() -> None:
    outcome = grade("ties")
    assert outcome.exit_code == DIFFERS
    assert "at depth 1: it chose (1, 1), the reference (0, 0)" in outcome.text
    assert "ties for the best value (0), but the quiz keeps the first move with the strictly largest value" in outcome.text


def test_an_endless_loop_is_stopped_at_the_time_limit() -> None:
    outcome = grade("endless", timeout=0.5)  # the limit met and named: a fraction, as the quiz lets one give
    assert outcome.exit_code == NOT_JUDGED
    assert "did not finish within the time limit of 0.5 s of CPU (an endless loop?)" in outcome.text
    assert outcome.score == 0 and len(outcome.tests) == 6
    assert all("time limit of 0.5 s" in t.output for t in outcome.tests)


def test_the_count_is_the_graders_whatever_the_file_defines() -> None:
    """A file with its own GameState and a terminal_test that says 5 every time: the grader's own replace them."""
    assert "call_counter = 5" in (FILES / "quiz_own_copies.py").read_text()
    outcome = grade("own_copies")
    assert outcome.exit_code == MATCH, outcome.text
    assert [row["tested"] for row in outcome.report["depths"]] == COUNTS


def test_a_file_with_only_the_three_functions_passes_and_its_prints_are_kept() -> None:
    outcome = grade("bare")
    assert outcome.exit_code == MATCH, outcome.text
    assert outcome.report["output"] == "minimax.py loaded\n"
    assert outcome.text.endswith("Your file printed:\nminimax.py loaded")


def test_an_unknown_quiz_or_a_missing_file_names_what_is_wrong() -> None:
    with pytest.raises(InputError) as bad_quiz:
        grade_quiz(FILES / "quiz_solution.py", "tictactoe-quiz", 10)
    assert bad_quiz.value.where == "quiz" and "isolation-depth-limit" in str(bad_quiz.value)
    with pytest.raises(InputError) as missing:
        grade_quiz(FILES / "quiz_nowhere.py", QUIZ, 10)
    assert missing.value.where.endswith("quiz_nowhere.py")


# --- in-process (what the code lab would run in Pyodide) --------------------------------------------------

SOLUTION = (FILES / "quiz_solution.py").read_text()


def test_call_counter_and_import_minimax_work_as_the_quizs_test_reads_them() -> None:
    source = SOLUTION + '''

_search = minimax_decision


def minimax_decision(gameState, depth):
    import gamestate as game
    import minimax

    assert isinstance(gameState, game.GameState)
    move = _search(gameState, depth)
    print("call_counter", call_counter, "minimax.call_counter", minimax.call_counter)
    return move
'''
    answer = run_quiz(source)
    assert answer["error"] is None
    assert answer["output"].splitlines() == [f"call_counter {n} minimax.call_counter {n}" for n in COUNTS]
    assert "minimax" not in sys.modules and "gamestate" not in sys.modules  # put back as they were


def test_quiz_report_is_strict_json_for_a_match_and_for_a_syntax_error() -> None:
    report = json.loads(quiz_report_json(SOLUTION))
    assert report == quiz_report(SOLUTION)
    assert report["verdict"] == "match" and report["depths"][0]["tested"] == 5
    broken = quiz_report(SOLUTION.replace("def max_value(gameState, depth):", "def max_value(gameState, depth)"))
    assert broken["verdict"] == "error" and broken["error"]["kind"] == "syntax"
    assert broken["error"]["line"] == SOLUTION.splitlines().index("def max_value(gameState, depth):") + 1
    assert broken["headline"].startswith("Your file could not be judged: SyntaxError")
    json.dumps(broken, allow_nan=False)


def test_testing_the_root_too_is_one_more_and_the_hint_says_so() -> None:
    source = SOLUTION.replace('    best_score = float("-inf")\n', '    terminal_test(gameState)\n    best_score = float("-inf")\n', 1)
    report = quiz_report(source)
    assert report["verdict"] == "differs" and report["depths"][0]["tested"] == 6
    assert report["hint"].startswith("one more than the reference's: is the root tested?")


def test_a_loop_of_terminal_tests_stops_at_the_visit_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("search.limits.GRADE_MAX_VISITS", 1000)
    source = "def minimax_decision(gameState, depth):\n    while True:\n        terminal_test(gameState)\n"
    report = quiz_report(source)
    assert report["verdict"] == "error" and report["error"]["kind"] == "limit"
    assert len(report["depths"]) == 1  # the deeper depths are not run: they would only loop longer
    assert "terminal_test was called more than 1,000 times: is it searching in a loop?" in report["headline"]
    assert report["error"]["line"] == 3


def test_a_file_that_rewrites_the_graders_answer_cannot_crash_the_grader(tmp_path: Path) -> None:
    student = tmp_path / "minimax.py"
    student.write_text(SOLUTION + "\n\nimport search.grading.quiz_run as grader\n\ngrader._run_depth = lambda *args: {'error': None}\n")
    outcome = grade_quiz(student, QUIZ, 10)
    assert outcome.exit_code == NOT_JUDGED
    assert "the run's record is broken (KeyError: 'depth'): did the file change the grader?" in outcome.text


def test_a_file_without_minimax_decision_cannot_be_judged() -> None:
    report = quiz_report("def min_value(gameState, depth):\n    return 0\n")
    assert report["verdict"] == "error" and report["error"]["kind"] == "entry"
    assert "the file defines no minimax_decision(gameState, depth)" in report["headline"]


# --- the command ---------------------------------------------------------------------------------------

def test_the_command_grades_the_quiz_and_writes_gradescope_results(tmp_path: Path) -> None:
    """Real subprocess: the exit codes as a shell sees them."""
    results = tmp_path / "results.json"
    done = run_cli_process("grade", str(FILES / "quiz_solution.py"), "--quiz", QUIZ, "--gradescope", str(results))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Your minimax_decision passes the quiz")
    gradescope = json.loads(results.read_text())
    assert gradescope["score"] == 6 and len(gradescope["tests"]) == 6
    assert gradescope["tests"][0]["name"] == "isolation-depth-limit: depth 1 (terminal tests and move)"
    starter = run_cli_process("grade", str(STARTER), "--quiz", QUIZ)
    assert starter.returncode == 2
    assert f"(line {line_of('starter', 'v = min_value(gameState.forecast_move(m), depth - 1)')})" in starter.stdout
    off = run_cli_process("grade", str(FILES / "quiz_off_by_one.py"), "--quiz", QUIZ, "--json")
    assert off.returncode == 1 and json.loads(off.stdout)["depth"] == 1
    endless = run_cli_process("grade", str(FILES / "quiz_endless.py"), "--quiz", QUIZ, "--timeout", "1")
    assert endless.returncode == 2 and "time limit of 1 s" in endless.stdout
