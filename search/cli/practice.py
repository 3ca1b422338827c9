"""`python -m search practice`: an exercise from a file, checked without the server (an autograder
can run it): the same body as POST /api/exercises, the same answer and feedback as its /check.

Without --check it prints what an instructor wants to see before handing an exercise out: the
student's copy, the engine's own answer and the exercise's size and prunes. With --check it prints
the check and exits 0 when the answer is right, 1 when it is not (2 is bad input, as everywhere).
"""

from __future__ import annotations

import argparse
import json
from typing import Callable, NoReturn

from search.errors import InputError
from search.practice import check_answer, copy_for, model_answer, parse_exercise
from search.trees.parse import parse_json_text

EXIT_WRONG = 1


def add_practice_parser(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    practice = commands.add_parser("practice", help="an exercise (POST /api/exercises' JSON) and, with --check, a student's answer checked")
    practice.add_argument("exercise", help='a JSON file: {"tree" | "generate" | "game", "algorithm", "ties", "ask"}; - for stdin')
    practice.add_argument("--check", metavar="ANSWER", help='a JSON file: {"values": {...}, "bounds": {...}, "pruned": [...]}')


def practice_command(args: argparse.Namespace, read: Callable[[str], str], fail: Callable[[str], NoReturn]) -> int:
    def load(path: str, what: str) -> object:
        try:
            return parse_json_text(read(path), what)
        except InputError as exc:
            fail(f"{path}: {exc}")

    try:
        exercise = parse_exercise(load(args.exercise, "exercise"))
        if args.check is None:
            print(json.dumps({"student": copy_for(exercise), "answer": model_answer(exercise),
                              "summary": exercise.summary()}, allow_nan=False, ensure_ascii=False))
            return 0
        result = check_answer(exercise, load(args.check, "answer"))
    except InputError as exc:
        fail(str(exc))
    print(json.dumps(result, allow_nan=False, ensure_ascii=False))
    return 0 if result["correct"] else EXIT_WRONG
