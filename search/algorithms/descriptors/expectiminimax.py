"""Expectiminimax (search.algorithms.expectiminimax), as the registry lists it."""

from search.algorithms.descriptor import Algorithm

DESCRIPTOR = Algorithm(
    id="expectiminimax", name="expectiminimax", label="expectiminimax",
    summary="minimax with chance nodes, each the probability-weighted sum of its outcomes (AIMA 4th ed. §5.5)",
    ties=False, returns=("v",), depth="optional", enhancements=(), players="two", chance="yes",
    orderings=True, single_pass=True, play=False,
    run="search.algorithms.expectiminimax:run", run_enhanced=None,
    listing="search.algorithms.pseudocode:expectiminimax_entry",
    baseline=None, student_entry="expectiminimax_search",
    order=30,
)
