"""An exercise's results for its instructor: the attempts' scores and their mistakes summed up per node.

    scores: 10 bins of width 0.1; bin k (0..9) counts scores s with k/10 <= s < (k+1)/10, and the
            last bin (k = 9) also holds s = 1.0. `perfect` counts the 1.0s made without help (issue 31: hints
            or the solution used before the check), `perfect_with_help` the others, `with_help` every
            attempt made after help.
    nodes:  for every node id, how many mistakes of each kind students made there, and in how many
            attempts it had at least one (`attempts_wrong`: the heat map's measure).
    lines:  a Parsons exercise's the same for each of its lines, a list (the solution's lines in order, then the
            distractors), each with its indent in the solution (`solution_indent`, null for a distractor): its marks
            are at lines, not nodes.
"""

from __future__ import annotations

from typing import Any, Iterable

MISTAKE_KINDS = ("value", "bound", "missed_prune", "extra_prune")
BUILT_MISTAKE_KINDS = {"ordering": ("order",), "make-it-prune": ("not_pruned",)}
"""What a built kind's mistakes add per node (issue 50); a parsons exercise's mistakes are at lines, not nodes. The
make-it-prune form that asks for a count of leaves marks the same two kinds: `not_pruned` at the first branch that could
have been cut (too many leaves), `extra_prune` at the first cut (too few)."""
PARSONS_MISTAKE_KINDS = ("line", "indent", "missing", "distractor")
"""A Parsons line's mistakes (search/practice/parsons.py): out of place, at the wrong indent, left out, a distractor used."""
BINS = 10


def score_bin(score: float) -> int:
    """The histogram bin of a score in [0, 1] (1.0 in the last bin)."""
    return max(0, min(BINS - 1, int(score * BINS + 1e-9)))


def summarise(node_ids: list[str], scores: Iterable[tuple[float, bool]], counts: Iterable[tuple[str, str, int]],
              exercise_kind: str = "values", line_ids: dict[str, int | None] | None = None) -> dict[str, Any]:
    """`scores`: every attempt's (score, whether help was used before it); `counts`: (node, kind, count) as the store sums
    them; `exercise_kind`: a built kind counts its own mistakes per node too (BUILT_MISTAKE_KINDS); `line_ids`: a
    Parsons exercise's lines in the instructor's order, each with its indent in the solution, counted as `lines`."""
    counts = list(counts)
    nodes = tally(node_ids, (*MISTAKE_KINDS, *BUILT_MISTAKE_KINDS.get(exercise_kind, ())), counts)
    bins = [0] * BINS
    attempts = perfect = perfect_with_help = with_help = 0
    total = 0.0
    for score, helped in scores:
        attempts += 1
        total += score
        perfect += score == 1.0 and not helped
        perfect_with_help += score == 1.0 and helped
        with_help += helped
        bins[score_bin(score)] += 1
    # A list for the lines, in the solution's order: a JSON object's keys are sorted when sent.
    by_line = {} if line_ids is None else {
        "lines": [{"id": line, "solution_indent": line_ids[line], **c}
                  for line, c in tally(list(line_ids), PARSONS_MISTAKE_KINDS, counts).items()]}
    return {
        **by_line,
        "attempts": attempts,
        "mean_score": total / attempts if attempts else None,
        "perfect": perfect,
        "perfect_with_help": perfect_with_help,
        "with_help": with_help,
        "scores": bins,
        "nodes": nodes,
    }


def tally(ids: list[str], kinds: tuple[str, ...], counts: list[tuple[str, str, int]]) -> dict[str, dict[str, int]]:
    """{id: {each kind: its count, "attempts_wrong"}} for `ids` in order, from the store's (id, kind, count) rows."""
    table = {item: {**{kind: 0 for kind in kinds}, "attempts_wrong": 0} for item in ids}
    for item, kind, count in counts:
        if item in table and kind in table[item]:
            table[item][kind] = count
    return table
