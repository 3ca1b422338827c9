"""Iterative deepening (search.algorithms.iterative), as the registry lists it."""

from search.algorithms.descriptor import Algorithm

DESCRIPTOR = Algorithm(
    id="iterative", name="iterative deepening", label="iterative deepening (alpha-beta at 1..N)",
    summary="alpha-beta at depth limits 1, 2, ..., N, each ordering the root's moves by the last (AIMA 4th ed. §5.2.4)",
    ties=True, returns=("v",), depth="required", enhancements=(), players="two", chance="no",
    orderings=False, single_pass=False, play=True,
    run="search.algorithms.iterative:run", run_enhanced=None,
    listing="search.algorithms.pseudocode:iterative_listing",
    baseline="search.algorithms.iterative:direct_alphabeta", student_entry=None,
    order=50,
)
