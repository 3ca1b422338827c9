"""`python -m search import-cs188 FILE.test`: a UC Berkeley CS188 game-tree test (GraphGameTreeTest) as
our tree JSON (search.trees.cs188), so it can be searched here as its autograder searches it.

stdout is the tree alone, ready for `python -m search trace`; stderr says which algorithm and tie rule
the autograder uses (explore: it prunes only on v > beta, v < alpha), then a line for each note on what
was ignored as CS188's own test class ignores it (states no successor line names). With --full, stdout is
what POST /api/import/cs188 answers: the tree with algorithm, ties, depth, the file's settings (the notes
among them) and actions.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Callable, NoReturn

from search.errors import InputError
from search.trees.cs188 import import_cs188


def add_cs188_parser(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    command = commands.add_parser("import-cs188", help="a CS188 multiagent GraphGameTreeTest (.test) as tree JSON")
    command.add_argument("test_file", help="a .test file (GraphGameTreeTest); - for stdin")
    command.add_argument("--full", action="store_true",
                         help="print {tree, algorithm, ties, depth, cs188, actions} (POST /api/import/cs188's answer)")


def cs188_command(args: argparse.Namespace, read: Callable[[str], str], fail: Callable[[str], NoReturn]) -> int:
    try:
        imported = import_cs188(read(args.test_file))
    except InputError as exc:
        fail(f"{args.test_file}: {exc}")
    out = imported.to_json() if args.full else imported.tree
    print(json.dumps(out, allow_nan=False, ensure_ascii=False))
    print(f"{args.test_file}: {imported.summary()}", file=sys.stderr)
    for note in imported.notes:
        print(f"{args.test_file}: {note}", file=sys.stderr)
    return 0
