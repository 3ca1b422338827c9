"""`python -m search`: the engine's front door, and the contract other tools use.

Bad input exits 2 with one line on stderr naming what is wrong and where; never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, NoReturn, Sequence

from search import limits
from search.algorithms.fit import check_fit
from search.algorithms.pseudocode import listing
from search.algorithms.registry import averages_chance
from search.cli.autograder import add_autograder_parser, autograder_command
from search.cli.cs188 import add_cs188_parser, cs188_command
from search.cli.grade import add_grade_arguments, add_grade_parser, grade_command
from search.cli.practice import add_practice_parser, practice_command
from search.errors import InputError
from search.games.game import TreeGame
from search.games.registry import game_ids, games
from search.grading.course_problem import course_game, course_game_fields
from search.labs.ordering import DEFAULT_SEED, ORDERINGS, ordering_lab
from search.misconceptions import CATALOGUE
from search.request import (
    ALGORITHMS,
    RETURNS,
    SearchRequest,
    check_tree_estimates,
    fitted_request,
    parse_options,
    parse_ordering,
    parse_request,
    parse_returns,
    with_misconception,
)
from search.traces.recorder import Recorder
from search.trees.node import EXAMPLES
from search.trees.parse import parse_tree_text
from search.trees.schema import tree_schema_text

EXIT_BAD_INPUT = 2


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr and exit 2, like every other bad input."""

    def error(self, message: str) -> NoReturn:
        fail(f"{self.prog}: {message}")


def fail(message: str) -> NoReturn:
    print(message.replace("\n", " "), file=sys.stderr)
    raise SystemExit(EXIT_BAD_INPUT)


def positive_int(text: str) -> int:
    """argparse type: a whole number >= 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected 1 or more, got {value}")
    return value


def add_source_arguments(parser: argparse.ArgumentParser, game_help: str, course: bool = False) -> None:
    """What to search, as `trace` and `ordering` both take it: a tree file, an example or a game (`course`: or a
    course's own GameBase class, --game-class)."""
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("tree", nargs="?", help="a tree as JSON (object form or nested-list shorthand); - for stdin")
    source.add_argument("--example", choices=list(EXAMPLES), help="a built-in tree")
    source.add_argument("--game", choices=list(game_ids()), help=game_help)
    if course:
        source.add_argument("--game-class", metavar="FILE.py:ClassName",
                            help="a course's own game: a search.GameBase subclass in a Python file (docs/library.md)")
    parser.add_argument("--state", help="game position: " + "; ".join(f"{g.name}: {g.position}{' (needs --depth)' if g.depth_needed else ''}" for g in games())
                        + "; with --game-class a Python literal of the game's state")
    parser.add_argument("--estimate", help="the estimate at the depth limit: " + "; ".join(
        f"{g.name}: {', '.join(g.estimates)} (default {g.default_estimate})" for g in games()))
    parser.add_argument("--symmetry", action="store_true", help="drop moves whose position a symmetry makes equal to "
                        "another's: " + "; ".join(f"{g.name}: {g.symmetry}" for g in games() if g.symmetry))


def add_depth_and_ties(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--depth", type=int, help=f"depth limit in edges from the root (0-{limits.MAX_SEARCH_DEPTH})")
    parser.add_argument("--ties", choices=["prune", "explore"], default="prune",
                        help="prune on v >= beta / v <= alpha (the slides) or only on strict inequality")


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="python -m search", description="Minimax Lab's instrumented game-tree search.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=OneLineParser)
    trace = commands.add_parser("trace", help="run a search and write its events as JSON Lines to stdout")
    add_source_arguments(trace, "search a game position", course=True)
    trace.add_argument("--algorithm", choices=list(ALGORITHMS), default="alphabeta",
                       help="iterative: alpha-beta at depth 1, 2, ..., --depth (iterative deepening); "
                            "expectiminimax: trees with chance nodes; maxn: trees whose root lists players")
    add_depth_and_ties(trace)
    trace.add_argument("--ordering", choices=list(ORDERINGS),
                       help="search each node's children in this order (the ordering lab's): best/worst first by their "
                            "minimax value, or random (shuffled by --seed); the start event's options record it")
    trace.add_argument("--seed", type=int, help=f"with --ordering random: the shuffle's seed (default {DEFAULT_SEED})")
    trace.add_argument("--returns", choices=list(RETURNS), default="v",
                       help="alphabeta: what a node returns, v (the slides' pseudocode) or the bound it was cut "
                            "against, β or α (the slides' figure: fail-hard)")
    trace.add_argument("--misconception", choices=list(CATALOGUE), metavar="ID",
                       help="run the search with this slip, to see what it does (python -m search misconceptions lists them)")
    trace.add_argument("--max-events", type=positive_int, help="stop after this many events (the result says so)")
    trace.add_argument("--tt", action="store_true", help="a transposition table: a position searched before is answered from it (games)")
    trace.add_argument("--quiescence", action="store_true",
                       help=f"search past the depth limit while the position is not quiet, up to {limits.QUIESCENCE_MAX_PLIES} plies (tic-tac-toe)")
    trace.add_argument("--beam", type=positive_int, metavar="K", help="forward pruning: keep only the K best children by estimate (games)")
    code = commands.add_parser("pseudocode", help="print the pseudocode listing with its line ids")
    code.add_argument("--algorithm", choices=list(ALGORITHMS), default="alphabeta")
    code.add_argument("--ties", choices=["prune", "explore"], default="prune")
    code.add_argument("--root", choices=["max", "min"], default="max", help="the player to move at the root")
    code.add_argument("--depth-limited", action="store_true", help="the listing of a search with a depth limit")
    code.add_argument("--chance", action="store_true", help="alphabeta: add CHANCE-VALUE (a tree with chance nodes and bounds)")
    code.add_argument("--tt", action="store_true", help="the transposition table's lines (TABLE-LOOKUP, TABLE-STORE)")
    code.add_argument("--quiescence", action="store_true", help="CUTOFF-TEST only at a quiet position (IS-QUIET), with --depth-limited")
    code.add_argument("--beam", type=positive_int, metavar="K", help="the loop over the K best of ACTIONS(state) by EVAL")
    code.add_argument("--returns", choices=list(RETURNS), default="v", help="alphabeta: return v, or the bound (fail-hard: β, α)")
    lab = commands.add_parser("ordering", help="the move-ordering lab: alpha-beta's leaves with each child order, as one JSON object")
    add_source_arguments(lab, "a game position (give --depth)")
    add_depth_and_ties(lab)
    lab.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"the random ordering's seed (default {DEFAULT_SEED})")
    add_practice_parser(commands)
    add_cs188_parser(commands)
    add_grade_parser(commands)
    add_autograder_parser(commands)
    commands.add_parser("misconceptions", help="list the catalogue of misconceptions (ids for --misconception) as JSON")
    commands.add_parser("schema", help="print the JSON Schema of a tree (search/schema/tree.schema.json), made from the limits")
    return parser


def read_tree_file(path: str) -> str:
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as handle:
            return handle.read(limits.MAX_PAYLOAD_BYTES + 1)
    except OSError as exc:
        fail(f"{path}: cannot read: {exc.strerror}")
    except UnicodeDecodeError:
        fail(f"{path}: not UTF-8 text")


def request_from_args(args: argparse.Namespace) -> SearchRequest:
    options: dict[str, Any] = {"algorithm": args.algorithm, "depth": args.depth, "ties": args.ties}
    # `ordering` has no enhancement flags: its alpha-beta runs are plain
    enhancements = {"tt": getattr(args, "tt", False), "quiescence": getattr(args, "quiescence", False),
                    "beam": getattr(args, "beam", None)}
    if getattr(args, "returns", "v") != "v":  # trace only
        options["returns"] = args.returns
    if getattr(args, "misconception", None) is not None:  # trace only
        options["misconception"] = args.misconception
    if getattr(args, "ordering", None) is not None:  # trace only: the ordering subcommand runs them all
        options.update(ordering=args.ordering, seed=args.seed)
    elif args.command == "trace" and args.seed is not None:
        fail("--seed: the seed shuffles the random ordering: give it with --ordering random")
    if args.tree is not None:
        if args.symmetry:
            fail("--symmetry: goes with --game tictactoe (the children of an explicit tree are not positions to turn or mirror)")
        wanted = next((f"--{name}" for name, on in enhancements.items() if on), None)
        if wanted:
            fail(f"{wanted}: goes with --game (an explicit tree has no repeated positions, quiet test or estimate of every child)")
        algorithm, depth, ties = parse_options(options)
        ordering, seed = parse_ordering(options, algorithm)
        text = read_tree_file(args.tree)
        try:
            root = parse_tree_text(text)
            check_tree_estimates(root, depth, algorithm == "iterative")
        except InputError as exc:
            fail(f"{args.tree}: {exc}")
        check_fit(TreeGame(root), algorithm)
        returns = parse_returns(options, TreeGame(root), algorithm)
        request = SearchRequest(TreeGame(root), algorithm, depth, ties, ordering=ordering, seed=seed, returns=returns)
        return fitted_request(with_misconception(request, options.get("misconception")))
    if getattr(args, "game_class", None):
        return course_request(args, options, enhancements)
    if args.example:
        return parse_request({"example": args.example, "symmetry": args.symmetry, **options, **enhancements})
    return parse_request({"game": args.game, "state": args.state, "estimate": args.estimate, "symmetry": args.symmetry,
                          **options, **enhancements})


def course_request(args: argparse.Namespace, options: dict[str, Any], enhancements: dict[str, Any]) -> SearchRequest:
    """--game-class FILE.py:ClassName: the course's game searched as itself (its trace's source is "custom",
    docs/trace-format.md), from --state (a Python literal) or its initial position."""
    if args.symmetry or args.estimate:
        fail(f"--{'symmetry' if args.symmetry else 'estimate'}: goes with a built-in game, not --game-class")
    fields = course_game_fields(args.game_class, Path.cwd())["course_game"]
    if args.state is not None:
        fields["state"] = args.state
    game = course_game(fields, chance=averages_chance(options["algorithm"]))
    if options["depth"] is not None:
        game.require_evaluate()
    return parse_request({**options, **enhancements}, game=game)


def ordering_command(args: argparse.Namespace) -> int:
    """`python -m search ordering`: one JSON object (search.labs.ordering.ordering_lab)."""
    if args.game and args.depth is None:
        fail("--depth: a game's ordering lab needs a depth limit (games are large: see limits.ORDERING_MAX_NODES)")
    args.algorithm = "alphabeta"
    try:
        request = request_from_args(args)
        answer = ordering_lab(request.game, request.depth, request.ties, args.seed)  # type: ignore[arg-type]
    except InputError as exc:
        fail(str(exc))
    print(json.dumps(answer, allow_nan=False))
    return 0


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line; `grade` by a parser of its own with parse_intermixed_args, so its options and its two
    positionals (STUDENT.py, TREE) come in any order (argparse's subparsers cannot take a positional after options)."""
    words = list(sys.argv[1:] if argv is None else argv)
    if words[:1] == ["grade"]:
        grade = OneLineParser(prog="python -m search grade", description="Grade a student's own search against the engine's.")
        add_grade_arguments(grade)
        args = grade.parse_intermixed_args(words[1:])
        args.command = "grade"
        return args
    return build_parser().parse_args(words)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.command == "pseudocode":
        code = listing(args.algorithm, args.ties, args.root, args.depth_limited, args.chance, tt=args.tt,
                       quiescence=args.quiescence, beam=args.beam, returns=args.returns)
        print(json.dumps(code, ensure_ascii=False, indent=1))
        return 0
    if args.command == "misconceptions":
        print(json.dumps([m.catalogue_json() for m in CATALOGUE.values()], ensure_ascii=False, indent=1))
        return 0
    if args.command == "schema":
        print(tree_schema_text(), end="")
        return 0
    if args.command == "practice":
        return practice_command(args, read_tree_file, fail)
    if args.command == "grade":
        return grade_command(args, read_tree_file, fail)
    if args.command == "autograder":
        return autograder_command(args, fail)
    if args.command == "import-cs188":
        return cs188_command(args, read_tree_file, fail)
    if args.tree is None and (args.state or args.estimate) and not (args.game or getattr(args, "game_class", None)):
        fail("--state and --estimate go with --game")
    if args.command == "ordering":
        return ordering_command(args)
    try:
        request = request_from_args(args)
    except InputError as exc:
        fail(str(exc))
    out = sys.stdout
    recorder = Recorder(lambda batch: out.write(batch.jsonl()), keep=False, batch_size=2000, max_events=args.max_events)
    try:
        request.run(recorder)
    except BrokenPipeError:  # `| head` closed the pipe: not an error of ours
        return 0
    return 0
