"""The lecture's depth-limited minimax quiz as written: a student's `minimax.py` graded by counting terminal tests.

The quiz (Udacity-style, the 3x2 Isolation board of search.games.isolation) has the student add a depth
limit to `min_value(gameState, depth)` and `max_value(gameState, depth)`; its check calls
`minimax_decision(GameState(), 1)` and counts the calls of the module-level `terminal_test`: 5 on the
empty board. Here every depth from 1 to 6 is checked, the count and the move, against the engine's
minimax on Isolation(".....#", "zero") (its visits less the root, which minimax_decision never tests).

The student's file runs as the module `minimax` with the grader's own counting terminal_test and
GameState in place of any copy the file has (so the count cannot be tampered with; `call_counter` still
reads the count), and the quiz's `gamestate` module importable (search.grading.quiz_state). The CLI runs it
in a child process (search.grading.sandbox, task "quiz"); the code lab can run `quiz_report` in Pyodide
(this module; the CLI's entry, grade_quiz, is search.grading.quiz_grade, which needs child processes).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from search.algorithms.minimax import minimax
from search.errors import InputError, quoted
from search.games.isolation import Isolation
from search.grading.outcome import GradedTest
from search.grading.quiz_run import DEPTHS, ENTRY, run_quiz
from search.grading.walks import shown_move

QUIZ = "isolation-depth-limit"
QUIZZES = {QUIZ: "depth-limited minimax on the 3x2 Isolation board (the lecture's quiz)"}
QUIZ_CHECK = (1, 5)
"""The quiz's own check: depth 1 on the empty board tests the 5 open cells."""
EMPTY_BOARD = ".....#"


# --- the reference: the engine's minimax --------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Reference:
    tested: dict[int, int]  # depth -> positions tested (the engine's visits less the root)
    moves: dict[int, tuple[int, int]]  # depth -> the move chosen
    whole_game: int  # positions tested without a depth limit


@lru_cache(maxsize=1)
def reference() -> Reference:
    """The engine's minimax on the quiz's board, with the quiz's 0 at the depth limit (the "zero" estimate)."""
    results = {depth: minimax(Isolation(EMPTY_BOARD, "zero"), depth=depth) for depth in DEPTHS}
    whole = minimax(Isolation(EMPTY_BOARD, "zero"))
    return Reference({d: r.visited - 1 for d, r in results.items()}, {d: (r.move[0], r.move[1]) for d, r in results.items()},
                     whole.visited - 1)


def root_values(depth: int) -> dict[tuple[int, int], float]:
    """Each first move's minimax value at `depth` (its child searched to depth - 1): which moves tie for the best."""
    game = Isolation(EMPTY_BOARD, "zero")
    values = {}
    for move in game.actions(game.initial):
        child = minimax(Isolation(game.result(game.initial, move), "zero"), depth=depth - 1)
        values[move] = float(child.value if child.value is not None else 0)
    return values


# --- judging: the report, its words, its Gradescope tests ---------------------------------------------------

def judge(answer: dict[str, Any], quiz: str = QUIZ) -> dict[str, Any]:
    """The report (strict JSON) of a run_quiz answer set against the reference: the verdict, the first depth
    that differs or fails, a hint, and a row per depth."""
    ref = reference()
    rows = [_row(run, ref) for run in answer["runs"]]
    report = _report(quiz, "match", "", error=answer["error"], depths=rows, output=answer.get("output", ""))
    if answer["error"] is not None:
        error = answer["error"]
        report.update(verdict="error", hint=_error_hint(error),
                      headline=f"Your file could not be judged: {error['message']}{_line(error)}.")
        return report
    first = next((row for row in rows if not row["matches"]), None)
    if first is None:
        counts = [str(row["tested"]) for row in rows]
        report["headline"] = (f"Your {ENTRY} passes the quiz: at depths {DEPTHS[0]} to {DEPTHS[-1]} it tests "
                              f"{', '.join(counts[:-1])} and {counts[-1]} positions (calls of terminal_test) and chooses "
                              f"{shown_move(ref.moves[DEPTHS[0]])}, as the reference does (the quiz's check: depth "
                              f"{QUIZ_CHECK[0]} tests {QUIZ_CHECK[1]}).")
        return report
    depth = first["depth"]
    report["depth"] = depth
    if first["error"] is not None:
        error = first["error"]
        report.update(verdict="error", error=error, hint=_error_hint(error),
                      headline=f"Your {ENTRY} could not be judged: at depth {depth} it raised {error['message']}{_line(error)}.")
    elif first["tested"] != first["reference"]:
        report.update(verdict="differs", hint=_count_hint(depth, first["tested"], ref),
                      headline=f"Your {ENTRY} differs from the reference at depth {depth}: your search tested "
                               f"{first['tested']} positions, the reference {first['reference']}.")
    else:
        report.update(verdict="differs", hint=_move_hint(depth, first),
                      headline=f"Your {ENTRY} differs from the reference at depth {depth}: it chose {first['move_text']}, "
                               f"the reference {shown_move(ref.moves[depth])}.")
    return report


def _report(quiz: str, verdict: str, headline: str, **fields: Any) -> dict[str, Any]:
    """The report's fields, all present: quiz, title, entry, verdict, headline, hint, depth, error, depths, output."""
    report = {"quiz": quiz, "title": QUIZZES[quiz], "entry": ENTRY, "verdict": verdict, "headline": headline, "hint": None,
              "depth": None, "error": None, "depths": [], "output": ""}
    report.update(fields)
    return report


def _line(error: dict[str, Any]) -> str:
    return f" (line {error['line']})" if error.get("line") else ""


def _row(run: dict[str, Any], ref: Reference) -> dict[str, Any]:
    depth = run["depth"]
    move = ref.moves[depth]
    matches = run["error"] is None and run["tested"] == ref.tested[depth] and run["move"] == [move[0], move[1]]
    return {**run, "reference": ref.tested[depth], "reference_move": [move[0], move[1]], "matches": matches}


def _count_hint(depth: int, tested: int, ref: Reference) -> str:
    """Why the count may differ, from what it equals: another depth's count, the whole game's, none, twice."""
    expected = ref.tested[depth]
    if tested == 0:
        return ("terminal_test was never called: min_value and max_value must call terminal_test(gameState) first, "
                "before the depth cutoff (the quiz counts its calls; the root's children are tested even at depth 1)")
    if tested == ref.whole_game and expected != ref.whole_game:
        return (f"that is every position of the game ({ref.whole_game}), as if there were no depth limit: the cutoff never "
                "fires (is there an `if depth <= 0: return 0` after the terminal test, and does each recursive call "
                "pass depth - 1?)")
    if depth - 1 in ref.tested and tested == ref.tested[depth - 1]:
        return (f"that is the reference's count at depth {depth - 1}: your search stops one level early (is the depth "
                "tested before terminal_test, or is depth decremented twice, or is the cutoff `depth <= 1`?)")
    if depth + 1 in ref.tested and tested == ref.tested[depth + 1] != expected:
        return (f"that is the reference's count at depth {depth + 1}: your search goes one level too deep (is the cutoff "
                "`depth < 0` instead of `depth <= 0`, or does minimax_decision pass depth instead of depth - 1?)")
    if tested == expected + 1:
        return (f"one more than the reference's: is the root tested? {ENTRY} loops over the root's moves without "
                "calling terminal_test on the root (the quiz's \"You can ignore the special case\")")
    if tested == 2 * expected:
        return "exactly twice the reference's: each position is tested twice (call terminal_test once per position)"
    if tested > expected:
        return ("more than the reference's: some position is tested more than once, or searched past the depth "
                "limit on some branch")
    return ("fewer than the reference's: some branch stops early (a return inside the loop over the moves, or a "
            "cutoff that fires before the depth reaches 0)")


def _move_hint(depth: int, row: dict[str, Any]) -> str:
    if row["move"] is None:
        return f"{ENTRY} returns a move, a (column, row) pair such as (0, 0); yours returned {row['move_text']}"
    values = root_values(depth)
    best = max(values.values())
    mine = values.get((row["move"][0], row["move"][1]))
    if mine is None:
        return f"{row['move_text']} is not a legal first move (the legal ones are {', '.join(map(shown_move, values))})"
    if mine == best:
        return (f"{row['move_text']} ties for the best value ({best:g}), but the quiz keeps the first move with the "
                "strictly largest value (`if v > best_score`, not >=)")
    return (f"the reference values {row['move_text']} at {mine:g} and the best move at {best:g}: a value differs "
            "(min_value returns 1 when MIN has no move, max_value -1, both 0 at the depth limit)")


def _error_hint(error: dict[str, Any]) -> str | None:
    message = error["message"]
    if re.search(r"(min_value|max_value)\(\) takes 1 positional argument but 2 were given", message):
        return ("min_value and max_value do not take the depth yet: add a depth parameter to each (the quiz's first "
                "TODO), pass depth - 1 in every recursive call, and return 0 when depth reaches 0")
    if re.search(rf"{ENTRY}\(\) takes \d+ positional arguments? but 2 were given", message):
        return f"{ENTRY}(gameState, depth) takes the depth limit as its second argument, as the quiz's test calls it"
    if error["kind"] == "syntax":
        return "fix the syntax error first: the file must import before anything can be counted"
    return None


def report_text(report: dict[str, Any]) -> str:
    """What the CLI prints: the headline, the hint, the table of depths, the student's traceback and output."""
    lines = [report["headline"]]
    if report["hint"]:
        lines.append(f"Hint: {report['hint']}.")
    if report["depths"]:
        lines += ["", "depth  tested  reference  move      reference's move"]
        for row in report["depths"]:
            tested = "error" if row["error"] else str(row["tested"])
            move = "-" if row["error"] else row["move_text"]
            mark = "" if row["matches"] else "  <- differs" if row["error"] is None else "  <- raised"
            lines.append(f"{row['depth']:>5}  {tested:>6}  {row['reference']:>9}  {move:<8}  "
                         f"{shown_move(row['reference_move'])}{mark}")
    error = report["error"]
    if error and error.get("traceback"):
        lines += ["", error["traceback"].rstrip()]
    if report["output"].strip():
        printed = report["output"].rstrip().splitlines()
        lines += ["", "Your file printed:"] + printed[:10] + (["..."] if len(printed) > 10 else [])
    return "\n".join(lines)


def graded_tests(report: dict[str, Any], stopped: str | None = None) -> list[GradedTest]:
    """Gradescope's tests: one per depth, 1 point when the count and the move match."""
    by_depth = {row["depth"]: row for row in report["depths"]}
    tests = []
    for depth in DEPTHS:
        name = f"{report['quiz']}: depth {depth} (terminal tests and move)"
        row = by_depth.get(depth)
        if row is None:
            tests.append(GradedTest(name, 0, 1, stopped or report["headline"]))
        elif row["error"] is not None:
            tests.append(GradedTest(name, 0, 1, f"{ENTRY}(GameState(), {depth}) raised {row['error']['message']}"))
        else:
            said = (f"{'matches' if row['matches'] else 'differs'}: your search tested {row['tested']} positions (the reference {row['reference']}) and chose "
                    f"{row['move_text']} (the reference {shown_move(row['reference_move'])})")
            tests.append(GradedTest(name, 1 if row["matches"] else 0, 1, said))
    return tests


# --- the entry points: the CLI's and the code lab's ---------------------------------------------------------

def _check_quiz(quiz: str) -> None:
    if quiz not in QUIZZES:
        raise InputError("quiz", f"unknown quiz {quoted(quiz)}: the quizzes are {', '.join(QUIZZES)}")


def quiz_report(source: str, quiz: str = QUIZ) -> dict[str, Any]:
    """The code lab's quiz in Pyodide: run `source` in this process (the page's Web Worker holds the time limit)
    and return the report, strict JSON: verdict, headline, hint, depth, error, depths, output."""
    _check_quiz(quiz)
    return judge(run_quiz(source), quiz)


def quiz_report_json(source: str, quiz: str = QUIZ) -> str:
    """quiz_report as strict JSON text: what the code lab's Web Worker hands to the page (like search.grading.browser.check)."""
    return json.dumps(quiz_report(source, quiz), allow_nan=False)
