"""`python -m search grade STUDENT.py`: a student's own search graded against the engine's (docs/grading.md).

Exit 0: the search matches the reference (visits, values where recorded, move); 1: it differs (the first
divergence and the misconception behind it printed); 2: it cannot be judged (a syntax error, an exception,
no entry point, the time or memory limit) or the command itself is wrong.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, Callable, NoReturn

from search import limits
from search.errors import InputError
from search.grading.grade_file import grade_file
from search.grading.gradescope import write_results
from search.grading.problem import ALGORITHMS, GAMES, Problem
from search.grading.quiz import QUIZZES, grade_quiz
from search.trees.node import EXAMPLES
from search.trees.parse import parse_tree_text


def add_grade_parser(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    grade = commands.add_parser("grade", help="grade a student's own minimax/alpha-beta/expectiminimax against the engine's")
    grade.add_argument("student", help="the student's .py file (defines minimax_search, alphabeta_search or expectiminimax_search)")
    grade.add_argument("tree", nargs="?", help="a tree as JSON (object form or nested-list shorthand) to search")
    grade.add_argument("--algorithm", choices=list(ALGORITHMS), help="the search the file implements (required unless --quiz)")
    grade.add_argument("--example", choices=list(EXAMPLES), help="a built-in tree")
    grade.add_argument("--game", choices=list(GAMES), help="a built-in game (with --state)")
    grade.add_argument("--state", help="game position: tic-tac-toe 9 chars of X O . ; Isolation 6 chars of . # 1 2")
    grade.add_argument("--depth", type=int, help=f"depth limit in edges from the root (0-{limits.MAX_SEARCH_DEPTH})")
    grade.add_argument("--ties", choices=["prune", "explore"], default="prune", help="alphabeta: prune on ties (the slides) or not")
    grade.add_argument("--returns", choices=["v", "bound"], default="v", help="alphabeta: return v (the slides' pseudocode) or the bound")
    grade.add_argument("--timeout", type=float, default=limits.GRADE_TIMEOUT_SECONDS,
                       help=f"seconds the student's search may run (default {limits.GRADE_TIMEOUT_SECONDS})")
    grade.add_argument("--quiz", choices=list(QUIZZES), help="a quiz of the lecture, run against its own API")
    grade.add_argument("--gradescope", metavar="RESULTS.json", help="also write Gradescope's results.json here")
    grade.add_argument("--json", action="store_true", help="print the whole report as JSON (both searches' events included)")


def grade_command(args: argparse.Namespace, read: Callable[[str], str], fail: Callable[[str], NoReturn]) -> int:
    if not args.timeout > 0:
        fail(f"--timeout: expected a number of seconds above 0, got {args.timeout:g}")
    path = Path(args.student)
    try:
        if args.quiz is not None:
            if args.algorithm or args.example or args.game or args.tree:
                fail("--quiz: a quiz brings its own problem: leave out --algorithm, --example, --game and the tree")
            outcome = grade_quiz(path, args.quiz, args.timeout)
        else:
            problem = Problem.from_request(_problem_fields(args, read, fail))
            outcome = grade_file(path, problem, args.timeout, events=args.json)
    except InputError as error:
        fail(str(error))
    if args.gradescope:
        write_results(outcome, Path(args.gradescope))
    if args.json and outcome.report is not None:
        print(json.dumps(outcome.report, allow_nan=False, ensure_ascii=False))
    else:
        print(outcome.text)
    return outcome.exit_code


def _problem_fields(args: argparse.Namespace, read: Callable[[str], str], fail: Callable[[str], NoReturn]) -> dict[str, Any]:
    if args.algorithm is None:
        fail("--algorithm: say which search the file implements: minimax, alphabeta or expectiminimax")
    given = [name for name, value in (("TREE", args.tree), ("--example", args.example), ("--game", args.game)) if value]
    if len(given) != 1:
        fail("give exactly one of TREE, --example or --game" + (f" (got {', '.join(given)})" if given else ""))
    if args.state and not args.game:
        fail("--state goes with --game")
    fields: dict[str, Any] = {"algorithm": args.algorithm, "depth": args.depth}
    if args.algorithm == "alphabeta":
        fields.update(ties=args.ties, returns=args.returns)
    if args.tree:
        try:
            fields["tree"] = parse_tree_text(read(args.tree)).to_json()
        except InputError as error:
            fail(f"{args.tree}: {error}")
    elif args.example:
        fields["example"] = args.example
    else:
        fields.update(game=args.game, state=args.state)
    return fields
