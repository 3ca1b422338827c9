"""A Parsons problem (issue #50): the slides' pseudocode cut into lines (search.practice.parsons_lines), shuffled
with distractors, put back in order and indented by the student, and checked by running it (search.practice.parsons_run).

The copy's order and ids come from a digest of the exercise (its tree's JSON, algorithm and form), so a reload
shows the same lines in the same order, and an id says nothing of where its line goes. A check body lists the
chosen lines' ids with an indent each; lines left out are not listed (distractors are meant to be left out). It is
refused whole (InputError naming the entry) before anything is judged, and only its ids and indents are used: the
program is made of the server's own lines.

The score is partial credit by the lines in place (RULE_WORDS); `correct` means the slides' program itself (its
functions, and EMINIMAX's cases, in any order). The runs say how the program behaves on each tree, beside it.
`returns="bound"` (alpha-beta's fail-hard form, the slides' figure: "return α") is supported, with its own distractors.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

from search.errors import InputError, quoted, shortened
from search.misconceptions import CATALOGUE
from search.practice.parsons_lines import (
    MISSING_NAMES,
    PARSONS_ALGORITHMS,
    ParsonsLine,
    accepted_orders,
    distractor_lines,
    functions_of,
    solution_lines,
)
from search.practice.parsons_run import Chosen, program_runs, program_source
from search.trees.node import TreeNode

__all__ = ["PARSONS_ALGORITHMS", "RULE", "RULE_WORDS", "check_parsons", "parsons_copy", "parsons_solution"]

RULE = "lines"
RULE_WORDS = ("each line of the solution is one mark, right when it is in order (the longest run of the solution's "
              "lines kept in order) at its indent; each distractor used is one more, wrong mark: right ÷ (asked + extra)")
MAX_INDENT = 8
SHUFFLES = 20
"""Shuffles tried for one that leaves at most half the solution's lines in order."""


def parsons_copy(tree: TreeNode, algorithm: str, returns: str = "v") -> dict[str, Any]:
    """The student's copy: every line (solution and distractors) in the exercise's shuffled order, and the functions."""
    placed = _placed(tree, algorithm, returns)
    return {"lines": [{"id": line_id, "text": line.text} for line_id, line in placed.items()],
            "functions": functions_of(algorithm, returns)}


def parsons_solution(tree: TreeNode, algorithm: str, returns: str = "v") -> list[dict[str, Any]]:
    """The model answer: the solution's lines in the listing's order, with their ids and indents."""
    ids = {line.key: line_id for line_id, line in _placed(tree, algorithm, returns).items()}
    return [{"id": ids[line.key], "text": line.text, "indent": line.indent} for line in solution_lines(algorithm, returns)]


def _placed(tree: TreeNode, algorithm: str, returns: str) -> dict[str, ParsonsLine]:
    """{id: line} in the copy's order. The id is a short hash of the exercise's digest and the line's key; the order
    the first shuffle (from the same digest) that leaves at most half the solution's lines in order."""
    text = json.dumps(tree.to_json(), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    digest = hashlib.sha256(f"{text}\n{algorithm}\n{returns}".encode()).hexdigest()
    lines = [*solution_lines(algorithm, returns), *distractor_lines(algorithm, returns)]
    for width in (6, 10, 64):  # a clash of 6 hex digits between ~20 lines is one chance in ~80,000
        ids = [hashlib.sha256(f"{digest}:{line.key}".encode()).hexdigest()[:width] for line in lines]
        if len(set(ids)) == len(ids):
            break
    order = list(range(len(lines)))
    shuffler = random.Random(int(digest[:16], 16))
    half = len(solution_lines(algorithm, returns)) // 2
    for _ in range(SHUFFLES):
        shuffler.shuffle(order)
        if _best([(lines[i], lines[i].indent) for i in order], algorithm, returns)[0][0] <= half:
            break
    return {ids[i]: lines[i] for i in order}


def parse_body(placed: dict[str, ParsonsLine], data: Any) -> list[tuple[str, int]]:
    """{"lines": [{"id", "indent"}]} -> [(id, indent)]; refused whole, naming the entry, before anything is judged."""
    if not isinstance(data, dict):
        raise InputError("", 'expected an object {"lines": [{"id": ..., "indent": ...}, ...]}')
    for name in data:
        if name != "lines":
            raise InputError(shortened(str(name)), "unknown field; a check has lines")
    entries = data.get("lines")
    if not isinstance(entries, list):
        raise InputError("lines", "expected a list of the lines you chose, in order, each {\"id\", \"indent\"}")
    if len(entries) > len(placed):
        raise InputError("lines", f"this exercise has {len(placed)} lines; {len(entries)} are listed")
    chosen: list[tuple[str, int]] = []
    seen: set[str] = set()
    for i, entry in enumerate(entries):
        where = f"lines[{i}]"
        if not isinstance(entry, dict):
            raise InputError(where, 'expected {"id": ..., "indent": ...}')
        for name in entry:
            if name not in ("id", "indent"):
                raise InputError(f"{where}.{shortened(str(name))}", "unknown field; a line has id and indent")
        line_id, indent = entry.get("id"), entry.get("indent")
        if not isinstance(line_id, str):
            raise InputError(f"{where}.id", "expected the id of one of the exercise's lines")
        if line_id not in placed:
            raise InputError(f"{where}.id", f"no line {quoted(line_id)} in this exercise")
        if isinstance(indent, bool) or not isinstance(indent, int) or not 0 <= indent <= MAX_INDENT:
            raise InputError(f"{where}.indent", f"expected a whole number from 0 to {MAX_INDENT}")
        if line_id in seen:
            raise InputError(where, f"line {quoted(line_id)} is listed twice")
        seen.add(line_id)
        chosen.append((line_id, indent))
    return chosen


def check_parsons(tree: TreeNode, algorithm: str, data: Any, returns: str = "v") -> dict[str, Any]:
    """The check: the marks (lines in place), the mistakes in the student's order, the misconceptions the
    distractors bring, and how the program the lines make runs against the real search on each tree."""
    placed = _placed(tree, algorithm, returns)
    chosen_ids = parse_body(placed, data)
    chosen = [(placed[line_id], indent) for line_id, indent in chosen_ids]
    (right, _), order, pairs = _best(chosen, algorithm, returns)
    asked, extra = len(order), sum(1 for line, _ in chosen if line.partner is not None)
    mistakes = _mistakes(chosen_ids, chosen, order, pairs, placed)
    runs, problem = program_runs(tree, algorithm, returns, chosen)
    total = asked + extra
    return {"correct": right == asked and extra == 0 and len(chosen) == asked, "score": round(right / total, 4) if total else 1.0,
            "asked": asked, "extra": extra, "right": right, "rule": RULE, "mistakes": mistakes,
            "first_mistake": mistakes[0] if mistakes else None, "ignored": [],
            "misconceptions": _misconceptions(chosen_ids, chosen, placed, algorithm),
            "runs": runs, "program": {"python": program_source(chosen), "problem": problem}}


Pairs = list[tuple[int, int]]


def _best(chosen: Chosen, algorithm: str, returns: str) -> tuple[tuple[int, int], tuple[ParsonsLine, ...], Pairs]:
    """The accepted order the student's lines keep most of: (lines in order at their indent, lines in order), the
    order, and the (student position, order position) pairs of the longest common run of texts."""
    found = [(_common(chosen, order), order) for order in accepted_orders(algorithm, returns)]
    (score, pairs), order = max(found, key=lambda item: item[0])
    return score, order, pairs


def _common(chosen: Chosen, order: tuple[ParsonsLine, ...]) -> tuple[tuple[int, int], Pairs]:
    """The longest common subsequence of texts (a distractor's text is no solution line's), preferring matches at
    the right indent: ((at their indent, matched), pairs)."""
    n, m = len(chosen), len(order)
    best = [[(0, 0)] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            here = max(best[i + 1][j], best[i][j + 1])
            if chosen[i][0].text == order[j].text:
                r, k = best[i + 1][j + 1]
                here = max(here, (r + (chosen[i][1] == order[j].indent), k + 1))
            best[i][j] = here
    pairs, i, j = [], 0, 0
    while i < n and j < m:
        if chosen[i][0].text == order[j].text and best[i][j] == (
                best[i + 1][j + 1][0] + (chosen[i][1] == order[j].indent), best[i + 1][j + 1][1] + 1):
            pairs.append((i, j))
            i, j = i + 1, j + 1
        elif best[i][j] == best[i + 1][j]:
            i += 1
        else:
            j += 1
    return best[0][0], pairs


def _mistakes(chosen_ids: list[tuple[str, int]], chosen: Chosen, order: tuple[ParsonsLine, ...], pairs: Pairs,
              placed: dict[str, ParsonsLine]) -> list[dict[str, Any]]:
    """Every line not in place, at its position in the student's list (`seq`); a missing line where it would go."""
    found: list[tuple[int, int, dict[str, Any]]] = []
    at = dict(pairs)
    unmatched = [j for j in range(len(order)) if j not in at.values()]
    replaced = [_line_of(order, line.partner).text for line, _ in chosen if line.partner is not None]
    for i, ((line_id, indent), (line, _)) in enumerate(zip(chosen_ids, chosen)):
        if line.partner is not None:
            m, partner = CATALOGUE[line.misconception or ""], _line_of(order, line.partner)
            words = (f"“{line.text}” is a line of {m.follows}. {m.idea[:1].upper()}{m.idea[1:]}. "
                     f"The slides write “{partner.text}” here")
            found.append((i, 1, _mistake(line_id, "distractor", words, i)))
        elif i in at and indent != order[at[i]].indent:
            found.append((i, 1, _mistake(line_id, "indent", _indent_words(order, at[i], indent), i)))
        elif i not in at:
            j = next(j for j in unmatched if order[j].text == line.text)
            unmatched.remove(j)
            found.append((i, 1, _mistake(line_id, "line", f"“{line.text}” is out of place: {_place_words(order, j)}", i)))
    listed = {line_id for line_id, _ in chosen_ids}
    spare = [line_id for line_id, line in placed.items() if line.partner is None and line_id not in listed]
    for j in unmatched:
        line = order[j]
        line_id = next((s for s in spare if placed[s].text == line.text), None)
        if line_id is None:
            continue
        spare.remove(line_id)
        if line.text in replaced:
            replaced.remove(line.text)  # the distractor in its place says what belongs there
            continue
        seq = max((i + 1 for i, k in pairs if k < j), default=0)
        found.append((seq, 0, _mistake(line_id, "missing", f"“{line.text}” is missing: {_place_words(order, j)}", seq)))
    return [mistake for *_, mistake in sorted(found, key=lambda item: (item[0], item[1]))]


def _mistake(line_id: str, kind: str, explanation: str, seq: int) -> dict[str, Any]:
    return {"node": line_id, "kind": kind, "explanation": explanation, "seq": seq}


def _line_of(order: tuple[ParsonsLine, ...], key: str) -> ParsonsLine:
    return next(line for line in order if line.key == key)


def _place_words(order: tuple[ParsonsLine, ...], j: int) -> str:
    """Where a solution line goes, by the line before it in the solution."""
    line = order[j]
    if line.indent == 0:
        return f"{line.function} begins with it, at the left edge"
    return f"in {line.function} it comes right after “{order[j - 1].text}”, at indent {line.indent}"


def _indent_words(order: tuple[ParsonsLine, ...], j: int, indent: int) -> str:
    line = order[j]
    if line.indent == 0:
        return f"“{line.text}” begins {line.function}: it goes at the left edge (indent 0), not at indent {indent}"
    opener = next(order[k] for k in range(j - 1, -1, -1) if order[k].indent == line.indent - 1)
    return f"“{line.text}” goes under “{opener.text}” (indent {line.indent}), not at indent {indent}"


def _misconceptions(chosen_ids: list[tuple[str, int]], chosen: Chosen, placed: dict[str, ParsonsLine],
                    algorithm: str) -> list[dict[str, Any]]:
    """The catalogue's entries the answer shows: each distractor's, then each line whose absence is a slip of its own
    (α ← MAX(α, v) left out of a MAX-VALUE that is there), with the ids of the lines that show it."""
    shown: dict[str, list[str]] = {}
    for (line_id, _), (line, _) in zip(chosen_ids, chosen):
        if line.misconception is not None:
            shown.setdefault(line.misconception, []).append(line_id)
    listed = {line_id for line_id, _ in chosen_ids}
    texts = {line.text for line, _ in chosen}
    replaced = {line.partner for line, _ in chosen}
    for line_id, line in placed.items():
        name = MISSING_NAMES.get((algorithm, line.key))
        rest = {other.text for other in placed.values() if other.function == line.function and other.partner is None}
        rest.discard(line.text)
        if name and line_id not in listed and line.key not in replaced and rest <= texts:  # the function is there but for it
            shown.setdefault(name, []).append(line_id)
    return [{**CATALOGUE[name].to_json(), "lines": ids} for name, ids in shown.items()]
