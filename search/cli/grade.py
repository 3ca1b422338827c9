"""`python -m search grade STUDENT.py`: a student's own search graded against the engine's (docs/grading.md).

Exit 0: the search matches the reference (visits, values where recorded, move); 1: it differs (the first
divergence and the misconception behind it printed); 2: it cannot be judged (a syntax error, an exception,
no entry point, the time or memory limit, an unreadable file) or the command itself is wrong. With --config,
every problem of an assignment's config: 0 when all match, 1 when any differs, 2 when any cannot be judged.
Options and the positionals may come in any order (the subcommand is parsed with parse_intermixed_args).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any, Callable, NoReturn

from search import limits
from search.errors import InputError
from search.games.registry import game_ids, games
from search.grading.assignment import load_assignment
from search.grading.assignment_run import grade_assignment
from search.grading.course_problem import course_game_fields
from search.grading.grade_file import grade_source, read_student_file, unreadable
from search.grading.gradescope import write_results
from search.grading.outcome import NOT_JUDGED, GradedTest, GradeOutcome
from search.grading.problem import ALGORITHMS, Problem
from search.grading.quiz import QUIZZES, graded_tests
from search.grading.quiz_grade import grade_quiz
from search.trees.node import EXAMPLES
from search.trees.parse import parse_tree_text

PROBLEM_FLAGS = ("algorithm", "tree", "example", "game", "game_class", "state", "depth", "ties", "returns", "quiz")
"""What --config leaves out: the config says each problem's search and input."""


def add_grade_parser(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """`grade` in `python -m search --help`; the command line itself is parsed by a parser of its own (main.py)."""
    add_grade_arguments(commands.add_parser("grade", help="grade a student's own minimax/alpha-beta/expectiminimax/max^n against the "
                                            "engine's, on one problem or an assignment's config"))


def add_grade_arguments(grade: argparse.ArgumentParser) -> None:
    grade.add_argument("student", help="the student's .py file (defines minimax_search, alphabeta_search, expectiminimax_search or maxn_search)")
    grade.add_argument("tree", nargs="?", help="a tree as JSON (object form or nested-list shorthand) to search")
    grade.add_argument("--algorithm", choices=list(ALGORITHMS), help="the search the file implements (required unless --quiz or --config)")
    grade.add_argument("--example", choices=list(EXAMPLES), help="a built-in tree")
    grade.add_argument("--game", choices=list(game_ids()), help="a built-in game (with --state; "
                       + ", ".join(g.name for g in games() if g.depth_needed) + " with --depth)")
    grade.add_argument("--game-class", metavar="FILE.py:ClassName", help="a course's own game (written with search.library.GameBase)")
    grade.add_argument("--state", help="game position: tic-tac-toe 9 chars of X O . ; Isolation 6 chars of . # 1 2; "
                       "Connect Four 42 chars of X O . (rows top to bottom)")
    grade.add_argument("--depth", type=int, help=f"depth limit in edges from the root (0-{limits.MAX_SEARCH_DEPTH})")
    grade.add_argument("--ties", choices=["prune", "explore"], help="alphabeta: prune on ties (the slides, the default) or not")
    grade.add_argument("--returns", choices=["v", "bound"], help="alphabeta: return v (the slides' pseudocode, the default) or the bound")
    grade.add_argument("--timeout", type=float,
                       help=f"CPU seconds the student's code may run (default {limits.GRADE_TIMEOUT_SECONDS}, and "
                            f"{limits.GRADE_SECONDS_PER_POSITION * 1000:g} ms per position the reference search visits; "
                            "with --config, each problem's time_limit)")
    grade.add_argument("--quiz", choices=list(QUIZZES), help="a quiz of the lecture, run against its own API")
    grade.add_argument("--config", metavar="ASSIGNMENT.toml", help="grade every problem an assignment's config lists (docs/grading.md)")
    grade.add_argument("--gradescope", metavar="RESULTS.json", help="also write Gradescope's results.json here")
    grade.add_argument("--json", action="store_true", help="print the whole report as JSON (both searches' events included)")


def grade_command(args: argparse.Namespace, read: Callable[[str], str], fail: Callable[[str], NoReturn]) -> int:
    if args.timeout is not None and not (0 < args.timeout <= limits.GRADE_MAX_TIMEOUT_SECONDS):
        fail(f"--timeout: expected a number of seconds above 0, at most {limits.GRADE_MAX_TIMEOUT_SECONDS}, got {args.timeout:g}")
    if args.config is not None:
        return _config_command(args, fail)
    timeout = args.timeout  # None: the default for the problem's size (grade_file.default_time_limit)
    path = Path(args.student)
    started = time.monotonic()
    try:
        if args.quiz is not None:
            if args.algorithm or args.example or args.game or args.tree or args.game_class:
                fail("--quiz: a quiz brings its own problem: leave out --algorithm, --example, --game, --game-class and the tree")
            _readable(path, args, fail, lambda reason: graded_tests({"quiz": args.quiz, "depths": [], "headline": reason}, reason))
            outcome = grade_quiz(path, args.quiz, timeout or limits.GRADE_TIMEOUT_SECONDS)
        else:
            problem = Problem.from_request(_problem_fields(args, read, fail))
            source = _readable(path, args, fail, lambda reason: [GradedTest(f"{problem.entry}: {problem.describe()}", 0.0, 1.0, reason)])
            outcome = grade_source(source, path, problem, timeout, events=args.json)
    except InputError as error:
        fail(str(error))
    if args.gradescope:
        write_results(outcome, Path(args.gradescope), time.monotonic() - started)
    if args.json and outcome.report is not None:
        print(json.dumps(outcome.report, allow_nan=False, ensure_ascii=False))
    else:
        print(outcome.text)
    return outcome.exit_code


def _readable(path: Path, args: argparse.Namespace, fail: Callable[[str], NoReturn],
              tests: Callable[[str], list[GradedTest]]) -> str:
    """The submission's text. An unreadable one cannot be judged (exit 2), but Gradescope still gets results.json: 0
    and the reason."""
    try:
        return read_student_file(path)
    except InputError as error:
        if args.gradescope:
            reason = unreadable(error)
            write_results(GradeOutcome(NOT_JUDGED, reason, tests(reason)), Path(args.gradescope))
        fail(str(error))


def _config_command(args: argparse.Namespace, fail: Callable[[str], NoReturn]) -> int:
    """`grade S.py --config assignment.toml`: the config validated whole first (any error: exit 2, nothing graded)."""
    given = [f"--{name.replace('_', '-')}" if name != "tree" else "TREE" for name in PROBLEM_FLAGS if getattr(args, name)]
    if given:
        fail(f"--config: the config gives each problem's search and input: leave out {', '.join(given)}")
    if args.json:
        fail("--json: one problem's report: give the problem on the command line, not --config")
    if args.timeout is not None:
        fail("--timeout: with --config, the time limit is the config's time_limit (top level or per problem)")
    try:
        assignment = load_assignment(Path(args.config))
    except InputError as error:
        fail(str(error))
    graded = grade_assignment(Path(args.student), assignment)
    if args.gradescope:
        write_results(graded.outcomes, Path(args.gradescope), graded.execution_time, assignment.visibility, graded.summary())
    if graded.reason is not None:
        fail(graded.reason)
    print(graded.text())
    return graded.exit_code


def _problem_fields(args: argparse.Namespace, read: Callable[[str], str], fail: Callable[[str], NoReturn]) -> dict[str, Any]:
    if args.algorithm is None:
        fail(f"--algorithm: say which search the file implements: {', '.join(ALGORITHMS)}")
    inputs = (("TREE", args.tree), ("--example", args.example), ("--game", args.game), ("--game-class", args.game_class))
    given = [name for name, value in inputs if value]
    if len(given) != 1:
        fail("give exactly one of TREE, --example, --game or --game-class" + (f" (got {', '.join(given)})" if given else ""))
    if args.state and not (args.game or args.game_class):
        fail("--state goes with --game or --game-class")
    fields: dict[str, Any] = {"algorithm": args.algorithm, "depth": args.depth}
    if args.algorithm == "alphabeta":
        fields.update(ties=args.ties or "prune", returns=args.returns or "v")
    if args.tree:
        try:
            fields["tree"] = parse_tree_text(read(args.tree)).to_json()
        except InputError as error:
            fail(f"{args.tree}: {error}")
    elif args.example:
        fields["example"] = args.example
    elif args.game_class:
        try:
            fields.update(course_game_fields(args.game_class, Path.cwd()))
        except InputError as error:
            fail(f"--game-class: {error.problem}" if error.where == "game_class" else f"--game-class: {error}")
        if args.state is not None:
            fields["course_game"]["state"] = args.state
    else:
        fields.update(game=args.game, state=args.state)
    return fields
