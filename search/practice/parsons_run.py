"""A Parsons problem's program run (issue #50): the lines a student chose, assembled from the server's own Python
of each (search.practice.parsons_lines.PYTHON) at the student's indents, and run on the exercise's tree and on fixed
trees against the engine's own search, compared as the grader compares a student's search with it: the same
visits in order and the same value at every node (search.grading.walks, search.grading.divergence).

The fixed trees: the lecture's A/B/C/D example (MAX root A; MIN nodes B, C, D; leaves 3 12 8 / 2 4 6 / 14 5 2)
and three trees drawn by search.practice.generate with prunes at two depths, or for expectiminimax the chance
example of AIMA 4th ed. §5.5 and two chance trees drawn the same way. On these every distractor changes a visit
or a value (tests/engine/test_parsons.py holds that), so no distractor costs nothing.

Why running it in this process is safe: every character of the program is the server's own. A check body gives
only ids, each checked against the exercise's lines, and whole-number indents from 0 to 8, so a program is one of
finitely many arrangements of PYTHON's lines and no text of the request ever reaches compile(). Each line at the
left edge is a function's head (others are refused before compiling), so running the module only defines
functions. The program's world is the game interface over a TreeNode and nothing else (no builtins but max, min
and len); each call of it counts against a step budget that stops the program, and Python's recursion limit stops
a runaway recursion. Whatever stops it is the verdict, in words, never a crash.
"""

from __future__ import annotations

import math
import re
from functools import cache
from typing import Any

from search.algorithms.descriptor import RunOptions
from search.algorithms.registry import REGISTRY
from search.games.game import TreeGame
from search.grading.divergence import first_divergence
from search.grading.walks import Walk, engine_walk
from search.practice.generate import GenerateSpec, generated_tree
from search.practice.parsons_lines import ParsonsLine
from search.traces.json_values import json_number
from search.traces.recorder import Recorder
from search.trees.node import CHANCE, CHANCE_TREE, LECTURE_SHORTHAND, TreeNode, other
from search.trees.parse import tree_from_json

PROGRAM_FILE = "<parsons>"
STEPS_PER_NODE = 12
"""The program's calls of the game interface per tree node, at most: the right program makes about 5."""
NAMES_IN_WORDS = {"alpha": "α", "beta": "β", "max_value": "MAX-VALUE", "min_value": "MIN-VALUE", "eminimax": "EMINIMAX"}
ENTRY = {"max": "max_value", "min": "min_value"}
Chosen = list[tuple[ParsonsLine, int]]
"""The student's lines in their order, each with its indent."""


def program_source(chosen: Chosen) -> str:
    """The program the lines make: each line's Python, four spaces per indent level."""
    return "\n".join("    " * indent + line.python for line, indent in chosen)


def program_runs(tree: TreeNode, algorithm: str, returns: str, chosen: Chosen) -> tuple[list[dict[str, Any]], str | None]:
    """The program's run on each tree against the real search's; none when the lines make no program."""
    code, problem = _compiled(chosen)
    if code is None:
        return [], problem
    trees = [("exercise", tree)] if algorithm == "expectiminimax" or _alternates(tree) else []
    mine = tree.to_json()
    trees += [(name, extra) for name, extra in extra_trees(algorithm) if extra.to_json() != mine]
    runs = []
    for name, root in trees:
        reference = _reference(root, algorithm, returns)
        walk, error = _run(code, root, algorithm, chosen)
        walk.child = reference.child  # the program has no decision function: only its values and visits are judged
        difference = None if error else first_divergence(walk, reference, algorithm)
        leaves = {node.id for node in root.walk() if not node.children}
        runs.append({"tree": name, "matches": error is None and difference is None,
                     "value": None if error or walk.value is None else json_number(walk.value),
                     "expected": json_number(reference.value) if reference.value is not None else None,
                     "leaves": sum(1 for node in walk.visits if node in leaves),
                     "expected_leaves": sum(1 for node in reference.visits if node in leaves),
                     "difference": None if difference is None else difference.message, "problem": error})
    return runs, None


def _alternates(tree: TreeNode) -> bool:
    """MAX and MIN take turns, as the slides' two functions assume (MAX-VALUE calls MIN-VALUE on every child)."""
    return all(child.player == other(node.player) for node in tree.walk() for child in node.children  # type: ignore[arg-type]
               if node.player in ("max", "min"))


@cache
def extra_trees(algorithm: str) -> tuple[tuple[str, TreeNode], ...]:
    """The fixed trees every program runs on besides the exercise's: the lecture's A/B/C/D example (or the chance
    example of AIMA 4th ed. §5.5), and trees generated with prunes at two depths (chance trees, for expectiminimax)."""
    if algorithm == "expectiminimax":
        return (("chance", tree_from_json(CHANCE_TREE)),
                *((f"generated-{k}", generated_tree(GenerateSpec.parse({"seed": seed, "depth": 4, "max_value": 9}),
                                                    algorithm, "prune")) for k, seed in enumerate((1, 2), 1)))
    return (("lecture", tree_from_json(LECTURE_SHORTHAND)),
            *((f"generated-{k}", generated_tree(GenerateSpec.parse({"seed": seed, "depth": 4, "max_value": 9, "min_prunes": 3,
                                                                    "prune_depths": 2}), "alphabeta", "prune"))
              for k, seed in enumerate((1, 2, 3), 1)))


def _reference(root: TreeNode, algorithm: str, returns: str) -> Walk:
    """The engine's own search of `root`, reduced to what is compared (search.grading.walks)."""
    recorder = Recorder()
    REGISTRY[algorithm].runner()(TreeGame(root), RunOptions(ties="prune", returns=returns), recorder)
    return engine_walk(recorder.events())


def _compiled(chosen: Chosen) -> tuple[Any, str | None]:
    """The lines' program compiled, or why the lines make none, in plain words."""
    if not chosen:
        return None, "no lines are chosen: there is no program"
    for i, (line, indent) in enumerate(chosen, 1):
        if indent == 0 and not line.python.startswith("def "):
            return None, (f"the lines do not make a program: your line {i} (“{line.text}”) is at the left edge, outside "
                          "any function; only a function's first line goes there")
    try:
        return compile(program_source(chosen), PROGRAM_FILE, "exec", dont_inherit=True), None
    except SyntaxError as exc:
        return None, "the lines do not make a program: " + _syntax_words(exc, chosen)


def _syntax_words(exc: SyntaxError, chosen: Chosen) -> str:
    n = min(max(exc.lineno or 1, 1), len(chosen))
    text = chosen[n - 1][0].text
    if exc.msg.startswith("unexpected indent") and n == 1:
        return f"your line 1 (“{text}”) is indented, but a program begins with a function's first line, at the left edge"
    if exc.msg.startswith("unexpected indent"):
        return (f"your line {n} (“{text}”) is indented further than the line above opens: only the line after a function's "
                "head, a loop or an if-then goes one step further in")
    if exc.msg.startswith("expected an indented block"):
        opener = re.search(r"on line (\d+)", exc.msg)
        k = int(opener.group(1)) if opener else max(n - 1, 1)
        return f"your line {k} (“{chosen[k - 1][0].text}”) opens a block, but nothing is indented under it"
    if exc.msg.startswith("unindent does not match"):
        return f"your line {n} (“{text}”) steps back to an indent that no line above it is at"
    return f"{exc.msg} at your line {n} (“{text}”)"


class _OutOfSteps(Exception):
    """The program called the game interface more often than the search ever needs."""


def _run(code: Any, root: TreeNode, algorithm: str, chosen: Chosen) -> tuple[Walk, str | None]:
    """The program run on `root` through a counted game interface: its walk (visits, each call's value) and, when it
    stops with an error, the error in words."""
    walk = Walk(root=root.id, parents={root.id: None}, depths={root.id: 0}, players={root.id: root.player})
    limit = STEPS_PER_NODE * len(root.walk()) + 100
    steps = [0]

    def step() -> None:
        steps[0] += 1
        if steps[0] > limit:
            raise _OutOfSteps(f"the program took more than {limit:,} steps on this tree, far more than the search: it "
                              "does not stop as the search does")

    def result(s: TreeNode, a: int) -> TreeNode:
        step()
        child = s.children[a]
        walk.parents[child.id], walk.depths[child.id], walk.players[child.id] = s.id, walk.depths[s.id] + 1, child.player
        walk.visits.append(child.id)
        walk.visit_seqs.append(len(walk.visits) + len(walk.returns))
        return child

    def world(f: Any) -> Any:
        def counted(*args: Any) -> Any:
            step()
            return f(*args)
        return counted

    namespace: dict[str, Any] = {
        "__builtins__": {"max": max, "min": min, "len": len}, "inf": math.inf, "MAX": "max", "MIN": "min", "CHANCE": CHANCE,
        "terminal_test": world(lambda s: not s.children), "utility": world(lambda s: s.value), "result": result,
        "actions": world(lambda s: range(len(s.children))), "to_move": world(lambda s: s.player),
        "probability": world(lambda s, r: s.outcome_probability(s.children[r])),
    }
    exec(code, namespace)  # defines the functions only: every line at the left edge is a function's head (_compiled)
    for name in ("max_value", "min_value", "eminimax"):
        if callable(namespace.get(name)):
            namespace[name] = _watched(namespace[name], NAMES_IN_WORDS[name], walk, step)
    entry = "eminimax" if algorithm == "expectiminimax" else ENTRY.get(root.player, "max_value")
    if entry not in namespace:
        return walk, f"there is no {NAMES_IN_WORDS[entry]} to call: its first line is missing or inside another function"
    try:
        walk.value = namespace[entry](root, *((-math.inf, math.inf) if algorithm == "alphabeta" else ()))
    except Exception as exc:  # noqa: BLE001 - the program is the server's own lines; any error is the verdict
        return walk, _error_words(exc, chosen)
    return walk, None


def _watched(function: Any, name: str, walk: Walk, step: Any) -> Any:
    """A value function that also notes what it returns, as a student's record does (search.grading.student_trace)."""
    def call(state: TreeNode, *window: float) -> Any:
        step()
        value = function(state, *window)
        walk.returns.append((state.id, value, len(walk.visits), len(walk.visits) + len(walk.returns) + 1, name))
        return value
    return call


def _error_words(exc: Exception, chosen: Chosen) -> str:
    """What stopped the program, at the student's line (the last frame of the program in the traceback)."""
    n, tb = None, exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == PROGRAM_FILE:
            n = tb.tb_lineno
        tb = tb.tb_next
    at = f"your line {n} (“{chosen[n - 1][0].text}”)" if n and n <= len(chosen) else "the program"
    if isinstance(exc, _OutOfSteps):
        return str(exc)
    if isinstance(exc, RecursionError):
        return "the program calls itself without end"
    if isinstance(exc, NameError):
        name = getattr(exc, "name", None) or (re.findall(r"'(\w+)'", str(exc)) or ["?"])[0]
        if name in ("max_value", "min_value", "eminimax"):
            return (f"{at} calls {NAMES_IN_WORDS[name]}, which is not defined: its first line is missing or inside "
                    "another function")
        return f"{at} uses {NAMES_IN_WORDS.get(name, name)} where it has no value yet (it is set in another block, or later)"
    if isinstance(exc, TypeError) and "NoneType" in str(exc):
        return f"{at} works with a value a function never returned: a function ended without reaching a return line"
    if isinstance(exc, ValueError) and ("empty" in str(exc)):
        return f"{at} takes the best of no moves: a leaf got there (TERMINAL-TEST comes first)"
    return f"{at} stops with {type(exc).__name__}: {exc}"
