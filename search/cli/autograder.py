"""`python -m search autograder assignment.toml -o autograder.zip`: Gradescope's autograder for an assignment's config
(search.grading.autograder); the config is validated first, with the grader's errors (one line, exit 2)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Callable, NoReturn

from search.errors import InputError
from search.grading.autograder import build_autograder


def add_autograder_parser(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    zip_parser = commands.add_parser("autograder", help="the zip a course uploads to Gradescope, grading by an assignment's config")
    zip_parser.add_argument("config", help="the assignment's config (docs/grading.md, \"An assignment's config\")")
    zip_parser.add_argument("-o", "--output", metavar="AUTOGRADER.zip", default="autograder.zip", help="where to write the zip")
    zip_parser.add_argument("--wheel", metavar="minimax_lab-*.whl", help="Minimax Lab's wheel to carry (default: built from this checkout)")


def autograder_command(args: argparse.Namespace, fail: Callable[[str], NoReturn]) -> int:
    try:
        names = build_autograder(Path(args.config), Path(args.output), None if args.wheel is None else Path(args.wheel))
    except InputError as error:
        fail(str(error))
    print(f"{args.output}: {', '.join(names)}")
    return 0
