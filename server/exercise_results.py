"""An exercise's results for its instructor: the anonymous submissions summed up per node.

    scores: 10 bins of width 0.1; bin k (0..9) counts scores s with k/10 <= s < (k+1)/10, and the
            last bin (k = 9) also holds s = 1.0 (`perfect` counts those alone).
    nodes:  for every node id, how many mistakes of each kind students made there, and in how many
            attempts it had at least one (`attempts_wrong`: the heat map's measure).
"""

from __future__ import annotations

import json
from typing import Any, Iterable

MISTAKE_KINDS = ("value", "bound", "missed_prune", "extra_prune")
BINS = 10


def score_bin(score: float) -> int:
    """The histogram bin of a score in [0, 1] (1.0 in the last bin)."""
    return max(0, min(BINS - 1, int(score * BINS + 1e-9)))


def summarise(node_ids: list[str], submissions: Iterable[tuple[float, str]]) -> dict[str, Any]:
    """`submissions`: (score, mistakes as JSON text [{node, kind}]) as the store keeps them."""
    nodes: dict[str, dict[str, int]] = {
        node: {**{kind: 0 for kind in MISTAKE_KINDS}, "attempts_wrong": 0} for node in node_ids
    }
    bins = [0] * BINS
    attempts = perfect = 0
    total = 0.0
    for score, mistakes_text in submissions:
        attempts += 1
        total += score
        perfect += score == 1.0
        bins[score_bin(score)] += 1
        wrong_here: set[str] = set()
        for mistake in json.loads(mistakes_text):
            counts = nodes.get(mistake["node"])
            if counts is None or mistake["kind"] not in MISTAKE_KINDS:
                continue  # stored by an older exercise format: nothing to draw it on
            counts[mistake["kind"]] += 1
            wrong_here.add(mistake["node"])
        for node in wrong_here:
            nodes[node]["attempts_wrong"] += 1
    return {
        "attempts": attempts,
        "mean_score": total / attempts if attempts else None,
        "perfect": perfect,
        "scores": bins,
        "nodes": nodes,
    }
